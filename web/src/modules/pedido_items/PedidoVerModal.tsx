import { OPCION_APROBAR_PEDIDO, PEDIDO_MSG, isReadOnly, peiAcciones, type PedidoLineaDetalle } from '@obra/domain';
import { App, Button, Descriptions, Empty, Flex, Modal, Skeleton, Table, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useHasOption, useRoleIds } from '../../base/session';
import { formatDate, formatDecimal } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useCompletarPedido, usePedido } from './api';

/**
 * The view popup (spec 3 §2): the request read-only, its lines with requested, approved and bought quantities and the
 * purchase orders that bought each (links to /orden/view/:id), and 'Completar' once approved ('¿Desea completar el
 * pedido?'): ATENDIDO when everything approved was bought, ATENDIDO_PARCIAL otherwise.
 */
export function PedidoVerModal({ peiId, onClose }: { peiId: number; onClose: () => void }) {
  const { modal } = App.useApp();
  const pedido = usePedido(peiId);
  const completar = useCompletarPedido();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const puedeAprobar = useHasOption(OPCION_APROBAR_PEDIDO);
  const p = pedido.data;
  const acciones = p ? peiAcciones(p.pei_estado, { soloLectura: readOnly, puedeAprobar }) : null;

  const onCompletar = () => modal.confirm({
    title: PEDIDO_MSG.confirmarCompletar,
    content: 'Lo que falte comprar ya no se podrá comprar desde este pedido.',
    okText: 'Completar', cancelText: 'Cancelar', autoFocusButton: 'cancel',
    onOk: async () => {
      try {
        toast.success((await completar.mutateAsync(peiId)).message);
      } catch {
        // Shown by the query cache.
      }
    },
  });

  const body = pedido.isError ? <Empty description={PEDIDO_MSG.notFound} /> : !p ? <Skeleton active paragraph={{ rows: 6 }} /> : (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={2} items={[
        { key: 'codigo', label: 'Código', children: p.pei_codigo },
        { key: 'estado', label: 'Estado', children: <StatusTag text={p.pei_estado_nombre} color={p.pei_estado_styles} /> },
        { key: 'alm', label: 'Almacén', children: warehouseLabel(p) },
        { key: 'cec', label: 'Centro de costo', children: `${p.cec_codigo} - ${p.cec_descripcion}` },
        { key: 'sol', label: 'Solicitante', children: p.usu_solicitante_nombre },
        { key: 'log', label: 'Logística', children: p.usu_logistica_nombre },
        { key: 'reg', label: 'Fecha de registro', children: formatDate(p.pei_fecha_registro, true) },
        { key: 'apr', label: 'Fecha de aprobación', children: p.pei_fecha_aprobacion ? `${formatDate(p.pei_fecha_aprobacion, true)} (${p.usu_aprobador_nombre ?? '-'})` : '-' },
        { key: 'notas', label: 'Notas', span: 2, children: p.pei_notas || '-' },
      ]} />
      <Table<PedidoLineaDetalle>
        size="small"
        rowKey="pid_id"
        pagination={false}
        dataSource={p.lista_pedido_items_detalle}
        scroll={{ y: 320 }}
        columns={[
          { title: 'Producto', dataIndex: 'pid_producto' },
          { title: 'UND', dataIndex: 'unm_simbolo', width: 64 },
          { title: 'Solicitada', dataIndex: 'pid_cantidad_solicitada', width: 96, align: 'right', render: (v: string) => formatDecimal(v) },
          { title: 'Aprobada', dataIndex: 'pid_cantidad_aprobada', width: 96, align: 'right', render: (v: string | null) => (v === null ? '-' : formatDecimal(v)) },
          { title: 'Comprada', dataIndex: 'oci_cantidad', width: 96, align: 'right', render: (v: string) => formatDecimal(v) },
          {
            title: 'Órdenes',
            key: 'ordenes',
            width: 230,
            render: (_, l) => (l.ordenes.length === 0 ? '-' : (
              <Flex vertical>
                {l.ordenes.map((o) => (
                  <Tooltip key={o.ord_id} title={`${o.pve_razon_social} · ${o.ore_descripcion} · ${formatDecimal(o.oci_cantidad)} ${l.unm_simbolo}`}>
                    <Link to={`/orden/view/${o.ord_id}`}>{o.ord_code}</Link>
                  </Tooltip>
                ))}
              </Flex>
            )),
          },
        ]}
      />
      {p.pei_estado === 'APROBADO' && (
        <Typography.Text type="secondary">Las órdenes de compra creadas desde este pedido suman su cantidad a la columna Comprada.</Typography.Text>
      )}
    </Flex>
  );

  return (
    <Modal
      open
      width={980}
      title={`Ver Pedido${p ? ` ${p.pei_codigo}` : ''}`}
      onCancel={onClose}
      closable={false}
      footer={[
        <Button key="cerrar" onClick={onClose}>Cerrar</Button>,
        acciones?.completar && <Button key="completar" type="primary" loading={completar.isPending} onClick={onCompletar}>Completar</Button>,
      ]}
    >
      {body}
    </Modal>
  );
}
