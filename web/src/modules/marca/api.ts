import { MARCA_MSG, type MarcaList, type MarcaNew, type MarcaRow, type Paged } from '@obra/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../base/api';

export const marcaKeys = {
  all: ['marca'] as const,
  lists: () => [...marcaKeys.all, 'list'] as const,
  list: (filters: MarcaList) => [...marcaKeys.lists(), filters] as const,
};

export async function listMarcas(filters: MarcaList): Promise<Paged<MarcaRow>> {
  return (await apiPost<Paged<MarcaRow>>('/marca/list', filters)).data;
}

export function useMarcas(filters: MarcaList) {
  return useQuery({ queryKey: marcaKeys.list(filters), queryFn: () => listMarcas(filters), placeholderData: keepPreviousData });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: marcaKeys.lists() });
}

export function useAddMarca() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: MarcaNew) => apiPost<MarcaRow>('/marca/new', body),
    onSuccess: refresh,
  });
}

export function useDeleteMarca() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id_marca: number) => apiDelete<MarcaRow>('/marca/delete', { id_marca }, MARCA_MSG.deleteFailed),
    onSuccess: refresh,
  });
}
