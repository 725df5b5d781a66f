import { PORTAL_MSG, type FacturaArchivo, type FacturaEnviada } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUC_A, RUC_B, createPortalFixture, type PortalFixture } from './fixtures.ts';
import type { Auth, Reply } from '../../test/expect.ts';
import { hostileXml } from '../../test/hostile-files.ts';
import { timed, watchLoop } from '../../test/loop-watch.ts';

/** The supplier's invoice upload (issue 15, beyond the spec): content checks, storage, and staff seeing it. */

let f: PortalFixture;
let emitida = 0;
let creada = 0;
let anulada = 0;
let enDolares = 0;
beforeAll(async () => {
  f = await createPortalFixture();
  // 100 × 100.00: room for several invoices of S/ 1 180.00 (issue 25 refuses a total above the order's).
  const [{ unm_id }] = await f.rows<{ unm_id: number }>(sql`select unm_id from unidad_medida order by unm_id limit 1`);
  emitida = await f.orden(f.pve.a, { orden_items: [{ descripcion: 'Acero corrugado 1/2"', unidad: { id_unidad: Number(unm_id) }, cantidad: 100, precio_unitario: 100 }] });
  await f.emitir(emitida);
  creada = await f.orden(f.pve.a);
  anulada = await f.orden(f.pve.a);
  await f.emitir(anulada);
  await f.anular(anulada);
  enDolares = await f.orden(f.pve.a, { moneda: { id_moneda: 2 }, ord_tipo_cambio: '3.75' });
  await f.emitir(enDolares);
});
afterAll(() => f?.ctx.close());

const EMPRESA_RUC = '20547812361';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A SUNAT UBL 2.1 invoice, trimmed to what is read. */
function facturaXml(o: { numero?: string; emisor?: string; cliente?: string; moneda?: string; tipo?: string; raiz?: string } = {}) {
  const raiz = o.raiz ?? 'Invoice';
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<${raiz} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${raiz}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"
  xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">
  <ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:ID>${o.numero ?? 'F001-458'}</cbc:ID>
  <cbc:IssueDate>2026-11-20</cbc:IssueDate>
  <cbc:InvoiceTypeCode listID="0101">${o.tipo ?? '01'}</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>${o.moneda ?? 'PEN'}</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${o.emisor ?? RUC_A}</cbc:ID></cac:PartyIdentification>
    <cac:PartyLegalEntity><cbc:RegistrationName><![CDATA[Aceros y Materiales del Sur S.A.C.]]></cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${o.cliente ?? EMPRESA_RUC}</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">1180.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
</${raiz}>`);
}

interface Archivo { name: string; filename: string; content: Buffer }
function subir(who: Auth, fields: Record<string, string>, files: Archivo[]) {
  const boundary = '----factura-proveedor';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const a of files) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${a.name}"; filename="${a.filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`), a.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return f.ctx.app.inject({
    method: 'POST', url: '/api/ordenCompra/adjuntarFactura', payload: Buffer.concat(parts),
    headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
  }) as unknown as Promise<Reply>;
}
const factura = (ordId: number, pdf: Buffer | null = PDF, xml: Buffer | null = facturaXml(), who: Auth = f.u.a) => subir(who, { ord_id: String(ordId) }, [
  ...(pdf ? [{ name: 'pdf', filename: 'factura.pdf', content: pdf }] : []),
  ...(xml ? [{ name: 'xml', filename: 'factura.xml', content: xml }] : []),
]);
const archivos = async () => Number((await f.rows<{ n: number }>(sql`select count(*)::int as n from orden_archivo`))[0].n);
const refused = async (res: Promise<Reply>, status: number, message: string | RegExp) => {
  const before = await archivos();
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json().status).toBe('error');
  if (typeof message === 'string') expect(r.json().message).toBe(message);
  else expect(r.json().message).toMatch(message);
  expect(await archivos()).toBe(before);
};

describe('/ordenCompra/adjuntarFactura', () => {
  it('keeps the PDF and the XML as attachments of the order, marked as the supplier\'s, under SUNAT\'s names', async () => {
    const r = await factura(emitida);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(PORTAL_MSG.facturaEnviada('F001-458'));
    const d = r.json().data as FacturaEnviada;
    expect(d).toMatchObject({ numero: 'F001-458', fecha_emision: '2026-11-20', moneda: 'PEN', total: '1180.00' });
    expect(d.archivos.map((a) => [a.oar_nombre, a.oar_tipo])).toEqual([[`${RUC_A}-01-F001-458.pdf`, 'application/pdf'], [`${RUC_A}-01-F001-458.xml`, 'application/xml']]);

    const propias = (await f.post('ordenCompra/listarFacturas', { orden_compra: { ord_id: emitida } }, f.u.a)).json().data as FacturaArchivo[];
    expect(propias).toEqual(d.archivos);
    const bajada = await f.post('ordenCompra/descargarFactura', { orden_archivo: { oar_id: propias[1].oar_id } }, f.u.a);
    expect(bajada.statusCode).toBe(200);
    expect(bajada.headers['content-type']).toBe('application/xml');
    expect(bajada.rawPayload.equals(facturaXml())).toBe(true);

    // Staff see them among the order's attachments, marked as sent by the supplier.
    const staff = await f.post('orden/file/list', { id_orden: emitida }, f.u.logistica);
    expect(staff.json().data).toEqual([
      expect.objectContaining({ file_name: `${RUC_A}-01-F001-458.pdf`, oar_proveedor: true, usuario: 'Juan Paredes Soto' }),
      expect.objectContaining({ file_name: `${RUC_A}-01-F001-458.xml`, oar_proveedor: true }),
    ]);
    const pdf = await f.post('orden/file/retrieve', { id_orden_archivo: propias[0].oar_id }, f.u.logistica);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses the same invoice twice for the order, also sent at once (issue 25: 400 with the reason)', async () => {
    await refused(factura(emitida), 400, PORTAL_MSG.facturaRepetida('F001-458'));
    const both = await Promise.all([factura(emitida, PDF, facturaXml({ numero: 'F001-459' })), factura(emitida, PDF, facturaXml({ numero: 'F001-459' }))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('checks the PDF on its content', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refused(factura(emitida, png, facturaXml({ numero: 'F001-500' })), 400, PORTAL_MSG.facturaPdfTipo);
    await refused(factura(emitida, PDF.subarray(0, 40), facturaXml({ numero: 'F001-500' })), 400, PORTAL_MSG.facturaPdfTipo);
  });

  it('checks the XML: well-formed, no DOCTYPE, a UBL Invoice of type 01 from this supplier to this company in the order\'s currency', async () => {
    const cases: [Buffer, number, string | RegExp][] = [
      [Buffer.from('<Invoice><cbc:ID>F001-1</Invoice>'), 400, /^El archivo XML no es válido: /],
      [Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>'), 400, /DOCTYPE/],
      [Buffer.from('%PDF-1.4 no es xml'), 400, /^El archivo XML no es válido/],
      [Buffer.from('<Invoice xmlns="urn:otra:cosa"/>'), 400, /elemento raíz debe ser Invoice/],
      [facturaXml({ raiz: 'CreditNote' }), 400, /elemento raíz debe ser Invoice/],
      [facturaXml({ tipo: '03' }), 400, PORTAL_MSG.facturaTipo],
      [facturaXml({ emisor: RUC_B }), 400, PORTAL_MSG.facturaEmisor(RUC_B)],
      [facturaXml({ cliente: '20100070970' }), 400, PORTAL_MSG.facturaCliente('Concretera Andina S.A.C.', EMPRESA_RUC)],
      [facturaXml({ moneda: 'USD' }), 400, PORTAL_MSG.facturaMoneda('USD', 'PEN')],
      [facturaXml({ numero: 'F001 ; drop' }), 400, /número de factura válido/],
    ];
    for (const [xml, status, message] of cases) await refused(factura(emitida, PDF, xml), status, message);
    expect((await factura(enDolares, PDF, facturaXml({ moneda: 'USD', numero: 'F001-800' }))).statusCode).toBe(200);
  });

  it('refuses hostile XML with its reason while other users keep being served (issue 29: the loop is never held 100 ms)', async () => {
    const cases: [Buffer, RegExp][] = [
      [hostileXml.elementos(), /demasiados elementos/],
      [hostileXml.espaciosDeNombres(), /demasiados espacios de nombres/],
      [hostileXml.anidado(), /tipo de comprobante 01/],
      [hostileXml.referencias(), /tipo de comprobante 01/],
    ];
    const loop = watchLoop();
    const latencies: number[] = [];
    let uploading = true;
    const lists = (async () => {
      while (uploading) {
        const { ms, value: res } = await timed(() => f.post('marca/list', { search: '' }, f.u.admin));
        latencies.push(ms);
        expect(res.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    for (const [xml, message] of cases) await refused(factura(emitida, PDF, xml), 400, message);
    uploading = false;
    await lists;
    const longest = loop.stop();
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(100);
    expect(longest).toBeLessThan(100);
  });

  it('refuses files over their size limits and a missing file or order', async () => {
    const grande = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024), Buffer.from('\n%%EOF')]);
    await refused(factura(emitida, grande, facturaXml({ numero: 'F001-600' })), 400, PORTAL_MSG.facturaPdfTamano);
    const xmlGrande = Buffer.concat([facturaXml({ numero: 'F001-600' }), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    await refused(factura(emitida, PDF, xmlGrande), 400, PORTAL_MSG.facturaXmlTamano);
    await refused(factura(emitida, PDF, null), 400, PORTAL_MSG.facturaXmlFalta);
    await refused(factura(emitida, null, facturaXml()), 400, PORTAL_MSG.facturaPdfFalta);
    await refused(subir(f.u.a, {}, [{ name: 'pdf', filename: 'a.pdf', content: PDF }, { name: 'xml', filename: 'a.xml', content: facturaXml() }]), 400, PORTAL_MSG.ordenFalta);
    const plain = await f.post('ordenCompra/adjuntarFactura', { ord_id: emitida }, f.u.a);
    expect(plain.statusCode).toBe(400);
  });

  it('only on an issued order that is not cancelled; staff and other suppliers are refused', async () => {
    await refused(factura(creada, PDF, facturaXml({ numero: 'F001-700' })), 404, PORTAL_MSG.ordenNoEncontrada);
    await refused(factura(anulada, PDF, facturaXml({ numero: 'F001-700' })), 409, PORTAL_MSG.facturaEstado);
    await refused(factura(emitida, PDF, facturaXml({ numero: 'F001-700', emisor: RUC_B }), f.u.b), 404, PORTAL_MSG.ordenNoEncontrada);
    await refused(factura(emitida, PDF, facturaXml({ numero: 'F001-700' }), f.u.admin), 403, /.+/);
  });
});
