import { CC_MSG, type CentroCostoList, type CentroCostoRow, type CentroCostoSave, type Paged } from '@obra/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiDelete, apiPost } from '../../base/api';

export const centroCostoKeys = {
  all: ['centro_costo'] as const,
  lists: () => [...centroCostoKeys.all, 'list'] as const,
  list: (filters: CentroCostoList) => [...centroCostoKeys.lists(), filters] as const,
};

export async function listCentrosCosto(filters: CentroCostoList): Promise<Paged<CentroCostoRow>> {
  return (await apiPost<Paged<CentroCostoRow>>('/centroCosto/list', filters)).data;
}

export function useCentrosCosto(filters: CentroCostoList) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ queryKey: centroCostoKeys.list(filters), queryFn: () => listCentrosCosto(filters), placeholderData: keepPreviousData });
}

/** Creates, or modifies when the body has `id_centro_costo` and the `version` that was read. */
export function useSaveCentroCosto() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: centroCostoKeys.lists() });
  return useMutation({
    mutationFn: (body: CentroCostoSave) => apiPost<{ id_centro_costo: number; descripcion: string }>('/centroCosto/save', body),
    onSuccess: refresh,
    // 409: someone else saved it first; reloading the list gives the current version to edit again.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}

export function useDeleteCentroCosto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id_centro_costo: number) => apiDelete<{ id_centro_costo: number }>('/centroCosto/delete', { id_centro_costo }, CC_MSG.deleteFailed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: centroCostoKeys.lists() }),
  });
}
