import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isReadOnly, type Paged } from '@obra/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useRoleIds } from '../base/session';
import { ListPage } from './ListPage';
import { DELETE_DETAIL } from './RowActions';
import { SearchFilter } from './SearchInput';
import { useListParams } from './useListParams';

interface CatalogPageProps<T extends object> {
  title: string;
  searchPlaceholder: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  emptyText: string;
  /** The page's rows for the list params (search, start, length). */
  useRows: (params: { search: string; start: number; length: number }) => UseQueryResult<Paged<T>>;
  /** The list's path and file name for 'Exportar': the call `useRows` makes, with the current search. */
  exportar: { ruta: string; nombre: string };
  /** How a row is named in its delete button ('Eliminar X'). */
  rowName: (row: T) => string;
  /** The confirmation of a delete, and the delete itself (which toasts its result). */
  confirmTitle: (row: T) => string;
  onDelete: (row: T) => Promise<void>;
  /** The add popup; it calls `close` when done or cancelled. */
  renderAdd: (close: () => void) => ReactNode;
}

/**
 * The small catalogues of spec 1 §2.7–2.8 (brands, units): search, Agregar, a server-paged list
 * of 10 and a confirmed delete. VISUALIZADOR sees the list only (DECISIONS §1).
 */
export function CatalogPage<T extends object>(props: CatalogPageProps<T>) {
  const { title, searchPlaceholder, rowKey, columns, emptyText, useRows, exportar, rowName, confirmTitle, onDelete, renderAdd } = props;
  const list = useListParams({ search: '' });
  const rows = useRows(list.params);
  const [adding, setAdding] = useState(false);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  return (
    <ListPage<T>
      title={title}
      actions={
        !readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Agregar
          </Button>
        )
      }
      filters={<SearchFilter placeholder={searchPlaceholder} onSearch={(search) => list.setFilters({ search })} />}
      rowKey={rowKey}
      columns={columns}
      {...list.table(rows)}
      exportar={{ ...exportar, consulta: list.params }}
      emptyText={emptyText}
      minWidth={480}
      style={{ maxWidth: 720 }}
      rowName={rowName}
      rowActions={(row) => [
        {
          key: 'eliminar',
          label: 'Eliminar',
          icon: <DeleteOutlined />,
          danger: true,
          hidden: readOnly,
          confirm: confirmTitle(row),
          confirmDetail: DELETE_DETAIL,
          onClick: () => onDelete(row),
        },
      ]}
    >
      {adding && renderAdd(() => setAdding(false))}
    </ListPage>
  );
}
