import { isSupplier, ROLE_NAMES, SUPPLIER_HOME } from '@obra/domain';
import { useSyncExternalStore } from 'react';

export interface MenuModule {
  mod_id: number;
  mod_nombre: string;
  mod_codigo: string;
  mod_url: string;
}

export interface MenuGroup {
  mgp_id: number;
  mgp_nombre: string;
  modulos: MenuModule[];
}

/** The reply of `POST /api/oauth/token` and `/api/oauth/session` (spec 1 §7 "Session"). */
export interface Session {
  access_token: string;
  token_type: string;
  expires_in: number;
  id_usuario: number;
  usu_nombre: string;
  usu_apellido: string;
  usu_nombre_completo: string;
  usu_correo: string;
  usu_nivel: number;
  pry_id: number | null;
  tiu_id: number;
  pve_id: number | null;
  cli_id: number | null;
  /** Comma-separated role names, e.g. "SUPER,GERENCIA". */
  roles: string;
  /** Comma-separated option codes. */
  opciones: string;
  /** Comma-separated module codes. */
  modulos: string;
  modulo_grupos: MenuGroup[];
}

const SESSION_KEY = 'obra.session';
const VERSION_KEY = 'obra.version';

const listeners = new Set<() => void>();
let current: Session | null = read();
/** Why the last session ended (for example an expired token); shown on the login page. */
let endReason: string | undefined;

function read(): Session | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Session;
  } catch {
    return null;
  }
}

function publish(next: Session | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

export function getSession(): Session | null {
  return current;
}

export function saveSession(session: Session) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  endReason = undefined;
  publish(session);
}

/** A password change issues a new token; the old one stops working (DECISIONS §1). */
export function setToken(accessToken: string) {
  if (current) saveSession({ ...current, access_token: accessToken });
}

export function clearSession(reason?: string) {
  localStorage.removeItem(SESSION_KEY);
  endReason = reason;
  if (current) publish(null);
}

export function sessionEndReason(): string | undefined {
  return endReason;
}

/** Spec 1 §2.2: when the stored app version differs from this build, the user is logged out. */
export function checkAppVersion() {
  if (localStorage.getItem(VERSION_KEY) === __APP_VERSION__) return;
  clearSession();
  localStorage.setItem(VERSION_KEY, __APP_VERSION__);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes the stored session.
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_KEY) publish(read());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}

const list = (csv: string) => csv.split(',').map((s) => s.trim()).filter(Boolean);

export const sessionModules = (s: Session) => list(s.modulos);

/** Role ids from the session's role names, for the domain checks (`isSuper`, `isReadOnly`). */
export function sessionRoleIds(s: Session): number[] {
  const names = list(s.roles);
  return Object.entries(ROLE_NAMES)
    .filter(([, name]) => names.includes(name))
    .map(([id]) => Number(id));
}

export function useRoleIds(): number[] {
  const session = useSession();
  return session ? sessionRoleIds(session) : [];
}

/** Where a user lands after login: suppliers to their portal, staff to home (spec 1 §2.3). */
export const landingPath = (s: Session) => (isSupplier(s) ? SUPPLIER_HOME : '/home');
