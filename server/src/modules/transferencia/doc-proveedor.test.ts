import { limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture } from '../orden_pago/fixtures.ts';

/**
 * The supplier's document of a receipt (issue 23, PLE 12.1 fields 11–13): tabla 10 type, series and number on an
 * external purchase's registration and on a purchase order's confirmed entry, checked by type; what the receipt
 * proposes from the order's portal invoice or the typed guide.
 */

let f: Fixture;
let almacen: Auth;
const alm: Record<'central' | 'agregados', number> = { central: 0, agregados: 0 };
const prv: Record<string, number> = {};
const today = limaDate();

beforeAll(async () => {
  f = await createFixture();
  almacen = await f.ctx.auth('almacen@andina.pe');
  for (const a of await f.rows<{ alm_id: number; alm_nombre: string }>(sql`select alm_id, alm_nombre from almacen`)) {
    if (a.alm_nombre === 'Almacén Central') alm.central = a.alm_id;
    if (a.alm_nombre === 'Almacén de Agregados') alm.agregados = a.alm_id;
  }
  for (const p of await f.rows<{ prv_id: number; prv_nombre: string }>(sql`select prv_id, prv_nombre from producto`)) prv[p.prv_nombre] = p.prv_id;
});
afterAll(() => f.ctx.close());

const T = (path: string, payload: unknown, who: Auth = f.u.admin) => f.post(`transferenciaItems/${path}`, payload, who);
/** A supplier document; issued today unless said (a suggestion carries no date: the receiver reads it on the paper). */
const doc = (tipo: string, serie: string, numero: string, fecha = today) => ({ tfi_doc_tipo: tipo, tfi_doc_serie: serie, tfi_doc_numero: numero, tfi_doc_fecha: fecha });
const compraExterna = (extra: Record<string, unknown>) => T('registrar', { transferencia_items: {
  tfi_tipo: 3, alm_destino: alm.agregados, tfi_fecha_estimada_llegada: today, detalle: [{ prv_id: prv['Lentes de seguridad claros'], tid_cantidad: 2 }], ...extra,
} });
const guardado = async (tfiId: number) => (await f.rows<{ d: string }>(sql`
  select tfi_doc_tipo || ' ' || tfi_doc_serie || '-' || tfi_doc_numero || ' ' || coalesce(tfi_doc_fecha::text, '') as d from transferencia where tfi_id = ${tfiId}`))[0].d;
type Obtenida = { tfi_doc_tipo: string; tfi_doc_serie: string; tfi_doc_numero: string; tfi_doc_fecha: string; doc_sugerido: unknown; detalle: { tid_id: number; tid_cantidad: string }[] };
const obtener = async (tfiId: number) => expectOk(await T('obtener', { tfi_id: tfiId })).data as Obtenida;

describe('external purchase (type 3): the document on registration', () => {
  it('keeps a valid document (series and number upper-cased) and refuses a wrong one with the format, 400', async () => {
    const t = expectOk(await compraExterna(doc('01', 'f001', '00004522'))).data as { tfi_id: number };
    expect(await guardado(t.tfi_id)).toBe(`01 F001-00004522 ${today}`);
    expect(await obtener(t.tfi_id)).toMatchObject({ ...doc('01', 'F001', '00004522'), doc_sugerido: null });

    expectRefused(await compraExterna(doc('01', 'B001', '12')), 400,
      'La serie no es válida para Factura: serie F y 3 letras o números (electrónica), E001 o 4 dígitos (física); número de hasta 8 dígitos');
    expectRefused(await compraExterna(doc('03', 'B001', '123456789')), 400, /^El número no es válido para Boleta de venta/);
    expectRefused(await compraExterna(doc('01', 'F001', '0')), 400, /^El número no es válido para Factura/);
    expectRefused(await compraExterna(doc('00', 'TRF', '1')), 400, 'Seleccione el tipo de comprobante del proveedor');
    expectRefused(await compraExterna(doc('', 'F001', '1')), 400, 'Seleccione el tipo de comprobante del proveedor');
    expectRefused(await compraExterna(doc('09', 'T001', '')), 400, 'Ingrese el número del comprobante del proveedor');
    expectRefused(await compraExterna({ tfi_doc_tipo: 1 }), 400, /./);
    // Its issue date (PLE 12.1 field 10): required with the document, a real date, never later than today (Lima).
    expectRefused(await compraExterna(doc('01', 'F001', '1', '')), 400, 'Ingrese la fecha de emisión del comprobante del proveedor');
    expectRefused(await compraExterna(doc('01', 'F001', '1', '2026-02-30')), 400, 'Ingrese la fecha de emisión del comprobante del proveedor');
    const manana = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    expectRefused(await compraExterna(doc('01', 'F001', '1', manana)), 400, 'La fecha de emisión del comprobante del proveedor no puede ser posterior a hoy');
    expectRefused(await compraExterna({ tfi_doc_fecha: today }), 400, 'Seleccione el tipo de comprobante del proveedor');
    const anterior = expectOk(await compraExterna(doc('01', 'F001', '4523', '2026-10-30'))).data as { tfi_id: number };
    expect((await obtener(anterior.tfi_id)).tfi_doc_fecha).toBe('2026-10-30');
    // Without a document it is still registered (the API's payload is the spec's; the screen asks for it).
    expectOk(await compraExterna({}));
  });

  it('a transfer between warehouses carries none; a purchase order takes it on its entry', async () => {
    const lentes = prv['Lentes de seguridad claros'];
    const [pal] = await f.rows<{ pal_id: number }>(sql`select pal_id from producto_almacen where alm_id = ${alm.central} and prv_id = ${lentes}`);
    expectRefused(await T('registrar', { transferencia_items: {
      tfi_tipo: 2, alm_origen: alm.central, alm_destino: alm.agregados, tfi_fecha_estimada_llegada: today,
      detalle: [{ prv_id: lentes, pal_id: pal.pal_id, tid_cantidad: 1 }], ...doc('09', 'T001', '5'),
    } }), 400, 'Una transferencia entre almacenes no lleva comprobante del proveedor');
    expectRefused(await T('registrar', { transferencia_items: {
      tfi_tipo: 1, ord_id: 1, alm_destino: alm.central, tfi_fecha_estimada_llegada: today,
      detalle: [{ prv_id: lentes, oci_id: 1, tid_cantidad: 1 }], ...doc('01', 'F001', '5'),
    } }), 400, 'El comprobante del proveedor de una orden de compra se ingresa al confirmar el ingreso');
  });
});

describe('purchase order (type 1): the document on the confirmed entry', () => {
  it('proposes the portal invoice, then the typed guide; keeps what the receipt confirms; refuses a wrong one', async () => {
    const cem = prv['Cemento Andino Tipo V 42.5 kg'];
    const ordId = await f.emitida({
      orden_items: [{ producto_variacion: { id_producto_variacion: cem }, descripcion: 'Cemento', unidad: { id_unidad: f.ids.unidad }, cantidad: 10, precio_unitario: 30 }],
    });
    const [item] = (expectOk(await f.post('ordenCompra/obtenerDetallexTransferencia', { orden_compra: { ord_id: ordId } }, f.u.logistica)).data as { detalle: { oci_id: number }[] }).detalle;
    const t = expectOk(await T('registrar', { transferencia_items: {
      tfi_tipo: 1, ord_id: ordId, alm_destino: alm.central, tfi_fecha_estimada_llegada: today, tfi_guia_remision: 'eg01 - 000078',
      detalle: [{ prv_id: cem, oci_id: item.oci_id, tid_cantidad: 10 }],
    } }, f.u.logistica)).data as { tfi_id: number };

    // The guide typed at registration, as a 09.
    expect((await obtener(t.tfi_id)).doc_sugerido).toEqual(doc('09', 'EG01', '000078', ''));
    // The invoice the supplier sent from the portal (stored as RUC-01-SERIE-NÚMERO.xml) comes first.
    await f.rows(sql`insert into orden_archivo (ord_id, oar_nombre, oar_clave, oar_tipo, oar_tamano, usu_id, oar_proveedor)
      values (${ordId}, '20501234568-01-F001-77.xml', 'x', 'application/xml', 1, ${f.ids.admin}, true),
             (${ordId}, '20501234568-01-F001-77.pdf', 'y', 'application/pdf', 1, ${f.ids.admin}, true)`);
    const antes = await obtener(t.tfi_id);
    expect(antes).toMatchObject({ ...doc('', '', '', ''), doc_sugerido: doc('01', 'F001', '77', '') });

    const ingreso = (extra: Record<string, unknown>) => T('ingresar', { transferencia_items: {
      tfi_id: t.tfi_id, detalle: antes.detalle.map((l) => ({ tid_id: l.tid_id, tid_ingreso_cantidad: l.tid_cantidad })), ...extra,
    } }, almacen);
    expectRefused(await ingreso(doc('09', 'T-01', '5')), 400, /^La serie no es válida para Guía de remisión remitente/);
    expect(await guardado(t.tfi_id)).toBe(' - ');
    expectRefused(await ingreso(doc('01', 'F001', '77', '')), 400, 'Ingrese la fecha de emisión del comprobante del proveedor');
    expectOk(await ingreso(doc('01', 'F001', '77')));
    expect(await guardado(t.tfi_id)).toBe(`01 F001-77 ${today}`);
    expect(await obtener(t.tfi_id)).toMatchObject({ ...doc('01', 'F001', '77'), doc_sugerido: null });
  });
});
