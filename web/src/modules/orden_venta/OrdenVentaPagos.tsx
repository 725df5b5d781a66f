import { CloseCircleOutlined, FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import { ORDEN_VENTA_MSG as M, type OrdenVentaDetalle, type OrdenVentaPagoFila } from '@obra/domain';
import { App, Button, Card, Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { fechaDeApi, formatMoney } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useCancelarPago, useVerDocumentoPago } from './api';
import { OrdenVentaPagoModal } from './OrdenVentaPagoModal';

/**
 * The Payments table of the view popup (spec 3 §2): number, description, date, amount, status,
 * cancel (asked first, only while the server allows it) and the payment's document ('El pago no
 * tiene documento adjunto' without one); Nuevo while there is a balance and the caller may register
 * payments (option registrar_orden_venta_pago).
 */
export function OrdenVentaPagos({ orden }: { orden: OrdenVentaDetalle }) {
  const { modal } = App.useApp();
  const [nuevo, setNuevo] = useState(false);
  const cancelar = useCancelarPago();
  const verDocumento = useVerDocumentoPago();

  const preguntarCancelar = (p: OrdenVentaPagoFila) =>
    modal.confirm({
      title: `¿Está seguro de cancelar el pago: "${p.ovp_descripcion}"?`,
      okText: 'Cancelar pago',
      cancelText: 'No',
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: () => cancelar.mutateAsync(p.ovp_id).then((r) => toast.success(r.message), () => undefined),
    });

  const abrir = (p: OrdenVentaPagoFila) => {
    if (!p.ovp_url_comprobante) toast.error(M.pagoSinArchivo);
    else verDocumento.mutate(p);
  };

  const columns: TableColumnsType<OrdenVentaPagoFila> = [
    { title: 'N°', dataIndex: 'ovp_orden', width: 56, align: 'center' },
    { title: 'Descripción', dataIndex: 'ovp_descripcion', ellipsis: true },
    { title: 'Fecha', dataIndex: 'ovp_fecha_pago', width: 150, render: (v: string) => fechaDeApi(v) },
    { title: 'Monto', dataIndex: 'ovp_monto', width: 130, align: 'right', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney('S/', v)}</span> },
    { title: 'Estado', dataIndex: 'est_nombre', width: 120, render: (t: string, p) => <StatusTag text={t} color={p.est_styles || 'default'} /> },
    {
      title: 'Cancelar',
      key: 'cancelar',
      width: 84,
      align: 'center',
      render: (_, p) => p.puede_cancelar && (
        <Tooltip title="Cancelar pago">
          <Button type="text" danger icon={<CloseCircleOutlined />} aria-label={`Cancelar pago ${p.ovp_orden}`} onClick={() => preguntarCancelar(p)} />
        </Tooltip>
      ),
    },
    {
      title: 'Documento',
      key: 'documento',
      width: 96,
      align: 'center',
      render: (_, p) => (
        <Tooltip title={p.ovp_archivo_nombre ?? 'Ver documento'}>
          <Button type="text" icon={<FileSearchOutlined />} aria-label={`Ver documento del pago ${p.ovp_orden}`} onClick={() => abrir(p)} />
        </Tooltip>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title="Pagos"
      extra={
        <Flex gap={16} align="center">
          <Typography.Text>
            Pagado: <span data-testid="ovt-pagado">{formatMoney('S/', orden.ovt_pagado)}</span>
          </Typography.Text>
          <Typography.Text strong>
            Saldo: <span data-testid="ovt-saldo">{formatMoney('S/', orden.saldo)}</span>
          </Typography.Text>
          {orden.puede_registrar_pago && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuevo(true)}>
              Nuevo
            </Button>
          )}
        </Flex>
      }
    >
      <Table<OrdenVentaPagoFila>
        rowKey="ovp_id"
        size="small"
        columns={columns}
        dataSource={orden.lista_orden_venta_pago}
        pagination={false}
        tableLayout="fixed"
        aria-label="Pagos del pedido"
        locale={{ emptyText: 'Sin pagos registrados' }}
      />
      {nuevo && <OrdenVentaPagoModal orden={orden} onClose={() => setNuevo(false)} />}
    </Card>
  );
}
