import {
  ContainerOutlined, FileExcelOutlined, FileTextOutlined, HistoryOutlined, ShoppingCartOutlined, SwapOutlined, VerticalAlignBottomOutlined, WarningOutlined,
} from '@ant-design/icons';
import type { InventarioRow } from '@obra/domain';
import { formatMoney, isReadOnly } from '@obra/domain';
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { sessionModules, useHasOption, useRoleIds, useSession } from '../../base/session';
import { ActivoFilter, type ActivoValue } from '../../ui/ActivoFilter';
import { fitColumn, textColumn } from '../../ui/CellText';
import { FilterField } from '../../ui/FilterField';
import { ListPage } from '../../ui/ListPage';
import type { RowAction } from '../../ui/RowActions';
import { SearchFilter } from '../../ui/SearchInput';
import { useListParams } from '../../ui/useListParams';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { WarehouseSelect } from '../../ui/WarehouseSelect';
import { ReporteProgreso } from '../orden/ReporteProgreso';
import { useXlsxDownload } from '../orden/reporte-api';
import { useInventario } from './api';
import { AsignacionesItemModal } from './AsignacionesItemModal';
import { costoPromedio, KardexModal } from './KardexModal';
import { formatCantidad, productoLabel } from './labels';
import { PleModal } from './PleModal';
import { StockMinimoModal } from './StockMinimoModal';
import { TransferenciasItemModal } from './TransferenciasItemModal';

interface Filters {
  prv_nombre: string;
  prv_estado: ActivoValue;
  alm_id: number | null;
}

type Popup = { kind: 'kardex' | 'asignaciones' | 'transferencias' | 'minimo'; row: InventarioRow } | { kind: 'ple' } | null;

/**
 * Spec 2 §2 "Inventory screen" (/inventario): stock per warehouse in the user's scope, filtered by
 * product, product status (Activo by default) and warehouse, 10 a page; per item its assignment and
 * transfer history, its kardex and (inventory roles) its minimum stock; the filtered list as xlsx and
 * (corporate users) the company's SUNAT PLE 12.1 and 13.1 (valued) books of a month.
 */
export function InventarioPage() {
  const list = useListParams<Filters>({ prv_nombre: '', prv_estado: 1, alm_id: null });
  const { prv_nombre, prv_estado, alm_id } = list.filters;
  const inventario = useInventario(list.filters, list.pageQuery);
  const [popup, setPopup] = useState<Popup>(null);
  const descarga = useXlsxDownload();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const canMinimo = useHasOption('editar_stock_minimo') && !readOnly;
  const session = useSession();
  // The book holds every warehouse of the company: the server gives it to corporate users only.
  const corporativo = session?.usu_nivel === 1;
  // The renewal screen (/renovate) belongs to purchasing: it starts a purchase order.
  const repone = !!session && sessionModules(session).includes('orden_compra') && !readOnly;
  const navigate = useNavigate();

  const exportar = () => void descarga.start('/productoAlmacen/exportar', { producto_almacen: { prv_nombre, prv_estado, alm_id } }, 'inventario.xlsx');

  const columns: TableColumnsType<InventarioRow> = [
    textColumn<InventarioRow>('Almacén', 'alm_nombre', { width: 190, rows: 2, text: (r) => warehouseLabel(r) }),
    // Spec 2 §2 lists the project although the warehouse's label starts with it: narrow, on two lines.
    textColumn('Proyecto', 'pry_nombre', { width: 100, rows: 2 }),
    textColumn('Categoría', 'cat_nombre', { width: 116, rows: 2 }),
    textColumn('Tipo', 'tip_nombre', { width: 96, rows: 2 }),
    textColumn<InventarioRow>('Producto', 'prv_nombre', { rows: 2, text: (r) => productoLabel(r) }),
    { title: 'Unidad', dataIndex: 'unm_simbolo', width: 66 },
    textColumn('Marca', 'mar_nombre', { width: 100, rows: 2 }),
    {
      title: 'Stock', dataIndex: 'pal_stock', width: 84, align: 'right',
      render: (v: string, r) => (r.bajo_minimo ? (
        <Tooltip title={`Bajo el stock mínimo de ${formatCantidad(r.stm_minimo)} ${r.unm_simbolo} en este almacén`}>
          <Typography.Text type="danger" aria-label={`${formatCantidad(v)}, bajo el mínimo de ${formatCantidad(r.stm_minimo)}`}>
            <WarningOutlined /> {formatCantidad(v)}
          </Typography.Text>
        </Tooltip>
      ) : formatCantidad(v)),
    },
    { title: 'Mínimo', dataIndex: 'stm_minimo', width: 76, align: 'right', render: (v: string) => (Number(v) > 0 ? formatCantidad(v) : '-') },
    // Valued kardex (docs/business-rules.md "Kardex valorizado"): the value in soles without IGV over its weighted average cost.
    {
      title: 'Valor / costo prom.', dataIndex: 'pal_valor', width: 120, align: 'right',
      render: (v: string, r) => (
        <Flex vertical>
          <span>{formatMoney('S/', v)}</span>
          {r.pal_costo_promedio !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-label={`Costo promedio ${costoPromedio(r)}`}>{costoPromedio(r)} c/u</Typography.Text>
          )}
        </Flex>
      ),
    },
    fitColumn<InventarioRow>(
      { title: 'Estado', key: 'estado', width: 100, render: (_, r) => <Tag color={r.pal_estado_styles}>{r.pal_estado_nombre}</Tag> },
      { text: (r) => r.pal_estado_nombre, tag: true },
    ),
  ];

  const rowActions = (r: InventarioRow): RowAction[] => [
    { key: 'kardex', label: 'Kardex', icon: <ContainerOutlined />, onClick: () => setPopup({ kind: 'kardex', row: r }) },
    { key: 'asignaciones', label: 'Historial de asignaciones', icon: <HistoryOutlined />, onClick: () => setPopup({ kind: 'asignaciones', row: r }) },
    { key: 'transferencias', label: 'Historial de transferencias', icon: <SwapOutlined />, onClick: () => setPopup({ kind: 'transferencias', row: r }) },
    { key: 'minimo', label: 'Stock mínimo', icon: <VerticalAlignBottomOutlined />, hidden: !canMinimo, onClick: () => setPopup({ kind: 'minimo', row: r }) },
  ];

  return (
    <ListPage<InventarioRow>
      title="Inventario"
      actions={
        <Flex gap={8}>
          {repone && <Button icon={<ShoppingCartOutlined />} onClick={() => void navigate('/renovate')}>Reposición de stock</Button>}
          {corporativo && <Button icon={<FileTextOutlined />} onClick={() => setPopup({ kind: 'ple' })}>Libros PLE</Button>}
          <Button icon={<FileExcelOutlined />} loading={descarga.downloading} onClick={exportar}>Exportar XLSX</Button>
        </Flex>
      }
      filters={
        <>
          <SearchFilter label="Producto" placeholder="Nombre del producto" onSearch={(v) => list.setFilters({ prv_nombre: v })} width={260} />
          <ActivoFilter value={list.filters.prv_estado} onChange={(v) => list.setFilters({ prv_estado: v })} />
          <FilterField label="Almacén">
            {(id) => (
              <WarehouseSelect id={id} placeholder="Todos" value={list.filters.alm_id ?? undefined} onChange={(v) => list.setFilters({ alm_id: v ?? null })} style={{ width: 300 }} />
            )}
          </FilterField>
          {descarga.downloading && <div style={{ minWidth: 220 }}><ReporteProgreso bytes={descarga.bytes} /></div>}
        </>
      }
      rowKey="pal_id"
      columns={columns}
      {...list.table(inventario)}
      emptyText={inventario.data?.message || 'No se encontraron productos en el inventario'}
      rowName={productoLabel}
      rowActions={rowActions}
      minWidth={1300}
    >
      {popup?.kind === 'kardex' && <KardexModal row={popup.row} onClose={() => setPopup(null)} />}
      {popup?.kind === 'asignaciones' && <AsignacionesItemModal row={popup.row} onClose={() => setPopup(null)} />}
      {popup?.kind === 'transferencias' && <TransferenciasItemModal row={popup.row} onClose={() => setPopup(null)} />}
      {popup?.kind === 'minimo' && <StockMinimoModal row={popup.row} onClose={() => setPopup(null)} />}
      {popup?.kind === 'ple' && <PleModal onClose={() => setPopup(null)} />}
    </ListPage>
  );
}
