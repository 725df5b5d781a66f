import type { CrearCuenta, CuentaConfirmada, CuentaCreada, Envelope, ProveedorDatosRuc } from '@obra/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPublicPost } from '../../base/api';

/** The public calls of supplier account creation (spec 3 §7 "Supplier portal"): no session, JSON bodies. */

const json = { 'Content-Type': 'application/json' };

export async function obtenerDatosxRuc(pveRuc: string): Promise<ProveedorDatosRuc> {
  return (await apiPublicPost<ProveedorDatosRuc>('/proveedor2/obtenerDatosxRuc', JSON.stringify({ proveedor: { pve_ruc: pveRuc } }), json)).data;
}

/** The RUC search; a refusal (unknown RUC, account already made) is toasted by the query cache. */
export function useObtenerDatosxRuc() {
  return useMutation({ mutationFn: obtenerDatosxRuc });
}

export function crearCuenta(body: CrearCuenta): Promise<Envelope<CuentaCreada>> {
  return apiPublicPost<CuentaCreada>('/proveedor2/crearCuenta', JSON.stringify(body), json);
}

export function useCrearCuenta() {
  return useMutation({ mutationFn: crearCuenta });
}

/** The link's token, sent once; the screen shows the outcome itself. */
export function confirmarCuenta(token: string): Promise<Envelope<CuentaConfirmada>> {
  return apiPublicPost<CuentaConfirmada>('/proveedor2/confirmarCuenta', JSON.stringify({ token }), json);
}
