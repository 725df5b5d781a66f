import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { isReadOnly, limaDate, type CajEstado, type CajaFila } from '@obra/domain';
import { Button, Flex, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useRoleIds } from '../../base/session';
import { fitColumn, textColumn } from '../../ui/CellText';
import { DateRangeFilter, rangoFechas, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { RowActions, rowActionsWidth } from '../../ui/RowActions';
import { SearchInput } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useCajaDatos, useCajas, type CajaFiltros } from './api';
import { useCajaAcciones } from './CajaAcciones';
import { useCajaMensaje } from './CajaMensaje';
import { CajaReportes } from './CajaReportes';
import { exportarComo } from '../../ui/exportar';

/** Days back of the default range (spec 2 §9: the last 7 days, Lima dates). */
const DIAS_POR_DEFECTO = 7;

/** Widths fit every column at 1366 px: code, amount, status and date on one line; names and title on up to two lines, then cut with '…'. */
const COLUMNS: TableColumnsType<CajaFila> = [
  { title: 'Código', dataIndex: 'caj_codigo', width: 150 },
  textColumn<CajaFila>('Tipo', 'tca_nombre', { width: 120, rows: 2 }),
  exportarComo(textColumn<CajaFila>('Centro de costo', 'cec_codigo', { width: 210, rows: 2, text: (r) => `${r.cec_codigo} - ${r.cec_descripcion}` }), { campo: ['cec_codigo', 'cec_descripcion'], separador: ' - ' }),
  textColumn<CajaFila>('Título', 'caj_titulo', { rows: 2 }),
  exportarComo({
    title: 'Monto',
    dataIndex: 'caj_monto_text',
    width: 110,
    align: 'right',
    render: (t: string) => <span style={{ whiteSpace: 'nowrap' }}>{t}</span>,
  }, { campo: 'caj_monto', tipo: 'money' }),
  textColumn<CajaFila>('Solicitante', 'usu_solicitante_nombre', { width: 150, rows: 2 }),
  fitColumn<CajaFila>(
    { title: 'Estado', dataIndex: 'est_descripcion', width: 190, render: (t: string, r) => <StatusTag text={t} color={r.est_styles || 'default'} /> },
    { text: (r) => r.est_descripcion, tag: true },
  ),
  { title: 'Fecha registro', dataIndex: 'caj_fecha_registro', width: 120, render: (d: string) => formatDate(d) },
];

interface Filtros extends Omit<CajaFiltros, 'fecha_inicio' | 'fecha_fin'> {
  rango: Rango;
}

/**
 * Spec 2 §2 "Petty cash list" (/caja): the caller's cash boxes, registered in the last 7 days by
 * default, filtered and paged 10 at a time on the server; each row's options are those its
 * `caj_opciones` flags allow; both reports take the filter on screen.
 */
export function CajaPage() {
  const navigate = useNavigate();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const hoy = dayjs(limaDate());
  const list = useListParams<Filtros>({
    caj_codigo: null, caj_estado: null, cec_id: null, tca_id: null, caj_titulo: null, rango: [hoy.subtract(DIAS_POR_DEFECTO, 'day'), hoy],
  }, { url: true });
  const { rango, ...resto } = list.filters;
  const filtros: CajaFiltros = { ...resto, ...rangoFechas(rango) };
  const cajas = useCajas(filtros, list.pageQuery);
  const datos = useCajaDatos().data;
  const acciones = useCajaAcciones();
  useCajaMensaje();

  const estados = (datos?.estados ?? []).map((e) => ({ value: e.edo_codigo as CajEstado, label: e.edo_nombre }));
  const tipos = (datos?.tipos_caja ?? []).map((t) => ({ value: t.tca_id, label: t.tca_nombre }));
  const centros = (datos?.centros_costo ?? []).map((c) => ({ value: c.cec_id, label: `${c.cec_codigo} - ${c.cec_descripcion}` }));

  const masAcciones = Math.max(1, ...(cajas.data?.data ?? []).map((r) => acciones.filaAcciones(r).filter((a) => !a.hidden).length));
  const columns: TableColumnsType<CajaFila> = [
    ...COLUMNS,
    {
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      fixed: 'right',
      width: Math.max(96, rowActionsWidth(masAcciones)),
      render: (_, r) => <RowActions name={r.caj_codigo} actions={acciones.filaAcciones(r)} />,
    },
  ];

  return (
    <ListPage<CajaFila>
      title="Caja chica"
      actions={
        <Flex gap={8} align="center" wrap>
          <CajaReportes filtros={filtros} />
          {!readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/caja/new')}>
              Nueva caja
            </Button>
          )}
        </Flex>
      }
      filters={
        <>
          <FilterField label="Código">
            {(id) => <SearchInput id={id} label="Código" placeholder="CAJ-..." width={150} onSearch={(v) => list.setFilters({ caj_codigo: v || null })} />}
          </FilterField>
          <SelectFilter<CajEstado> label="Estado" value={list.filters.caj_estado} options={estados} onChange={(v) => list.setFilters({ caj_estado: v })} width={190} />
          <FilterField label="Centro de costo">
            {(id) => (
              <Select<number>
                id={id}
                aria-label="Centro de costo"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Todos"
                options={centros}
                value={list.filters.cec_id ?? undefined}
                onChange={(v) => list.setFilters({ cec_id: v ?? null })}
                style={{ width: 190 }}
                popupMatchSelectWidth={320}
              />
            )}
          </FilterField>
          <DateRangeFilter label="Fecha de registro" value={rango} onChange={(v) => list.setFilters({ rango: v })} width={230} />
          <SelectFilter<number> label="Tipo de caja" value={list.filters.tca_id} options={tipos} onChange={(v) => list.setFilters({ tca_id: v })} width={130} />
          <FilterField label="Título">
            {(id) => <SearchInput id={id} label="Título" placeholder="Título" width={160} onSearch={(v) => list.setFilters({ caj_titulo: v || null })} />}
          </FilterField>
          <Button icon={<SearchOutlined />} loading={cajas.isFetching} onClick={() => void cajas.refetch()}>
            Buscar
          </Button>
        </>
      }
      rowKey="caj_id"
      columns={columns}
      {...list.table(cajas)}
      exportar={{ ruta: '/caja/buscar', consulta: { caja: filtros }, nombre: 'cajas' }}
      emptyText="No se encontraron cajas"
      minWidth={1250}
    >
      {acciones.popups}
    </ListPage>
  );
}
