import type { AsignacionHistorialRow, InventarioRow } from '@obra/domain';
import { formatDate } from '@obra/domain';
import { Button, Modal, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../ui/DataTable';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useHistorialAsignaciones } from './api';
import { formatCantidad, productoLabel } from './labels';
import { exportarComo } from '../../ui/exportar';

/**
 * The assignment history of an item (spec 2 §2; the call's path is ours, docs/business-rules.md):
 * each assignment of this stock row, newest first, with what came back and what is still out.
 */
export function AsignacionesItemModal({ row, onClose }: { row: InventarioRow; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const historial = useHistorialAsignaciones(row.pal_id, page);
  const columns: TableColumnsType<AsignacionHistorialRow> = [
    { title: 'Fecha', dataIndex: 'asi_fecha_registro', width: 110, render: (v: string) => formatDate(v) },
    { title: 'Asignación', dataIndex: 'asi_id', width: 100 },
    { title: 'Solicitante', dataIndex: 'solicitante', ellipsis: true },
    { title: 'Cantidad', dataIndex: 'aid_cantidad', width: 95, align: 'right', render: formatCantidad },
    { title: 'Devuelto', dataIndex: 'aid_devuelto', width: 95, align: 'right', render: formatCantidad },
    { title: 'Saldo', dataIndex: 'aid_saldo', width: 90, align: 'right', render: formatCantidad },
    exportarComo({ title: 'Estado', key: 'estado', width: 120, render: (_, r: AsignacionHistorialRow) => <Tag color={r.est_styles}>{r.est_nombre}</Tag> }, { campo: 'est_nombre' }),
  ];
  return (
    <Modal open title={`Historial de asignaciones | ${productoLabel(row)}`} width={860} onCancel={onClose} footer={<Button onClick={onClose}>Cerrar</Button>}>
      <p style={{ marginTop: 0 }}>{warehouseLabel(row)}</p>
      <DataTable<AsignacionHistorialRow>
        rowKey="aid_id"
        columns={columns}
        tableLayout="fixed"
        scroll={undefined}
        {...{ rows: historial.data?.data, total: historial.data?.total, totalExacto: historial.data?.total_exacto, page, onPageChange: setPage, loading: historial.isFetching }}
        emptyText="El producto no tiene asignaciones"
        exportar={{ ruta: '/productoAlmacen/historialAsignaciones', consulta: { producto_almacen: { pal_id: row.pal_id } }, nombre: 'historial-asignaciones' }}
        exportarHoja="Historial de asignaciones"
      />
    </Modal>
  );
}
