import type { OrdenDetalle, OrdenList, OrdenListRow, Paged } from '@obra/domain';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../app/api';

/** The list call's filters (0 = any); `start` and `length` come from useListParams. */
export interface OrdenFiltros {
  tipo: number;
  status: number;
  coc_id: number;
  year: number;
  search: string;
}

export const ordenKeys = {
  all: ['orden'] as const,
  lists: () => [...ordenKeys.all, 'list'] as const,
  list: (params: OrdenList) => [...ordenKeys.lists(), params] as const,
  details: () => [...ordenKeys.all, 'detail'] as const,
  detail: (idOrden: number) => [...ordenKeys.details(), idOrden] as const,
};

export async function listarOrdenes(params: OrdenList): Promise<Paged<OrdenListRow>> {
  return (await apiPost<Paged<OrdenListRow>>('/orden/get-orden-list', params)).data;
}

export function useOrdenes(params: OrdenList) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ queryKey: ordenKeys.list(params), queryFn: () => listarOrdenes(params), placeholderData: keepPreviousData });
}

export async function obtenerOrden(idOrden: number): Promise<OrdenDetalle> {
  // The id goes in the `idOrden` header (spec 1 §7).
  return (await apiPost<OrdenDetalle>('/orden/get-orden-detail', undefined, { idOrden: String(idOrden) })).data;
}

/** One order to show; null id (a malformed path) asks nothing. */
export function useOrden(idOrden: number | null) {
  return useQuery({ queryKey: ordenKeys.detail(idOrden ?? 0), queryFn: idOrden === null ? skipToken : () => obtenerOrden(idOrden) });
}
