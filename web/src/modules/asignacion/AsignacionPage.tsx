import { DeleteOutlined, EyeOutlined, FileSearchOutlined, HistoryOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { ASI_ESTADO_DEFECTO, ASI_MSG, ASI_TIPO } from '@obra/domain';
import { Button, Select, Tabs, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useHasOption, useSession } from '../../base/session';
import { DateRangeFilter, rangoFechas, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { ListPage } from '../../ui/ListPage';
import type { RowAction } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { WarehouseSelect } from '../../ui/WarehouseSelect';
import {
  useBuscar, useEliminarAsignacion, useEliminarDevolucion, useEstados, usePorItem, useTipos,
  type AsignacionFila, type DevolucionFila, type LineaFila,
} from './api';
import { AsignacionModal } from './AsignacionModal';
import { ASIGNACION_COLUMNAS, DEVOLUCION_COLUMNAS, lineaColumnas } from './columnas';
import { DevolucionModal } from './DevolucionModal';
import { EmpleadoSelect } from './EmpleadoSelect';
import { DevolucionesItemModal, HistorialModal, type DevolucionesDe, type HistorialDe } from './HistorialModales';
import { VerAsignacionModal, VerDevolucionModal } from './VerModales';

const TITLE = 'Asignaciones y Devoluciones';

/** The popups of the screen (spec 2 §2). */
type Popup =
  | { kind: 'registrar' }
  | { kind: 'ver'; asiId: number }
  | { kind: 'devolver'; asiId: number }
  | { kind: 'verDevolucion'; deiId: number }
  | { kind: 'historial'; de: HistorialDe }
  | { kind: 'devoluciones'; de: DevolucionesDe }
  | null;

interface Ctx {
  abrir: (p: Popup) => void;
  puedeAsignar: boolean;
  puedeDevolver: boolean;
}

/** What every tab's ListPage shares: title, toolbar, the tabs and the popups. */
interface Comun {
  title: string;
  actions: ReactNode;
  tabs: ReactNode;
  children: ReactNode;
}


function useEstadoOptions(tipo: number) {
  return (useEstados(tipo).data ?? []).map((e) => ({ value: e.est_id, label: e.est_nombre }));
}

/** Actions on an assignment line (tab 1, tab 2): its assignment, the item's history and returns. */
const lineaAcciones = (ctx: Ctx) => (l: LineaFila): RowAction[] => [
  { key: 'ver', label: 'Ver asignación', icon: <EyeOutlined />, onClick: () => ctx.abrir({ kind: 'ver', asiId: l.asi_id }) },
  { key: 'historial', label: 'Historial del ítem', icon: <HistoryOutlined />, onClick: () => ctx.abrir({ kind: 'historial', de: { titulo: `Historial de asignaciones: ${l.prv_nombre}`, pal_id: l.pal_id } }) },
  { key: 'devoluciones', label: 'Devoluciones', icon: <FileSearchOutlined />, onClick: () => ctx.abrir({ kind: 'devoluciones', de: { titulo: `Devoluciones de ${l.prv_nombre} (asignación N° ${l.asi_id})`, aid_id: l.aid_id } }) },
  {
    key: 'devolver', label: 'Registrar devolución', icon: <RollbackOutlined />,
    hidden: !ctx.puedeDevolver || l.est_id === 24 || Number(l.aid_saldo) <= 0,
    onClick: () => ctx.abrir({ kind: 'devolver', asiId: l.asi_id }),
  },
];

interface BusquedaFiltros {
  tipo: number;
  est_id: number | null;
  alm_id: number | null;
  emp_solicitante: number | null;
  rango: Rango;
}

/** Tab 0: assignments (type 1, the default) or returns (type 2), status 3 (live) by default (spec 2 §2, §9). */
function BusquedaTab({ comun, ctx }: { comun: Comun; ctx: Ctx }) {
  const list = useListParams<BusquedaFiltros>({ tipo: ASI_TIPO.ASIGNACION, est_id: ASI_ESTADO_DEFECTO, alm_id: null, emp_solicitante: null, rango: null });
  const { tipo, est_id, alm_id, emp_solicitante, rango: r, ...paging } = list.params;
  const consulta = { asignacion_items: { tipo: tipo as 1 | 2, est_id, alm_id, emp_solicitante, ...rangoFechas(r) } };
  const q = useBuscar({ ...consulta, ...paging });
  const tipos = useTipos().data ?? [];
  const estados = useEstadoOptions(tipo);
  const eliminarAsi = useEliminarAsignacion();
  const eliminarDev = useEliminarDevolucion();
  const devoluciones = tipo === ASI_TIPO.DEVOLUCION;

  const accionesAsignacion = (a: AsignacionFila): RowAction[] => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => ctx.abrir({ kind: 'ver', asiId: a.asi_id }) },
    {
      key: 'devolver', label: 'Registrar devolución', icon: <RollbackOutlined />,
      hidden: !ctx.puedeDevolver || a.est_id === 24 || Number(a.saldo) <= 0,
      onClick: () => ctx.abrir({ kind: 'devolver', asiId: a.asi_id }),
    },
    {
      key: 'historial', label: 'Historial del solicitante', icon: <HistoryOutlined />,
      onClick: () => ctx.abrir({ kind: 'historial', de: { titulo: `Historial de asignaciones: ${a.solicitante}`, emp_solicitante: a.emp_solicitante } }),
    },
    {
      key: 'eliminar', label: 'Eliminar', icon: <DeleteOutlined />, danger: true,
      hidden: !ctx.puedeAsignar || a.est_id === 24 || a.con_devoluciones,
      confirm: ASI_MSG.confirmarEliminar, confirmDetail: 'El stock asignado vuelve al almacén.',
      onClick: () => eliminarAsi.mutateAsync(a.asi_id).then((res) => toast.success(res.message)),
    },
  ];

  const accionesDevolucion = (d: DevolucionFila): RowAction[] => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => ctx.abrir({ kind: 'verDevolucion', deiId: d.dei_id }) },
    { key: 'asignacion', label: 'Ver asignación', icon: <FileSearchOutlined />, onClick: () => ctx.abrir({ kind: 'ver', asiId: d.asi_id }) },
    {
      key: 'eliminar', label: 'Eliminar', icon: <DeleteOutlined />, danger: true,
      hidden: !ctx.puedeDevolver || d.est_id === 24,
      confirm: ASI_MSG.confirmarEliminarDevolucion, confirmDetail: 'Lo devuelto sale otra vez del almacén y vuelve al saldo de la asignación.',
      onClick: () => eliminarDev.mutateAsync(d.dei_id).then((res) => toast.success(res.message)),
    },
  ];

  return (
    <ListPage<AsignacionFila & DevolucionFila>
      {...comun}
      filters={
        <>
          <FilterField label="Tipo">
            {(id) => (
              <Select<number>
                id={id}
                aria-label="Tipo"
                value={tipo}
                style={{ width: 150 }}
                options={tipos.map((t) => ({ value: t.id, label: t.nombre }))}
                onChange={(v) => list.setFilters({ tipo: v, est_id: ASI_ESTADO_DEFECTO })}
              />
            )}
          </FilterField>
          <SelectFilter<number> label="Estado" value={est_id} options={estados} onChange={(v) => list.setFilters({ est_id: v })} width={140} />
          <FilterField label="Almacén">
            {(id) => <WarehouseSelect id={id} aria-label="Almacén" value={alm_id ?? undefined} onChange={(v) => list.setFilters({ alm_id: v ?? null })} style={{ width: 260 }} />}
          </FilterField>
          <FilterField label="Solicitante">
            {(id) => <EmpleadoSelect id={id} aria-label="Solicitante" value={emp_solicitante} onChange={(v) => list.setFilters({ emp_solicitante: v })} style={{ width: 240 }} />}
          </FilterField>
          <DateRangeFilter label="Fecha" value={r} onChange={(v) => list.setFilters({ rango: v })} width={240} />
        </>
      }
      rowKey={devoluciones ? 'dei_id' : 'asi_id'}
      columns={(devoluciones ? DEVOLUCION_COLUMNAS : ASIGNACION_COLUMNAS) as unknown as TableColumnsType<AsignacionFila & DevolucionFila>}
      {...list.table(q)}
      exportar={{ ruta: '/asignacionItems/buscar', consulta, nombre: devoluciones ? 'devoluciones' : 'asignaciones' }}
      emptyText={devoluciones ? 'No se encontraron devoluciones' : 'No se encontraron asignaciones'}
      rowActions={(row) => (devoluciones ? accionesDevolucion(row) : accionesAsignacion(row))}
      rowName={(row) => (devoluciones ? `devolución N° ${row.dei_id}` : `asignación N° ${row.asi_id}`)}
      minWidth={1180}
      aria-label={devoluciones ? 'Devoluciones' : 'Asignaciones'}
    />
  );
}

interface ItemFiltros {
  prv_nombre: string;
  alm_id: number | null;
  est_id: number | null;
}

/** Tab 1: assignments per item (spec 2 §2), one line per product assigned, paged 10. */
function PorItemTab({ comun, ctx }: { comun: Comun; ctx: Ctx }) {
  const list = useListParams<ItemFiltros>({ prv_nombre: '', alm_id: null, est_id: ASI_ESTADO_DEFECTO });
  const { alm_id, est_id } = list.filters;
  const q = usePorItem({ asignacion_items_detalle: { ...list.filters, page: list.pageQuery } });
  const estados = useEstadoOptions(ASI_TIPO.ASIGNACION);
  return (
    <ListPage<LineaFila>
      {...comun}
      filters={
        <>
          <SearchFilter label="Producto" placeholder="Nombre del producto" onSearch={(t) => list.setFilters({ prv_nombre: t })} width={280} />
          <FilterField label="Almacén">
            {(id) => <WarehouseSelect id={id} aria-label="Almacén" value={alm_id ?? undefined} onChange={(v) => list.setFilters({ alm_id: v ?? null })} style={{ width: 260 }} />}
          </FilterField>
          <SelectFilter<number> label="Estado" value={est_id} options={estados} onChange={(v) => list.setFilters({ est_id: v })} width={140} />
        </>
      }
      rowKey="aid_id"
      columns={lineaColumnas()}
      {...list.table(q)}
      exportar={{ ruta: '/asignacionItems/buscarAsignacionesxItems', consulta: { asignacion_items_detalle: list.filters }, nombre: 'asignaciones-por-item' }}
      emptyText="No se encontraron asignaciones"
      rowActions={lineaAcciones(ctx)}
      rowName={(l) => `${l.prv_nombre} de la asignación N° ${l.asi_id}`}
      minWidth={1180}
      aria-label="Asignaciones por ítem"
    />
  );
}

/**
 * Tab 2 (the spec's tab without an action): the history by requester, what a user of this screen
 * looks for next: everything assigned to one employee, with balances and por devolver.
 */
function SolicitanteTab({ comun, ctx }: { comun: Comun; ctx: Ctx }) {
  const list = useListParams<{ emp_solicitante: number | null; est_id: number | null }>({ emp_solicitante: null, est_id: null });
  const { emp_solicitante, est_id } = list.filters;
  const q = usePorItem(emp_solicitante ? { asignacion_items_detalle: { ...list.filters, emp_solicitante, page: list.pageQuery } } : null);
  const estados = useEstadoOptions(ASI_TIPO.ASIGNACION);
  return (
    <ListPage<LineaFila>
      {...comun}
      filters={
        <>
          <FilterField label="Solicitante">
            {(id) => <EmpleadoSelect id={id} aria-label="Solicitante" value={emp_solicitante} onChange={(v) => list.setFilters({ emp_solicitante: v })} style={{ width: 320 }} />}
          </FilterField>
          <SelectFilter<number> label="Estado" value={est_id} options={estados} onChange={(v) => list.setFilters({ est_id: v })} width={140} />
        </>
      }
      rowKey="aid_id"
      columns={lineaColumnas(false)}
      {...list.table(q)}
      exportar={emp_solicitante ? { ruta: '/asignacionItems/buscarAsignacionesxItems', consulta: { asignacion_items_detalle: { ...list.filters, emp_solicitante } }, nombre: 'asignaciones-solicitante' } : undefined}
      rows={emp_solicitante ? q.data?.data : []}
      emptyText={emp_solicitante ? 'El solicitante no tiene asignaciones' : 'Seleccione un solicitante para ver su historial'}
      rowActions={lineaAcciones(ctx)}
      rowName={(l) => `${l.prv_nombre} de la asignación N° ${l.asi_id}`}
      minWidth={1100}
      aria-label="Historial por solicitante"
    />
  );
}

/**
 * Assignments and returns `/asignaciones` (spec 2 §2): three tabs (search, assignments per item,
 * history by requester), register buttons only with their option codes (none for VISUALIZADOR),
 * and the popups.
 */
export function AsignacionPage() {
  const [tab, setTab] = useState('0');
  const [popup, setPopup] = useState<Popup>(null);
  const puedeAsignar = useHasOption('registrar_asignacion');
  const puedeDevolver = useHasOption('registrar_devolucion');
  const session = useSession();
  const sinProyecto = session?.usu_nivel !== 1 && session?.pry_id == null;
  const ctx: Ctx = { abrir: setPopup, puedeAsignar, puedeDevolver };
  const cerrar = () => setPopup(null);

  const comun: Comun = {
    title: TITLE,
    actions: puedeAsignar && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => (sinProyecto ? toast.error(ASI_MSG.sinProyecto) : setPopup({ kind: 'registrar' }))}>
        Registrar asignación
      </Button>
    ),
    tabs: (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: '0', label: 'Asignaciones y devoluciones' },
          { key: '1', label: 'Asignaciones por ítem' },
          { key: '2', label: 'Historial por solicitante' },
        ]}
      />
    ),
    children: (
      <>
        {popup?.kind === 'registrar' && <AsignacionModal onClose={cerrar} />}
        {popup?.kind === 'ver' && (
          <VerAsignacionModal
            asiId={popup.asiId}
            onDevolver={puedeDevolver ? () => setPopup({ kind: 'devolver', asiId: popup.asiId }) : undefined}
            onClose={cerrar}
          />
        )}
        {popup?.kind === 'devolver' && <DevolucionModal asiId={popup.asiId} onClose={cerrar} />}
        {popup?.kind === 'verDevolucion' && <VerDevolucionModal deiId={popup.deiId} onClose={cerrar} />}
        {popup?.kind === 'historial' && <HistorialModal de={popup.de} onClose={cerrar} />}
        {popup?.kind === 'devoluciones' && <DevolucionesItemModal de={popup.de} onClose={cerrar} />}
      </>
    ),
  };

  if (tab === '1') return <PorItemTab comun={comun} ctx={ctx} />;
  if (tab === '2') return <SolicitanteTab comun={comun} ctx={ctx} />;
  return <BusquedaTab comun={comun} ctx={ctx} />;
}
