import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUOTAS_MAX, OrdenVentaGenerarComprobante, TID_FACTURA, cuotaSiguiente, cuotasPorDefecto, limaDate, problemaCuotas, sumaCuotas,
  type Cuota, type OrdenVentaDetalle, type OrdenVentaGenerarComprobanteDatos,
} from '@obra/domain';
import { Alert, Button, DatePicker, Descriptions, Form, Input, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormListTable } from '../../ui/FormListTable';
import { FormModal } from '../../ui/FormModal';
import { FECHA_FORMATOS, formatMoney } from '../../ui/format';
import { toast } from '../../base/toast';
import { useGenerarComprobante } from './api';

interface Fila {
  monto: string;
  fecha: Dayjs | null;
}
interface Valores {
  cuotas: Fila[];
}
type Payload = { orden_venta: OrdenVentaGenerarComprobanteDatos };

const cell = { style: { marginBottom: 0 } };
const aFila = (c: Cuota): Fila => ({ monto: c.monto, fecha: dayjs(c.fecha) });
const aCuota = (f: Fila | undefined): Cuota => ({ monto: (f?.monto ?? '').trim(), fecha: f?.fecha ? f.fecha.format('YYYY-MM-DD') : '' });

/**
 * 'Generar comprobante' of an approved credit sale with a balance (issue 23; docs/business-rules.md
 * "Credit sales and their voucher"): 'Forma de pago: Crédito' and its cuotas, one for the whole balance
 * 30 days on by default, editable (add, remove, amount, due date). The domain's `problemaCuotas` checks
 * them as the server will (their sum is the pending balance, each due after today, ascending); the
 * server checks again against the balance it reads, whatever this screen showed.
 */
export function OrdenVentaCuotasModal({ orden, onClose }: { orden: OrdenVentaDetalle; onClose: () => void }) {
  const [form] = Form.useForm<Valores>();
  const generar = useGenerarComprobante();
  const [hoy] = useState(() => limaDate());
  const [inicial] = useState<Valores>(() => ({ cuotas: cuotasPorDefecto(orden.saldo, hoy).map(aFila) }));
  const filas = Form.useWatch('cuotas', form) as Fila[] | undefined;
  const cuotas = (filas ?? inicial.cuotas).map(aCuota);
  const problema = problemaCuotas(cuotas, hoy, orden.saldo);
  const suma = sumaCuotas(cuotas);

  const guardar = async (payload: Payload) => {
    const enviadas = payload.orden_venta.cuotas ?? [];
    const p = problemaCuotas(enviadas, hoy, orden.saldo);
    if (p) {
      toast.error(p);
      throw new Error(p);
    }
    return generar.mutateAsync({ ovt_id: orden.ovt_id, cuotas: enviadas });
  };

  return (
    <FormModal<Valores, Payload>
      title={`Generar comprobante: Pedido de Venta N° ${orden.ovt_id}`}
      width={720}
      form={form}
      initialValues={inicial}
      schema={OrdenVentaGenerarComprobante}
      toPayload={(v) => ({ orden_venta: { ovt_id: orden.ovt_id, cuotas: (v.cuotas ?? []).map(aCuota) } })}
      at={['orden_venta']}
      onSave={guardar}
      okText="Generar"
      onClose={onClose}
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Forma de pago">Crédito</Descriptions.Item>
        <Descriptions.Item label="Comprobante">{orden.tid_id === TID_FACTURA ? 'FACTURA' : 'BOLETA'}</Descriptions.Item>
        <Descriptions.Item label="Total">{formatMoney(orden.mon_simbolo, orden.ovt_total)}</Descriptions.Item>
        <Descriptions.Item label="Saldo pendiente de pago">{formatMoney(orden.mon_simbolo, orden.saldo)}</Descriptions.Item>
      </Descriptions>
      {orden.tid_id !== TID_FACTURA && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="La boleta no declara la forma de pago a SUNAT: las cuotas se imprimen en el comprobante."
        />
      )}
      <FormListTable
        name="cuotas"
        aria-label="Cuotas del crédito"
        locale={{ emptyText: 'Agregue al menos una cuota' }}
        footer={() => (
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Button
              icon={<PlusOutlined />}
              disabled={cuotas.length >= CUOTAS_MAX}
              onClick={() => form.setFieldValue('cuotas', [...(filas ?? []), aFila(cuotaSiguiente(cuotas, orden.saldo, hoy))])}
            >
              Agregar cuota
            </Button>
            <Typography.Text type={suma === orden.saldo ? undefined : 'danger'}>
              Suma de cuotas: {formatMoney(orden.mon_simbolo, suma)} de {formatMoney(orden.mon_simbolo, orden.saldo)}
            </Typography.Text>
          </Space>
        )}
        columns={({ remove }) => [
          { title: 'N°', width: 56, render: (_, f) => f.name + 1 },
          {
            title: `Monto (${orden.mon_simbolo})`,
            render: (_, f) => (
              <Form.Item {...cell} name={[f.name, 'monto']}>
                <Input aria-label={`Monto de la cuota ${f.name + 1}`} inputMode="decimal" autoComplete="off" style={{ textAlign: 'right' }} />
              </Form.Item>
            ),
          },
          {
            title: 'Fecha de vencimiento',
            render: (_, f) => (
              <Form.Item {...cell} name={[f.name, 'fecha']}>
                <DatePicker
                  aria-label={`Fecha de vencimiento de la cuota ${f.name + 1}`}
                  format={FECHA_FORMATOS}
                  placeholder="dd/mm/aaaa"
                  disabledDate={(d) => !d.isAfter(dayjs(hoy), 'day')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            ),
          },
          {
            title: '',
            width: 48,
            render: (_, f) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Quitar la cuota ${f.name + 1}`}
                disabled={cuotas.length <= 1}
                onClick={() => remove(f.name)}
              />
            ),
          },
        ]}
      />
      {problema && (
        <Typography.Paragraph type="danger" role="status" style={{ marginTop: 8, marginBottom: 0 }}>
          {problema}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>¿Desea continuar con la generación del comprobante?</Typography.Paragraph>
    </FormModal>
  );
}
