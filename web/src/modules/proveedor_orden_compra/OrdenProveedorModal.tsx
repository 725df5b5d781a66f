import {
  impuestoMostrado, type OrdenProveedorDetalle, type OrdenProveedorItem, type PagoProveedorFila,
} from '@obra/domain';
import { Button, Descriptions, Empty, Flex, Modal, Skeleton, Table, Tabs, type TableColumnsType } from 'antd';
import { CellText } from '../../ui/CellText';
import { formatDate, formatDecimal, formatMoney, formatRate } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { useOrdenProveedor, usePagosOrden } from './api';
import { FacturaTab } from './FacturaTab';

const dash = (v: string | null | undefined) => (v?.trim() ? v : '-');

function itemColumns(simbolo: string): TableColumnsType<OrdenProveedorItem> {
  const amount = (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(simbolo, v)}</span>;
  return [
    { title: 'Descripción', dataIndex: 'oci_descripcion', ellipsis: { showTitle: false }, render: (v: string) => <CellText text={v} /> },
    { title: 'Cantidad', dataIndex: 'oci_cantidad', width: 120, align: 'right', render: (v: string, r) => `${formatDecimal(v)} ${r.unm_simbolo}` },
    { title: 'Precio unitario', dataIndex: 'oci_precio_unitario', width: 150, align: 'right', render: (v: string) => <span>{simbolo} {formatDecimal(v, 2)}</span> },
    { title: 'Importe', dataIndex: 'oci_importe', width: 150, align: 'right', render: amount },
  ];
}

function pagoColumns(simbolo: string): TableColumnsType<PagoProveedorFila> {
  const amount = (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(simbolo, v)}</span>;
  return [
    { title: 'N°', dataIndex: 'opg_numero', width: 60, align: 'center' },
    { title: 'Descripción', dataIndex: 'opg_descripcion', ellipsis: { showTitle: false }, render: (v: string) => <CellText text={v} /> },
    { title: 'Total', dataIndex: 'opg_total', width: 130, align: 'right', render: amount },
    { title: 'Detracción', dataIndex: 'opg_detraccion', width: 120, align: 'right', render: amount },
    { title: 'Pago', dataIndex: 'opg_pago', width: 130, align: 'right', render: amount },
    { title: 'Fecha de aprobación', dataIndex: 'opg_fecha_aprobacion', width: 160, render: (f: string | null) => (f ? formatDate(f, true) : '-') },
    { title: 'Estado', dataIndex: 'opg_estado_nombre', width: 120, render: (n: string, r) => <StatusTag text={n} color={r.opg_estado_styles || 'default'} /> },
  ];
}

/** Subtotal, each tax (type 3 shown negative, spec 3 §9) and total, right-aligned under the items. */
function Resumen({ o }: { o: OrdenProveedorDetalle }) {
  const filas: [string, string][] = [
    ['Subtotal', o.ord_monto_sigv],
    ...o.lista_orden_impuesto.map((t): [string, string] => [`${t.ori_descripcion} (${formatRate(t.ori_valor)}%)`, impuestoMostrado(t)]),
    ['Total', o.ord_monto_cigv],
  ];
  return (
    <Flex vertical align="end" gap={4} style={{ marginTop: 12 }} aria-label="Totales de la orden">
      {filas.map(([label, value], i) => (
        <Flex key={label} gap={16} style={{ fontWeight: i === filas.length - 1 ? 600 : undefined }}>
          <span>{label}</span>
          <span style={{ minWidth: 140, textAlign: 'right' }}>{formatMoney(o.mon_simbolo, value)}</span>
        </Flex>
      ))}
    </Flex>
  );
}

function Informacion({ o }: { o: OrdenProveedorDetalle }) {
  return (
    <>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Estado"><StatusTag text={o.ore_descripcion} color={o.ore_styles || 'default'} /></Descriptions.Item>
        <Descriptions.Item label="Código">{o.ord_code}</Descriptions.Item>
        <Descriptions.Item label="Tipo">{o.ord_tipo_orden_descripcion}</Descriptions.Item>
        <Descriptions.Item label="Condición comercial">{o.coc_descripcion}</Descriptions.Item>
        <Descriptions.Item label="Moneda">{o.mon_descripcion}</Descriptions.Item>
        <Descriptions.Item label="Método de pago">{o.mep_descripcion}</Descriptions.Item>
        <Descriptions.Item label="Fecha de la orden">{formatDate(o.ord_fecha_orden)}</Descriptions.Item>
        <Descriptions.Item label="Referencia" span={2}>{dash(o.ord_referencia)}</Descriptions.Item>
        <Descriptions.Item label="Observación" span={3}>{dash(o.ord_observacion)}</Descriptions.Item>
      </Descriptions>
      <Table<OrdenProveedorItem>
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        tableLayout="fixed"
        columns={itemColumns(o.mon_simbolo)}
        dataSource={o.lista_orden_item}
        aria-label="Ítems de la orden"
      />
      <Resumen o={o} />
    </>
  );
}

function Pagos({ o }: { o: OrdenProveedorDetalle }) {
  const pagos = usePagosOrden(o.ord_id, true);
  return (
    <Table<PagoProveedorFila>
      size="small"
      rowKey="opg_id"
      pagination={false}
      tableLayout="fixed"
      loading={pagos.isLoading}
      columns={pagoColumns(o.mon_simbolo)}
      dataSource={pagos.data ?? []}
      locale={{ emptyText: 'La orden no tiene pagos' }}
      aria-label="Pagos de la orden"
    />
  );
}

/**
 * Spec 3 §2 "Supplier orders" view popup: Información (header, items, subtotal, taxes, total),
 * Pagos only when the order has payment orders, and Factura, where the supplier sends its
 * invoice and sees what it sent (issue 15, beyond the spec).
 */
export function OrdenProveedorModal({ ordId, onClose }: { ordId: number | null; onClose: () => void }) {
  const q = useOrdenProveedor(ordId);
  const o = q.data;
  const tabs = o && [
    { key: 'informacion', label: 'Información', children: <Informacion o={o} /> },
    ...(o.opg_numero_ordenes_pago > 0 ? [{ key: 'pagos', label: 'Pagos', children: <Pagos o={o} /> }] : []),
    { key: 'factura', label: 'Factura', children: <FacturaTab o={o} /> },
  ];
  return (
    <Modal
      open={ordId !== null}
      width={980}
      title={o ? `${o.ord_tipo_orden_descripcion} ${o.ord_code}` : 'Orden'}
      onCancel={onClose}
      closable={false}
      destroyOnHidden
      footer={<Button type="primary" onClick={onClose}>Cerrar</Button>}
    >
      {q.isError ? <Empty description="No se pudo cargar la orden" /> : !o || !tabs ? <Skeleton active /> : <Tabs items={tabs} />}
    </Modal>
  );
}
