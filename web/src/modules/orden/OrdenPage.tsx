import { CheckSquareOutlined, DollarOutlined, EditOutlined, EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { TIPO_ORDEN, isReadOnly, limaYear, type OrdenListRow } from '@obra/domain';
import { Button, Flex, Select, Tooltip, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useLookups } from '../../app/lookups';
import { useHasOption, useRoleIds } from '../../app/session';
import { DataTable } from '../../ui/DataTable';
import { formatDate, formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { StatusTag } from '../../ui/StatusTag';
import { useListParams } from '../../ui/useListParams';
import { usePageClamp } from '../../ui/usePageClamp';
import { useOrdenes, type OrdenFiltros } from './api';
import { OrdenMasAcciones } from './OrdenMasAcciones';
import { OrdenReporteBotones } from './OrdenReporteBotones';

/** Order types (spec 1 §9); 0 is "any" for the list call. */
const TIPO_OPTIONS = [
  { value: 0, label: 'Todos' },
  { value: TIPO_ORDEN.COMPRA, label: 'Compra' },
  { value: TIPO_ORDEN.SERVICIO, label: 'Servicio' },
];
/** Years offered in the filter: the current Lima year and the previous ones. */
const YEARS_BACK = 6;

const EMPTY_TEXT = 'No se encontraron Órdenes';

/**
 * Spec 1 §2.9 /orden: purchase and service orders of one year, filtered and paged on the server.
 * Row actions: Ver, Editar (when the server flags the order editable) and the rest in a menu with
 * the visibility rules of §2.9 (OrdenMasAcciones). VISUALIZADOR sees no change.
 */
export function OrdenPage() {
  const navigate = useNavigate();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const apruebaGerencia = useHasOption('aprobar_orden_compra');
  const apruebaContabilidad = useHasOption('aprobar_orden_compra_contable');
  const aprueba = apruebaGerencia || apruebaContabilidad;
  const currentYear = limaYear();
  const list = useListParams<OrdenFiltros>({ tipo: 0, status: 0, coc_id: 0, year: currentYear, search: '' });
  const ordenes = useOrdenes(list.params);
  const opciones = useLookups('orden_estados', 'condiciones_comerciales');
  usePageClamp(list.page, ordenes.data?.data, ordenes.data?.total, list.setPage);

  const estadoOptions = [
    { value: 0, label: 'Todos los estados' },
    ...(opciones.data?.orden_estados ?? []).map((e) => ({ value: e.ore_id, label: e.ore_descripcion })),
  ];
  const condicionOptions = [
    { value: 0, label: 'Todas las condiciones' },
    ...(opciones.data?.condiciones_comerciales ?? []).map((c) => ({ value: c.coc_id, label: c.coc_descripcion })),
  ];
  const yearOptions = Array.from({ length: YEARS_BACK }, (_, i) => ({ value: currentYear - i, label: String(currentYear - i) }));

  // Widths keep every column on a 1280 px screen: the code on one line, long names end in '…' (whole on hover).
  const columns: TableColumnsType<OrdenListRow> = [
    { title: 'N°', dataIndex: 'id_orden', width: 55, align: 'right' },
    { title: 'Código', dataIndex: 'codigo', width: 200, render: (c: string) => <span style={{ whiteSpace: 'nowrap' }}>{c}</span> },
    { title: 'Fecha', dataIndex: 'fecha_orden', width: 95, render: (d: string) => formatDate(d) },
    { title: 'Creado por', dataIndex: 'creado_por', width: 115, ellipsis: { showTitle: true } },
    { title: 'Proveedor', dataIndex: 'proveedor', width: 160, ellipsis: { showTitle: true } },
    { title: 'Centro de Costo', dataIndex: 'centro_costo', width: 115, ellipsis: { showTitle: true } },
    {
      title: 'Total',
      dataIndex: 'monto_con_impuesto',
      align: 'right',
      width: 115,
      render: (monto: string, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(o.mon_simbolo, monto)}</span>,
    },
    {
      title: 'Estado',
      dataIndex: 'estado',
      width: 140,
      render: (estado: string, o) => <StatusTag text={estado} color={o.estado_styles || 'default'} />,
    },
    { title: 'Condición', dataIndex: 'condicion_comercial', width: 105, ellipsis: { showTitle: true } },
    {
      title: 'Opciones',
      key: 'opciones',
      align: 'center',
      fixed: 'right',
      width: 110,
      render: (_, o) => (
        <Flex gap={2} justify="center">
          <Tooltip title="Ver">
            <Button type="text" icon={<EyeOutlined />} aria-label={`Ver ${o.codigo}`} onClick={() => void navigate(`/orden/view/${o.id_orden}`)} />
          </Tooltip>
          {o.es_editable && !readOnly && (
            <Tooltip title="Editar">
              <Button type="text" icon={<EditOutlined />} aria-label={`Editar ${o.codigo}`} onClick={() => void navigate(`/orden/edit/${o.id_orden}`)} />
            </Tooltip>
          )}
          <OrdenMasAcciones orden={o} />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Órdenes de Compra y Servicio"
        extra={
          <Flex gap={8} wrap>
            <OrdenReporteBotones />
            <Button icon={<DollarOutlined />} onClick={() => void navigate('/search')}>
              Precios
            </Button>
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
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<number>
          aria-label="Tipo de orden"
          options={TIPO_OPTIONS}
          value={list.filters.tipo}
          onChange={(tipo) => list.setFilters({ tipo })}
          style={{ width: 130 }}
        />
        <Select<number>
          aria-label="Estado"
          options={estadoOptions}
          value={list.filters.status}
          onChange={(status) => list.setFilters({ status })}
          style={{ width: 210 }}
        />
        <Select<number>
          aria-label="Condición comercial"
          options={condicionOptions}
          value={list.filters.coc_id}
          onChange={(coc_id) => list.setFilters({ coc_id })}
          style={{ width: 210 }}
        />
        <Select<number>
          aria-label="Año"
          options={yearOptions}
          value={list.filters.year}
          onChange={(year) => list.setFilters({ year })}
          style={{ width: 100 }}
        />
        <SearchInput placeholder="Buscar por código o referencia" onSearch={(search) => list.setFilters({ search })} />
      </Flex>
      <DataTable<OrdenListRow>
        rowKey="id_orden"
        columns={columns}
        rows={ordenes.data?.data}
        total={ordenes.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={ordenes.isFetching}
        emptyText={EMPTY_TEXT}
        tableLayout="fixed"
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
      />
    </>
  );
}
