import type { AsignacionDetalle } from '@obra/domain';
import { ASI_MSG, DevolucionRegistrar, ORDEN_CALCULO_MSG, formatDecimal, limaDate } from '@obra/domain';
import { Col, DatePicker, Descriptions, Form, Input, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CellText } from '../../ui/CellText';
import { FECHA_FORMATOS, formatDate } from '../../ui/format';
import { FormListTable } from '../../ui/FormListTable';
import { FormModal } from '../../ui/FormModal';
import { hasta, limite, noNegativo, NumberInput, numero } from '../../ui/inputs';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useAsignacion, useRegistrarDevolucion } from './api';

interface Linea extends AsignacionDetalle {
  did_cantidad: string | null;
  did_notas: string;
}

interface Valores {
  dei_fecha_registro: Dayjs | null;
  dei_notas: string;
  detalle: Linea[];
}

const cell = { style: { marginBottom: 0 } };

/** Lines left at 0 (or blank) are not returned; anything else goes as typed (a negative is refused, not dropped). */
const toPayload = (asiId: number) => (v: Valores): DevolucionRegistrar => ({
  devolucion_items: {
    asi_id: asiId,
    dei_fecha_registro: v.dei_fecha_registro?.format('YYYY-MM-DD') ?? null,
    dei_notas: v.dei_notas,
    detalle: (v.detalle ?? [])
      .filter((l) => l.did_cantidad !== null && String(l.did_cantidad).trim() !== '' && numero(l.did_cantidad) !== 0)
      .map((l) => ({ aid_id: l.aid_id, did_cantidad: l.did_cantidad as string, did_notas: l.did_notas })),
  },
});

/**
 * The return popup, titled 'Nueva devolución' as the spec names it (spec 2 §2): each line of the
 * assignment with its balance, the quantity defaulting to that balance and never above it
 * (the server checks it again under lock), the date today in Lima.
 */
export function DevolucionModal({ asiId, onClose }: { asiId: number; onClose: () => void }) {
  const [form] = Form.useForm<Valores>();
  const q = useAsignacion(asiId);
  const registrar = useRegistrarDevolucion();
  const a = q.data;
  const lineas = (Form.useWatch('detalle', { form, preserve: true }) ?? []) as Linea[];
  const initialValues: Valores | undefined = a && {
    dei_fecha_registro: dayjs(limaDate()),
    dei_notas: '',
    detalle: a.detalle.map((l) => ({ ...l, did_cantidad: Number(l.aid_saldo) > 0 ? l.aid_saldo : '0', did_notas: '' })),
  };

  return (
    <FormModal<Valores, DevolucionRegistrar>
      title="Nueva devolución"
      width={960}
      form={form}
      initialValues={initialValues}
      loadError={q.isError ? 'No se pudo cargar la asignación' : undefined}
      schema={DevolucionRegistrar}
      toPayload={toPayload(asiId)}
      at={['devolucion_items']}
      onSave={(body) => registrar.mutateAsync(body)}
      onClose={onClose}
      okText="Registrar devolución"
    >
      {a && (
        <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Asignación">N° {a.asi_id} del {formatDate(a.asi_fecha_registro)}</Descriptions.Item>
          <Descriptions.Item label="Solicitante">{a.solicitante}</Descriptions.Item>
          <Descriptions.Item label="Almacén">{warehouseLabel(a)}</Descriptions.Item>
        </Descriptions>
      )}
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name="dei_fecha_registro" label="Fecha de devolución">
            <DatePicker format={FECHA_FORMATOS} style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </Col>
        <Col span={18}>
          <Form.Item name="dei_notas" label="Notas">
            <Input count={limite(500)} />
          </Form.Item>
        </Col>
      </Row>
      <FormListTable
        name="detalle"
        tableLayout="fixed"
        columns={() => [
          { title: 'Producto', ellipsis: { showTitle: false }, render: (_, f) => <CellText text={lineas[f.name]?.prv_nombre} /> },
          { title: 'Serie', width: 100, render: (_, f) => lineas[f.name]?.pal_numero_serie || '-' },
          { title: 'Asignado', width: 90, align: 'right', render: (_, f) => `${lineas[f.name]?.aid_cantidad ?? ''} ${lineas[f.name]?.unm_simbolo ?? ''}` },
          { title: 'Devuelto', width: 90, align: 'right', render: (_, f) => lineas[f.name]?.did_cantidad_total },
          { title: 'Saldo', width: 80, align: 'right', render: (_, f) => <Typography.Text strong>{lineas[f.name]?.aid_saldo}</Typography.Text> },
          {
            title: 'Cantidad a devolver',
            width: 150,
            render: (_, f) => (
              <Form.Item
                {...cell}
                name={[f.name, 'did_cantidad']}
                rules={[
                  noNegativo(ORDEN_CALCULO_MSG.cantidadPositiva),
                  hasta(lineas[f.name]?.aid_saldo, ASI_MSG.saldoExcedido(lineas[f.name]?.prv_nombre ?? '', formatDecimal(lineas[f.name]?.aid_saldo))),
                ]}
              >
                <NumberInput
                  aria-label={`Cantidad a devolver de ${lineas[f.name]?.prv_nombre ?? ''}`}
                  disabled={Number(lineas[f.name]?.aid_saldo ?? 0) <= 0}
                />
              </Form.Item>
            ),
          },
          {
            title: 'Notas',
            width: 200,
            render: (_, f) => (
              <Form.Item {...cell} name={[f.name, 'did_notas']}>
                <Input aria-label={`Notas de ${lineas[f.name]?.prv_nombre ?? ''}`} count={limite(500)} disabled={Number(lineas[f.name]?.aid_saldo ?? 0) <= 0} />
              </Form.Item>
            ),
          },
        ]}
      />
    </FormModal>
  );
}
