import { CONCILIACION_MSG, PORTAL_MSG, type Conciliacion } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUC_A, createPortalFixture, type PortalFixture } from '../proveedor_portal/fixtures.ts';
import type { Auth, Reply } from '../../test/expect.ts';
import { contarObservadas } from './service.ts';

/** Three-way match (issue 25): refusals at upload, the match with and without differences, tolerance, scope. */

let f: PortalFixture;
beforeAll(async () => { f = await createPortalFixture(); });
afterAll(() => f?.ctx.close());

const EMPRESA_RUC = '20547812361';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

interface Linea { descripcion: string; cantidad: string; precio: string }
/** A SUNAT UBL 2.1 factura with lines; amounts computed here (IGV 18 %). */
function xml(numero: string, lineas: Linea[], o: { emisor?: string } = {}) {
  const cents = (v: number) => Math.round(v * 100) / 100;
  const importes = lineas.map((l) => cents(Number(l.cantidad) * Number(l.precio)));
  const sub = cents(importes.reduce((a, b) => a + b, 0));
  const igv = cents(sub * 0.18);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:ID>${numero}</cbc:ID>
  <cbc:IssueDate>2026-11-20</cbc:IssueDate>
  <cbc:InvoiceTypeCode listID="0101">01</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>PEN</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${o.emisor ?? RUC_A}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${EMPRESA_RUC}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="PEN">${igv.toFixed(2)}</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="PEN">${sub.toFixed(2)}</cbc:LineExtensionAmount>
    <cbc:PayableAmount currencyID="PEN">${(sub + igv).toFixed(2)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
  ${lineas.map((l, i) => `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="NIU">${l.cantidad}</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="PEN">${importes[i].toFixed(2)}</cbc:LineExtensionAmount>
    <cac:Item><cbc:Description><![CDATA[${l.descripcion}]]></cbc:Description></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="PEN">${l.precio}</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`).join('\n  ')}
</Invoice>`);
}

function subir(ordId: number, factura: Buffer, who: Auth = f.u.a) {
  const boundary = '----conciliacion';
  const part = (name: string, filename: string, content: Buffer) => [
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`), content, Buffer.from('\r\n')];
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="ord_id"\r\n\r\n${ordId}\r\n`),
    ...part('pdf', 'f.pdf', PDF), ...part('xml', 'f.xml', factura), Buffer.from(`--${boundary}--\r\n`)]);
  return f.ctx.app.inject({ method: 'POST', url: '/api/ordenCompra/adjuntarFactura', payload,
    headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` } }) as unknown as Promise<Reply>;
}
const conciliar = (ordId: number, who: Auth = f.u.logistica) => f.post('ordenCompra/conciliacion', { orden_compra: { ord_id: ordId } }, who);
const datos = async (ordId: number) => {
  const r = await conciliar(ordId);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Conciliacion;
};
const facturas = async () => Number((await f.rows<{ n: number }>(sql`select count(*)::int as n from orden_factura`))[0].n);

const ACERO = 'Acero corrugado 1/2"';
/** An issued order of supplier A: 10 × 100.00 of steel (S/ 1 180.00 with IGV). */
async function emitida(): Promise<number> {
  const id = await f.orden(f.pve.a);
  await f.emitir(id);
  return id;
}

describe('upload reads the XML and refuses with the reason', () => {
  it('keeps RUC, series, number, currency, amounts and lines matched to the order', async () => {
    const ord = await emitida();
    const r = await subir(ord, xml('F001-00000101', [{ descripcion: 'ACERO CORRUGADO 1/2', cantidad: '4', precio: '100.00' }]));
    expect(r.statusCode, r.body).toBe(200);
    const [fa] = await f.rows<Record<string, unknown>>(sql`select ofa_ruc, ofa_serie, ofa_numero, ofa_moneda, ofa_subtotal::text as sub, ofa_igv::text as igv,
      ofa_total::text as total, to_char(ofa_fecha_emision, 'YYYY-MM-DD') as fecha, ofa_por_linea, ofa_lineas from orden_factura where ord_id = ${ord}`);
    expect(fa).toMatchObject({ ofa_ruc: RUC_A, ofa_serie: 'F001', ofa_numero: 101, ofa_moneda: 'PEN', sub: '400.00', igv: '72.00', total: '472.00', fecha: '2026-11-20', ofa_por_linea: true });
    expect(fa.ofa_lineas).toEqual([expect.objectContaining({ cantidad: '4', importe: '400.00', oci_orden: 1, regla: 'descripcion' })]);
  });

  it('refuses a RUC not the supplier\'s, a series-number already sent (also on another order), a total above what is left', async () => {
    const ord = await emitida();
    const antes = await facturas();
    const refused = async (res: Reply, message: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refused(await subir(ord, xml('F001-300', [{ descripcion: ACERO, cantidad: '1', precio: '100' }], { emisor: '20100070970' })), PORTAL_MSG.facturaEmisor('20100070970'));
    await refused(await subir(ord, xml('F001-0101', [{ descripcion: ACERO, cantidad: '1', precio: '100' }])), PORTAL_MSG.facturaRepetida('F001-0101'));
    expect((await subir(ord, xml('F001-301', [{ descripcion: ACERO, cantidad: '6', precio: '100' }]))).statusCode).toBe(200);
    // 708.00 invoiced of 1 180.00: 472.00 left; 5 × 100 + IGV = 590.00 is above it.
    await refused(await subir(ord, xml('F001-302', [{ descripcion: ACERO, cantidad: '5', precio: '100' }])), PORTAL_MSG.facturaExcede('590.00', '472.00', 'PEN'));
    expect(await facturas()).toBe(antes + 1);
  });

  it('two uploads of one series-number at once, on two orders: exactly one is stored', async () => {
    const [a, b] = [await emitida(), await emitida()];
    const factura = xml('F002-77', [{ descripcion: ACERO, cantidad: '1', precio: '100' }]);
    const replies = await Promise.all([subir(a, factura), subir(b, factura)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.statusCode === 400)!.json().message).toBe(PORTAL_MSG.facturaRepetida('F002-77'));
    expect((await f.rows<{ n: number }>(sql`select count(*)::int as n from orden_factura where ofa_serie = 'F002' and ofa_numero = 77`))[0].n).toBe(1);
  });
});

describe('/ordenCompra/conciliacion', () => {
  it('an invoice that matches the order line by line: no flag', async () => {
    const ord = await emitida();
    expect((await subir(ord, xml('F003-1', [{ descripcion: ACERO, cantidad: '10', precio: '100.00' }]))).statusCode).toBe(200);
    const c = await datos(ord);
    expect(c).toMatchObject({ total_pedido: '1180.00', total_facturado: '1180.00', observada: false, marcas: [] });
    expect(c.lineas[0]).toMatchObject({ cantidad_pedida: '10.0000', cantidad_facturada: '10', importe_facturado: '1000.00', precio_facturado: '100.0000', marcas: [] });
    expect(c.facturas).toEqual([expect.objectContaining({ numero: 'F003-1', total: '1180.00', por_linea: true })]);
  });

  it('flags a price above the order\'s beyond tolerance, and respects the tolerance', async () => {
    const ord = await emitida();
    // 9 × 103 = 927 (3 % above 9 × 100): beyond 1 % / S/ 10.
    expect((await subir(ord, xml('F004-1', [{ descripcion: ACERO, cantidad: '9', precio: '103.00' }]))).statusCode).toBe(200);
    const c = await datos(ord);
    expect(c.observada).toBe(true);
    expect(c.lineas[0].marcas).toEqual(['precio']);
    const todos = { usu_id: 1, usu_nivel: 1, pry_id: null, tiu_id: 1, pve_id: null, cli_id: null, roleIds: [], modules: [], options: [] };
    // The count reads the flag kept on the order, computed again after the upload marked it (migration 0040's triggers).
    const guardada = async () => {
      const n = await contarObservadas(f.ctx.deps, todos);
      const [o] = await f.rows<{ ord_observada: boolean; ord_conciliar: boolean }>(sql`select ord_observada, ord_conciliar from orden where ord_id = ${ord}`);
      return { n, ...o };
    };
    const antes = await guardada();
    expect(antes).toMatchObject({ ord_observada: true, ord_conciliar: false });
    expect(antes.n).toBeGreaterThanOrEqual(1);

    // 5 %, no amount: 27 of 900 (3 %) is within.
    const g = await f.post('ajuste/guardarTolerancia', { ajuste: { tolerancia_porcentaje: '5', tolerancia_monto: null } }, f.u.admin);
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().message).toBe(CONCILIACION_MSG.toleranciaGuardada);
    const d = await datos(ord);
    expect(d).toMatchObject({ observada: false, tolerancia: { porcentaje: '5', monto: null } });
    // A new tolerance computes every kept flag again: the order leaves the count.
    expect(await guardada()).toMatchObject({ ord_observada: false, ord_conciliar: false, n: antes.n - 1 });
    // 5 % or S/ 20, the stricter: 27 > 20 flags again.
    await f.post('ajuste/guardarTolerancia', { ajuste: { tolerancia_porcentaje: '5', tolerancia_monto: '20' } }, f.u.admin);
    expect((await datos(ord)).lineas[0].marcas).toEqual(['precio']);
    expect(await guardada()).toMatchObject({ ord_observada: true, n: antes.n });
    // Its invoice gone (as a correction would), the trigger marks the order and the count follows.
    await f.ctx.deps.database.db.execute(sql`delete from orden_factura where ord_id = ${ord}`);
    expect((await f.rows<{ c: boolean }>(sql`select ord_conciliar as c from orden where ord_id = ${ord}`))[0].c).toBe(true);
    expect(await guardada()).toMatchObject({ ord_observada: false, ord_conciliar: false, n: antes.n - 1 });
    for (const bad of [{ tolerancia_porcentaje: '101', tolerancia_monto: null }, { tolerancia_porcentaje: null, tolerancia_monto: null }, { tolerancia_porcentaje: null, tolerancia_monto: '-1' }]) {
      const r = await f.post('ajuste/guardarTolerancia', { ajuste: bad }, f.u.admin);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await f.post('ajuste/guardarTolerancia', { ajuste: { tolerancia_porcentaje: '1', tolerancia_monto: '10' } }, f.u.logistica)).statusCode).toBe(403);
    await f.post('ajuste/guardarTolerancia', { ajuste: { tolerancia_porcentaje: '1', tolerancia_monto: '10' } }, f.u.admin);
  });

  it('flags what was invoiced but not received, and an invoice whose lines do not match (totals only)', async () => {
    const prv = Number((await f.rows<{ id: number }>(sql`select prv_id as id from producto order by prv_id limit 1`))[0].id);
    const unidad = Number((await f.rows<{ id: number }>(sql`select unm_id as id from unidad_medida order by unm_id limit 1`))[0].id);
    const ord = await f.orden(f.pve.a, { orden_items: [{ producto_variacion: { id_producto_variacion: prv }, descripcion: ACERO, unidad: { id_unidad: unidad }, cantidad: 10, precio_unitario: 100 }] });
    await f.emitir(ord);
    expect((await subir(ord, xml('F005-1', [{ descripcion: ACERO, cantidad: '10', precio: '100.00' }]))).statusCode).toBe(200);
    const c = await datos(ord);
    expect(c.lineas[0]).toMatchObject({ cantidad_recibida: '0', marcas: ['facturado_sin_recibir'] });
    expect(c.marcas).toEqual(['total_sin_recibir']);

    const otra = await emitida();
    expect((await subir(otra, xml('F005-2', [{ descripcion: 'Flete Lima - Lurín', cantidad: '1', precio: '50.00' }]))).statusCode).toBe(200);
    const d = await datos(otra);
    expect(d.marcas).toEqual(['linea_sin_orden']);
    expect(d.lineas[0].cantidad_facturada).toBeNull();
    expect(d.facturas[0].por_linea).toBe(false);
  });

  it('the work queue counts the flagged orders and its line opens the order list filtered to them, of any year', async () => {
    const pendientes = async () => ((await f.post('inicio/pendientes', {}, f.u.logistica)).json().data as { clave: string; cantidad: number; enlace: string }[])
      .find((l) => l.clave === 'orden_conciliacion');
    const linea = await pendientes();
    expect(linea?.enlace).toBe('/orden?conciliacion=true');
    const lista = async () => {
      const r = await f.post('orden/get-orden-list', { conciliacion: true, year: 2001, tipo: 0, status: 0, search: '', start: 0, length: 100 }, f.u.logistica);
      expect(r.statusCode, r.body).toBe(200);
      return ((r.json().data as { data: { id_orden: number }[] }).data).map((o) => o.id_orden);
    };
    const antes = await lista();
    expect(antes.length).toBe(linea?.cantidad);
    for (const id of antes) expect((await datos(id)).observada, String(id)).toBe(true);
    // A matching invoice adds nothing; a price beyond tolerance adds its order.
    const limpia = await emitida();
    expect((await subir(limpia, xml('F006-1', [{ descripcion: ACERO, cantidad: '10', precio: '100.00' }]))).statusCode).toBe(200);
    const cara = await emitida();
    expect((await subir(cara, xml('F006-2', [{ descripcion: ACERO, cantidad: '9', precio: '105.00' }]))).statusCode).toBe(200);
    const despues = await lista();
    expect(despues).toContain(cara);
    expect(despues).not.toContain(limpia);
    expect(despues.length).toBe(antes.length + 1);
    expect((await pendientes())?.cantidad).toBe(despues.length);
  });

  it('scope: another project\'s user gets 404, a supplier 403, an unknown order 404', async () => {
    const ord = await emitida();
    const [{ pry }] = await f.rows<{ pry: number }>(sql`select p.pry_id as pry from proyecto p where p.pry_id <> (
      select c.pry_id from orden o join centro_costo c on c.cec_id = o.cec_id where o.ord_id = ${ord}) limit 1`);
    await f.rows(sql`with u as (insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, tiu_id, pry_id)
      values ('Lucía', 'Otra Obra', '42345678', 'lucia@andina.pe', 'x', 0, 1, ${pry}) returning usu_id)
      insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from u`);
    const lucia = await f.ctx.auth('lucia@andina.pe');
    const r = await conciliar(ord, lucia);
    expect(r.statusCode, r.body).toBe(404);
    expect(r.json().message).toBe(CONCILIACION_MSG.ordenNoEncontrada);
    expect((await conciliar(ord, f.u.a)).statusCode).toBe(403);
    expect((await conciliar(999999)).statusCode).toBe(404);
    expect((await conciliar(ord, f.u.contabilidad)).statusCode).toBe(200);
  });
});
