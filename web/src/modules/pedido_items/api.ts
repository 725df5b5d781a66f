import type {
  Paged, Pedido, PedidoAprobar, PedidoCentroCosto, PedidoFila, PedidoModificar, PedidoOpcionesReply, PedidoProducto, PedidoRegistrar,
  PedidoUsuario, PeiEstado,
} from '@obra/domain';
import { ROLE } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiPost } from '../../base/api';

/** Purchase requests (spec 3 §7 "Purchase requests"): one function and hook per call; keys from one factory. */
export const pedidoKeys = {
  all: ['pedido_items'] as const,
  list: (filtros: PedidoFiltros, page: PedidoPage) => [...pedidoKeys.all, 'list', filtros, page] as const,
  detail: (peiId: number) => [...pedidoKeys.all, 'detail', peiId] as const,
  opciones: () => [...pedidoKeys.all, 'opciones'] as const,
  centros: (pryId: number | null) => [...pedidoKeys.all, 'centros', pryId] as const,
  logistica: () => [...pedidoKeys.all, 'logistica'] as const,
};

export interface PedidoFiltros {
  pei_codigo: string;
  pei_estado: PeiEstado | null;
  alm_id: number | null;
}
export interface PedidoPage { number: number; size: number; contar?: false; exacto?: true; despues?: string }

export const paginarPedidos = (filtros: PedidoFiltros, page: PedidoPage): Promise<Paged<PedidoFila>> =>
  apiPage<PedidoFila>('/pedidoItems/paginar', { pedido_items: { ...filtros, pei_codigo: filtros.pei_codigo || null, page } });

export function usePedidos(filtros: PedidoFiltros, page: PedidoPage) {
  return useQuery({ queryKey: pedidoKeys.list(filtros, page), queryFn: () => paginarPedidos(filtros, page), placeholderData: keepPreviousData });
}

/** One request with its lines and the orders per line, read fresh when a popup opens. */
export function usePedido(peiId: number | null) {
  return useQuery({
    queryKey: pedidoKeys.detail(peiId ?? 0),
    queryFn: peiId === null ? skipToken : async () => (await apiPost<Pedido>('/pedidoItems/obtener', { pedido_items: { pei_id: peiId } })).data,
    staleTime: 0,
    retry: false,
  });
}

/** The options loader: the request states and the caller's warehouses. */
export function useOpcionesPedido() {
  return useQuery({
    queryKey: pedidoKeys.opciones(),
    queryFn: async () => (await apiPost<PedidoOpcionesReply>('/pedidoItems/cargarOpciones', { estado: { modulo: 'pedidoItems' }, almacen: { pry_id: null } })).data,
    staleTime: 5 * 60_000,
  });
}

/** Active cost centres of a project (the chosen warehouse's). */
export function useCentrosCosto(pryId: number | null) {
  return useQuery({
    queryKey: pedidoKeys.centros(pryId),
    queryFn: pryId === null ? skipToken
      : async () => (await apiPost<PedidoCentroCosto[]>('/pedidoItems/buscarCentrosCosto', { centro_costo: { est_codigo: 'activo', pry_id: pryId } })).data,
    staleTime: 5 * 60_000,
  });
}

/** The logistics pool: active users with the LOGÍSTICA role (spec 3 §6). */
export function useUsuariosLogistica() {
  return useQuery({
    queryKey: pedidoKeys.logistica(),
    queryFn: async () => (await apiPost<PedidoUsuario[]>('/pedidoItems/buscarUsuariosxRol', { usuario: { rol_id: ROLE.LOGISTICA } })).data,
    staleTime: 5 * 60_000,
  });
}

export async function buscarProductos(texto: string): Promise<PedidoProducto[]> {
  return (await apiPost<PedidoProducto[]>('/pedidoItems/buscarProducto', { producto: { prv_nombre: texto } })).data;
}

/** Every change reloads the requests; orders too, since the bought quantities they show may move. */
function useInvalidating<V, R>(mutationFn: (vars: V) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(['pedido_items', 'orden'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    },
  });
}

type Resultado = { pei_id: number; pei_codigo: string; pei_estado?: PeiEstado };

export const useRegistrarPedido = () => useInvalidating((body: PedidoRegistrar) => apiPost<Resultado>('/pedidoItems/registrar', body));
export const useModificarPedido = () => useInvalidating((body: PedidoModificar) => apiPost<Resultado>('/pedidoItems/modificar', body));
export const useAprobarPedido = () => useInvalidating((body: PedidoAprobar) => apiPost<Resultado>('/pedidoItems/aprobar', body));

const porId = (accion: 'solicitarAprobacion' | 'eliminar' | 'completar') => (peiId: number) =>
  apiPost<Resultado>(`/pedidoItems/${accion}`, { pedido_items: { pei_id: peiId } });
export const useSolicitarAprobacion = () => useInvalidating(porId('solicitarAprobacion'));
export const useEliminarPedido = () => useInvalidating(porId('eliminar'));
export const useCompletarPedido = () => useInvalidating(porId('completar'));
