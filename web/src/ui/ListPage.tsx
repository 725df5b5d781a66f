import { Flex, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { ExportarBoton, type ListaExportable } from './exportar';
import { PageHeader } from './PageHeader';
import { RowActions, rowActionsWidth, type RowAction } from './RowActions';
import { usePageClamp } from './usePageClamp';

export interface ListPageProps<T extends object> extends Omit<DataTableProps<T>, 'title'> {
  title: string;
  /** The toolbar at the right of the title ('Agregar', 'Cargar', ...); empty for read-only roles. */
  actions?: ReactNode;
  /** Tabs of a screen with several lists (antd `Tabs` without content, e.g. /asignaciones), between the title and the filters. */
  tabs?: ReactNode;
  /** The filter bar: SearchFilter, SelectFilter, ActivoFilter or a FilterField (each labelled). */
  filters?: ReactNode;
  /** A row's actions; the column is left out when no row has one (e.g. VISUALIZADOR). */
  rowActions?: (row: T) => RowAction[];
  /** How a row is named in its actions' accessible names ('Editar CC01'). */
  rowName?: (row: T) => string;
  /**
   * The list's call with its current filters: 'Exportar' at the right of the filter bar downloads every
   * matching row with the visible columns (ui/exportar.tsx). Every server-paged list passes it.
   */
  exportar?: ListaExportable;
  /** Below this width the table scrolls sideways; above it, it fills the page and cuts long texts. */
  minWidth?: number;
  /** The screen's popups. */
  children?: ReactNode;
}

/**
 * The skeleton of a list screen: title and toolbar (in the same place for every role), a labelled
 * filter bar, the server-paged table with its row actions and empty text, and the popups.
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { title, actions, tabs, filters, exportar, rowActions, rowName, minWidth = 960, children, columns = [], ...table } = props;
  usePageClamp(table.page, table.rows, table.total, table.onPageChange);

  const actionCounts = (table.rows ?? []).map((row) => (rowActions?.(row) ?? []).filter((a) => !a.hidden).length);
  const mostActions = Math.max(0, ...actionCounts);
  const allColumns: TableColumnsType<T> =
    rowActions && mostActions > 0
      ? [
          ...columns,
          {
            title: 'Acciones',
            key: 'acciones',
            align: 'center',
            fixed: 'right',
            width: Math.max(96, rowActionsWidth(mostActions)),
            render: (_, row) => <RowActions name={rowName?.(row) ?? ''} actions={rowActions(row)} />,
          },
        ]
      : columns;

  return (
    <>
      {/* The header keeps its height without buttons, so the filters sit in the same place for every role. */}
      <div style={{ minHeight: 48 }}>
        <PageHeader title={title} extra={actions} />
      </div>
      {tabs}
      {(filters || exportar) && (
        <Flex gap={12} wrap align="end" style={{ marginBottom: 16 }}>
          {filters && (
            <Flex role="search" aria-label="Filtros" gap={12} wrap align="end">
              {filters}
            </Flex>
          )}
          {exportar && (
            <div style={{ marginLeft: 'auto' }}>
              <ExportarBoton exportar={exportar} columns={columns} rows={table.rows} hoja={title} />
            </div>
          )}
        </Flex>
      )}
      <DataTable<T> tableLayout="fixed" scroll={{ x: minWidth }} columns={allColumns} {...table} />
      {children}
    </>
  );
}
