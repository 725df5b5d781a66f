import { isSupplier, MSG, screenRouteFor, SUPPLIER_HOME } from '@obra/domain';
import { landingPath, sessionEndReason, sessionModules, type Session } from './session';

export interface Redirect {
  to: string;
  /** Shown as an error on arrival. */
  message?: string;
}

/**
 * Where a login goes (issue 24): back to the screen the guard sent to login, when it is a path of
 * this site the new session may open; otherwise the user's landing screen. The path is only ever
 * read from the router's state and parsed against this origin, so no address can send a user to
 * another site after logging in.
 */
export function afterLoginPath(state: unknown, session: Session, origin = window.location.origin): string {
  const from = state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : null;
  if (from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')) {
    const url = new URL(from, origin);
    const path = url.pathname + url.search + url.hash;
    if (url.origin === origin && path !== '/home' && guardRedirect(url.pathname, session) === null) return path;
  }
  return landingPath(session);
}

/**
 * The route guard of spec 1 §6 for every screen behind login; null = the user may stay.
 * Login and account creation are not guarded: entering them ends the session (`PublicRoute`).
 */
export function guardRedirect(path: string, session: Session | null): Redirect | null {
  if (!session) return { to: '/login', message: sessionEndReason() };
  const supplier = isSupplier(session);
  if (path === '/home') return supplier ? { to: SUPPLIER_HOME } : null;
  const module = screenRouteFor(path)?.module;
  if (module === null || (module && sessionModules(session).includes(module))) return null;
  return { to: supplier ? SUPPLIER_HOME : '/home', message: MSG.noModuleAccess };
}
