import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificacionFila, NotificacionPreferencia, NotificacionTipo, Paged } from '@obra/domain';
import { apiPage, apiPost } from '../../base/api';

/** Issue 25: the caller's notifications; every call answers only the caller's own. */
export const notificacionKeys = {
  all: ['notificacion'] as const,
  noLeidas: () => [...notificacionKeys.all, 'noLeidas'] as const,
  lista: (orden: 'no_leidas_primero' | 'fecha', number: number, size: number) => [...notificacionKeys.all, 'lista', orden, number, size] as const,
  preferencias: () => [...notificacionKeys.all, 'preferencias'] as const,
};

/** How often the bell asks for the count while the tab is visible (TanStack Query stops in a hidden tab). */
export const INTERVALO_CAMPANA_MS = 30_000;

/** The bell's unread count: one query per tab, polled only while the tab is visible. */
export function useNoLeidas() {
  return useQuery({
    queryKey: notificacionKeys.noLeidas(),
    queryFn: async () => (await apiPost<{ no_leidas: number }>('/notificacion/noLeidas')).data.no_leidas,
    refetchInterval: INTERVALO_CAMPANA_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

export function useNotificaciones(orden: 'no_leidas_primero' | 'fecha', number: number, size: number, enabled = true) {
  return useQuery<Paged<NotificacionFila>>({
    queryKey: notificacionKeys.lista(orden, number, size),
    queryFn: () => apiPage<NotificacionFila>('/notificacion/buscar', { notificacion: { orden, page: { number, size } } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefrescar() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: notificacionKeys.all });
}

export function useMarcarLeida() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (ntf_id: number) => apiPost<{ no_leidas: number }>('/notificacion/marcarLeida', { notificacion: { ntf_id } }),
    onSuccess: refrescar,
  });
}

export function useMarcarTodas() {
  const refrescar = useRefrescar();
  return useMutation({ mutationFn: () => apiPost<{ marcadas: number }>('/notificacion/marcarTodas'), onSuccess: refrescar });
}

export function usePreferencias() {
  return useQuery({
    queryKey: notificacionKeys.preferencias(),
    queryFn: async () => (await apiPost<NotificacionPreferencia[]>('/notificacion/preferencias', {})).data,
  });
}

export function useGuardarPreferencias() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (preferencias: { tipo: NotificacionTipo; correo: boolean }[]) => apiPost<NotificacionPreferencia[]>('/notificacion/preferencias', { preferencias }),
    onSuccess: (r) => qc.setQueryData(notificacionKeys.preferencias(), r.data),
  });
}
