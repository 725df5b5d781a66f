import { PRECIO_MSG, type PrecioItemRow } from '@obra/domain';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { DataTable } from '../../ui/DataTable';
import { formatDate, formatDecimal, formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { SearchInput } from '../../ui/SearchInput';
import { useListParams } from '../../ui/useListParams';
import { usePageClamp } from '../../ui/usePageClamp';
import { usePrecios } from './precios-api';

const columns: TableColumnsType<PrecioItemRow> = [
  { title: 'Descripción', dataIndex: 'descripcion', width: 280, ellipsis: { showTitle: true } },
  { title: 'Marca', dataIndex: 'marca', width: 130, ellipsis: { showTitle: true }, render: (m: string | null) => m ?? '-' },
  { title: 'UND', dataIndex: 'unidad', width: 70 },
  { title: 'Cant.', dataIndex: 'cantidad', width: 80, align: 'right', render: (c: string) => formatDecimal(c) },
  {
    title: 'P.U.',
    dataIndex: 'precio_unitario',
    width: 130,
    align: 'right',
    render: (p: string, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.moneda, p)}</span>,
  },
  { title: 'Fecha', dataIndex: 'fecha_orden', width: 100, render: (d: string) => formatDate(d) },
  {
    title: 'Proveedor',
    dataIndex: 'proveedor',
    width: 220,
    ellipsis: { showTitle: true },
    render: (p: string, r) => (
      <Flex vertical>
        <span>{p}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          RUC {r.ruc}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Orden',
    dataIndex: 'codigo',
    width: 210,
    render: (codigo: string, r) => (
      <Flex vertical>
        <Link to={`/orden/view/${r.id_orden}`} style={{ whiteSpace: 'nowrap' }}>
          {codigo}
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.estado}
        </Typography.Text>
      </Flex>
    ),
  },
];

/**
 * Spec 1 §2.12 /search: prices of past order items, searched by description (ignoring case and
 * accents) and paged on the server, newest order first; cancelled orders are left out.
 */
export function PrecioSearchPage() {
  const list = useListParams({ search: '' });
  const precios = usePrecios(list.params);
  usePageClamp(list.page, precios.data?.data, precios.data?.total, list.setPage);

  return (
    <>
      <PageHeader title="Búsqueda de precios" />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput label="Buscar precios" placeholder="Buscar por descripción del ítem" onSearch={(search) => list.setFilters({ search })} />
      </Flex>
      <DataTable<PrecioItemRow>
        rowKey="id_orden_item"
        columns={columns}
        rows={precios.data?.data}
        total={precios.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={precios.isFetching}
        emptyText={PRECIO_MSG.empty}
        tableLayout="fixed"
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
      />
    </>
  );
}
