import { ArrowLeftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { RenovacionRow } from '@obra/domain';
import { isReadOnly } from '@obra/domain';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { useRoleIds } from '../../base/session';
import { textColumn } from '../../ui/CellText';
import { ListPage } from '../../ui/ListPage';
import { useListParams } from '../../ui/useListParams';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import type { ItemPrecarga } from '../orden/OrdenFormPage';
import { usePendientes } from './api';
import { faltante, formatCantidad } from './labels';
import { ALMACEN_EXPORTAR, exportarComo } from '../../ui/exportar';

const key = (r: Pick<RenovacionRow, 'alm_id' | 'prv_id'>) => `${r.alm_id}-${r.prv_id}`;

/** The order lines a selection starts: each product with what it lacks to reach its minimum. */
export const precarga = (rows: RenovacionRow[]): ItemPrecarga[] => rows.map((r) => ({
  prv_id: r.prv_id,
  producto: r.producto,
  id_marca: r.mar_id ?? 0,
  id_unidad: r.unm_id,
  cantidad: faltante(r.stock_minimo, r.stock_digital),
  observacion: `Reposición de stock: ${warehouseLabel(r)}`,
}));

/**
 * Spec 1 §2.12 "Renew stock" (/renovate): products whose stock in a warehouse (all its serials
 * together) is below their minimum, paged on the server. The selected rows, from any page, start
 * a new purchase order with those products as lines, each for what it lacks.
 */
export function RenovacionPage() {
  const navigate = useNavigate();
  const list = useListParams<Record<string, never>>({});
  const pendientes = usePendientes(list.params);
  const [seleccion, setSeleccion] = useState<Map<string, RenovacionRow>>(new Map());
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  const columns: TableColumnsType<RenovacionRow> = [
    exportarComo(textColumn<RenovacionRow>('Almacén', 'alm_nombre', { width: 280, text: (r) => warehouseLabel(r) }), ALMACEN_EXPORTAR),
    textColumn('Producto', 'producto'),
    { title: 'Unidad', dataIndex: 'unidad', width: 80 },
    textColumn('Marca', 'marca', { width: 150, text: (r) => r.marca ?? '-' }),
    { title: 'Stock mínimo', dataIndex: 'stock_minimo', width: 120, align: 'right', render: formatCantidad },
    { title: 'Stock digital', dataIndex: 'stock_digital', width: 120, align: 'right', render: formatCantidad },
  ];

  const rows = pendientes.data?.data ?? [];
  const onPage = new Set(rows.map(key));
  const toggle = (selectedKeys: Key[]) => {
    setSeleccion((prev) => {
      const next = new Map([...prev].filter(([k]) => !onPage.has(k)));
      for (const r of rows) if (selectedKeys.includes(key(r))) next.set(key(r), r);
      return next;
    });
  };

  const generar = () => void navigate('/orden/new', { state: { precarga: precarga([...seleccion.values()]) } });

  return (
    <ListPage<RenovacionRow>
      title="Reposición de stock"
      actions={
        <Flex gap={8} align="center">
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/orden')}>Regresar</Button>
          {!readOnly && (
            <Button type="primary" icon={<ShoppingCartOutlined />} disabled={seleccion.size === 0} onClick={generar}>
              Generar orden de compra{seleccion.size ? ` (${seleccion.size})` : ''}
            </Button>
          )}
        </Flex>
      }
      filters={
        <Typography.Text type="secondary">
          Productos cuyo stock en el almacén está por debajo del mínimo. Seleccione los que desea comprar.
        </Typography.Text>
      }
      rowKey={key}
      columns={columns}
      rowSelection={readOnly ? undefined : { selectedRowKeys: [...seleccion.keys()], onChange: toggle, preserveSelectedRowKeys: true }}
      {...list.table(pendientes)}
      exportar={{ ruta: '/inventario/pending', consulta: {}, nombre: 'reposicion' }}
      emptyText={pendientes.data?.message || 'No hay productos con stock por debajo del mínimo'}
    />
  );
}
