import type { Paged, Vendedor, VendedorBuscar, VendedorModificar, VendedorRegistrar } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** The filter form's values: the `vendedor` of `/vendedor/buscar` without the page. */
export type VendedorFiltros = Omit<NonNullable<VendedorBuscar['vendedor']>, 'page'>;
export type VendedorPagina = NonNullable<NonNullable<VendedorBuscar['vendedor']>['page']>;

export const vendedorKeys = {
  all: ['vendedor'] as const,
  lists: () => [...vendedorKeys.all, 'list'] as const,
  list: (filters: VendedorFiltros, page: VendedorPagina) => [...vendedorKeys.lists(), filters, page] as const,
  detail: (venId: number) => [...vendedorKeys.all, 'detail', venId] as const,
};

export async function buscarVendedores(filters: VendedorFiltros, page: VendedorPagina): Promise<Paged<Vendedor>> {
  return (await apiPost<Paged<Vendedor>>('/vendedor/buscar', { vendedor: { ...filters, page } })).data;
}

/** `enabled` false until the statuses are loaded: the screen searches after them (spec 3 §2 "Sellers"). */
export function useVendedores(filters: VendedorFiltros, page: VendedorPagina, enabled: boolean) {
  return useQuery({
    queryKey: vendedorKeys.list(filters, page),
    queryFn: () => buscarVendedores(filters, page),
    enabled,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One seller for the view and modify popups; never from cache, a popup shows what is stored now. */
export function useVendedor(venId: number | null) {
  return useQuery({
    queryKey: vendedorKeys.detail(venId ?? 0),
    queryFn: venId === null ? skipToken : async () => (await apiPost<Vendedor>('/vendedor/obtener', { vendedor: { ven_id: venId } })).data,
    gcTime: 0,
  });
}

/** After a save the search runs again (spec 3 §2 "Sellers"). */
function useVendedorMutation<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<Vendedor>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendedorKeys.lists() }),
  });
}

export const useRegistrarVendedor = () => useVendedorMutation<VendedorRegistrar>('/vendedor/registrar');
export const useModificarVendedor = () => useVendedorMutation<VendedorModificar>('/vendedor/modificar');
