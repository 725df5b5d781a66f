import { isReadOnly, isSupplier, ROLE_NAMES, SUPPLIER_HOME, type OptionCode, type SessionReply } from '@obra/domain';
import { useSyncExternalStore } from 'react';

/** The stored session is the login reply as the server sent it. */
export type Session = SessionReply;

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

export const sessionOptions = (s: Session) => list(s.opciones);

/** The session's role ids and option codes, for the domain's visibility rules. */
export function useAccessProfile(): { roleIds: number[]; options: string[] } {
  const session = useSession();
  return session ? { roleIds: sessionRoleIds(session), options: sessionOptions(session) } : { roleIds: [], options: [] };
}

/**
 * Whether the session may perform an action gated by `option` (spec 1 §6 option codes): the
 * option among its codes and not VISUALIZADOR. Only hides buttons; the server checks the same.
 */
export function useHasOption(option: OptionCode): boolean {
  const session = useSession();
  return !!session && sessionOptions(session).includes(option) && !isReadOnly({ roleIds: sessionRoleIds(session) });
}

/** Where a user lands after login: suppliers to their portal, staff to home (spec 1 §2.3). */
export const landingPath = (s: Session) => (isSupplier(s) ? SUPPLIER_HOME : '/home');
