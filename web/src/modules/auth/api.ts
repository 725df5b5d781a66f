import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope, SegundoFactorAlta, SesionFila } from '@obra/domain';
import { ApiError, SegundoPasoPendiente, apiPost, apiPublicPost } from '../../base/api';
import { getSession, saveSession, type Session } from '../../base/session';

/** The web client's fixed credentials of the token call (spec 1 §7 "Session"). */
const CLIENT_AUTHORIZATION = `Basic ${btoa('obra-web:obra')}`;

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};

export interface LoginInput {
  username: string;
  password: string;
}

export async function login({ username, password }: LoginInput): Promise<Session> {
  const body = new URLSearchParams({ username, password, grant_type: 'password' });
  try {
    return (await apiPublicPost<Session>('/oauth/token', body, { Authorization: CLIENT_AUTHORIZATION })).data;
  } catch (err) {
    // The password was right and a second step follows (issue 26).
    const data = err instanceof ApiError && err.status === 401 ? (err.data as { segundo_factor?: string; desafio?: string } | null) : null;
    if (data?.desafio && (data.segundo_factor === 'codigo' || data.segundo_factor === 'enrolar')) {
      throw new SegundoPasoPendiente((err as Error).message, data.segundo_factor, data.desafio);
    }
    throw err;
  }
}

/** Logs in and stores the session; the screen decides where to go. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: saveSession });
}

/** The current user's menu, modules and options, read again from the server (token kept). */
export async function refreshSession(): Promise<Session> {
  const fresh = (await apiPost<Session>('/oauth/session')).data;
  const stored = getSession();
  if (stored) saveSession({ ...fresh, access_token: stored.access_token });
  return fresh;
}

/** Once per app load: roles and grants may have changed since the session was stored. */
export function useSessionRefresh() {
  return useQuery({ queryKey: authKeys.session(), queryFn: refreshSession, staleTime: Infinity });
}

const jsonHeaders = { 'Content-Type': 'application/json' };

/** '¿Olvidó su contraseña?' (issue 26): the same answer whether the address has an account or not. */
export function olvidePassword(usu_correo: string): Promise<Envelope<null>> {
  return apiPublicPost<null>('/oauth/olvidePassword', JSON.stringify({ usu_correo }), jsonHeaders);
}

/** The mailed link's token and the new password; the answer names the account, to prefill the login. */
export function restablecerPassword(token: string, password: string): Promise<Envelope<{ usu_correo: string }>> {
  return apiPublicPost<{ usu_correo: string }>('/oauth/restablecerPassword', JSON.stringify({ token, password }), jsonHeaders);
}

/** As mutations, so a refusal shows the server's message like every other call (base/query-client). */
export const useOlvidePassword = () => useMutation({ mutationFn: olvidePassword });
export const useRestablecerPassword = () => useMutation({ mutationFn: (v: { token: string; password: string }) => restablecerPassword(v.token, v.password) });

// ------------------------------------------------------------------ sessions (issue 26)

export const sesionKeys = { lista: () => [...authKeys.all, 'sesiones'] as const };

/** 'Mis sesiones': the caller's open sessions, the current one marked. */
export function useSesiones() {
  return useQuery({ queryKey: sesionKeys.lista(), queryFn: async () => (await apiPost<SesionFila[]>('/sesion/buscar')).data });
}

export function useCerrarSesion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ses_id: string) => apiPost<null>('/sesion/cerrar', { sesion: { ses_id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sesionKeys.lista() }),
  });
}

/** 'Cerrar sesión' also ends the session on the server, so its token stops working there too; a failure changes nothing here. */
export function cerrarSesionActual(): void {
  if (getSession()) void apiPost<null>('/oauth/logout').catch(() => undefined);
}

// ------------------------------------------------------------------ second factor (issue 26)

/** The login's second step: a code or a recovery code; `recordar` keeps this browser 30 days (an HttpOnly cookie). */
export const useSegundoPaso = () => useMutation({
  mutationFn: async (v: { desafio: string; codigo?: string; codigo_recuperacion?: string; recordar: boolean }) =>
    (await apiPublicPost<Session>('/oauth/segundoFactor', JSON.stringify(v), jsonHeaders)).data,
  onSuccess: saveSession,
});

/** The enrolment a role demands at login: the QR, then the first code (which signs in and gives the recovery codes). */
export const useAltaAlIngresar = () => useMutation({
  mutationFn: async (desafio: string) => (await apiPublicPost<SegundoFactorAlta>('/oauth/segundoFactor/enrolar', JSON.stringify({ desafio }), jsonHeaders)).data,
});
export const useActivarAlIngresar = () => useMutation({
  mutationFn: async (v: { desafio: string; codigo: string }) =>
    (await apiPublicPost<Session & { codigos_recuperacion: string[] }>('/oauth/segundoFactor/activar', JSON.stringify(v), jsonHeaders)).data,
});

export const segundoFactorKeys = { estado: () => [...authKeys.all, 'segundo-factor'] as const };

/** The signed-in user's own factor ('Seguridad'). */
export function useSegundoFactor() {
  return useQuery({
    queryKey: segundoFactorKeys.estado(),
    queryFn: async () => (await apiPost<{ activo: boolean; requerido: boolean; codigos_restantes: number }>('/segundoFactor/estado')).data,
  });
}
export const useIniciarSegundoFactor = () => useMutation({ mutationFn: async () => (await apiPost<SegundoFactorAlta>('/segundoFactor/iniciar')).data });
export function useActivarSegundoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codigo: string) => apiPost<{ codigos_recuperacion: string[] }>('/segundoFactor/activar', { codigo }),
    onSuccess: () => client.invalidateQueries({ queryKey: segundoFactorKeys.estado() }),
  });
}
export function useDesactivarSegundoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiPost<null>('/segundoFactor/desactivar', { password }),
    onSuccess: () => client.invalidateQueries({ queryKey: segundoFactorKeys.estado() }),
  });
}
export function useNuevosCodigos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiPost<{ codigos_recuperacion: string[] }>('/segundoFactor/codigos', { password }),
    onSuccess: () => client.invalidateQueries({ queryKey: segundoFactorKeys.estado() }),
  });
}
