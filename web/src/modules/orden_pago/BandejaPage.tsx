import { OPG, opgBandejaEstado, opgEstadoNombre, type OpgEstado, type OrdenPagoRow } from '@obra/domain';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useAccessProfile } from '../../base/session';
import { CellText, textColumn } from '../../ui/CellText';
import { DateRangeFilter, rangoFechas, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { ProveedorSelect } from '../../ui/ProveedorSelect';
import { SelectFilter } from '../../ui/SelectFilter';
import { useListParams } from '../../ui/useListParams';
import { useBandejaOrdenesPago } from './api';
import { depositoColumna, estadoColumna, montoColumna } from './columnas';
import { useOrdenPagoAcciones } from './useOrdenPagoAcciones';

const ESTADO_OPTIONS = Object.values(OPG).map((codigo) => ({ value: codigo, label: opgEstadoNombre(codigo) }));

/**
 * Widths that fit at 1366 px (1318 px of table) with three action icons and the menu: the code,
 * amounts, dates and state whole; the supplier and the people cut with '…' and whole on hover.
 */
const COLUMNS: TableColumnsType<OrdenPagoRow> = [
  { title: 'N°', dataIndex: 'opg_numero', width: 48, align: 'center' },
  {
    title: 'Orden',
    dataIndex: 'ord_codigo',
    width: 196,
    ellipsis: { showTitle: false },
    render: (codigo: string, r) => (
      <Link to={`/orden/view/${r.ord_id}`} aria-label={`Orden ${codigo}`}>
        <CellText text={codigo} />
      </Link>
    ),
  },
  textColumn<OrdenPagoRow>('Proveedor', 'pve_razon_social'),
  estadoColumna,
  montoColumna('Total', 'opg_total'),
  montoColumna('Pago', 'opg_pago'),
  { title: 'Registro', dataIndex: 'opg_fecha_registro', width: 96, render: (d: string) => formatDate(d) },
  textColumn<OrdenPagoRow>('Registrado por', 'opg_creador_nombre', { width: 124 }),
  depositoColumna,
];
const MIN_WIDTH = 1180;

interface Filtros {
  estado: OpgEstado | null;
  pve_id: number | null;
  rango: Rango;
}

/**
 * The payment-order inbox `/ordenPago` (issue 9): payment orders across purchase orders, opened on
 * what waits for the caller (por aprobar for approvers, aprobadas for treasury, all for the rest),
 * filtered by state, supplier and registration dates, with the per-order screen's actions.
 */
export function BandejaPage() {
  const perfil = useAccessProfile();
  const list = useListParams<Filtros>({ estado: opgBandejaEstado(perfil), pve_id: null, rango: null }, { url: true });
  const { estado, pve_id, rango } = list.filters;
  const consulta = { orden_pago: { estado, pve_id, ...rangoFechas(rango) } };
  const bandeja = useBandejaOrdenesPago({
    ...consulta,
    start: list.params.start,
    length: list.params.length,
  });
  const { acciones, popups } = useOrdenPagoAcciones();

  return (
    <ListPage<OrdenPagoRow>
      title="Órdenes de Pago"
      filters={
        <>
          <SelectFilter<OpgEstado> label="Estado" value={estado} options={ESTADO_OPTIONS} onChange={(v) => list.setFilters({ estado: v })} width={150} />
          <FilterField label="Proveedor">
            {(id) => <ProveedorSelect id={id} value={pve_id} onChange={(v) => list.setFilters({ pve_id: v })} style={{ width: 360 }} />}
          </FilterField>
          <DateRangeFilter label="Fecha de registro" value={rango} onChange={(v) => list.setFilters({ rango: v })} />
        </>
      }
      rowKey="opg_id"
      columns={COLUMNS}
      {...list.table(bandeja)}
      exportar={{ ruta: '/ordenPago/bandeja', consulta, nombre: 'ordenes-pago' }}
      emptyText="No se encontraron órdenes de pago"
      rowActions={acciones}
      rowName={(r) => `N° ${r.opg_numero} ${r.ord_codigo}`}
      minWidth={MIN_WIDTH}
      aria-label="Bandeja de órdenes de pago"
    >
      {popups}
    </ListPage>
  );
}
