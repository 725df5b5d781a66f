import type { CorreoEstado, CorreoResultado, CorreoRow, Paged } from '@obra/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** The mail outbox (DECISIONS §8): `/usuario/correos` and `/usuario/correos/reenviar`. */

export interface CorreoFiltros {
  estado: CorreoEstado | null;
  search: string;
  start: number;
  length: number;
}

export const correoKeys = {
  all: ['correo'] as const,
  list: (f: CorreoFiltros) => [...correoKeys.all, 'list', f] as const,
};

export function useCorreos(f: CorreoFiltros) {
  return useQuery({
    queryKey: correoKeys.list(f),
    queryFn: async () => (await apiPost<Paged<CorreoRow>>('/usuario/correos', f)).data,
    placeholderData: keepPreviousData,
  });
}

/** Reenviar: a refusal (no SMTP, refused by the server) is toasted by the query cache with its reason; the list refetches either way. */
export function useReenviarCorreo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cosId: number) => apiPost<CorreoResultado>('/usuario/correos/reenviar', { cos_id: cosId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: correoKeys.all }),
  });
}
