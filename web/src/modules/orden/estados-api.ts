import type { CorreoResultado, OrdenEstadoResultado, OrdenMotivos, OrdenPendienteRow, OrdenRechazar, Paged } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';
import { ordenKeys } from './api';

/** The order state calls of spec 1 §7 "Orders" (approve, pending, massive, pay, anular, update-status, restart). */

const idHeader = (idOrden: number) => ({ idOrden: String(idOrden) });

export const pendientesKey = (page: { start: number; length: number }) => [...ordenKeys.all, 'pendientes', page] as const;

/** `/orden/approve/pending`: the orders waiting for the caller's approval, paged. */
export function usePendientes(page: { start: number; length: number }) {
  return useQuery({
    queryKey: pendientesKey(page),
    queryFn: async () => (await apiPost<Paged<OrdenPendienteRow>>('/orden/approve/pending', page)).data,
    placeholderData: keepPreviousData,
  });
}

/** Every state call changes lists, details and the pending list: all order queries refetch. */
function useEstadoMutation<V>(call: (vars: V) => Promise<{ message: string; data: unknown }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordenKeys.all }),
  });
}

/** `/orden/approve` (header idOrden, body {id_orden_estado}: 2 gerencia, 3 contabilidad). */
export const useAprobarOrden = () =>
  useEstadoMutation(({ idOrden, hasta }: { idOrden: number; hasta: number }) =>
    apiPost<OrdenEstadoResultado>('/orden/approve', { id_orden_estado: hasta }, idHeader(idOrden)));

/** `/orden/rechazar {orden: {id_orden, comentario, id_orden_estado}}`: back to creado, the comment mailed to logística. */
export const useRechazarOrden = () =>
  useEstadoMutation((body: OrdenRechazar) => apiPost<OrdenEstadoResultado & { correo: CorreoResultado }>('/orden/rechazar', body));

/** `/orden/motivos` (header idOrden): why each one-action screen cannot act for the caller, shown on opening. */
export function useMotivos(idOrden: number | null) {
  return useQuery({
    queryKey: [...ordenKeys.all, 'motivos', idOrden] as const,
    queryFn: idOrden === null ? skipToken : async () => (await apiPost<OrdenMotivos>('/orden/motivos', undefined, idHeader(idOrden))).data,
  });
}

/** `/orden/approve/massive`: all or nothing. */
export const useAprobarMasivo = () =>
  useEstadoMutation((ids: number[]) => apiPost<OrdenEstadoResultado[]>('/orden/approve/massive', ids.map((id_orden) => ({ id_orden }))));

/** `/orden/pay` (header idOrden). */
export const usePagarOrden = () => useEstadoMutation((idOrden: number) => apiPost<OrdenEstadoResultado>('/orden/pay', undefined, idHeader(idOrden)));

/** `/orden/delete-orden {id_orden}`: anular. */
export const useAnularOrden = () => useEstadoMutation((idOrden: number) => apiPost<OrdenEstadoResultado>('/orden/delete-orden', { id_orden: idOrden }));

/** `/orden/update-status {id_orden_estado, descripcion}` (header idOrden): import status. */
export const useActualizarEstado = () =>
  useEstadoMutation(({ idOrden, hasta, descripcion }: { idOrden: number; hasta: number; descripcion: string }) =>
    apiPost<OrdenEstadoResultado>('/orden/update-status', { id_orden_estado: hasta, descripcion }, idHeader(idOrden)));

/** `/orden/restart/:id?code=` (DECISIONS §4). */
export const useReiniciarOrden = () =>
  useEstadoMutation(({ idOrden, codigo }: { idOrden: number; codigo: string }) =>
    apiPost<OrdenEstadoResultado>(`/orden/restart/${idOrden}?code=${encodeURIComponent(codigo)}`));
