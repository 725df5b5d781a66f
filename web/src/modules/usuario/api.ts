import type { ChangePassword, Paged, Usuario, UsuarioBuscar, UsuarioEstado, UsuarioModificar, UsuarioRegistrar, UsuarioRow } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiBlob, apiPost, apiUpload } from '../../base/api';
import { setToken } from '../../base/session';
import { blobToDataUrl } from '../../ui/files';

export const usuarioKeys = {
  all: ['usuario'] as const,
  lists: () => [...usuarioKeys.all, 'list'] as const,
  list: (filters: UsuarioBuscar) => [...usuarioKeys.lists(), filters] as const,
  detail: (usuId: number) => [...usuarioKeys.all, 'detail', usuId] as const,
  firma: (usuId: number) => [...usuarioKeys.all, 'firma', usuId] as const,
};

export async function buscarUsuarios(filters: UsuarioBuscar): Promise<Paged<UsuarioRow>> {
  return (await apiPost<Paged<UsuarioRow>>('/usuario/buscar', filters)).data;
}

export function useUsuarios(filters: UsuarioBuscar) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ queryKey: usuarioKeys.list(filters), queryFn: () => buscarUsuarios(filters), placeholderData: keepPreviousData });
}

export async function obtenerUsuario(usuId: number): Promise<Usuario> {
  return (await apiPost<Usuario>('/usuario/obtener', { usuario: { usu_id: usuId } })).data;
}

/** A user to edit; never served from cache, because saving sends back its `usu_version`. */
export function useUsuario(usuId: number | null) {
  return useQuery({
    queryKey: usuarioKeys.detail(usuId ?? 0),
    queryFn: usuId === null ? skipToken : () => obtenerUsuario(usuId),
    gcTime: 0,
  });
}

/** The stored signature as a data URL for the preview, or null when the user has none (404). */
export async function obtenerFirma(usuId: number): Promise<string | null> {
  try {
    return await blobToDataUrl(await apiBlob('/usuario/obtenerFirma', { usuario: { usu_id: usuId } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useFirma(usuId: number | null) {
  return useQuery({
    queryKey: usuarioKeys.firma(usuId ?? 0),
    queryFn: usuId === null ? skipToken : () => obtenerFirma(usuId),
    gcTime: 0,
  });
}

export function useRegistrarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UsuarioRegistrar) => apiPost<{ usu_id: number }>('/usuario/registrar', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.lists() }),
  });
}

export function useModificarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UsuarioModificar) => apiPost<{ usu_id: number }>('/usuario/modificar', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.lists() }),
  });
}

/** Activates or deactivates a staff or supplier account. */
export function useCambiarEstado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (usuario: UsuarioEstado['usuario']) => apiPost<{ usu_id: number; usu_estado: number }>('/usuario/estado', { usuario }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.all }),
  });
}

/** An administrator ends every session of a user (issue 26). */
export function useCerrarSesiones() {
  return useMutation({ mutationFn: (usu_id: number) => apiPost<{ usu_id: number; sesiones_cerradas: number }>('/usuario/cerrarSesiones', { usuario: { usu_id } }) });
}

/** A lost phone (issue 26): the user's second factor goes; a role that requires it makes them enrol again. */
export function useRestablecerSegundoFactor() {
  return useMutation({ mutationFn: (usu_id: number) => apiPost<{ usu_id: number }>('/usuario/segundoFactor/restablecer', { usuario: { usu_id } }) });
}

export interface FirmaInput {
  usu_id: number;
  firma: File;
  onProgress?: (percent: number) => void;
}

export function adjuntarFirma({ usu_id, firma, onProgress }: FirmaInput) {
  const form = new FormData();
  // The server reads the fields before the file.
  form.append('usu_id', String(usu_id));
  form.append('firma', firma);
  return apiUpload<{ usu_id: number }>('/usuario/adjuntarFirma', form, onProgress);
}

export function useAdjuntarFirma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjuntarFirma,
    // The popup shows the upload's own progress bar.
    meta: { overlay: false },
    onSuccess: (_reply, input) => queryClient.invalidateQueries({ queryKey: usuarioKeys.firma(input.usu_id) }),
  });
}

/** Answers a new token: the old ones stop working (DECISIONS §1), so it replaces the stored one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePassword) => apiPost<{ access_token: string }>('/usuario/changePassword', body),
    onSuccess: (reply) => setToken(reply.data.access_token),
  });
}

