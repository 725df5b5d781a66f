import { PAGE_SIZE } from '@obra/domain';
import { Empty, Table, type TableProps } from 'antd';

export interface DataTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'locale'> {
  /** The current page's rows; undefined until the first answer arrives. */
  rows: readonly T[] | undefined;
  total: number | undefined;
  page: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  /** Shown when the list is empty, e.g. 'No se encontraron Usuarios'. */
  emptyText: string;
}

/** A server-paged table: 10 rows a page (spec 1 §9), Spanish empty text, no flash while loading. */
export function DataTable<T extends object>({ rows, total, page, onPageChange, loading, emptyText, ...table }: DataTableProps<T>) {
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      {...table}
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
        showTotal: (count, [from, to]) => `${from}-${to} de ${count}`,
      }}
    />
  );
}
