import { PORTAL_MSG, type OrdenProveedorDetalle, type OrdenProveedorFila, type PagoProveedorFila } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalFixture, type PortalFixture } from './fixtures.ts';
import type { Auth, Reply } from '../../test/expect.ts';

/**
 * The supplier's orders and payments (spec 3 §2 "Supplier orders", §3, §7; DECISIONS §1) and the
 * isolation guarantee of issue 15: supplier A sweeping every portal call over supplier B's ids.
 */

let f: PortalFixture;
const A = { emitida: 0, servicio: 0, creada: 0, anuladaEmitida: 0, anuladaCreada: 0 };
const B = { ordenes: [] as number[], pagos: [] as number[], archivos: [] as number[] };
let staffArchivoDeA = 0;

beforeAll(async () => {
  f = await createPortalFixture();
  const impuestos = [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }, { descripcion: 'Percepción', valor: '0.02', ori_tipo: 3 }];
  A.emitida = await f.orden(f.pve.a, { referencia: 'Acero para losa', orden_impuestos: impuestos, observacion: 'Entregar en dos partes' });
  await f.emitir(A.emitida);
  await f.pago(A.emitida, '300.00', 'Adelanto de acero', 'OPA');
  await f.pago(A.emitida, '200.00', 'Segundo pago', 'OPP');
  await f.pago(A.emitida, '100.00', 'Borrador interno', 'OPR');
  A.servicio = await f.orden(f.pve.a, { tipo_orden: 2, referencia: 'Servicio de corte' });
  await f.emitir(A.servicio);
  A.creada = await f.orden(f.pve.a, { referencia: 'Todavía en preparación' });
  A.anuladaEmitida = await f.orden(f.pve.a, { referencia: 'Anulada después de emitir' });
  await f.emitir(A.anuladaEmitida);
  await f.anular(A.anuladaEmitida);
  A.anuladaCreada = await f.orden(f.pve.a, { referencia: 'Anulada sin emitir' });
  await f.anular(A.anuladaCreada);

  for (let i = 1; i <= 3; i++) {
    const id = await f.orden(f.pve.b, { referencia: `REF-B-${i}` });
    B.ordenes.push(id);
    if (i === 3) continue;
    await f.emitir(id);
    B.pagos.push(await f.pago(id, '100.00', `PAGO-B-${i}-a`, 'OPA'), await f.pago(id, '50.00', `PAGO-B-${i}-b`, 'OPP'), await f.pago(id, '10.00', `PAGO-B-${i}-c`));
  }
  const usuB = (await f.rows<{ id: number }>(sql`select usu_id as id from usuario where pve_id = ${f.pve.b}`))[0].id;
  const usuLog = (await f.rows<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = 'logistica@andina.pe'`))[0].id;
  for (const [ord, usu, prov] of [[B.ordenes[0], usuB, true], [B.ordenes[0], usuLog, false], [A.emitida, usuLog, false]] as const) {
    const [r] = await f.rows<{ id: number }>(sql`insert into orden_archivo (ord_id, oar_nombre, oar_clave, oar_tipo, oar_tamano, usu_id, oar_proveedor)
      values (${ord}, 'REF-B-archivo.pdf', 'orden-archivos/no-existe.pdf', 'application/pdf', 10, ${usu}, ${prov}) returning oar_id as id`);
    if (ord === A.emitida) staffArchivoDeA = Number(r.id);
    else B.archivos.push(Number(r.id));
  }
});
afterAll(() => f?.ctx.close());

const paginar = (who: Auth, filtro: Record<string, unknown> = {}) => f.post('ordenCompra/paginarxProveedor', { orden_compra: filtro }, who);
const pagina = async (who: Auth, filtro: Record<string, unknown> = {}) => {
  const r = await paginar(who, filtro);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data as { page: { list: OrdenProveedorFila[]; total: number; size: number; number: number } }).page;
};
const obtener = (who: Auth, ord_id: number) => f.post('ordenCompra/obtenerxProveedor', { orden_compra: { ord_id } }, who);
const pagos = (who: Auth, ord_id: number) => f.post('ordenPago/buscarxProveedor', { orden_pago: { ord_id } }, who);
const facturas = (who: Auth, ord_id: number) => f.post('ordenCompra/listarFacturas', { orden_compra: { ord_id } }, who);
const descargar = (who: Auth, oar_id: number) => f.post('ordenCompra/descargarFactura', { orden_archivo: { oar_id } }, who);
const adjuntar = (who: Auth, ordId: number) => {
  const boundary = '----portal';
  const part = (name: string, body: string, filename?: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${body}\r\n`;
  const payload = `${part('ord_id', String(ordId))}${part('pdf', '%PDF-1.4 x %%EOF', 'f.pdf')}${part('xml', '<Invoice/>', 'f.xml')}--${boundary}--\r\n`;
  return f.ctx.app.inject({ method: 'POST', url: '/api/ordenCompra/adjuntarFactura', headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }) as unknown as Promise<Reply>;
};
const expectNotFound = (r: Reply, message: string) => {
  expect(r.statusCode, r.body).toBe(404);
  expect(r.json()).toEqual({ status: 'error', message, data: null });
};

describe('/ordenCompra/paginarxProveedor', () => {
  it("lists the supplier's issued orders, newest first, in spec 3's page shape", async () => {
    const page = await pagina(f.u.a);
    expect(page).toMatchObject({ size: 10, number: 1, total: 3 });
    expect(page.list.map((o) => o.ord_id)).toEqual([A.anuladaEmitida, A.servicio, A.emitida]);
    const row = page.list.find((o) => o.ord_id === A.emitida)!;
    expect(row).toEqual({
      ord_id: A.emitida, ord_code: expect.stringMatching(/^\d{6}-CC-PL-01-OC-\d{4}$/), ord_tipo_orden: 1, ord_tipo_orden_descripcion: 'Orden de Compra',
      ord_fecha_orden: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ord_usu_logistica: 'Jorge Huamán Torres', coc_descripcion: 'Crédito',
      // The deposited payment order made it 'Pago Parcial'.
      ore_id: 13, ore_descripcion: 'Pago Parcial', ore_styles: 'orange', mon_simbolo: 'S/', mon_descripcion: 'Soles',
      ord_monto_sigv: '1000.00', ord_monto_cigv: '1203.60', opg_numero_ordenes_pago: 2,
    });
    expect(page.list.find((o) => o.ord_id === A.servicio)).toMatchObject({ ord_tipo_orden: 2, ord_tipo_orden_descripcion: 'Orden de Servicio', opg_numero_ordenes_pago: 0 });
    expect(page.list.find((o) => o.ord_id === A.anuladaEmitida)).toMatchObject({ ore_descripcion: 'Anulado' });
  });

  it('filters by type, id or code, and order dates; pages of the size asked', async () => {
    expect((await pagina(f.u.a, { ord_tipo_orden: 2 })).list.map((o) => o.ord_id)).toEqual([A.servicio]);
    const code = (await pagina(f.u.a)).list.find((o) => o.ord_id === A.emitida)!.ord_code;
    expect((await pagina(f.u.a, { ord_codigo: code })).list.map((o) => o.ord_id)).toEqual([A.emitida]);
    expect((await pagina(f.u.a, { ord_codigo: code.slice(-10).toLowerCase() })).total).toBe(2);
    expect((await pagina(f.u.a, { ord_codigo: String(A.servicio) })).list.map((o) => o.ord_id)).toContain(A.servicio);
    expect((await pagina(f.u.a, { ord_fecha_inicio: '2020-01-01', ord_fecha_fin: '2020-12-31' })).total).toBe(0);
    const p2 = await pagina(f.u.a, { page: { number: 2, size: 2 } });
    expect(p2).toMatchObject({ number: 2, size: 2, total: 3 });
    expect(p2.list.map((o) => o.ord_id)).toEqual([A.emitida]);
  });

  it('answers a bad filter with its Spanish message', async () => {
    const r = await paginar(f.u.a, { ord_fecha_inicio: '2026-05-02', ord_fecha_fin: '2026-05-01' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(PORTAL_MSG.rangoFechas);
  });
});

describe('/ordenCompra/obtenerxProveedor and /ordenPago/buscarxProveedor', () => {
  it('gives the Información tab: header, items, taxes', async () => {
    const r = await obtener(f.u.a, A.emitida);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data as OrdenProveedorDetalle;
    expect(d).toMatchObject({
      ord_id: A.emitida, ore_descripcion: 'Pago Parcial', coc_descripcion: 'Crédito', mon_descripcion: 'Soles', mep_descripcion: expect.any(String),
      ord_referencia: 'Acero para losa', ord_observacion: 'Entregar en dos partes', ord_monto_sigv: '1000.00', ord_monto_cigv: '1203.60',
      puede_enviar_factura: true,
    });
    expect(d.lista_orden_item).toEqual([{ oci_descripcion: 'Acero corrugado 1/2"', oci_cantidad: '10.0000', oci_precio_unitario: '100.0000', oci_importe: '1000.00', unm_simbolo: expect.any(String) }]);
    expect(d.lista_orden_impuesto.map((t) => [t.ori_tipo, t.ori_descripcion, t.ori_valor_aplicado])).toEqual([[1, 'IGV', '180.00'], [3, 'Percepción', '23.60']]);
    expect((await obtener(f.u.a, A.anuladaEmitida)).json().data).toMatchObject({ puede_enviar_factura: false });
  });

  it('gives the Pagos tab: approved and deposited payment orders only, by number', async () => {
    const r = await pagos(f.u.a, A.emitida);
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json().data as PagoProveedorFila[];
    expect(list.map((p) => [p.opg_numero, p.opg_descripcion, p.opg_total, p.opg_estado_nombre])).toEqual([
      [1, 'Adelanto de acero', '300.00', 'Aprobada'], [2, 'Segundo pago', '200.00', 'Depositada']]);
    expect(list[0]).toEqual({
      opg_id: expect.any(Number), opg_numero: 1, opg_descripcion: 'Adelanto de acero', opg_total: '300.00', opg_detraccion: '0.00', opg_pago: '300.00',
      opg_fecha_aprobacion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), opg_estado: 'OPA', opg_estado_nombre: 'Aprobada', opg_estado_styles: 'green',
    });
    expect((await pagos(f.u.a, A.servicio)).json().data).toEqual([]);
  });

  it('answers 404 for an order not issued yet, or cancelled before it was', async () => {
    for (const id of [A.creada, A.anuladaCreada]) {
      expectNotFound(await obtener(f.u.a, id), PORTAL_MSG.ordenNoEncontrada);
      expectNotFound(await pagos(f.u.a, id), PORTAL_MSG.ordenNoEncontrada);
    }
  });
});

describe('isolation (DECISIONS §1, issue 15)', () => {
  const leaksB = (r: Reply) => /REF-B|PAGO-B/.test(r.body);

  it("supplier A sweeping every portal call over B's order, payment-order and file ids gets nothing of B", async () => {
    const ordenesB = (await f.rows<{ id: number; codigo: string }>(sql`select ord_id as id, ord_codigo as codigo from orden where pve_id = ${f.pve.b}`));
    expect(ordenesB.map((o) => Number(o.id)).sort()).toEqual([...B.ordenes].sort());
    const pagosB = (await f.rows<{ id: number; ord: number }>(sql`select p.opg_id as id, p.ord_id as ord from orden_pago p join orden o on o.ord_id = p.ord_id where o.pve_id = ${f.pve.b}`));
    expect(pagosB).toHaveLength(6);
    const propios = new Set([A.emitida, A.servicio, A.anuladaEmitida]);
    for (const o of ordenesB) {
      const id = Number(o.id);
      expectNotFound(await obtener(f.u.a, id), PORTAL_MSG.ordenNoEncontrada);
      expectNotFound(await pagos(f.u.a, id), PORTAL_MSG.ordenNoEncontrada);
      expectNotFound(await facturas(f.u.a, id), PORTAL_MSG.ordenNoEncontrada);
      expectNotFound(await adjuntar(f.u.a, id), PORTAL_MSG.ordenNoEncontrada);
      for (const filtro of [{ ord_codigo: o.codigo }, { ord_codigo: String(id) }, { ord_codigo: 'REF-B' }, {}]) {
        const page = await pagina(f.u.a, filtro);
        expect(page.list.every((r) => propios.has(r.ord_id)), JSON.stringify(page)).toBe(true);
        expect(page.list.map((r) => r.ord_id)).not.toContain(id);
      }
    }
    for (const p of pagosB) {
      expectNotFound(await pagos(f.u.a, Number(p.ord)), PORTAL_MSG.ordenNoEncontrada);
      // A payment-order id sent where an order id goes: at most A's own order of that id, never B's.
      for (const r of [await pagos(f.u.a, Number(p.id)), await obtener(f.u.a, Number(p.id)), await facturas(f.u.a, Number(p.id))]) {
        expect(leaksB(r), r.body).toBe(false);
        if (!propios.has(Number(p.id))) expect(r.statusCode).toBe(404);
      }
    }
    for (const oar of [...B.archivos, staffArchivoDeA]) expectNotFound(await descargar(f.u.a, oar), PORTAL_MSG.facturaArchivoNoEncontrado);
    expect((await facturas(f.u.a, A.emitida)).json().data).toEqual([]);
  });

  it('refuses an identity header of another supplier, and B sees only its own', async () => {
    const r = await f.post('ordenCompra/paginarxProveedor', { orden_compra: { pve_id: f.pve.b } }, f.u.a, { pveId: String(f.pve.b) });
    expect(r.statusCode).toBe(403);
    const body = await pagina(f.u.a, { pve_id: f.pve.b });
    expect(body.total).toBe(3);
    const deB = await pagina(f.u.b);
    expect(deB.list.map((o) => o.ord_id).sort()).toEqual(B.ordenes.slice(0, 2).sort());
    expect((await facturas(f.u.b, B.ordenes[0])).json().data).toHaveLength(1);
  });

  it('a supplier calling any staff endpoint gets 403', async () => {
    for (const route of f.ctx.app.routeCatalog) {
      if ('public' in route.access || route.access.module === 'proveedor_orden_compra' || route.access.suppliers) continue;
      const r = await f.ctx.app.inject({ method: route.method as 'POST', url: route.url.replace(/:[^/]+/g, '1'), headers: { ...f.u.a, 'content-type': 'application/json' }, payload: route.method === 'GET' ? undefined : '{}' });
      expect(r.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('a staff user calling the portal calls gets 403, SUPER included', async () => {
    const portal = f.ctx.app.routeCatalog.filter((r) => !('public' in r.access) && r.access.module === 'proveedor_orden_compra');
    expect(portal.map((r) => r.url).sort()).toEqual(['/api/ordenCompra/adjuntarFactura', '/api/ordenCompra/descargarFactura', '/api/ordenCompra/listarFacturas',
      '/api/ordenCompra/obtenerxProveedor', '/api/ordenCompra/paginarxProveedor', '/api/ordenCompra/paginarxProveedor/exportar', '/api/ordenPago/buscarxProveedor']);
    const bodies: Record<string, unknown> = {
      '/api/ordenCompra/paginarxProveedor': {},
      '/api/ordenCompra/paginarxProveedor/exportar': { consulta: {}, exportar: { nombre: 'ordenes', columnas: [{ titulo: 'Orden', campo: 'ord_code', tipo: 'text' }] } }, '/api/ordenCompra/obtenerxProveedor': { orden_compra: { ord_id: A.emitida } },
      '/api/ordenPago/buscarxProveedor': { orden_pago: { ord_id: A.emitida } }, '/api/ordenCompra/listarFacturas': { orden_compra: { ord_id: A.emitida } },
      '/api/ordenCompra/descargarFactura': { orden_archivo: { oar_id: staffArchivoDeA } },
    };
    for (const who of [f.u.admin, f.u.logistica, f.u.viewer]) {
      for (const route of portal) {
        const r = route.url.endsWith('adjuntarFactura')
          ? await adjuntar(who, A.emitida)
          : await f.ctx.app.inject({ method: 'POST', url: route.url, headers: who, payload: bodies[route.url] as object });
        expect(r.statusCode, `${route.url} ${r.body}`).toBe(403);
      }
    }
  });
});
