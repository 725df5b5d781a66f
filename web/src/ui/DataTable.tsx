import { PAGE_SIZE } from '@obra/domain';
import { Button, Empty, Flex, Table, type TableProps } from 'antd';
import { ExportarBoton, type ListaExportable } from './exportar';
import { useFittedColumns } from './fitColumns';

/** 10000 → "10 000" (a no-break space between thousands, as the count is read). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

export interface DataTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'locale'> {
  /** The current page's rows; undefined until the first answer arrives. */
  rows: readonly T[] | undefined;
  total: number | undefined;
  /** false: `total` is a lower bound (the count stopped at 10 000): shown as "más de 10 000". */
  totalExacto?: boolean;
  /** Asks for the exact figure ('Contar todos'), offered when the total is not exact. */
  onContarTodos?: () => void;
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  /** Shown when the list is empty, e.g. 'No se encontraron Usuarios'. */
  emptyText: string;
  /** The list's call with its current filters: 'Exportar' above the table's right end (ui/exportar.tsx); ListPage shows it in its filter bar instead. */
  exportar?: ListaExportable;
  /** The sheet's name of the export. */
  exportarHoja?: string;
}

/** A server-paged table: 10 rows a page (spec 1 §9), Spanish empty text, no flash while loading. */
export function DataTable<T extends object>({ rows, total, totalExacto = true, onContarTodos, page, onPageChange, loading, emptyText, exportar, exportarHoja, ...table }: DataTableProps<T>) {
  // Text columns of a fixed width shrink to their longest text of the page (textColumn).
  const size = table.size ?? 'middle';
  const columns = useFittedColumns(table.columns, rows, size);
  const tabla = (
    <Table<T>
      size={size}
      scroll={{ x: 'max-content' }}
      {...table}
      columns={columns}
      dataSource={rows}
      // The rows dim while the next answer loads; the spinner is the shell's overlay (a second
      // one here would sit under it). The delay keeps fast answers from flickering.
      loading={{ spinning: loading, delay: 300, indicator: <span /> }}
      // Before the first answer the table is simply blank, not "nothing found".
      locale={{ emptyText: rows ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : <span /> }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: total ?? 0,
        onChange: onPageChange,
        showSizeChanger: false,
        showTotal: (count, [from, to]) =>
          totalExacto ? `${from}-${to} de ${count}` : (
            <>
              {`${from}-${to} de más de ${thousands(count - 1)}`}
              {onContarTodos && <Button type="link" size="small" onClick={onContarTodos}>Contar todos</Button>}
            </>
          ),
      }}
    />
  );
  if (!exportar) return tabla;
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <ExportarBoton exportar={exportar} columns={table.columns ?? []} rows={rows} hoja={exportarHoja} />
      </Flex>
      {tabla}
    </>
  );
}
