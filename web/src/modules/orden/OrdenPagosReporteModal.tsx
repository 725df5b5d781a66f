import { FileExcelOutlined } from '@ant-design/icons';
import { OrdenPagosReporte, REPORTE_PAGOS_ARCHIVO, type OrdenPagosReporteInput } from '@obra/domain';
import { Button, DatePicker, Form, Modal, Typography } from 'antd';
import { toast } from '../../base/toast';
import { ReporteProgreso } from './ReporteProgreso';
import { limaMonth, rangeBody, useXlsxDownload, type Rango } from './reporte-api';
import { FECHA_FORMATOS } from '../../ui/format';

/**
 * Spec 1 §2.9 popup "comparing purchase orders with payment orders": for the orders of a date
 * range, what their payment orders registered, approved and deposited, and the balance
 * (`/ordenCompra/generarReporte2`, saved as reporte-pagos.xlsx).
 */
export function OrdenPagosReporteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ rango: Rango }>();
  const descarga = useXlsxDownload();

  const close = () => {
    descarga.cancel();
    onClose();
  };

  const generar = async ({ rango }: { rango: Rango }) => {
    const body: OrdenPagosReporteInput = { orden_compra: rangeBody(rango) };
    const checked = OrdenPagosReporte.safeParse(body);
    if (!checked.success) {
      toast.error(checked.error.issues[0].message);
      return;
    }
    if (await descarga.start('/ordenCompra/generarReporte2', body, REPORTE_PAGOS_ARCHIVO)) toast.success(`Se descargó ${REPORTE_PAGOS_ARCHIVO}`);
  };

  return (
    <Modal
      open={open}
      title="Reporte de Órdenes de Compra y Órdenes de Pago"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cerrar" onClick={close}>
          Cerrar
        </Button>,
        <Button key="generar" type="primary" icon={<FileExcelOutlined />} htmlType="submit" form="orden-pagos-reporte-form" loading={descarga.downloading} disabled={descarga.downloading}>
          Generar
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        Órdenes con condición de crédito o adelanto (no anuladas) cuya fecha de orden está en el rango, con lo registrado, aprobado y depositado en
        sus órdenes de pago y el saldo.
      </Typography.Paragraph>
      <Form<{ rango: Rango }> id="orden-pagos-reporte-form" form={form} layout="vertical" initialValues={{ rango: limaMonth() }}
        onFinish={(v) => void generar(v)} disabled={descarga.downloading}>
        <Form.Item name="rango" label="Fecha inicio / Fecha fin">
          <DatePicker.RangePicker format={FECHA_FORMATOS} placeholder={['Fecha inicio', 'Fecha fin']} style={{ width: '100%' }} allowClear />
        </Form.Item>
      </Form>
      {descarga.downloading && <ReporteProgreso bytes={descarga.bytes} />}
    </Modal>
  );
}
