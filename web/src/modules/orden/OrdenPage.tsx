import { CheckSquareOutlined, DollarOutlined, PlusOutlined, ShoppingCartOutlined, UploadOutlined } from '@ant-design/icons';
import { TIPO_ORDEN, isReadOnly, limaYear, type OrdenListRow } from '@obra/domain';
import { Button, Flex, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useLookups } from '../../base/lookups';
import { useHasOption, useRoleIds } from '../../base/session';
import { fitColumn, textColumn } from '../../ui/CellText';
import { FilterField } from '../../ui/FilterField';
import { ListPage } from '../../ui/ListPage';
import { formatDate, formatMoney } from '../../ui/format';
import { RowActions } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { useOrdenes, type OrdenFiltros } from './api';
import { useOrdenRowActions } from './OrdenMasAcciones';
import { OrdenReporteBotones } from './OrdenReporteBotones';
import { exportarComo } from '../../ui/exportar';

/** Order types (spec 1 §9); 0 is "any" for the list call, 'Todos' in the filter. */
const TIPO_OPTIONS = [
  { value: TIPO_ORDEN.COMPRA, label: 'Compra' },
  { value: TIPO_ORDEN.SERVICIO, label: 'Servicio' },
];
/** Years offered in the filter: the current Lima year and the previous ones. */
const YEARS_BACK = 6;

const EMPTY_TEXT = 'No se encontraron Órdenes';

/**
 * Widths fit every column at 1366 px (1300 px of table beside a scrollbar): the code, date and
 * amount on one line; people, supplier, cost centre and reference on up to two lines, then cut
 * with '…' and shown whole on hover (the supplier on up to three). The code, reference, state and
 * condition are as wide as their texts on the page (up to their width): the supplier takes the rest.
 */
const COLUMNS: TableColumnsType<OrdenListRow> = [
  { title: 'N°', dataIndex: 'id_orden', width: 48, align: 'right' },
  textColumn<OrdenListRow>('Código', 'codigo', { width: 210 }),
  { title: 'Fecha', dataIndex: 'fecha_orden', width: 90, render: (d: string) => formatDate(d) },
  textColumn<OrdenListRow>('Creado por', 'creado_por', { width: 104, rows: 2 }),
  // The key column: up to three lines, so a long name stays whole when a page's states and references are long too.
  textColumn<OrdenListRow>('Proveedor', 'proveedor', { rows: 3 }),
  textColumn<OrdenListRow>('Centro de costo', 'centro_costo', { width: 128, rows: 2 }),
  textColumn<OrdenListRow>('Referencia', 'referencia', { width: 130, rows: 2 }),
  exportarComo({
    title: 'Total',
    dataIndex: 'monto_con_impuesto',
    align: 'right',
    width: 112,
    render: (monto: string, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(o.mon_simbolo, monto)}</span>,
  }, { tipo: 'money' }),
  fitColumn<OrdenListRow>(
    {
      title: 'Estado',
      dataIndex: 'estado',
      width: 150,
      render: (estado: string, o) => <StatusTag text={estado} color={o.estado_styles || 'default'} />,
    },
    { text: (o) => o.estado, tag: true },
  ),
  textColumn<OrdenListRow>('Condición', 'condicion_comercial', { width: 110 }),
];
/** The table's width at 1366 px; below it the table scrolls sideways. */
const MIN_WIDTH = 1300;

/**
 * Spec 1 §2.9 /orden: purchase and service orders of one year, filtered and paged on the server.
 * Row actions: Ver, Editar (when the server flags the order editable) and the rest in one menu
 * under the visibility rules of §2.9. VISUALIZADOR sees no change.
 */
export function OrdenPage() {
  const currentYear = limaYear();
  const list = useListParams<OrdenFiltros>({ tipo: 0, status: 0, coc_id: 0, year: currentYear, search: '', conciliacion: false }, { url: true });
  const ordenes = useOrdenes(list.params);
  const opciones = useLookups('orden_estados', 'condiciones_comerciales');
  const rowActions = useOrdenRowActions();

  const estadoOptions = (opciones.data?.orden_estados ?? []).map((e) => ({ value: e.ore_id, label: e.ore_descripcion }));
  const condicionOptions = (opciones.data?.condiciones_comerciales ?? []).map((c) => ({ value: c.coc_id, label: c.coc_descripcion }));
  const yearOptions = Array.from({ length: YEARS_BACK }, (_, i) => ({ value: currentYear - i, label: String(currentYear - i) }));

  const columns: TableColumnsType<OrdenListRow> = [
    ...COLUMNS,
    {
      title: 'Acciones',
      key: 'acciones',
      fixed: 'right',
      width: 116,
      // Ver and Editar always in the first two places and the rest always in the menu, so the icons line up down the column.
      render: (_, o) => {
        const actions = rowActions(o);
        const editable = actions.some((a) => a.key === 'editar' && !a.hidden);
        return <RowActions name={o.codigo} actions={actions} inline={editable ? 2 : 1} keepMenu />;
      },
    },
  ];

  return (
    <ListPage<OrdenListRow>
      title="Órdenes de Compra y Servicio"
      actions={<OrdenToolbar />}
      filters={
        <>
          <SelectFilter<number> label="Tipo" value={list.filters.tipo || null} options={TIPO_OPTIONS} onChange={(tipo) => list.setFilters({ tipo: tipo ?? 0 })} width={120} />
          <SelectFilter<number>
            label="Estado"
            value={list.filters.status || null}
            options={estadoOptions}
            onChange={(status) => list.setFilters({ status: status ?? 0 })}
            width={190}
          />
          <SelectFilter<number>
            label="Condición"
            allLabel="Todas"
            value={list.filters.coc_id || null}
            options={condicionOptions}
            onChange={(coc_id) => list.setFilters({ coc_id: coc_id ?? 0 })}
            width={150}
          />
          <FilterField label="Año">
            {(id) => (
              <Select<number>
                id={id}
                aria-label="Año"
                options={yearOptions}
                value={list.filters.year}
                onChange={(year) => list.setFilters({ year })}
                disabled={list.filters.conciliacion}
                style={{ width: 96 }}
              />
            )}
          </FilterField>
          {list.filters.conciliacion && (
            <FilterField label="Conciliación">
              {() => (
                <Tooltip title="Órdenes de todos los años con diferencias entre lo pedido, lo recibido y lo facturado">
                  <Tag closable color="warning" style={{ height: 32, display: 'inline-flex', alignItems: 'center' }}
                    onClose={() => list.setFilters({ conciliacion: false })}>
                    Con diferencias
                  </Tag>
                </Tooltip>
              )}
            </FilterField>
          )}
          <SearchFilter placeholder="Código o referencia" onSearch={(search) => list.setFilters({ search })} />
        </>
      }
      rowKey="id_orden"
      columns={columns}
      {...list.table(ordenes)}
      exportar={{ ruta: '/orden/get-orden-list', consulta: list.params, nombre: 'ordenes' }}
      emptyText={EMPTY_TEXT}
      minWidth={MIN_WIDTH}
    />
  );
}

/**
 * The list's toolbar. What every role may use (reports, prices) sits right after the title; what
 * depends on the role sits at the right, Nuevo last. Buttons a role cannot use are left out
 * (as in ListPage), and neither group moves when the other loses one.
 */
function OrdenToolbar() {
  const navigate = useNavigate();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const apruebaGerencia = useHasOption('aprobar_orden_compra');
  const apruebaContabilidad = useHasOption('aprobar_orden_compra_contable');
  const aprueba = apruebaGerencia || apruebaContabilidad;
  return (
    <Flex flex={1} justify="space-between" gap={8} wrap>
      <Flex gap={8} wrap>
        <OrdenReporteBotones />
        <Button icon={<DollarOutlined />} onClick={() => void navigate('/search')}>
          Precios
        </Button>
        <Tooltip title="Productos bajo su stock mínimo, para pedirlos en una orden">
          <Button icon={<ShoppingCartOutlined />} onClick={() => void navigate('/renovate')}>Reposición</Button>
        </Tooltip>
      </Flex>
      {/* At the right, also when the toolbar takes two lines (the administrator's at 1366 px). */}
      <Flex gap={8} wrap style={{ marginLeft: 'auto' }}>
        {aprueba && (
          <Button icon={<CheckSquareOutlined />} onClick={() => void navigate('/orden/approve')}>
            Pendientes de aprobación
          </Button>
        )}
        {!readOnly && (
          <Button icon={<UploadOutlined />} onClick={() => void navigate('/orden/massive')}>
            Carga masiva
          </Button>
        )}
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/orden/new')}>
            Nuevo
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
