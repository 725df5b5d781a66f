import { PRECIO_MSG, type PrecioItemRow } from '@obra/domain';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { CellText, textColumn } from '../../ui/CellText';
import { formatDate, formatDecimal, formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchInput';
import { useListParams } from '../../ui/useListParams';
import { usePrecios } from './precios-api';
import { exportarComo } from '../../ui/exportar';

const secondary = { fontSize: 12 } as const;

/**
 * Widths fit the list at 1366 px: amounts, date and order code whole; the description and the
 * supplier share the rest, cut with '…' and shown whole on hover.
 */
const columns: TableColumnsType<PrecioItemRow> = [
  textColumn<PrecioItemRow>('Descripción', 'descripcion'),
  textColumn<PrecioItemRow>('Marca', 'marca', { width: 150 }),
  { title: 'UND', dataIndex: 'unidad', width: 64 },
  { title: 'Cant.', dataIndex: 'cantidad', width: 72, align: 'right', render: (c: string) => formatDecimal(c) },
  exportarComo({
    title: 'P.U.',
    dataIndex: 'precio_unitario',
    width: 112,
    align: 'right',
    render: (p: string, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.moneda, p)}</span>,
  }, { tipo: 'money' }),
  { title: 'Fecha', dataIndex: 'fecha_orden', width: 92, render: (d: string) => formatDate(d) },
  {
    title: 'Proveedor',
    dataIndex: 'proveedor',
    ellipsis: { showTitle: false },
    render: (p: string, r) => (
      <Flex vertical>
        <CellText text={p} />
        <Typography.Text type="secondary" style={secondary}>
          RUC {r.ruc}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Orden',
    dataIndex: 'codigo',
    width: 200,
    render: (codigo: string, r) => (
      <Flex vertical>
        {/* A long cost-centre code can outgrow the column: cut like any cell text. */}
        <Typography.Text ellipsis={{ tooltip: { title: codigo, placement: 'topLeft' } }}>
          <Link to={`/orden/view/${r.id_orden}`}>{codigo}</Link>
        </Typography.Text>
        <Typography.Text type="secondary" style={secondary}>
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

  return (
    <ListPage<PrecioItemRow>
      title="Búsqueda de precios"
      filters={<SearchFilter placeholder="Buscar por descripción del ítem" onSearch={(search) => list.setFilters({ search })} />}
      rowKey="id_orden_item"
      columns={columns}
      {...list.table(precios)}
      exportar={{ ruta: '/orden/item/search', consulta: list.params, nombre: 'precios' }}
      emptyText={PRECIO_MSG.empty}
      minWidth={1280}
    />
  );
}
