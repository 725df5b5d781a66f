import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isReadOnly, type Paged } from '@obra/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Tooltip, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useRoleIds } from '../app/session';
import { DataTable } from './DataTable';
import { PageHeader } from './PageHeader';
import { SearchInput } from './SearchInput';
import { useConfirmDelete } from './useConfirmDelete';
import { useListParams } from './useListParams';
import { usePageClamp } from './usePageClamp';

interface CatalogPageProps<T extends object> {
  title: string;
  searchPlaceholder: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  emptyText: string;
  /** The page's rows for the list params (search, start, length). */
  useRows: (params: { search: string; start: number; length: number }) => UseQueryResult<Paged<T>>;
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
  const { title, searchPlaceholder, rowKey, emptyText, useRows, rowName, confirmTitle, onDelete, renderAdd } = props;
  const list = useListParams({ search: '' });
  const rows = useRows(list.params);
  const confirmDelete = useConfirmDelete();
  const [adding, setAdding] = useState(false);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  usePageClamp(list.page, rows.data?.data, rows.data?.total, list.setPage);

  const columns: TableColumnsType<T> = [...props.columns];
  if (!readOnly) {
    columns.push({
      title: 'Acciones',
      key: 'acciones',
      align: 'center',
      width: 100,
      render: (_, row) => (
        <Tooltip title="Eliminar">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Eliminar ${rowName(row)}`}
            onClick={() => confirmDelete({ title: confirmTitle(row), onConfirm: () => onDelete(row) })}
          />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={title}
        extra={
          !readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Agregar
            </Button>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchInput placeholder={searchPlaceholder} onSearch={(search) => list.setFilters({ search })} />
      </Flex>
      <DataTable<T>
        rowKey={rowKey}
        columns={columns}
        rows={rows.data?.data}
        total={rows.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={rows.isFetching}
        emptyText={emptyText}
        style={{ maxWidth: 720 }}
      />
      {adding && renderAdd(() => setAdding(false))}
    </>
  );
}
