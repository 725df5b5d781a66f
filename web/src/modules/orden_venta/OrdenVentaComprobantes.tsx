import { CodeOutlined, FileDoneOutlined, FilePdfOutlined, FileProtectOutlined } from '@ant-design/icons';
import { CPE_TIPO_NOMBRE, type OrdenVentaComprobante, type OrdenVentaDetalle } from '@obra/domain';
import { App, Button, Card, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../ui/format';
import { toast } from '../../base/toast';
import { useDescargarComprobante, type CpeFormato } from '../comprobante/api';
import { CpeEstadoTag } from '../comprobante/CpeEstadoTag';
import { useGenerarComprobante } from './api';
import { OrdenVentaCuotasModal } from './OrdenVentaCuotasModal';

/**
 * The Vouchers section of the view popup (spec 3 §2, §4): the e-voucher issued for the order with
 * its SUNAT state (issue 22), its PDF (offered once the order is paid and the voucher has number and
 * link), the signed XML and SUNAT's CDR once it has one, and 'Generar
 * comprobante' while the server allows it (fully paid, none yet, client not special), asked first.
 */
export function OrdenVentaComprobantes({ orden }: { orden: OrdenVentaDetalle }) {
  const { modal } = App.useApp();
  const generar = useGenerarComprobante();
  const descargar = useDescargarComprobante();
  const bajar = (c: OrdenVentaComprobante, formato: CpeFormato) => descargar.mutate({ cpe_id: c.nco_id, formato, nombre: c.nco_comprobante });

  // A credit sale with a balance is invoiced with its cuotas (issue 23): their own popup asks instead.
  const [cuotas, setCuotas] = useState(false);
  const preguntarGenerar = () => {
    if (orden.comprobante_forma_pago === 'Credito') setCuotas(true);
    else modal.confirm({
      title: '¿Desea continuar con la generación del comprobante?',
      okText: 'Generar',
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => generar.mutateAsync({ ovt_id: orden.ovt_id }).then((r) => toast.success(r.message), () => undefined),
    });
  };

  const columns: TableColumnsType<OrdenVentaComprobante> = [
    { title: 'Comprobante', dataIndex: 'nco_comprobante', width: 150 },
    { title: 'Tipo', dataIndex: 'nco_tipo', width: 130, render: (t: string) => (CPE_TIPO_NOMBRE[t] ?? t).toUpperCase() },
    { title: 'Fecha de emisión', dataIndex: 'nco_fecha_emision', width: 150, render: (f: string) => formatDate(f) },
    { title: 'Total', dataIndex: 'nco_total', width: 130, align: 'right', render: (v: string) => formatMoney('S/', v) },
    {
      title: 'Estado SUNAT',
      dataIndex: 'nco_estado_sunat',
      render: (e: string, c) => <CpeEstadoTag estado={e} codigo={c.nco_respuesta_codigo} texto={c.nco_respuesta_texto} />,
    },
    {
      title: 'Archivos',
      key: 'archivos',
      width: 128,
      align: 'center',
      render: (_, c) => (
        <Space size={0}>
          {(orden.puede_ver_comprobante || c.nco_tipo === '07' || c.nco_tipo === '08' || c.nco_estado_sunat === 'anulado') && (
            <Tooltip title="Ver PDF">
              <Button
                type="text"
                icon={<FilePdfOutlined />}
                aria-label={`Ver comprobante ${c.nco_comprobante}`}
                // Each row's own PDF (a cancelled voucher's too, with its warning), by its id.
                onClick={() => bajar(c, 'pdf')}
              />
            </Tooltip>
          )}
          <Tooltip title="Descargar XML">
            <Button type="text" icon={<CodeOutlined />} aria-label={`Descargar XML ${c.nco_comprobante}`} onClick={() => bajar(c, 'xml')} />
          </Tooltip>
          <Tooltip title={c.nco_tiene_cdr ? 'Descargar CDR' : 'CDR: SUNAT aún no lo emite'}>
            <Button
              type="text"
              icon={<FileDoneOutlined />}
              aria-label={`Descargar CDR ${c.nco_comprobante}`}
              disabled={!c.nco_tiene_cdr}
              onClick={() => bajar(c, 'cdr')}
            />
          </Tooltip>
        </Space>
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
        locale={{ emptyText: 'Sin comprobante: se genera cuando el pedido está pagado en su totalidad (una venta al crédito, desde su aprobación)' }}
      />
      {cuotas && <OrdenVentaCuotasModal orden={orden} onClose={() => setCuotas(false)} />}
    </Card>
  );
}
