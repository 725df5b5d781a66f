import type {
  ProductoVenta, ProductoVentaBuscar, ProductoVentaModificar, ProductoVentaRegistrar, ProductoVentaRow, ProductoVentaTipo,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

export type ProductoVentaFiltros = NonNullable<ProductoVentaBuscar['producto_venta']>;

export interface GrupoOption { pvg_id: number; pvg_nombre: string }

export const productoVentaKeys = {
  all: ['producto_venta'] as const,
  lists: () => [...productoVentaKeys.all, 'list'] as const,
  list: (filters: ProductoVentaFiltros) => [...productoVentaKeys.lists(), filters] as const,
  detail: (pvtId: number) => [...productoVentaKeys.all, 'detail', pvtId] as const,
  tipos: (parent: number | null) => [...productoVentaKeys.all, 'tipos', parent] as const,
  grupos: () => [...productoVentaKeys.all, 'grupos'] as const,
};

/** The whole filtered catalogue (the server caps it at 500 by name); the screen pages it (spec 3 §2). */
export function useProductosVenta(filters: ProductoVentaFiltros) {
  return useQuery({
    queryKey: productoVentaKeys.list(filters),
    queryFn: async () => (await apiPost<ProductoVentaRow[]>('/productoVenta/buscar', { producto_venta: filters })).data,
    placeholderData: keepPreviousData,
  });
}

/** One product for the view and modify popups; never from cache, because modifying sends back its `pvt_version`. */
export function useProductoVenta(pvtId: number | null) {
  return useQuery({
    queryKey: productoVentaKeys.detail(pvtId ?? 0),
    queryFn: pvtId === null ? skipToken : async () => (await apiPost<ProductoVenta>('/productoVenta/obtener', { producto_venta: { pvt_id: pvtId } })).data,
    gcTime: 0,
  });
}

/**
 * Active types of one level: level 1 with `parent` null, the level 2 of a chosen level 1 otherwise;
 * `enabled` false leaves level 2 empty until a level 1 is chosen.
 */
export function useTiposProductoVenta(parent: number | null, enabled = true) {
  return useQuery({
    queryKey: productoVentaKeys.tipos(parent),
    queryFn: enabled
      ? async () => (await apiPost<ProductoVentaTipo[]>('/productoVentaTipo/buscar', { producto_venta_tipo: { pti_parent: parent } })).data
      : skipToken,
    staleTime: 5 * 60_000,
  });
}

/** The groups (reference list `producto_venta_grupos` of /app/getData); they change only with a release. */
export function useGruposProductoVenta() {
  return useQuery({
    queryKey: productoVentaKeys.grupos(),
    queryFn: async () =>
      (await apiPost<{ producto_venta_grupos: GrupoOption[] }>('/app/getData', { listas: ['producto_venta_grupos'] })).data.producto_venta_grupos,
    staleTime: Infinity,
  });
}

function useProductoVentaMutation<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<ProductoVenta>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productoVentaKeys.lists() }),
  });
}

export const useRegistrarProductoVenta = () => useProductoVentaMutation<ProductoVentaRegistrar>('/productoVenta/registrar');
export const useModificarProductoVenta = () => useProductoVentaMutation<ProductoVentaModificar>('/productoVenta/modificar');
