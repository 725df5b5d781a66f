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

/** While a shown message waits, the list is read again this often: the outbox's sender sends within seconds. */
const ESPERA_MS = 5_000;

export function useCorreos(f: CorreoFiltros) {
  return useQuery({
    queryKey: correoKeys.list(f),
    queryFn: async () => (await apiPost<Paged<CorreoRow>>('/usuario/correos', f)).data,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((c) => c.cos_estado === 'pendiente') ? ESPERA_MS : false),
  });
}

/** Reenviar: back to the queue; a refusal (no SMTP, already sent) is toasted by the query cache with its reason; the list refetches either way. */
export function useReenviarCorreo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cosId: number) => apiPost<CorreoResultado>('/usuario/correos/reenviar', { cos_id: cosId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: correoKeys.all }),
  });
}
