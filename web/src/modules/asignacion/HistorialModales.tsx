import { PAGE_SIZE, type Paged } from '@obra/domain';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { DataTable, type DataTableProps } from '../../ui/DataTable';
import { useDevolucionesPorItem, usePorItem } from './api';
import { DEVOLUCION_ITEM_COLUMNAS, lineaColumnas } from './columnas';

type LineasProps<T> = Pick<DataTableProps<T>, 'rowKey' | 'columns' | 'emptyText' | 'page' | 'onPageChange' | 'exportar'> & {
  titulo: string;
  width: number;
  q: { data?: Paged<T>; isFetching: boolean };
  onClose: () => void;
};

/** A popup of one page of lines, 10 a page, closed with 'Cerrar'. */
function LineasModal<T extends object>({ titulo, width, q, onClose, ...table }: LineasProps<T>) {
  return (
    <Modal open width={width} title={titulo} onCancel={onClose} closable={false} footer={<Button type="primary" onClick={onClose}>Cerrar</Button>}>
      <DataTable<T>
        {...table}
        tableLayout="fixed"
        rows={q.data?.data}
        total={q.data?.total}
        totalExacto={q.data?.total_exacto}
        loading={q.isFetching}
        aria-label={titulo}
        exportarHoja={titulo}
      />
    </Modal>
  );
}

/** What a history is of: a requester (`emp_solicitante`) or an item (`pal_id`, a product's stock in a warehouse). */
export type HistorialDe = { titulo: string; emp_solicitante?: number; pal_id?: number };

/**
 * 'Historial de asignaciones' of a requester or of an item (spec 2 §2): every assignment line,
 * deleted ones too, newest first, 10 a page; por devolver shows in its status.
 */
export function HistorialModal({ de, onClose }: { de: HistorialDe; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const filtros = { emp_solicitante: de.emp_solicitante ?? null, pal_id: de.pal_id ?? null, est_id: null };
  const q = usePorItem({ asignacion_items_detalle: { ...filtros, page: { number: page, size: PAGE_SIZE } } });
  return (
    <LineasModal titulo={de.titulo} width={1100} q={q} onClose={onClose} rowKey="aid_id" columns={lineaColumnas(!de.emp_solicitante)}
      page={page} onPageChange={setPage} emptyText="No hay asignaciones"
      exportar={{ ruta: '/asignacionItems/buscarAsignacionesxItems', consulta: { asignacion_items_detalle: filtros }, nombre: 'historial-asignaciones' }} />
  );
}

/** What the returns are of: an assignment line (`aid_id`) or an item (`pal_id`). */
export type DevolucionesDe = { titulo: string; aid_id?: number; pal_id?: number };

/** 'Devoluciones' of an item (spec 2 §2 "returns per item"): live return lines, newest first, 10 a page. */
export function DevolucionesItemModal({ de, onClose }: { de: DevolucionesDe; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const filtros = { aid_id: de.aid_id ?? null, pal_id: de.pal_id ?? null };
  const q = useDevolucionesPorItem({ devolucion_items_detalle: { ...filtros, page: { number: page, size: PAGE_SIZE } } });
  return (
    <LineasModal titulo={de.titulo} width={1040} q={q} onClose={onClose} rowKey="did_id" columns={DEVOLUCION_ITEM_COLUMNAS}
      page={page} onPageChange={setPage} emptyText="No hay devoluciones"
      exportar={{ ruta: '/devolucionItems/buscarDevolucionesxItems', consulta: { devolucion_items_detalle: filtros }, nombre: 'devoluciones-item' }} />
  );
}
