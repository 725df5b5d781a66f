import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../base/toast';

/** How long a carried success message stays (spec 2 §9: 4000 ms). */
const MENSAJE_SEGUNDOS = 4;

/**
 * The router state that carries a success message to /caja (after saving the form, or from the
 * settlement screen): `navigate('/caja', { state: conMensaje(reply.message) })`. Its own key, not
 * `message`: the shell shows a carried `message` as an error (the guard's refusals).
 */
export const conMensaje = (exito: string) => ({ exito });

/**
 * Spec 2 §2 "Petty cash list": a success message passed from another screen shows for 4 s and is
 * cleared from the history entry, so going back or reloading does not show it again.
 */
export function useCajaMensaje() {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const exito = state && typeof state === 'object' && 'exito' in state && typeof state.exito === 'string' ? state.exito : null;
  useEffect(() => {
    if (!exito) return;
    toast.success(exito, MENSAJE_SEGUNDOS);
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [exito, location.pathname, location.search, navigate]);
}
