import { CheckCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import { OPCION_APROBAR_PEDIDO, PEDIDO_MSG, isReadOnly, peiAcciones, type PedidoFila, type PeiEstado } from '@obra/domain';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useHasOption, useRoleIds } from '../../base/session';
import { CellText, fitColumn, textColumn } from '../../ui/CellText';
import { FilterField } from '../../ui/FilterField';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { SearchInput } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useEliminarPedido, useOpcionesPedido, usePedidos, useSolicitarAprobacion, type PedidoFiltros } from './api';
import { PedidoAprobarModal } from './PedidoAprobarModal';
import { PedidoFormModal } from './PedidoFormModal';
import { PedidoVerModal } from './PedidoVerModal';
import { ALMACEN_EXPORTAR, exportarComo } from '../../ui/exportar';

const COLUMNS: TableColumnsType<PedidoFila> = [
  { title: 'ID', dataIndex: 'pei_id', width: 48 },
  textColumn<PedidoFila>('Código', 'pei_codigo', { width: 140 }),
  fitColumn<PedidoFila>(
    exportarComo({ title: 'Estado', key: 'estado', width: 124, render: (_, r) => <StatusTag text={r.pei_estado_nombre} color={r.pei_estado_styles} /> }, { campo: 'pei_estado_nombre' }),
    { text: (r) => r.pei_estado_nombre, tag: true },
  ),
  exportarComo({ title: 'Proyecto | Almacén', key: 'almacen', ellipsis: { showTitle: false }, render: (_, r) => <CellText text={warehouseLabel(r)} /> }, ALMACEN_EXPORTAR),
  exportarComo(textColumn<PedidoFila>('Centro de costo', 'cec_codigo', { width: 210, rows: 2, text: (r) => `${r.cec_codigo} - ${r.cec_descripcion}` }), { campo: ['cec_codigo', 'cec_descripcion'], separador: ' - ' }),
  textColumn<PedidoFila>('Solicitante', 'usu_solicitante_nombre', { width: 120, rows: 2 }),
  textColumn<PedidoFila>('Logística', 'usu_logistica_nombre', { width: 120, rows: 2 }),
  { title: 'Registro', dataIndex: 'pei_fecha_registro', width: 96, render: (d: string) => formatDate(d) },
  { title: 'Aprobación', dataIndex: 'pei_fecha_aprobacion', width: 104, render: (d: string | null) => formatDate(d) },
];

/** The popups, named as the route's actions (spec 3 §2): /pedidoItems/:action/:id opens one directly. */
type Accion = 'ver' | 'modificar' | 'aprobar' | 'registrar';
const ACCIONES: readonly string[] = ['ver', 'modificar', 'aprobar', 'registrar'];
type Popup = { accion: Accion; peiId: number | null };

/** The popup of /pedidoItems/:action/:id, or null for an unknown action or id (the screen then just searches). */
function usePopupDeRuta(): Popup | null {
  const { action, id } = useParams();
  if (!action || !ACCIONES.includes(action) || !id || !/^\d{1,9}$/.test(id)) return null;
  // registrar/:id opens a new request copying that one (0: an empty one).
  return { accion: action as Accion, peiId: Number(id) > 0 ? Number(id) : null };
}

/**
 * Purchase requests `/pedidoItems` (spec 3 §2 "Purchase requests"): filters (code, state, warehouse), Buscar and
 * Registrar, the server-paged list of 10 and each row's options by state and option; the popups register, modify,
 * approve and view. The server checks every action again.
 */
export function PedidoItemsPage() {
  const navigate = useNavigate();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const puedeAprobar = useHasOption(OPCION_APROBAR_PEDIDO);
  const opciones = useOpcionesPedido();
  const list = useListParams<PedidoFiltros>({ pei_codigo: '', pei_estado: null, alm_id: null }, { url: true });
  const query = usePedidos(list.filters, list.pageQuery);
  const solicitar = useSolicitarAprobacion();
  const eliminar = useEliminarPedido();
  const deRuta = usePopupDeRuta();
  const [abierto, setAbierto] = useState<Popup | null>(null);
  const popup = abierto ?? deRuta;

  const cerrar = () => {
    setAbierto(null);
    // A popup opened by the route closes back to the plain list.
    if (deRuta) void navigate('/pedidoItems', { replace: true });
  };
  const abrir = (accion: Accion, peiId: number | null) => setAbierto({ accion, peiId });

  const estados = (opciones.data?.estados ?? []).map((e) => ({ value: e.est_codigo, label: e.est_nombre }));
  const almacenes = (opciones.data?.almacenes ?? []).map((a) => ({ value: a.alm_id, label: warehouseLabel(a) }));

  return (
    <ListPage<PedidoFila>
      title="Pedido Items"
      actions={!readOnly && <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('registrar', null)}>Registrar</Button>}
      filters={
        <>
          <FilterField label="Código">
            {(id) => <SearchInput id={id} label="Código" placeholder="Código del pedido" width={200} onSearch={(pei_codigo) => list.setFilters({ pei_codigo })} />}
          </FilterField>
          <SelectFilter<PeiEstado> label="Estado" value={list.filters.pei_estado} options={estados} onChange={(v) => list.setFilters({ pei_estado: v })} width={170} />
          <SelectFilter<number> label="Almacén" value={list.filters.alm_id} options={almacenes} onChange={(v) => list.setFilters({ alm_id: v })} width={300} />
          <Button icon={<SearchOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>Buscar</Button>
        </>
      }
      rowKey="pei_id"
      columns={COLUMNS}
      {...list.table(query)}
      exportar={{ ruta: '/pedidoItems/paginar', consulta: { pedido_items: { ...list.filters, pei_codigo: list.filters.pei_codigo || null } }, nombre: 'pedidos' }}
      emptyText="No se encontraron pedidos"
      rowName={(r) => r.pei_codigo}
      minWidth={1180}
      rowActions={(r) => {
        const a = peiAcciones(r.pei_estado, { soloLectura: readOnly, puedeAprobar });
        return [
          { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => abrir('ver', r.pei_id) },
          { key: 'modificar', label: 'Modificar', icon: <EditOutlined />, hidden: !a.modificar, onClick: () => abrir('modificar', r.pei_id) },
          { key: 'aprobar', label: 'Aprobar', icon: <CheckCircleOutlined />, hidden: !a.aprobar, onClick: () => abrir('aprobar', r.pei_id) },
          {
            key: 'solicitar', label: 'Solicitar aprobación', icon: <SendOutlined />, hidden: !a.solicitar_aprobacion,
            onClick: async () => {
              try {
                toast.success((await solicitar.mutateAsync(r.pei_id)).message);
              } catch {
                // Shown by the query cache.
              }
            },
          },
          {
            key: 'eliminar', label: 'Eliminar', icon: <DeleteOutlined />, danger: true, hidden: !a.eliminar, confirm: PEDIDO_MSG.confirmarEliminar,
            // Spec 3 §4, §8: deleting shows no success toast; the row's new state says it.
            onClick: () => eliminar.mutateAsync(r.pei_id).catch(() => undefined),
          },
        ];
      }}
    >
      {popup?.accion === 'ver' && popup.peiId !== null && <PedidoVerModal peiId={popup.peiId} onClose={cerrar} />}
      {popup?.accion === 'aprobar' && popup.peiId !== null && <PedidoAprobarModal peiId={popup.peiId} onClose={cerrar} />}
      {popup?.accion === 'modificar' && popup.peiId !== null && <PedidoFormModal modo="modificar" peiId={popup.peiId} onClose={cerrar} />}
      {popup?.accion === 'registrar' && !readOnly && <PedidoFormModal modo="registrar" peiId={popup.peiId} onClose={cerrar} />}
    </ListPage>
  );
}
