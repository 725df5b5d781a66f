import type { BusquedaGlobal, BusquedaGrupo } from '@obra/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

export const busquedaKeys = {
  global: (texto: string) => ['busqueda', 'global', texto] as const,
};

/** `/busqueda/global` for a text of 2 characters or more (the server refuses shorter ones). */
export function useBusquedaGlobal(texto: string) {
  const t = texto.trim();
  return useQuery({
    queryKey: busquedaKeys.global(t),
    queryFn: async () => (await apiPost<BusquedaGrupo[]>('/busqueda/global', { busqueda: { texto: t } } satisfies BusquedaGlobal)).data,
    enabled: t.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
