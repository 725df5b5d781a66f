import { UploadOutlined } from '@ant-design/icons';
import { ORDEN_ARCHIVO_MAX_BYTES, ORDEN_VENTA_MSG as M, OrdenVentaPagoRegistrar, formatFechaHoraLima, type OrdenVentaDetalle } from '@obra/domain';
import { Alert, Button, Col, DatePicker, Form, Input, Progress, Row, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { FormModal } from '../../ui/FormModal';
import { FECHA_HORA_FORMATOS, formatMoney } from '../../ui/format';
import { toast } from '../../base/toast';
import { useAdjuntarPago, useRegistrarPago } from './api';
import { fechaHoraPickers } from './OrdenVentaFormModal';
import { limite } from '../../ui/inputs';

/** The server checks the real type and size again (PDF, JPG, PNG; 10 MB). */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const EXTENSIONES = /\.(pdf|jpe?g|png)$/i;

interface Valores {
  ovp_fecha_pago: Dayjs | null;
  ovp_monto: string;
  ovp_descripcion: string;
}

/**
 * The register payment popup (spec 3 §2, 700 px; §5 "Payments"): date and time (now), amount (the
 * balance), the voucher file and a description. The payment is registered first and the file is
 * then attached with the id returned, with upload progress. If only the attachment failed, the
 * payment stays registered and Guardar tries the attachment alone.
 */
export function OrdenVentaPagoModal({ orden, onClose }: { orden: OrdenVentaDetalle; onClose: () => void }) {
  const [form] = Form.useForm<Valores>();
  const registrar = useRegistrarPago();
  const adjuntar = useAdjuntarPago();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const registrado = useRef<{ ovp_id: number; ovp_orden: number; message: string } | null>(null);
  const [pendiente, setPendiente] = useState<number | null>(null);
  const [inicial] = useState<Valores>(() => ({
    ovp_fecha_pago: fechaHoraPickers(formatFechaHoraLima(new Date())).fecha,
    ovp_monto: orden.saldo,
    ovp_descripcion: '',
  }));

  const elegir = (f: File) => {
    if (!EXTENSIONES.test(f.name)) toast.error(M.archivoTipo);
    else if (f.size > ORDEN_ARCHIVO_MAX_BYTES) toast.error(M.archivoTamano);
    else setArchivo(f);
    // Never uploaded by the widget: the file goes after the payment is registered.
    return false;
  };

  /** The payload as the spec sends it ('dd-mm-yyyy HH:mm'); the schema already checked it. */
  const payload = (v: Valores) => ({
    orden_venta_pago: {
      ovt_id: orden.ovt_id,
      ovp_fecha_pago: v.ovp_fecha_pago ? v.ovp_fecha_pago.format('DD-MM-YYYY HH:mm') : '',
      ovp_descripcion: v.ovp_descripcion,
      ovp_monto: (v.ovp_monto ?? '').trim(),
    },
  });

  const guardar = async () => {
    let pago = registrado.current;
    if (!pago) {
      const r = await registrar.mutateAsync(payload(form.getFieldsValue(true)).orden_venta_pago);
      pago = { ...r.data, message: r.message };
      registrado.current = pago;
    }
    if (!archivo) return { message: pago.message };
    setPercent(0);
    try {
      const r = await adjuntar.mutateAsync({ ovp_id: pago.ovp_id, file: archivo, onProgress: setPercent });
      return { message: `${pago.message}. ${r.message}` };
    } catch (error) {
      setPendiente(pago.ovp_orden);
      throw error;
    } finally {
      setPercent(null);
    }
  };

  return (
    <FormModal<Valores, OrdenVentaPagoRegistrar>
      title={`Registrar Pago: Pedido de Venta N° ${orden.ovt_id}`}
      width={700}
      form={form}
      initialValues={inicial}
      schema={OrdenVentaPagoRegistrar}
      toPayload={payload}
      at={['orden_venta_pago']}
      onSave={guardar}
      okText="Registrar"
      notice={pendiente !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`El pago N° ${pendiente} ya se registró, pero no se pudo adjuntar el comprobante. Registrar intentará adjuntarlo de nuevo.`}
        />
      )}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="ovp_fecha_pago" label="Fecha y hora de pago" required>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={FECHA_HORA_FORMATOS}
              placeholder="dd/mm/aaaa hh:mm"
              needConfirm={false}
              // A payment is something that happened: no later day than today (the server checks the time too).
              disabledDate={(d) => d.isAfter(inicial.ovp_fecha_pago, 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="ovp_monto" label="Monto (S/)" required extra={`Saldo del pedido: ${formatMoney('S/', orden.saldo)}`}>
            <Input inputMode="decimal" autoComplete="off" style={{ textAlign: 'right' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="Comprobante de pago" extra="PDF, JPG o PNG, hasta 10 MB">
            <Upload
              accept={ACCEPT}
              maxCount={1}
              beforeUpload={elegir}
              onRemove={() => setArchivo(null)}
              fileList={archivo ? [{ uid: 'comprobante', name: archivo.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />}>Seleccionar archivo</Button>
            </Upload>
            {percent !== null && <Progress percent={percent} size="small" style={{ marginTop: 8 }} aria-label="Avance de la carga" />}
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="ovp_descripcion" label="Descripción" required>
            <Input.TextArea count={limite(300)} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="Depósito BCP N° de operación ..." />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
