import { EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { TIPO_ORDEN, TIPO_ORDEN_DESCRIPCION, type OrdenProveedorFila } from '@obra/domain';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { textColumn } from '../../ui/CellText';
import { DateRangeFilter, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { formatDate, formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { SearchInput } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useOrdenesProveedor, type OrdenProveedorFiltros } from './api';
import { OrdenProveedorModal } from './OrdenProveedorModal';
import { exportarComo } from '../../ui/exportar';

const monto = (title: string, dataIndex: 'ord_monto_sigv' | 'ord_monto_cigv'): TableColumnsType<OrdenProveedorFila>[number] => exportarComo({
  title,
  dataIndex,
  width: 118,
  align: 'right',
  render: (v: string, r: OrdenProveedorFila) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.mon_simbolo, v)}</span>,
}, { tipo: 'money' });

/** Widths fit every column at 1280 px; the registrant's name takes what is left and is cut with '…'. */
const COLUMNS: TableColumnsType<OrdenProveedorFila> = [
  { title: 'Orden', dataIndex: 'ord_code', width: 200 },
  exportarComo({ title: 'Tipo', dataIndex: 'ord_tipo_orden', width: 88, render: (t: number) => (t === TIPO_ORDEN.SERVICIO ? 'Servicio' : 'Compra') },
    { valores: { [TIPO_ORDEN.COMPRA]: 'Compra', [TIPO_ORDEN.SERVICIO]: 'Servicio' } }),
  { title: 'Fecha', dataIndex: 'ord_fecha_orden', width: 102, render: (d: string) => formatDate(d) },
  textColumn<OrdenProveedorFila>('Registrado por', 'ord_usu_logistica'),
  textColumn<OrdenProveedorFila>('Condición', 'coc_descripcion', { width: 100 }),
  { title: 'Estado', dataIndex: 'ore_descripcion', width: 128, render: (t: string, r) => <StatusTag text={t} color={r.ore_styles || 'default'} /> },
  textColumn<OrdenProveedorFila>('Moneda', 'mon_descripcion', { width: 80 }),
  monto('Subtotal', 'ord_monto_sigv'),
  monto('Total', 'ord_monto_cigv'),
  { title: 'Pagos', dataIndex: 'opg_numero_ordenes_pago', width: 70, align: 'center' },
];

const TIPOS = [
  { value: TIPO_ORDEN.COMPRA, label: TIPO_ORDEN_DESCRIPCION[TIPO_ORDEN.COMPRA] },
  { value: TIPO_ORDEN.SERVICIO, label: TIPO_ORDEN_DESCRIPCION[TIPO_ORDEN.SERVICIO] },
];

interface Filtros extends Omit<OrdenProveedorFiltros, 'ord_fecha_inicio' | 'ord_fecha_fin'> {
  rango: Rango;
}

/**
 * Spec 3 §2 "Supplier orders" (/proveedor/ordenCompra): the supplier's own purchase and service
 * orders (the server takes the supplier from the session, DECISIONS §1), filtered and paged 10 at
 * a time on the server, each opening the view popup. A message carried to this screen (the route
 * guard's refusal) is shown as an error by the shell.
 */
export function SupplierOrdersPage() {
  const list = useListParams<Filtros>({ ord_tipo_orden: null, ord_codigo: null, rango: null });
  const { rango, ...resto } = list.filters;
  const filtros: OrdenProveedorFiltros = {
    ...resto, ord_fecha_inicio: rango?.[0].format('YYYY-MM-DD') ?? null, ord_fecha_fin: rango?.[1].format('YYYY-MM-DD') ?? null,
  };
  const ordenes = useOrdenesProveedor(filtros, list.pageQuery);
  const [viendo, setViendo] = useState<number | null>(null);

  return (
    <ListPage<OrdenProveedorFila>
      title="Órdenes de Compra y Servicio"
      filters={
        <>
          <SelectFilter<1 | 2> label="Tipo de orden" value={list.filters.ord_tipo_orden} options={TIPOS} onChange={(v) => list.setFilters({ ord_tipo_orden: v })} width={170} />
          <FilterField label="Orden">
            {(id) => <SearchInput id={id} label="Orden" placeholder="ID o código" width={200} onSearch={(v) => list.setFilters({ ord_codigo: v || null })} />}
          </FilterField>
          <DateRangeFilter label="Fecha de la orden" value={rango} onChange={(v) => list.setFilters({ rango: v })} width={240} />
          <Button icon={<SearchOutlined />} loading={ordenes.isFetching} onClick={() => void ordenes.refetch()}>
            Buscar
          </Button>
        </>
      }
      rowKey="ord_id"
      columns={COLUMNS}
      {...list.table(ordenes)}
      exportar={{ ruta: '/ordenCompra/paginarxProveedor', consulta: { orden_compra: filtros }, nombre: 'ordenes' }}
      emptyText="No se encontraron órdenes"
      minWidth={1200}
      rowName={(o) => o.ord_code}
      rowActions={(o) => [{ key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setViendo(o.ord_id) }]}
    >
      <OrdenProveedorModal ordId={viendo} onClose={() => setViendo(null)} />
    </ListPage>
  );
}
