import type {
  AsignacionHistorialRow, HistorialTransferenciaRow, InventarioFiltro, InventarioRow, KardexPagina, Paged, PageQuery, RenovacionRow,
  StockMinimoGuardar,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** Calls of the inventory (spec 2 §7 "Inventory") and of stock renewal (spec 1 §7). */

type Page = Partial<Pick<PageQuery, 'contar' | 'exacto' | 'despues'>> & { number: number; size: number };

export const inventarioKeys = {
  all: ['inventario'] as const,
  list: (f: InventarioFiltro, page: Page) => [...inventarioKeys.all, 'list', f, page] as const,
  kardex: (palId: number, number: number) => [...inventarioKeys.all, 'kardex', palId, number] as const,
  asignaciones: (palId: number, number: number) => [...inventarioKeys.all, 'asignaciones', palId, number] as const,
  transferencias: (palId: number) => [...inventarioKeys.all, 'transferencias', palId] as const,
  pendientes: (params: object) => [...inventarioKeys.all, 'pendientes', params] as const,
};

/** The list reply and the spec's message for a user without a project. */
export interface ConMensaje<T> { data: T; message: string }

export function useInventario(filters: InventarioFiltro, page: Page) {
  return useQuery({
    queryKey: inventarioKeys.list(filters, page),
    queryFn: async (): Promise<Paged<InventarioRow> & { message: string }> => {
      const r = await apiPost<Paged<InventarioRow>>('/productoAlmacen/buscar', { producto_almacen: { ...filters, page } });
      return { ...r.data, message: r.message };
    },
    placeholderData: keepPreviousData,
  });
}

export function useKardex(palId: number, number: number) {
  return useQuery({
    queryKey: inventarioKeys.kardex(palId, number),
    queryFn: async () => (await apiPost<KardexPagina>('/productoAlmacen/obtenerKardex', { producto_almacen: { pal_id: palId, page: { number, size: 10 } } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useHistorialAsignaciones(palId: number, number: number) {
  return useQuery({
    queryKey: inventarioKeys.asignaciones(palId, number),
    queryFn: async () => (await apiPost<Paged<AsignacionHistorialRow>>('/productoAlmacen/historialAsignaciones', { producto_almacen: { pal_id: palId, page: { number, size: 10 } } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The transfers that moved an item (module transferencia_items' call, spec 2 §7). */
export function useHistorialTransferencias(palId: number | null) {
  return useQuery({
    queryKey: inventarioKeys.transferencias(palId ?? 0),
    queryFn: palId === null ? skipToken : async () =>
      (await apiPost<HistorialTransferenciaRow[]>('/transferenciaItems/historialTransferenciasxItem', { producto_almacen: { pal_id: palId } })).data,
  });
}

export function useGuardarMinimo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StockMinimoGuardar) => apiPost<unknown>('/productoAlmacen/stockMinimo', body),
    onSuccess: () => client.invalidateQueries({ queryKey: inventarioKeys.all }),
  });
}

/** `/inventario/pending {start, length}`: stock below its minimum (spec 1 §2.12). */
export function usePendientes(params: object) {
  return useQuery({
    queryKey: inventarioKeys.pendientes(params),
    queryFn: async (): Promise<Paged<RenovacionRow> & { message: string }> => {
      const r = await apiPost<Paged<RenovacionRow>>('/inventario/pending', params);
      return { ...r.data, message: r.message };
    },
    placeholderData: keepPreviousData,
  });
}
