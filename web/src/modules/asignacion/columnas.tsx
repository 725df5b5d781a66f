import type { DevolucionItemRow } from '@obra/domain';
import { Tag, type TableColumnsType, type TableColumnType } from 'antd';
import { CellText, textColumn } from '../../ui/CellText';
import { formatDate } from '../../ui/format';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import type { AsignacionFila, DevolucionFila, LineaFila } from './api';
import { ALMACEN_EXPORTAR, exportarComo } from '../../ui/exportar';

/** Columns of the assignment and return lists, sized to fit at 1366 px with the row actions. */

export const estadoColumna = <T extends { est_nombre: string; est_styles: string }>(): TableColumnType<T> => ({
  title: 'Estado',
  dataIndex: 'est_nombre',
  width: 118,
  render: (nombre: string, r) => <Tag color={r.est_styles}>{nombre}</Tag>,
});

const almacenColumna = <T extends { alm_nombre: string; alm_tipo: number; pry_nombre: string }>(): TableColumnType<T> => exportarComo({
  title: 'Almacén',
  key: 'almacen',
  ellipsis: { showTitle: false },
  render: (_, r) => <CellText text={warehouseLabel(r)} />,
}, ALMACEN_EXPORTAR);

const cantidad = <T,>(title: string, dataIndex: keyof T & string, width = 86): TableColumnType<T> => ({ title, dataIndex, width, align: 'right' });
const fecha = <T,>(title: string, dataIndex: keyof T & string): TableColumnType<T> => ({ title, dataIndex, width: 100, render: (d: string) => formatDate(d) });

export const ASIGNACION_COLUMNAS: TableColumnsType<AsignacionFila> = [
  { title: 'N°', dataIndex: 'asi_id', width: 64, align: 'center' },
  fecha('Fecha', 'asi_fecha_registro'),
  almacenColumna(),
  textColumn('Solicitante', 'solicitante', { width: 180 }),
  textColumn('Autorizador', 'autorizador', { width: 170 }),
  textColumn('Registrado por', 'registrador', { width: 150 }),
  { title: 'Ítems', dataIndex: 'items', width: 64, align: 'right' },
  cantidad('Saldo', 'saldo'),
  estadoColumna(),
];

export const DEVOLUCION_COLUMNAS: TableColumnsType<DevolucionFila> = [
  { title: 'N°', dataIndex: 'dei_id', width: 64, align: 'center' },
  fecha('Fecha', 'dei_fecha_registro'),
  { title: 'Asignación', dataIndex: 'asi_id', width: 100, align: 'center', render: (id: number) => `N° ${id}` },
  almacenColumna(),
  textColumn('Solicitante', 'solicitante', { width: 190 }),
  textColumn('Registrado por', 'registrador', { width: 160 }),
  { title: 'Ítems', dataIndex: 'items', width: 64, align: 'right' },
  cantidad('Cantidad', 'cantidad'),
  estadoColumna(),
];

/** An assignment line per item: tab 1, the history by requester and by item. */
export const lineaColumnas = (conSolicitante = true): TableColumnsType<LineaFila> => [
  { title: 'N°', dataIndex: 'asi_id', width: 64, align: 'center' },
  fecha('Fecha', 'asi_fecha_registro'),
  exportarComo(textColumn<LineaFila>('Producto', 'prv_nombre', { text: (r) => (r.pal_numero_serie ? `${r.prv_nombre} · Serie ${r.pal_numero_serie}` : r.prv_nombre) }),
    { campo: ['prv_nombre', 'pal_numero_serie'], separador: ' · Serie ' }),
  almacenColumna(),
  ...(conSolicitante ? [textColumn<LineaFila>('Solicitante', 'solicitante', { width: 170 })] : []),
  cantidad('Asignado', 'aid_cantidad'),
  cantidad('Devuelto', 'did_cantidad_total'),
  cantidad('Saldo', 'aid_saldo', 72),
  { title: 'Retorno', dataIndex: 'fecha_retorno', width: 100, render: (f: string | null) => (f ? formatDate(f) : '-') },
  estadoColumna(),
];

export const DEVOLUCION_ITEM_COLUMNAS: TableColumnsType<DevolucionItemRow> = [
  { title: 'N°', dataIndex: 'dei_id', width: 64, align: 'center' },
  fecha('Fecha', 'dei_fecha_registro'),
  { title: 'Asignación', dataIndex: 'asi_id', width: 96, align: 'center', render: (id: number) => `N° ${id}` },
  textColumn('Producto', 'prv_nombre'),
  textColumn('Solicitante', 'solicitante', { width: 170 }),
  cantidad('Devuelto', 'did_cantidad'),
  textColumn('Registrado por', 'registrador', { width: 150 }),
  textColumn('Notas', 'did_notas', { width: 140 }),
];
