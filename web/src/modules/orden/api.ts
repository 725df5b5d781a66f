import type { OrdenDetalle, OrdenList, OrdenListRow, OrdenSave, Paged, ProductoRow } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** The list call's filters (0 = any); `start` and `length` come from useListParams. */
export interface OrdenFiltros {
  tipo: number;
  status: number;
  coc_id: number;
  year: number;
  search: string;
  /** Issue 25: only orders with conciliation differences, of any year (Inicio's work queue links `?conciliacion=true`). */
  conciliacion: boolean;
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

/** What register and update answer (the server's recomputed amounts). */
export interface OrdenGuardada {
  id_orden: number;
  codigo: string;
  monto_con_impuesto: string;
}

/** `/orden/register-orden`, or `/orden/update-orden` when the payload has `id_orden` (and its `version`). */
export function useGuardarOrden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrdenSave) => apiPost<OrdenGuardada>(body.id_orden ? '/orden/update-orden' : '/orden/register-orden', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordenKeys.all }),
  });
}

/** A user offered for the accounting, administration and management slots. */
export interface UsuarioRol {
  id_usuario: number;
  nombre: string;
  apellido: string;
}

/** Active users of one role (`/usuario/get-by-rol {id_role}`). */
export function useUsuariosPorRol(idRole: number) {
  return useQuery({
    queryKey: ['usuario', 'by-rol', idRole] as const,
    queryFn: async () => (await apiPost<UsuarioRol[]>('/usuario/get-by-rol', { id_role: idRole })).data,
    staleTime: 5 * 60_000,
  });
}

/** Product quick search of the catalogue (`/productoVendor/buscarRapido`); '' asks nothing. */
export function useProductoBusqueda(texto: string) {
  const t = texto.trim();
  return useQuery({
    queryKey: ['producto', 'rapido', t] as const,
    queryFn: t ? async () => (await apiPost<ProductoRow[]>('/productoVendor/buscarRapido', { producto: { prv_nombre: t } })).data : skipToken,
    meta: { overlay: false },
  });
}
