import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import { ORDEN_VENTA_MSG, type OrdenVentaDetalle } from '@obra/domain';
import { App, Button, Descriptions, Empty, Flex, Form, Modal, Skeleton, type DescriptionsProps } from 'antd';
import { formatDate, formatMoney } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useAprobarOrdenVenta, useOrdenVenta, useOrdenVentaDatos } from './api';
import { OrdenVentaCampos, type OrdenVentaValores } from './OrdenVentaCampos';
import { OrdenVentaComprobantes } from './OrdenVentaComprobantes';
import { OrdenVentaDocumentos } from './OrdenVentaDocumentos';
import { ORDEN_VENTA_POPUP_WIDTH, valoresDe } from './OrdenVentaFormModal';
import { OrdenVentaPagos } from './OrdenVentaPagos';

const orDash = (v: string | null | undefined) => (v?.trim() ? v : '-');

function situacion(o: OrdenVentaDetalle): DescriptionsProps['items'] {
  return [
    { key: 'estado', label: 'Estado', children: <StatusTag text={o.est_nombre} color={o.est_styles || 'default'} /> },
    { key: 'fecha', label: 'Fecha de venta', children: formatDate(o.ovt_fecha_venta, true) },
    { key: 'registrador', label: 'Registrado por', children: orDash(o.ovt_registrador_nombre) },
    {
      key: 'aprobador',
      label: 'Aprobado por',
      children: o.ovt_aprobador_nombre ? `${o.ovt_aprobador_nombre} (${formatDate(o.ovt_fecha_aprobacion, true)})` : '-',
    },
    { key: 'total', label: 'Total', children: <span data-testid="ovt-ver-total">{formatMoney('S/', o.ovt_total)}</span> },
    { key: 'comprobante', label: 'Comprobante', children: orDash(o.ovt_comprobante) },
  ];
}

interface ViewProps {
  ovtId: number;
  onEditar: () => void;
  onClose: () => void;
}

/**
 * The view order popup (spec 3 §2): every field read-only, the order's situation, the Payments
 * table, the Vouchers section, the attached documents, and Aprobar ('¿Está seguro de aprobar la orden de venta?') when the
 * server's flag allows it (creado and option aprobar_orden_venta); Editar while it may be modified.
 */
export function OrdenVentaViewModal({ ovtId, onEditar, onClose }: ViewProps) {
  const { modal } = App.useApp();
  const detalle = useOrdenVenta(ovtId);
  const datos = useOrdenVentaDatos();
  const aprobar = useAprobarOrdenVenta();
  const [form] = Form.useForm<OrdenVentaValores>();
  const o = detalle.data;

  const preguntarAprobar = (orden: OrdenVentaDetalle) =>
    modal.confirm({
      title: '¿Está seguro de aprobar la orden de venta?',
      okText: 'Aprobar',
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => aprobar.mutateAsync({ ovt_id: orden.ovt_id, coc_id: orden.coc_id }).then((r) => toast.success(r.message), () => undefined),
    });

  const body = detalle.isError ? (
    <Empty description={ORDEN_VENTA_MSG.notFound} />
  ) : o && datos.data ? (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} items={situacion(o)} styles={{ label: { whiteSpace: 'nowrap' } }} aria-label="Situación del pedido" />
      {/* Keyed by what the server changes, so a reload after an action shows the new values. */}
      <Form<OrdenVentaValores> key={`${o.ovt_version}-${o.est_id}-${o.coc_id}`} form={form} layout="vertical" disabled requiredMark={false} initialValues={valoresDe(o)}>
        <OrdenVentaCampos
          modo="ver"
          form={form}
          datos={datos.data}
          cliente={{ cli_id: o.cli_id, cli_nombre: o.cli_nombre, cli_documento_identidad: o.cli_documento_identidad }}
          onCliente={() => undefined}
          vendedor={o.ven_id ? { ven_id: o.ven_id, ven_nombre: o.ven_nombre ?? '' } : null}
          onVendedor={() => undefined}
          direccionGuardada={o.cde_id ? { cde_id: o.cde_id, texto: o.ovt_direccion_envio } : null}
        />
      </Form>
      <OrdenVentaPagos orden={o} />
      <OrdenVentaComprobantes orden={o} />
      <OrdenVentaDocumentos orden={o} />
    </Flex>
  ) : (
    <Skeleton active paragraph={{ rows: 8 }} />
  );

  return (
    <Modal
      open
      width={ORDEN_VENTA_POPUP_WIDTH}
      title={`Ver Pedido de Venta N° ${ovtId}`}
      onCancel={onClose}
      closable={false}
      footer={[
        <Button key="cerrar" onClick={onClose}>Cerrar</Button>,
        o?.puede_editar && <Button key="editar" icon={<EditOutlined />} onClick={onEditar}>Editar</Button>,
        o?.puede_aprobar && (
          <Button key="aprobar" type="primary" icon={<CheckOutlined />} onClick={() => preguntarAprobar(o)}>Aprobar</Button>
        ),
      ]}
    >
      {body}
    </Modal>
  );
}
