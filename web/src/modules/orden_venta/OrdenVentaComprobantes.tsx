import { FilePdfOutlined, FileProtectOutlined } from '@ant-design/icons';
import { TID_FACTURA, type OrdenVentaComprobante, type OrdenVentaDetalle } from '@obra/domain';
import { App, Button, Card, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { formatDate, formatMoney } from '../../ui/format';
import { toast } from '../../ui/toast';
import { useGenerarComprobante, useVerComprobante } from './api';

/** SUNAT's answer as the sales desk reads it. */
const ESTADO_SUNAT: Record<string, string> = { aceptado: 'Aceptado', pendiente: 'Pendiente de envío', rechazado: 'Rechazado' };

/**
 * The Vouchers section of the view popup (spec 3 §2, §4): the e-voucher issued for the order with
 * its PDF (offered once the order is paid and the voucher has number and link), and 'Generar
 * comprobante' while the server allows it (fully paid, none yet, client not special), asked first.
 */
export function OrdenVentaComprobantes({ orden }: { orden: OrdenVentaDetalle }) {
  const { modal } = App.useApp();
  const generar = useGenerarComprobante();
  const ver = useVerComprobante();

  const preguntarGenerar = () =>
    modal.confirm({
      title: '¿Desea continuar con la generación del comprobante?',
      okText: 'Generar',
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => generar.mutateAsync(orden.ovt_id).then((r) => toast.success(r.message), () => undefined),
    });

  const columns: TableColumnsType<OrdenVentaComprobante> = [
    { title: 'Comprobante', dataIndex: 'nco_comprobante', width: 150 },
    { title: 'Tipo', dataIndex: 'tid_id', width: 100, render: (t: number) => (t === TID_FACTURA ? 'FACTURA' : 'BOLETA') },
    { title: 'Fecha de emisión', dataIndex: 'nco_fecha_emision', width: 150, render: (f: string) => formatDate(f) },
    { title: 'Total', dataIndex: 'nco_total', width: 130, align: 'right', render: (v: string) => formatMoney('S/', v) },
    { title: 'Estado SUNAT', dataIndex: 'nco_estado_sunat', render: (e: string) => ESTADO_SUNAT[e] ?? e },
    {
      title: 'PDF',
      key: 'pdf',
      width: 72,
      align: 'center',
      render: (_, c) => orden.puede_ver_comprobante && (
        <Tooltip title="Ver comprobante">
          <Button type="text" icon={<FilePdfOutlined />} aria-label={`Ver comprobante ${c.nco_comprobante}`} loading={ver.isPending} onClick={() => ver.mutate(orden.ovt_id)} />
        </Tooltip>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title="Comprobantes"
      extra={orden.puede_generar_comprobante && (
        <Button type="primary" icon={<FileProtectOutlined />} onClick={preguntarGenerar}>
          Generar comprobante
        </Button>
      )}
    >
      {orden.cli_especial === 1 && (
        <Typography.Paragraph type="secondary">Cliente especial: sus pedidos no generan comprobante electrónico.</Typography.Paragraph>
      )}
      <Table<OrdenVentaComprobante>
        rowKey="nco_id"
        size="small"
        columns={columns}
        dataSource={orden.lista_nube_fact_comprobante}
        pagination={false}
        tableLayout="fixed"
        aria-label="Comprobantes del pedido"
        locale={{ emptyText: 'Sin comprobante: se genera cuando el pedido está pagado en su totalidad' }}
      />
    </Card>
  );
}
