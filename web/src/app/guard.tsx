import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { guardRedirect } from '../base/access';
import { cerrarSesionActual } from '../modules/auth/api';
import { queryClient } from '../base/query-client';
import { clearSession, useSession } from '../base/session';

/** Layout route around the screens behind login: renders them or redirects. */
export function RouteGuard() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const redirect = guardRedirect(pathname, session);
  if (!redirect) return <Outlet />;
  // A user refused their own landing screen would bounce forever; stop on the forbidden page.
  const to = redirect.to === pathname ? '/forbidden' : redirect.to;
  // Without a session the login returns here afterwards (a deep link, an expired session).
  const from = session ? undefined : pathname + search + hash;
  return <Navigate to={to} replace state={redirect.message || from ? { message: redirect.message, from } : null} />;
}

/**
 * Layout route around login and account creation: entering them logs the user out first
 * (spec 1 §2.3, §6), dropping the session and every cached answer and list.
 */
export function PublicRoute() {
  useEffect(() => {
    // The server ends the session too (its token stops working there), before the token is dropped here.
    cerrarSesionActual();
    clearSession();
    queryClient.clear();
  }, []);
  return <Outlet />;
}
