import type { Rol, RolBuscar, RolFila, RolModificar, RolRegistrar } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';
import { lookupKeys } from '../../base/lookups';

export type RolFiltros = NonNullable<NonNullable<RolBuscar>['rol']>;

export const rolKeys = {
  all: ['rol'] as const,
  lists: () => [...rolKeys.all, 'list'] as const,
  list: (f: RolFiltros) => [...rolKeys.lists(), f] as const,
  detail: (id: number) => [...rolKeys.all, 'detail', id] as const,
};

/** Every role with its users and modules counted (they are few: the screen pages them itself). */
export function useRoles(filtros: RolFiltros) {
  return useQuery({
    queryKey: rolKeys.list(filtros),
    queryFn: async () => (await apiPost<RolFila[]>('/rol/listar', { rol: filtros })).data,
    placeholderData: keepPreviousData,
  });
}

/** One role for the popup; never from cache. */
export function useRol(rolId: number | null) {
  return useQuery({
    queryKey: rolKeys.detail(rolId ?? -1),
    queryFn: rolId === null ? skipToken : async () => (await apiPost<Rol>('/rol/obtener', { rol: { rol_id: rolId } })).data,
    gcTime: 0,
  });
}

/** After a save the list and every screen's role lookups (the users' role picker) read again. */
function useRolMutation<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<{ rol_id: number }>(path, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rolKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: lookupKeys.all });
    },
  });
}

export const useRegistrarRol = () => useRolMutation<RolRegistrar>('/rol/registrar');
export const useModificarRol = () => useRolMutation<RolModificar>('/rol/modificar');
