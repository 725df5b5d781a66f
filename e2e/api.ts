import { expect, type APIRequestContext } from '@playwright/test';
import { PASSWORD } from './helpers';

/** Calls the API as the web does, to prepare data for a flow (spec 1 §7 "Session"). */

const CLIENT = `Basic ${Buffer.from('obra-web:obra').toString('base64')}`;

export interface ApiSession {
  headers: Record<string, string>;
  id_usuario: number;
}

export async function apiLogin(request: APIRequestContext, username: string): Promise<ApiSession> {
  const res = await request.post('/api/oauth/token', {
    headers: { Authorization: CLIENT },
    form: { username, password: PASSWORD, grant_type: 'password' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { access_token: string; id_usuario: number } };
  return {
    id_usuario: data.id_usuario,
    headers: { Authorization: `Bearer ${data.access_token}`, usuId: String(data.id_usuario), pveId: '', cliId: '' },
  };
}

export async function apiPost<T>(request: APIRequestContext, s: ApiSession, path: string, data?: object, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.post(`/api${path}`, { headers: { ...s.headers, ...headers }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

export interface OrdenCreada {
  id_orden: number;
  codigo: string;
  monto_con_impuesto: string;
}

/**
 * Registers an order as admin@andina.pe with gerencia@ and contabilidad@ as its approvers: one
 * line of 1 000.00 + IGV on cost centre CC-PL-01, crédito, unless `over` says otherwise.
 */
/** The body of an order registered as admin@andina.pe (see `crearOrden`), `over` replacing top-level fields. */
async function cuerpoOrden(request: APIRequestContext, admin: ApiSession, over: Record<string, unknown>) {
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const contabilidad = await apiLogin(request, 'contabilidad@andina.pe');
  const lists = await apiPost<{
    centros_costo: { id_centro_costo: number; codigo: string }[];
    unidades_medida: { unm_id: number }[];
  }>(request, admin, '/app/getData', { listas: ['centros_costo', 'unidades_medida'] });
  const cec = lists.centros_costo.find((c) => c.codigo === 'CC-PL-01') ?? lists.centros_costo[0];
  const proveedores = await apiPost<{ data: { id_proveedor: number }[] }>(request, admin, '/proveedor/list', { search: '', start: 0, length: 5 });
  return {
    tipo_orden: 1,
    es_importacion: 0,
    centro_costo: { id_centro_costo: cec.id_centro_costo },
    proveedor: { id_proveedor: proveedores.data[0].id_proveedor },
    moneda: { id_moneda: 1 },
    condicion_comercial: { id_condicion: 2 },
    metodo_pago: { id_metodo: 1 },
    tipo_documento: { id_tipo_documento: 1 },
    ord_numero_documento: 'F001-123',
    fecha_pago: '2026-12-15',
    lugar_entrega: 'Planta Lurín, Antigua Panamericana Sur km 36',
    contabilidad: { id_usuario: contabilidad.id_usuario },
    administrador: { id_usuario: admin.id_usuario },
    gerencia: { id_usuario: gerencia.id_usuario },
    referencia: 'Orden de prueba',
    orden_items: [{ descripcion: 'Cemento Portland tipo I', unidad: { id_unidad: lists.unidades_medida[0].unm_id }, cantidad: 4, precio_unitario: 250 }],
    ...over,
  };
}

export async function crearOrden(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<OrdenCreada> {
  const admin = await apiLogin(request, 'admin@andina.pe');
  return apiPost<OrdenCreada>(request, admin, '/orden/register-orden', await cuerpoOrden(request, admin, over));
}

/** Edits an order made by `crearOrden` (its first version), `over` replacing top-level fields. */
export async function modificarOrden(request: APIRequestContext, idOrden: number, over: Record<string, unknown>) {
  const admin = await apiLogin(request, 'admin@andina.pe');
  return apiPost<OrdenCreada>(request, admin, '/orden/update-orden', { ...(await cuerpoOrden(request, admin, over)), id_orden: idOrden, version: 1 });
}

/** Approves an order at both levels through the API (gerencia, then contabilidad): it ends emitido. */
export async function emitirOrden(request: APIRequestContext, idOrden: number) {
  const gerencia = await apiLogin(request, 'gerencia@andina.pe');
  const contabilidad = await apiLogin(request, 'contabilidad@andina.pe');
  await apiPost(request, gerencia, '/orden/approve', { id_orden_estado: 2 }, { idOrden: String(idOrden) });
  await apiPost(request, contabilidad, '/orden/approve', { id_orden_estado: 3 }, { idOrden: String(idOrden) });
}
