/** What each load run sends. Bodies are fixed, so every request of a run is the same call. */
import type { LoadJob } from './load.ts';

export const ADMIN_LOGIN = { username: 'admin', password: 'Demo.2026' };
const WEB_CLIENT = `Basic ${Buffer.from('obra-web:obra').toString('base64')}`;
export const LOGIN_FORM = new URLSearchParams({ ...ADMIN_LOGIN, grant_type: 'password' }).toString();

/** The user-list filters of the buscar workloads; run.ts also EXPLAINs them. */
export interface SearchFilter {
  search: string;
  usu_estado: 0 | 1;
  start: number;
  length: number;
}

export interface Workload {
  name: string;
  path: string;
  body: string;
  /** Set for the buscar workloads, to EXPLAIN the same filter. */
  search?: SearchFilter;
  /** A fixed number of requests and connections instead of --duration / --connections. */
  fixed?: { amount: number; connections: number };
  /** Public call with the web client's Basic credentials instead of the bearer token. */
  login?: true;
}

const buscar = (name: string, search: SearchFilter): Workload =>
  ({ name, path: '/api/usuario/buscar', body: JSON.stringify(search), search });

/**
 * Login is measured with 50 requests over 5 connections: the route allows 60 per minute
 * per address, and the harness already spent one on its own token.
 */
export const WORKLOADS: Workload[] = [
  { name: 'login', path: '/api/oauth/token', body: LOGIN_FORM, login: true, fixed: { amount: 50, connections: 5 } },
  buscar('usuario/buscar page 1', { search: '', usu_estado: 1, start: 0, length: 10 }),
  buscar('usuario/buscar "quispe"', { search: 'quispe', usu_estado: 1, start: 0, length: 10 }),
  buscar('usuario/buscar start=20000', { search: '', usu_estado: 1, start: 20000, length: 10 }),
  // Master data at the same scale: the supplier list (issue 3) and the product catalogue.
  { name: 'proveedor/list page 1', path: '/api/proveedor/list', body: JSON.stringify({ search: '', start: 0, length: 10 }) },
  { name: 'proveedor/list "cementos"', path: '/api/proveedor/list', body: JSON.stringify({ search: 'cementos', start: 0, length: 10 }) },
  { name: 'proveedor/list start=20000', path: '/api/proveedor/list', body: JSON.stringify({ search: '', start: 20000, length: 10 }) },
  { name: 'productoVendor/buscar page 1', path: '/api/productoVendor/buscar', body: JSON.stringify({ producto: { page: { number: 1, size: 10 } } }) },
  { name: 'productoVendor/buscar "fierro"', path: '/api/productoVendor/buscar', body: JSON.stringify({ producto: { prv_nombre: 'fierro', page: { number: 1, size: 10 } } }) },
  { name: 'productoVendor/buscar page 2000', path: '/api/productoVendor/buscar', body: JSON.stringify({ producto: { page: { number: 2000, size: 10 } } }) },
  { name: 'producto/list "cemento" + category', path: '/api/producto/list', body: JSON.stringify({ search: 'cemento', start: 0, length: 10, categoria: 1 }) },
  // Orders at 200 000 over two years (bench/generate-orders.ts): this year's list, a deep page, a state + text filter; pending approvals.
  { name: 'orden/get-orden-list page 1', path: '/api/orden/get-orden-list', body: JSON.stringify({ year: 2026, start: 0, length: 10 }) },
  { name: 'orden/get-orden-list start=50000', path: '/api/orden/get-orden-list', body: JSON.stringify({ year: 2026, start: 50_000, length: 10 }) },
  {
    name: 'orden/get-orden-list emitido "cemento"',
    path: '/api/orden/get-orden-list',
    body: JSON.stringify({ year: 2026, status: 3, search: 'cemento', start: 0, length: 10 }),
  },
  { name: 'orden/approve/pending', path: '/api/orden/approve/pending', body: JSON.stringify({ start: 0, length: 10 }) },
  // Issue 25: Inicio's work queue, every count in one statement (as admin: no gerencia filter, all projects).
  { name: 'inicio/pendientes', path: '/api/inicio/pendientes', body: JSON.stringify({}) },
  // Issue 25: Inicio's panels, one request each (as admin: every project); `npm run bench -- figuras` measures them on their own data.
  ...['compras', 'pagos', 'ventas', 'cobranza', 'despachos', 'mixers', 'cajas'].map((p) => ({ name: `indicador/${p}`, path: `/api/indicador/${p}`, body: JSON.stringify({}) })),
  {
    name: 'app/getData (5 lists)',
    path: '/api/app/getData',
    body: JSON.stringify({ listas: ['estados', 'monedas', 'condiciones_comerciales', 'tipos_documento', 'distritos'] }),
  },
];

export function headersFor(w: Workload, token: string): Record<string, string> {
  return w.login
    ? { authorization: WEB_CLIENT, 'content-type': 'application/x-www-form-urlencoded' }
    : { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

export function jobFor(w: Workload, base: string, token: string, run: { duration: number; connections: number }): LoadJob {
  return {
    url: `${base}${w.path}`,
    method: 'POST',
    headers: headersFor(w, token),
    body: w.body,
    connections: w.fixed?.connections ?? run.connections,
    duration: run.duration,
    amount: w.fixed?.amount,
  };
}
