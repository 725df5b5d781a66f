import type { AjusteGuardar, AjustesDatos, ToleranciaGuardar } from '@obra/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** Administración → Ajustes (issue 24): `/ajuste/obtener` and `/ajuste/guardar`. */

export const ajusteKeys = {
  all: ['ajuste'] as const,
  datos: () => [...ajusteKeys.all, 'datos'] as const,
};

/** The settings; the mail outbox reads them too, for its warning about the public address. */
export function useAjustes(overlay = true) {
  return useQuery({
    queryKey: ajusteKeys.datos(),
    queryFn: async () => (await apiPost<AjustesDatos>('/ajuste/obtener')).data,
    staleTime: 0,
    meta: { overlay },
  });
}

/** A save answers the settings as stored: the screen shows them without asking again. */
export function useGuardarAjustes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ajuste: AjusteGuardar['ajuste']) => apiPost<AjustesDatos>('/ajuste/guardar', { ajuste }),
    onSuccess: (r) => queryClient.setQueryData(ajusteKeys.datos(), r.data),
  });
}

/** `/ajuste/guardarTolerancia` (issue 25): the three-way match's tolerance. */
export function useGuardarTolerancia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ajuste: ToleranciaGuardar['ajuste']) => apiPost<AjustesDatos>('/ajuste/guardarTolerancia', { ajuste }),
    onSuccess: (r) => queryClient.setQueryData(ajusteKeys.datos(), r.data),
  });
}
