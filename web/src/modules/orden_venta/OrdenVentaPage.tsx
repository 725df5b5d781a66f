import { EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { OVT_ESTADOS_FILTRO, isReadOnly, limaDate, type OrdenVentaFila } from '@obra/domain';
import { Button, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { sessionModules, useRoleIds, useSession } from '../../base/session';
import { textColumn } from '../../ui/CellText';
import { DateRangeFilter, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { formatDate, formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { RowActions, rowActionsWidth, type RowAction } from '../../ui/RowActions';
import { SearchInput } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useOrdenVentaDatos, useOrdenesVenta, type OrdenVentaFiltros } from './api';
import { OrdenVentaFormModal } from './OrdenVentaFormModal';
import { OrdenVentaViewModal } from './OrdenVentaViewModal';
import { useVerParam } from '../../ui/useVerParam';

/** The default window of the list: 7 days back to 2 days ahead, Lima dates (spec 3 §2, §9). */
const DIAS_ATRAS = 7;
const DIAS_ADELANTE = 2;

const COLUMNS: TableColumnsType<OrdenVentaFila> = [
  { title: 'ID', dataIndex: 'ovt_id', width: 80 },
  { title: 'DNI/RUC', dataIndex: 'cli_documento_identidad', width: 130 },
  textColumn<OrdenVentaFila>('Cliente', 'cli_nombre'),
  { title: 'Fecha venta', dataIndex: 'ovt_fecha_venta', width: 150, render: (f: string) => formatDate(f, true).slice(0, 16) },
  {
    title: 'Total',
    dataIndex: 'ovt_total',
    width: 140,
    align: 'right',
    render: (t: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney('S/', t)}</span>,
  },
  { title: 'Estado', dataIndex: 'est_nombre', width: 140, render: (t: string, r) => <StatusTag text={t} color={r.est_styles || 'default'} /> },
];

interface Filtros extends Omit<OrdenVentaFiltros, 'ovt_fecha_inicio' | 'ovt_fecha_fin'> {
  rango: Rango;
}

type Popup = { kind: 'registrar' } | { kind: 'modificar'; ovtId: number } | { kind: 'ver'; ovtId: number } | null;

/**
 * Spec 3 §2 "Sales orders" (/ordenVenta): the orders of the last 7 days to 2 days ahead by default,
 * filtered by customer, ID, status, district and sale date and paged 10 at a time on the server;
 * Ver for everyone, Editar when the server says the caller may; Nuevo for who may register.
 */
export function OrdenVentaPage() {
  const session = useSession();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const puedeCrearCliente = !readOnly && !!session && sessionModules(session).includes('cliente');
  const [hoy] = useState(() => dayjs(limaDate()));
  const list = useListParams<Filtros>({
    cli_search: null, ovt_id: null, est_id: null, ubi_id: null, rango: [hoy.subtract(DIAS_ATRAS, 'day'), hoy.add(DIAS_ADELANTE, 'day')],
  }, { url: true });
  const { rango, ...resto } = list.filters;
  const filtros: OrdenVentaFiltros = {
    ...resto, ovt_fecha_inicio: rango?.[0].format('YYYY-MM-DD') ?? null, ovt_fecha_fin: rango?.[1].format('YYYY-MM-DD') ?? null,
  };
  const ordenes = useOrdenesVenta(filtros, list.pageQuery);
  const datos = useOrdenVentaDatos().data;
  const [popup, setPopup] = useState<Popup>(null);
  useVerParam((ovtId) => setPopup({ kind: 'ver', ovtId }));

  const estados = OVT_ESTADOS_FILTRO.flatMap((id) => datos?.estados.filter((e) => e.est_id === id) ?? [])
    .map((e) => ({ value: e.est_id, label: e.est_nombre }));
  const distritos = (datos?.distritos ?? []).map((d) => ({ value: d.ubi_id, label: d.ubi_nombre }));

  const acciones = (r: OrdenVentaFila): RowAction[] => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => setPopup({ kind: 'ver', ovtId: r.ovt_id }) },
    { key: 'editar', label: 'Editar', icon: <EditOutlined />, onClick: () => setPopup({ kind: 'modificar', ovtId: r.ovt_id }), hidden: !r.puede_editar },
  ];

  const buscarId = (v: string) => {
    if (v && !/^\d{1,9}$/.test(v)) toast.error('El número de pedido no es válido');
    else list.setFilters({ ovt_id: v ? Number(v) : null });
  };

  return (
    <ListPage<OrdenVentaFila>
      title="Pedidos de Venta"
      actions={!readOnly && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPopup({ kind: 'registrar' })}>
          Nuevo
        </Button>
      )}
      filters={
        <>
          <FilterField label="Cliente">
            {(id) => <SearchInput id={id} label="Cliente" placeholder="DNI/RUC o nombre" width={220} onSearch={(v) => list.setFilters({ cli_search: v || null })} />}
          </FilterField>
          <FilterField label="ID">
            {(id) => <SearchInput id={id} label="ID" placeholder="N°" width={110} onSearch={buscarId} />}
          </FilterField>
          <SelectFilter<number> label="Estado" value={list.filters.est_id} options={estados} onChange={(v) => list.setFilters({ est_id: v })} width={150} />
          <FilterField label="Distrito">
            {(id) => (
              <Select<string>
                id={id}
                aria-label="Distrito"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Todos"
                options={distritos}
                value={list.filters.ubi_id ?? undefined}
                onChange={(v) => list.setFilters({ ubi_id: v ?? null })}
                style={{ width: 180 }}
              />
            )}
          </FilterField>
          <DateRangeFilter label="Fecha de venta" value={rango} onChange={(v) => list.setFilters({ rango: v })} width={240} />
          <Button icon={<SearchOutlined />} loading={ordenes.isFetching} onClick={() => void ordenes.refetch()}>
            Buscar
          </Button>
        </>
      }
      rowKey="ovt_id"
      columns={[
        ...COLUMNS,
        {
          title: 'Opciones',
          key: 'opciones',
          align: 'center',
          fixed: 'right',
          width: rowActionsWidth(2),
          render: (_, r) => <RowActions name={`pedido ${r.ovt_id}`} actions={acciones(r)} />,
        },
      ]}
      {...list.table(ordenes)}
      exportar={{ ruta: '/ordenVenta/buscar', consulta: { orden_venta: filtros }, nombre: 'pedidos-venta' }}
      emptyText="No se encontraron pedidos de venta"
      minWidth={960}
    >
      {popup?.kind === 'registrar' && <OrdenVentaFormModal ovtId={null} puedeCrearCliente={puedeCrearCliente} onClose={() => setPopup(null)} />}
      {popup?.kind === 'modificar' && <OrdenVentaFormModal ovtId={popup.ovtId} puedeCrearCliente={false} onClose={() => setPopup(null)} />}
      {popup?.kind === 'ver' && (
        <OrdenVentaViewModal ovtId={popup.ovtId} onEditar={() => setPopup({ kind: 'modificar', ovtId: popup.ovtId })} onClose={() => setPopup(null)} />
      )}
    </ListPage>
  );
}
