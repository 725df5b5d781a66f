import type { HistorialTransferenciaRow, InventarioRow } from '@obra/domain';
import { formatDate } from '@obra/domain';
import { Button, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useHistorialTransferencias } from './api';
import { formatCantidad, productoLabel } from './labels';

/**
 * The transfer history of an item (spec 2 §3 "Transfer history line", §7
 * `/transferenciaItems/historialTransferenciasxItem`): what was sent and what entered, with notes.
 */
export function TransferenciasItemModal({ row, onClose }: { row: InventarioRow; onClose: () => void }) {
  const historial = useHistorialTransferencias(row.pal_id);
  const columns: TableColumnsType<HistorialTransferenciaRow> = [
    { title: 'Código', dataIndex: 'tfi_codigo', width: 150 },
    { title: 'Tipo', dataIndex: 'tfi_tipo_nombre', width: 150, ellipsis: true },
    { title: 'Movimiento', dataIndex: 'movimiento', width: 105, render: (m: string) => (m === 'salida' ? 'Salida' : 'Ingreso') },
    { title: 'Fecha registro', dataIndex: 'tfi_fecha_registro', width: 110, render: (v: string) => formatDate(v) },
    { title: 'Cantidad', dataIndex: 'tid_cantidad', width: 90, align: 'right', render: formatCantidad },
    { title: 'Fecha ingreso', dataIndex: 'tfi_fecha_ingreso', width: 110, render: (v: string | null) => (v ? formatDate(v) : '-') },
    { title: 'Cant. ingresada', dataIndex: 'tid_ingreso_cantidad', width: 110, align: 'right', render: (v: string | null) => formatCantidad(v) },
    { title: 'Notas', dataIndex: 'tid_ingreso_notas', ellipsis: true, render: (v: string) => v || '-' },
    { title: 'Estado', key: 'estado', width: 140, render: (_, r) => <Tag color={r.est_styles}>{r.est_nombre}</Tag> },
  ];
  return (
    <Modal open title={`Historial de transferencias | ${productoLabel(row)}`} width={1200} onCancel={onClose} footer={<Button onClick={onClose}>Cerrar</Button>}>
      <p style={{ marginTop: 0 }}>{warehouseLabel(row)}</p>
      <Table<HistorialTransferenciaRow>
        size="middle"
        rowKey={(r) => `${r.tfi_id}-${r.movimiento}`}
        columns={columns}
        tableLayout="fixed"
        dataSource={historial.data}
        loading={historial.isFetching}
        locale={{ emptyText: 'El producto no tiene transferencias' }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </Modal>
  );
}
