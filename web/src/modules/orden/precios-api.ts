import type { Paged, PrecioItemRow, PrecioSearch } from '@obra/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** The price search over past order items (spec 1 §7 `/orden/item/search`). */
export const precioKeys = {
  all: ['orden', 'precios'] as const,
  list: (params: PrecioSearch) => [...precioKeys.all, params] as const,
};

export function usePrecios(params: PrecioSearch) {
  return useQuery({
    queryKey: precioKeys.list(params),
    queryFn: async () => (await apiPost<Paged<PrecioItemRow>>('/orden/item/search', params)).data,
    placeholderData: keepPreviousData,
  });
}
