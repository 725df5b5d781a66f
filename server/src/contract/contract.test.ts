import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatFechaHoraLima, limaDate, TDI } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { expectOk } from '../test/expect.ts';
import { ADMIN, SUPPLIER, WEB_CLIENT, type TestContext } from '../test/harness.ts';
import { createFixture, type Fixture } from '../modules/orden_pago/fixtures.ts';
import { manana } from '../modules/orden_venta/fixtures.ts';
import { EXCEPCIONES, NO_VERIFICABLE, type Entidad } from './exceptions.ts';

/**
 * The spec's calls answer to the spec's field names, in and out (issue 27). Every entity of the three
 * specs' §3 "Entities and their fields" (spec-fields.json, generated from the spec texts by
 * scripts/spec-fields.mjs) has an entry below: its register / modify calls are sent the spec's names
 * alone, and its obtain / search replies must carry every field the spec lists for it. An entity the
 * spec does not let us check says why (NO_VERIFICABLE); a field the product deliberately answers
 * otherwise says why beside it (EXCEPCIONES, also in docs/business-rules.md "Nombres del contrato").
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SPEC_DIR = resolve(process.env.SPEC_DIR ?? join(ROOT, '../shared/spec'));
const modelo = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'spec-fields.json'), 'utf8')) as { entities: Entidad[] };
const clave = (e: Pick<Entidad, 'spec' | 'entity'>) => `${e.spec}:${e.entity}`;

let ctx: TestContext;
let admin: { authorization: string };
let proveedor: { authorization: string };
type Obj = Record<string, unknown>;

async function post(path: string, payload: unknown, who = admin, headers: Record<string, string> = {}): Promise<Obj> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api${path}`, headers: { ...who, ...headers }, payload: payload as object });
  expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
  return res.json() as Obj;
}
const data = async (path: string, payload: unknown, who = admin, headers: Record<string, string> = {}) =>
  (await post(path, payload, who, headers)).data as Obj;
/** The rows of a reply: `page.list`, `list`, `{data,total}` or the array itself, under the envelope or not. */
function lista(d: unknown): Obj[] {
  if (Array.isArray(d)) return d as Obj[];
  const o = d as Obj;
  if (o.page) return lista(o.page);
  if (o.list) return lista(o.list);
  if (o.data !== undefined) return lista(o.data);
  return [];
}
const primero = (d: Obj): Obj => {
  const rows = lista(d);
  expect(Array.isArray(rows) && rows.length > 0, 'la búsqueda debe traer al menos una fila').toBe(true);
  return rows[0];
};
async function unId(query: ReturnType<typeof sql>): Promise<number> {
  const [r] = await selectRows<{ id: number }>(ctx.deps.database.db, query);
  expect(r, String(query)).toBeDefined();
  return Number(r.id);
}

/** The spec's fields of an entity (all its parts) that the reply `obj` must carry. */
function camposDe(e: Entidad, parte?: string): string[] {
  if (parte) return e.parts.find((p) => p.part === parte)!.fields;
  return e.fields;
}

/** Every spec field of `e` (or of one of its parts) is a key of `obj`, except the documented exceptions. */
function tieneCampos(e: Entidad, obj: Obj, parte?: string) {
  const excepciones = EXCEPCIONES[clave(e)] ?? {};
  const faltan = camposDe(e, parte).filter((f) => !(f in obj) && !(f in excepciones));
  expect(faltan, `${clave(e)}${parte ? ` (${parte})` : ''}: campos de la especificación ausentes de la respuesta`).toEqual([]);
}

const hoy = new Date().toISOString().slice(0, 10);
/** Today in Lima: the default registration date of assignments and returns. */
const hoyLima = limaDate();
const sufijo = String(Date.now()).slice(-6);

/** How each entity is checked: sends the spec's names where it registers, and checks what it reads. */
const VERIFICAR: Record<string, (e: Entidad) => Promise<void>> = {
  // ---------------------------------------------------------------- spec 1
  '1:User': async (e) => {
    const usuId = await unId(sql`select usu_id as id from usuario where usu_correo = ${ADMIN}`);
    // `firma` (the signature image): null without one, a link once adjuntarFirma stored it.
    const u = await data('/usuario/obtener', { usuario: { usu_id: usuId } });
    tieneCampos(e, u);
    expect(u.firma).toBeNull();
    const { payload, headers } = multipart({ usu_id: String(usuId) }, { name: 'firma', filename: 'firma.png', content: PNG, type: 'image/png' });
    const subida = await ctx.app.inject({ method: 'POST', url: '/api/usuario/adjuntarFirma', headers: { ...admin, ...headers }, payload });
    expect(subida.statusCode, subida.body).toBe(200);
    const conFirma = await data('/usuario/obtener', { usuario: { usu_id: usuId } });
    tieneCampos(e, conFirma);
    // A link served through the users module's access control (never a storage path): with the session, the image.
    expect(conFirma.firma).toBe(`/api/usuario/obtenerFirma?usu_id=${usuId}`);
    const img = await ctx.app.inject({ method: 'GET', url: conFirma.firma as string, headers: admin });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: conFirma.firma as string })).statusCode).toBe(401);
  },
  '1:Order': async (e) => {
    tieneCampos(e, await data('/orden/get-orden-detail', {}, admin, { idOrden: String(orden.ordId) }));
  },
  '1:Order item': async (e) => {
    const o = await data('/orden/get-orden-detail', {}, admin, { idOrden: String(orden.ordId) });
    tieneCampos(e, (o.orden_items as Obj[])[0]);
  },
  '1:Order tax': async (e) => {
    const o = await data('/orden/get-orden-detail', {}, admin, { idOrden: String(orden.ordId) });
    tieneCampos(e, (o.orden_impuestos as Obj[])[0]);
  },
  '1:Supplier': async (e) => tieneCampos(e, primero(await post('/proveedor/list', { search: '', length: 10, start: 0 }))),
  '1:Supplier account': async (e) => {
    const pveId = await unId(sql`select pve_id as id from cuenta_proveedor order by 1 limit 1`);
    tieneCampos(e, primero(await data('/cuenta-proveedor/list', { id_proveedor: pveId })));
  },
  '1:Cost centre': async (e) => tieneCampos(e, primero(await post('/centroCosto/list', { search: '', length: 10, start: 0 }))),
  '1:Brand': async (e) => tieneCampos(e, primero(await post('/marca/list', { search: '', length: 10, start: 0 }))),
  '1:Unit': async (e) => tieneCampos(e, primero(await post('/unidad/list', { search: '', length: 10, start: 0 }))),
  '1:Project': async (e) => tieneCampos(e, primero(await data('/proyecto/buscar', { proyecto: {} }))),
  '1:Warehouse': async (e) => tieneCampos(e, primero(await data('/almacen/buscar', {}))),
  '1:Payment order': async (e) => {
    tieneCampos(e, await data('/ordenPago/obtener', { orden_pago: { opg_id: orden.opgId } }));
  },
  '1:Purchase order as seen by payment orders': async (e) => {
    tieneCampos(e, await data('/ordenCompra/obtener', { orden_compra: { ord_id: orden.ordId } }));
  },
  '1:Cached lists': async (e) => tieneCampos(e, await data('/app/getData', { listas: e.fields })),
  '1:Status': async (e) => tieneCampos(e, ((await data('/app/getData', { listas: ['estados'] })).estados as Obj[])[0]),
  // ---------------------------------------------------------------- spec 2
  '2:Inventory item': async (e) => tieneCampos(e, primero(await data('/productoAlmacen/buscar', { producto_almacen: { page: { number: 1, size: 10 } } }))),
  '2:Kardex line': async (e) => {
    const palId = await unId(sql`select pal_id as id from kardex order by kdx_id limit 1`);
    const k = await data('/productoAlmacen/obtenerKardex', { producto_almacen: { pal_id: palId, page: { number: 1, size: 10 } } });
    // The opening balance belongs to the page, the rest to each line.
    tieneCampos(e, { ...k, ...(k.page_result as Obj), ...primero(k.page_result as Obj) });
  },
  '2:Transfer history line': async (e) => {
    const { palId } = await transferencia();
    tieneCampos(e, primero(await data('/transferenciaItems/historialTransferenciasxItem', { producto_almacen: { pal_id: palId } })));
  },
  '2:Assignment': async (e) => {
    const { asi_id, entrada } = await asignacion();
    const a = await data('/asignacionItems/obtener', { asi_id });
    tieneCampos(e, a);
    expect(a).toMatchObject({ asi_estado: a.est_id, asi_fecha_registro: hoyLima, emp_solicitante: entrada.emp_solicitante, emp_autorizador: entrada.emp_autorizador, alm_id: entrada.alm_id, pry_id: entrada.pry_id });
    const detalle = Object.values(a).find((v) => Array.isArray(v)) as Obj[];
    tieneCampos(e, detalle[0], 'detail');
    expect(detalle[0]).toMatchObject({ pal_id: entrada.detalle[0].pal_id, prv_id: entrada.detalle[0].prv_id, aid_cantidad: '2', did_cantidad_total: '0', aid_saldo: '2', aid_notas: 'Para la obra' });
  },
  '2:Return': async (e) => {
    // Input: the spec's return (asi_id, usu_registrador, a detail list of aid_id, aid_cantidad, did_cantidad, did_notas, pal_id).
    const { asi_id, entrada } = await asignacion();
    const a = await data('/asignacionItems/obtener', { asi_id });
    const linea = (a.detalle as Obj[])[0];
    const usuId = await unId(sql`select usu_id as id from usuario where usu_correo = ${ADMIN}`);
    const r = await data('/devolucionItems/registrar', {
      devolucion_items: {
        asi_id, usu_registrador: usuId,
        detalle: [{ aid_id: linea.aid_id, aid_cantidad: linea.aid_cantidad, did_cantidad: '1', did_notas: 'Devuelve una', pal_id: linea.pal_id }],
      },
    });
    const d = await data('/devolucionItems/obtener', { dei_id: r.dei_id });
    const detalle = (Object.values(d).find((v) => Array.isArray(v)) as Obj[])[0];
    tieneCampos(e, { ...d, ...detalle });
    expect(d).toMatchObject({ dei_estado: d.est_id, dei_id: r.dei_id, asi_id, usu_registrador: usuId, pry_id: entrada.pry_id, dei_fecha_registro: hoyLima });
    expect(detalle).toMatchObject({ aid_id: linea.aid_id, aid_cantidad: '2', did_cantidad: '1', did_notas: 'Devuelve una', pal_id: linea.pal_id });
    expect(((await data('/asignacionItems/obtener', { asi_id })).detalle as Obj[])[0]).toMatchObject({ did_cantidad_total: '1', aid_saldo: '1' });
  },
  '2:Transfer': async (e) => {
    const r = await transferencia();
    const t = await data('/transferenciaItems/obtener', { tfi_id: r.tfi_id });
    tieneCampos(e, t, 'Header');
    tieneCampos(e, (t.detalle as Obj[])[0], 'Detail lines');
  },
  '2:Transfer type': async (e) => tieneCampos(e, primero(await post('/getTiposTransferencias', {}))),
  '2:Project': async (e) => {
    const pryId = await unId(sql`select pry_id as id from proyecto order by pry_id limit 1`);
    tieneCampos(e, await data('/proyecto/obtener', { proyecto: { pry_id: pryId } }));
  },
  '2:Warehouse': async (e) => tieneCampos(e, primero(await data('/almacen/buscar', {}))),
  '2:Employee': async (e) => {
    const empId = await unId(sql`select emp_id as id from empleado where usu_id is not null order by emp_id limit 1`);
    const emp = await data('/empleado/obtener', { empleado: { emp_id: empId } });
    tieneCampos(e, emp);
    tieneCampos(e, emp, 'User part');
  },
  '2:Petty cash': async (e) => {
    const cajId = await unId(sql`select caj_id as id from caja order by caj_id limit 1`);
    const c = await data('/caja/obtener', { caja: { caj_id: cajId } });
    tieneCampos(e, c, 'Header');
    tieneCampos(e, c.caj_opciones as Obj, 'caj_opciones');
  },
  '2:Expense report': async (e) => {
    const cajId = await unId(sql`select caj_id as id from rendicion_detalle order by 1 limit 1`);
    tieneCampos(e, await data('/rendicion/obtenerRendicionxCaja', { caja: { caj_id: cajId } }));
  },
  '2:Settlement document line': async (e) => {
    const cajId = await unId(sql`select caj_id as id from rendicion_detalle order by 1 limit 1`);
    const r = await data('/rendicion/obtenerRendicionxCaja', { caja: { caj_id: cajId } });
    tieneCampos(e, (r.lista_rendicion_detalle as Obj[])[0]);
  },
  // ---------------------------------------------------------------- spec 3
  '3:Client': async (e) => {
    // Input: the spec's names alone (cli_tipo_documento_identidad, not the product's tdi_id).
    const cliente = {
      cli_tipo_documento_identidad: 1, cli_documento_identidad: `4${sufijo}1`.padEnd(8, '7'), cli_nombre: 'Cliente del contrato',
      cli_nombre_contacto: 'Ana Prado', cli_domicilio_fiscal: 'Av. Lima 123', cli_correo: 'contrato@cliente.pe', cli_telefono: '987654321',
      cli_especial: 0, lista_cliente_direccion_envio: [{ cde_alias: 'Obra', cde_direccion: 'Av. Sur 1', cde_referencia: 'Frente al parque', ubi_id: '150101' }],
    };
    const r = await data('/cliente/registrar', { cliente });
    const c = await data('/cliente/obtener', { cliente: { cli_id: r.cli_id } });
    tieneCampos(e, c);
    expect(c.cli_tipo_documento_identidad).toBe(1);
    const d = (c.lista_cliente_direccion_envio as Obj[])[0];
    expect(Object.keys(d)).toEqual(expect.arrayContaining(e.nested.lista_cliente_direccion_envio.filter((f) => f !== 'district name')));
    await data('/cliente/modificar', { cliente: { ...cliente, cli_id: r.cli_id, cli_version: c.cli_version, cli_tipo_documento_identidad: 3, cli_documento_identidad: 'E00998877', cli_estado: 1, lista_cliente_direccion_envio: [{ ...d }] } });
    expect((await data('/cliente/obtener', { cliente: { cli_id: r.cli_id } })).cli_tipo_documento_identidad).toBe(3);
    // A row of buscar carries the list's columns (spec 3 §7 leaves the reply open); the whole client is obtener's.
    expect(primero(await data('/cliente/buscar', { cliente: { cli_search: 'contrato' } }))).toMatchObject({ cli_id: r.cli_id, cli_tipo_documento_identidad: 3 });
  },
  '3:Seller': async (e) => {
    const r = await data('/vendedor/registrar', { vendedor: { ven_nombre: 'Vendedor del contrato', ven_documento_identidad: '7'.repeat(8), ven_correo: 'v@contrato.pe', ven_telefono: '987654321', ven_capacidad: '', ven_placa: '' } });
    tieneCampos(e, await data('/vendedor/obtener', { vendedor: { ven_id: r.ven_id } }));
    tieneCampos(e, primero(await data('/vendedor/buscar', { vendedor: { ven_nombre: 'contrato' } })));
  },
  '3:Status': async (e) => tieneCampos(e, ((await data('/app/getData', { listas: ['estados'] })).estados as Obj[])[0]),
  '3:Sales product': async (e) => {
    const tipo = await selectRows<{ pti_id: number; pti_parent: number }>(ctx.deps.database.db, sql`select pti_id, pti_parent from producto_venta_tipo where pti_parent is not null and pti_estado = 1 order by pti_id limit 1`);
    const marId = await unId(sql`select mar_id as id from marca where mar_estado = 1 order by mar_id limit 1`);
    const unmId = await unId(sql`select unm_id as id from unidad_medida where unm_estado = 1 order by unm_id limit 1`);
    const campos = {
      pvt_nombre: `Producto del contrato ${sufijo}`, pvt_descripcion: 'Concreto', pvt_precio: '300.00', pvt_precio_minimo: '280.00', pvt_stock: '0',
      pti_id: tipo[0].pti_id, pti_id_parent: tipo[0].pti_parent, mar_id: marId, unm_id: unmId,
    };
    // Input: without a group (spec 3 §5 does not require it), then with the spec's pvt_grupo.
    const sinGrupo = await data('/productoVenta/registrar', { producto_venta: campos });
    expect(sinGrupo.pvt_grupo).toBeNull();
    const b = { ...campos, pvt_nombre: `${campos.pvt_nombre} B` };
    const r = await data('/productoVenta/registrar', { producto_venta: { ...b, pvt_grupo: 2 } });
    const p = await data('/productoVenta/obtener', { producto_venta: { pvt_id: r.pvt_id } });
    tieneCampos(e, p);
    expect(p.pvt_grupo).toBe(2);
    await data('/productoVenta/modificar', { producto_venta: { ...b, pvt_id: r.pvt_id, pvt_version: p.pvt_version, pvt_grupo: 3, est_id: 1 } });
    expect((await data('/productoVenta/obtener', { producto_venta: { pvt_id: r.pvt_id } })).pvt_grupo).toBe(3);
    // Lookups (spec 3 §3): groups (id, nombre), brands, units, product types.
    const listas = await data('/app/getData', { listas: ['producto_venta_grupos', 'marcas', 'unidades_medida', 'producto_venta_tipos'] });
    for (const [nombre, lista_] of [['groups', 'producto_venta_grupos'], ['brands', 'marcas'], ['units', 'unidades_medida'], ['product types', 'producto_venta_tipos']]) {
      expect(Object.keys((listas[lista_] as Obj[])[0]), nombre).toEqual(expect.arrayContaining(e.nested[nombre]));
    }
  },
  '3:Sales order': async (e) => tieneCampos(e, await ordenVenta()),
  '3:Sales order line': async (e) => tieneCampos(e, ((await ordenVenta()).lista_orden_venta_detalle as Obj[])[0]),
  '3:Sales order payment': async (e) => {
    const ovtId = await unId(sql`select ovt_id as id from orden_venta_pago order by ovp_id limit 1`);
    tieneCampos(e, ((await data('/ordenVenta/obtener', { orden_venta: { ovt_id: ovtId } })).lista_orden_venta_pago as Obj[])[0]);
  },
  '3:Electronic voucher': async (e) => {
    // A sales order registered, paid and given its voucher through the spec's calls (the demo channel: signed, not sent to SUNAT).
    const ovtId = await ventaPagada();
    const o = await data('/ordenVenta/generarComprobante', { orden_venta: { ovt_id: ovtId } });
    const c = (o.lista_nube_fact_comprobante as Obj[])[0];
    tieneCampos(e, c);
    const visto = ((await data('/ordenVenta/obtener', { orden_venta: { ovt_id: ovtId } })).lista_nube_fact_comprobante as Obj[])[0];
    tieneCampos(e, visto);
    expect(visto).toMatchObject({ nco_id: c.nco_id, nco_enlace: o.ovt_comprobante_enlace });
    // The link opens the voucher's PDF in a browser (GET, the voucher's own key).
    const pdf = await ctx.app.inject({ method: 'GET', url: visto.nco_enlace as string });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  },
  '3:Dispatch': async (e) => {
    const envId = await unId(sql`select env_id as id from envio order by env_id limit 1`);
    tieneCampos(e, await data('/envio/obtener', { envio: { env_id: envId } }));
  },
  '3:Sales order as seen by dispatch': async (e) => {
    const fila = primero(await data('/ordenVenta/buscar', { orden_venta: { cli_nombre: '', ovt_fecha_inicio: '2000-01-01', ovt_fecha_fin: '2100-01-01', fecha_por: 'entrega' } }));
    tieneCampos(e, fila);
    // The row's lines are the order's, as obtener answers them.
    const lineas = fila.lista_orden_venta_detalle as Obj[];
    expect(lineas.length).toBeGreaterThan(0);
    expect(lineas).toEqual((await data('/ordenVenta/obtener', { orden_venta: { ovt_id: fila.ovt_id } })).lista_orden_venta_detalle);
  },
  '3:Mixer': async (e) => {
    const r = await data('/mixer/registrar', { mixer: { mix_nombre: `Mixer contrato ${sufijo}`, mix_capacidad: '8', mix_placa: `C${sufijo.slice(0, 2)}-${sufijo.slice(2, 5)}` } });
    tieneCampos(e, await data('/mixer/obtener', { mixer: { mix_id: r.mix_id } }));
  },
  '3:Driver': async (e) => {
    const r = await data('/conductor/registrar', { conductor: { cdt_nombre: 'Luis', cdt_apellido: 'Contrato', cdt_placa: 'ABC-123' } });
    tieneCampos(e, await data('/conductor/obtener', { conductor: { cdt_id: r.cdt_id } }));
  },
  '3:Purchase request': async (e) => tieneCampos(e, await pedido()),
  '3:Request line': async (e) => {
    const { peiId, ordId } = await pedidoComprado();
    const [comprada, sinOrden] = (await data('/pedidoItems/obtener', { pedido_items: { pei_id: peiId } })).lista_pedido_items_detalle as Obj[];
    tieneCampos(e, comprada);
    tieneCampos(e, sinOrden);
    const [o] = await selectRows<{ ord_codigo: string; pve_razon_social: string }>(ctx.deps.database.db, sql`
      select o.ord_codigo, p.pve_razon_social from orden o join proveedor p on p.pve_id = o.pve_id where o.ord_id = ${ordId}`);
    expect(comprada).toMatchObject({ oci_cantidad: '5.0000', ord_id: ordId, ord_code: o.ord_codigo, pve_razon_social: o.pve_razon_social });
    expect(sinOrden).toMatchObject({ oci_cantidad: '0.0000', ord_id: null, ord_code: null, pve_razon_social: null });
  },
  '3:Product': async (e) => {
    const prvId = await unId(sql`select prv_id as id from producto order by prv_id limit 1`);
    tieneCampos(e, await data('/productoVendor/obtener', { producto: { prv_id: prvId } }));
  },
  '3:Supplier': async (e) => {
    const ruc = await selectRows<{ ruc: string }>(ctx.deps.database.db, sql`select pve_ruc as ruc from proveedor p
      where not exists (select 1 from usuario u where u.pve_id = p.pve_id) order by pve_id limit 1`);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/proveedor2/obtenerDatosxRuc', payload: { proveedor: { pve_ruc: ruc[0].ruc } } });
    expect(res.statusCode, res.body).toBe(200);
    tieneCampos(e, res.json().data as Obj);
  },
  '3:Order as seen by a supplier': async (e) => {
    // The call spec 3 §7 names for the portal, by the supplier of the order.
    const o = await data('/ordenCompra/obtener', { orden_compra: { ord_id: orden.ordId } }, proveedor);
    tieneCampos(e, o);
    const lineas = Object.values(o).find((v) => Array.isArray(v) && (v as Obj[]).some((l) => 'oci_descripcion' in l)) as Obj[] | undefined;
    expect(lineas, 'las líneas de la orden').toBeDefined();
    tieneCampos(e, lineas![0], 'Detail');
  },
  '3:Logged-in session fields used here': async (e) => {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: WEB_CLIENT },
      payload: new URLSearchParams({ username: ADMIN, password: 'Demo.2026', grant_type: 'password' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Obj;
    tieneCampos(e, { ...body, ...(body.data as Obj | undefined) });
  },
};

let tipo2: Promise<{ tfi_id: number; palId: number }> | undefined;
/** A type 2 transfer sent with the spec's line (no pal_id): the stock row is found by product and origin warehouse. */
function transferencia() {
  tipo2 ??= (async () => {
    const [s] = await selectRows<{ pal_id: number; alm_id: number; prv_id: number; prv_nombre: string; destino: number }>(ctx.deps.database.db, sql`
      select pa.pal_id, pa.alm_id, pa.prv_id, p.prv_nombre,
        (select a2.alm_id from almacen a2 where a2.alm_id <> pa.alm_id order by a2.alm_id limit 1) as destino
      from producto_almacen pa join producto p on p.prv_id = pa.prv_id
      where pa.pal_stock >= 1 and p.prv_item = 0 order by pa.pal_id limit 1`);
    const r = await data('/transferenciaItems/registrar', {
      transferencia_items: {
        tfi_tipo: 2, alm_origen: s.alm_id, alm_destino: s.destino, tfi_fecha_estimada_llegada: hoy,
        detalle: [{ prv_id: s.prv_id, prv_nombre: s.prv_nombre, prv_item: 0, tid_cantidad: '1', pal_numero_serie: '' }],
      },
    });
    return { tfi_id: Number(r.tfi_id), palId: Number(s.pal_id) };
  })();
  return tipo2;
}

let asignada: Promise<{ asi_id: number; entrada: { alm_id: number; pry_id: number; emp_solicitante: number; emp_autorizador: number; detalle: Obj[] } }> | undefined;
/** An assignment registered with the spec's fields alone (spec 2 §3 "Assignment"): 2 units of a stock row to an employee. */
function asignacion() {
  asignada ??= (async () => {
    const [s] = await selectRows<{ pal_id: number; alm_id: number; pry_id: number; prv_id: number; prv_nombre: string; prv_retorno_estimado: number | null }>(ctx.deps.database.db, sql`
      select pa.pal_id, pa.alm_id, a.pry_id, p.prv_id, p.prv_nombre, p.prv_retorno_estimado
      from producto_almacen pa join producto p on p.prv_id = pa.prv_id join almacen a on a.alm_id = pa.alm_id
      where pa.pal_stock >= 3 and (select count(*) from empleado m where m.pry_id = a.pry_id and m.emp_estado = 1) >= 2
      order by pa.pal_id desc limit 1`);
    expect(s, 'una fila de stock con dos empleados activos en su proyecto').toBeDefined();
    const emps = await selectRows<{ emp_id: number }>(ctx.deps.database.db, sql`select emp_id from empleado where pry_id = ${s.pry_id} and emp_estado = 1 order by emp_id limit 2`);
    const usuId = await unId(sql`select usu_id as id from usuario where usu_correo = ${ADMIN}`);
    const entrada = {
      asi_fecha_registro: hoyLima, usu_registrador: usuId, emp_solicitante: Number(emps[0].emp_id), emp_autorizador: Number(emps[1].emp_id),
      pry_id: Number(s.pry_id), alm_id: Number(s.alm_id),
      detalle: [{ pal_id: Number(s.pal_id), prv_id: Number(s.prv_id), prv_nombre: s.prv_nombre, aid_cantidad: '2', aid_notas: 'Para la obra', prv_retorno_estimado: s.prv_retorno_estimado }],
    };
    const r = await data('/asignacionItems/registrar', { asignacion_items: entrada });
    return { asi_id: Number(r.asi_id), entrada };
  })();
  return asignada;
}

/** A sales order of a demo client registered with the spec's fields (spec 3 "Sales order"), then paid in full (spec 3 "Sales order payment"). */
async function ventaPagada(): Promise<number> {
  const [c] = await selectRows<{ cli_id: number; cde_id: number }>(ctx.deps.database.db, sql`
    select c.cli_id, d.cde_id from cliente c join cliente_direccion_envio d on d.cli_id = c.cli_id and d.cde_estado = 1
    where c.tdi_id = ${TDI.RUC} and c.cli_estado = 1 and c.cli_especial = 0 order by c.cli_id, d.cde_id limit 1`);
  const [p] = await selectRows<{ pvt_id: number; pvt_precio: string }>(ctx.deps.database.db, sql`
    select pvt_id, pvt_precio::text as pvt_precio from producto_venta where est_id = 1 order by pvt_id limit 1`);
  const r = await data('/ordenVenta/registrar', {
    orden_venta: {
      cli_id: c.cli_id, cde_id: c.cde_id, tid_id: 1, mon_id: 1, coc_id: 1, ovt_nombre_contacto: 'Luis Paredes', ovt_documento_identidad_contacto: '45879632',
      ovt_telefono_contacto: '987654321', ovt_correo_contacto: 'lparedes@contrato.pe', ovt_observaciones: 'Contrato', ovt_guia: '', ovt_fecha_entrega: manana(),
      lista_orden_venta_detalle: [{ pvt_id: p.pvt_id, ovd_precio: p.pvt_precio, ovd_cantidad: '2' }],
    },
  });
  const o = await data('/ordenVenta/obtener', { orden_venta: { ovt_id: r.ovt_id } });
  await data('/ordenVentaPago/registrar', { orden_venta_pago: { ovt_id: r.ovt_id, ovp_fecha_pago: formatFechaHoraLima(new Date()), ovp_descripcion: 'Depósito BCP', ovp_monto: o.ovt_total } });
  return Number(r.ovt_id);
}

/**
 * A purchase request registered with the spec's fields (spec 3 "Purchase request"), approved, and one of its two
 * lines bought by a purchase order made from it (DECISIONS §7); the other line bought by none.
 */
async function pedidoComprado(): Promise<{ peiId: number; ordId: number }> {
  const db = ctx.deps.database.db;
  const [a] = await selectRows<{ alm_id: number; cec_id: number }>(db, sql`
    select a.alm_id, c.cec_id from almacen a join centro_costo c on c.pry_id = a.pry_id
    where a.alm_estado = 1 and c.cec_estado = 1 and c.cec_id = ${f.ids.cc} order by a.alm_id limit 1`);
  const logistica = await unId(sql`select usu_id as id from usuario where usu_correo = 'logistica@andina.pe'`);
  const prvs = await selectRows<{ prv_id: number }>(db, sql`select prv_id from producto where prv_estado = 1 order by prv_id limit 2`);
  const r = await data('/pedidoItems/registrar', {
    pedido_items: {
      alm_id: a.alm_id, cec_id: a.cec_id, usu_logistica: logistica, pei_notas: 'Contrato',
      lista_pedido_items_detalle: prvs.map((p) => ({ prv_id: p.prv_id, pid_cantidad_solicitada: '10' })),
    },
  });
  const peiId = Number(r.pei_id);
  await data('/pedidoItems/solicitarAprobacion', { pedido_items: { pei_id: peiId } });
  const lineas = (await data('/pedidoItems/obtener', { pedido_items: { pei_id: peiId } })).lista_pedido_items_detalle as Obj[];
  await data('/pedidoItems/aprobar', { pedido_items: { pei_id: peiId, lista_pedido_items_detalle: lineas.map((l) => ({ pid_id: l.pid_id, pid_cantidad_aprobada: '10' })) } });
  const ordId = await f.newOrder({
    pei_id: peiId,
    orden_items: [{ producto_variacion: { id_producto_variacion: lineas[0].prv_id }, unidad: { id_unidad: f.ids.unidad }, cantidad: 5, precio_unitario: 10, pid_id: lineas[0].pid_id }],
  });
  return { peiId, ordId };
}

async function ordenVenta(): Promise<Obj> {
  const ovtId = await unId(sql`select ovt_id as id from orden_venta order by ovt_id limit 1`);
  return data('/ordenVenta/obtener', { orden_venta: { ovt_id: ovtId } });
}
async function pedido(): Promise<Obj> {
  const peiId = await unId(sql`select pei_id as id from pedido_items order by pei_id limit 1`);
  return data('/pedidoItems/obtener', { pedido_items: { pei_id: peiId } });
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** A multipart body of text fields and one file, as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file: { name: string; filename: string; content: Buffer; type: string }) {
  const boundary = '----obra-contrato';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`));
  parts.push(file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let f: Fixture;
/** An issued purchase order of the demo supplier account's supplier, with a payment order. */
let orden: { ordId: number; opgId: number };

beforeAll(async () => {
  f = await createFixture();
  ctx = f.ctx;
  admin = await ctx.auth(ADMIN);
  proveedor = await ctx.auth(SUPPLIER);
  const pveId = await unId(sql`select pve_id as id from usuario where usu_correo = ${SUPPLIER}`);
  const ordId = await f.emitida({ proveedor: { id_proveedor: pveId } });
  const opg = expectOk(await f.registrar(ordId, 10)).data as { opg_id: number };
  orden = { ordId, opgId: opg.opg_id };
});
afterAll(async () => { await ctx.close(); });

describe('the spec\'s data model as data (scripts/spec-fields.mjs)', () => {
  it.skipIf(!existsSync(SPEC_DIR))('spec-fields.json is current with the spec texts', async () => {
    const { render } = await import('../../../scripts/spec-fields.mjs');
    expect(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'spec-fields.json'), 'utf8')).toBe(render(SPEC_DIR));
  });

  it('every entity of the three specs is checked or says why not', () => {
    const sinEntrada = modelo.entities.map(clave).filter((k) => !(k in VERIFICAR) && !(k in NO_VERIFICABLE));
    expect(sinEntrada).toEqual([]);
    // No stale entries: each one names an entity of the spec.
    const todas = new Set(modelo.entities.map(clave));
    expect([...Object.keys(VERIFICAR), ...Object.keys(NO_VERIFICABLE), ...Object.keys(EXCEPCIONES)].filter((k) => !todas.has(k))).toEqual([]);
  });
});

describe('OpenAPI (/api/docs) shows the spec\'s names', () => {
  it('on the calls issue 27 opened to them', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: Obj }> } } }> };
    const cuerpo = (path: string) => JSON.stringify(doc.paths[`/api${path}`]?.post?.requestBody?.content['application/json']?.schema ?? {});
    for (const path of ['/cliente/registrar', '/cliente/modificar']) expect(cuerpo(path), path).toContain('"cli_tipo_documento_identidad"');
    for (const path of ['/productoVenta/registrar', '/productoVenta/modificar']) expect(cuerpo(path), path).toContain('"pvt_grupo"');
    // Neither the group nor the document type's own name is required any more: the spec's names work alone.
    const registrar = JSON.parse(cuerpo('/productoVenta/registrar')) as { properties: { producto_venta: { required?: string[] } } };
    expect(registrar.properties.producto_venta.required ?? []).not.toContain('pvg_id');
    const cliente = JSON.parse(cuerpo('/cliente/registrar')) as { properties: { cliente: { required?: string[] } } };
    expect(cliente.properties.cliente.required ?? []).not.toContain('tdi_id');
    const linea = JSON.parse(cuerpo('/transferenciaItems/registrar')) as { properties: { transferencia_items: { properties: { detalle: { items: { properties: Obj; required?: string[] } } } } } };
    const detalle = linea.properties.transferencia_items.properties.detalle.items;
    expect(Object.keys(detalle.properties)).toEqual(expect.arrayContaining(['prv_id', 'tid_cantidad', 'pal_numero_serie']));
    expect(detalle.required ?? []).not.toContain('pal_id');
  });
});

describe('every entity answers to the spec\'s field names, in and out', () => {
  for (const e of modelo.entities) {
    const k = clave(e);
    // An entity no call reads or writes as one object (NO_VERIFICABLE) is checked by the test its reason names.
    if (k in NO_VERIFICABLE) continue;
    const verificar = VERIFICAR[k];
    if (verificar) it(k, () => verificar(e));
  }
});
