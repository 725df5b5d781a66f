import type {
  Cliente, ClienteDireccionEnvio, ClienteFila, ClienteModificar, ClienteRapido, ClienteRegistrar, Paged, PageQuery,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiPost } from '../../base/api';

/** Clients (spec 3 §7 "Clients"): one function and hook per call, query keys from clienteKeys. */

/** The page asked for (`useListParams().pageQuery`). */
export type ClientePage = Partial<PageQuery>;

export const clienteKeys = {
  all: ['cliente'] as const,
  lists: () => [...clienteKeys.all, 'list'] as const,
  list: (search: string, page: ClientePage) => [...clienteKeys.lists(), search, page] as const,
  detail: (cliId: number) => [...clienteKeys.all, 'detail', cliId] as const,
  direcciones: (cliId: number) => [...clienteKeys.all, 'direcciones', cliId] as const,
  rapido: (search: string) => [...clienteKeys.all, 'rapido', search] as const,
};

/** `/cliente/buscar`: the spec's page `{list, total, size, number}` as the shared table reads it. */
export const buscarClientes = (search: string, page: ClientePage): Promise<Paged<ClienteFila>> =>
  apiPage<ClienteFila>('/cliente/buscar', { cliente: { cli_search: search, page } });

export function useClientes(search: string, page: ClientePage) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ queryKey: clienteKeys.list(search, page), queryFn: () => buscarClientes(search, page), placeholderData: keepPreviousData });
}

export async function obtenerCliente(cliId: number): Promise<Cliente> {
  return (await apiPost<Cliente>('/cliente/obtener', { cliente: { cli_id: cliId } })).data;
}

/** A client to view or modify; never served from cache, because saving sends back its `cli_version`. */
export function useCliente(cliId: number | null) {
  return useQuery({ queryKey: clienteKeys.detail(cliId ?? 0), queryFn: cliId === null ? skipToken : () => obtenerCliente(cliId), gcTime: 0 });
}

/** `/cliente/buscarRapido`: active clients for the sales order popup (text required). */
export async function buscarClientesRapido(search: string): Promise<ClienteRapido[]> {
  return (await apiPost<ClienteRapido[]>('/cliente/buscarRapido', { cliente: { cli_search: search } })).data;
}

/** The quick search as the user types; nothing is asked for an empty text. */
export function useClientesRapido(search: string) {
  const text = search.trim();
  return useQuery({ queryKey: clienteKeys.rapido(text), queryFn: text ? () => buscarClientesRapido(text) : skipToken, placeholderData: keepPreviousData });
}

/** `/cliente/obtenerDirecciones`: a client's active shipping addresses (the sales order popup). */
export async function obtenerDirecciones(cliId: number): Promise<ClienteDireccionEnvio[]> {
  return (await apiPost<ClienteDireccionEnvio[]>('/cliente/obtenerDirecciones', { cliente_direccion_envio: { cli_id: cliId } })).data;
}

export function useDireccionesCliente(cliId: number | null) {
  return useQuery({ queryKey: clienteKeys.direcciones(cliId ?? 0), queryFn: cliId === null ? skipToken : () => obtenerDirecciones(cliId) });
}

/** A save changes the lists, the quick searches and the addresses: every client query is reloaded. */
export function useRegistrarCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClienteRegistrar) => apiPost<Cliente>('/cliente/registrar', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clienteKeys.all }),
  });
}

export function useModificarCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClienteModificar) => apiPost<Cliente>('/cliente/modificar', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clienteKeys.all }),
  });
}
