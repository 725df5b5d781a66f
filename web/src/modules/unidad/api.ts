import { UNIDAD_MSG, type Paged, type UnidadList, type UnidadNew, type UnidadRow } from '@obra/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../base/api';

export const unidadKeys = {
  all: ['unidad'] as const,
  lists: () => [...unidadKeys.all, 'list'] as const,
  list: (filters: UnidadList) => [...unidadKeys.lists(), filters] as const,
};

export async function listUnidades(filters: UnidadList): Promise<Paged<UnidadRow>> {
  return (await apiPost<Paged<UnidadRow>>('/unidad/list', filters)).data;
}

export function useUnidades(filters: UnidadList) {
  return useQuery({ queryKey: unidadKeys.list(filters), queryFn: () => listUnidades(filters), placeholderData: keepPreviousData });
}

export function useAddUnidad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnidadNew) => apiPost<UnidadRow>('/unidad/new', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unidadKeys.lists() }),
  });
}

export function useDeleteUnidad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id_unidad: number) => apiDelete<UnidadRow>('/unidad/delete', { id_unidad }, UNIDAD_MSG.deleteFailed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unidadKeys.lists() }),
  });
}
