import { BUSQUEDA_MSG, MSG, type BusquedaGrupo } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture } from '../orden_pago/fixtures.ts';

/** Issue 25: the header's search box (docs/business-rules.md "Búsqueda global (issue 25)"). */

let f: Fixture;
let ordenLurin: { id: number; codigo: string };
let ordenMiraflores: { id: number; codigo: string };
let ovtId: number;

const buscar = async (texto: string, who: Auth = f.u.admin) =>
  expectOk(await f.post('busqueda/global', { busqueda: { texto } }, who)).data as BusquedaGrupo[];
const grupo = async (texto: string, tipo: string, who?: Auth) => (await buscar(texto, who)).find((g) => g.tipo === tipo)?.filas ?? [];
const codigos = async (texto: string, tipo: string, who?: Auth) => (await grupo(texto, tipo, who)).map((r) => r.codigo);

beforeAll(async () => {
  f = await createFixture();
  const orden = async (cec: number) => {
    const id = await f.newOrder({ centro_costo: { id_centro_costo: cec } });
    const [r] = await f.rows<{ ord_codigo: string }>(sql`select ord_codigo from orden where ord_id = ${id}`);
    return { id, codigo: r!.ord_codigo };
  };
  ordenLurin = await orden(f.ids.cc);
  ordenMiraflores = await orden(f.ids.ccOtro);
  ovtId = (await f.rows<{ ovt_id: number }>(sql`select min(ovt_id) as ovt_id from orden_venta`))[0]!.ovt_id;
  // An issued factura of that order (issuing goes through SUNAT; the row is what the search reads).
  await f.rows(sql`insert into comprobante (ovt_id, nco_tipo, nco_serie, nco_numero, nco_fecha_emision, nco_total, nco_proveedor, nco_usuario, nco_estado_sunat)
    values (${ovtId}, '01', 'F001', 123, current_date, 118, 'demo', ${f.ids.admin}, 'aceptado')`);
});
afterAll(() => f.ctx.close());

describe('/busqueda/global', () => {
  it('finds each document kind by its code, with the link that opens it', async () => {
    const oc = await grupo(ordenLurin.codigo, 'orden_compra');
    expect(oc.map((r) => r.codigo)).toEqual([ordenLurin.codigo]);
    expect(oc[0]).toMatchObject({ tipo: 'orden_compra', id: ordenLurin.id, enlace: `/orden/view/${ordenLurin.id}` });
    expect(oc[0]!.titulo).not.toBe('');
    // Its number alone (zeros added) and a prefix of the code, in any case.
    const numero = String(Number(ordenLurin.codigo.slice(0, 6))).padStart(2, '0');
    expect(await codigos(numero, 'orden_compra')).toContain(ordenLurin.codigo);
    expect(await codigos(ordenLurin.codigo.slice(0, 11).toLowerCase(), 'orden_compra')).toContain(ordenLurin.codigo);

    expect(await grupo(`OV-${ovtId}`, 'orden_venta')).toEqual([expect.objectContaining({ id: ovtId, codigo: `OV-${ovtId}`, enlace: `/ordenVenta?ver=${ovtId}` })]);
    expect(await grupo('f001-00000123', 'comprobante')).toEqual([expect.objectContaining({ codigo: 'F001-123', detalle: 'aceptado', enlace: `/comprobantes?ver=${ovtId}` })]);
    expect(await codigos('F001', 'comprobante')).toEqual(['F001-123']);
    expect(await codigos('F001-124', 'comprobante')).toEqual([]);

    const env = await grupo('ENV-2026-000001', 'envio');
    expect(env.map((r) => r.codigo)).toEqual(['ENV-2026-000001']);
    expect(env[0]!.enlace).toBe(`/envios?ver=${env[0]!.id}`);
    expect((await codigos('env-2026', 'envio')).length).toBe(3);
    expect(await codigos('TRF-2026-000001', 'transferencia')).toEqual(['TRF-2026-000001']);
    const caja = await grupo('CAJ-2026-000001', 'caja');
    expect(caja.map((r) => r.codigo)).toEqual(['CAJ-2026-000001']);
    expect(caja[0]!.enlace).toBe(`/caja/view/${caja[0]!.id}`);
  });

  it('finds suppliers, clients, products and employees by name and by RUC / DNI', async () => {
    expect((await grupo('cementos andinos', 'proveedor')).map((r) => r.titulo)).toEqual(['Cementos Andinos del Pacífico S.A.C.'.replace('S.A.C.', 'S.A.A.')]);
    expect((await grupo('20553128472', 'proveedor'))[0]).toMatchObject({ codigo: '20553128472', enlace: expect.stringMatching(/^\/proveedor\?ver=\d+$/) });
    expect((await grupo('2055312', 'proveedor')).map((r) => r.codigo)).toEqual(['20553128472']);
    expect((await grupo('los andes', 'cliente')).map((r) => r.codigo)).toEqual(['20548127361']);
    expect((await grupo('20548127361', 'cliente')).map((r) => r.titulo)).toEqual(['Constructora Los Andes del Pacífico S.A.C.']);
    const cemento = await grupo('cemento', 'producto');
    expect(cemento.length).toBeGreaterThanOrEqual(3);
    expect(cemento.every((r) => /cemento/i.test(r.titulo) && r.enlace === `/producto?ver=${r.id}`)).toBe(true);
    expect((await grupo('quispe mamani', 'empleado')).map((r) => r.codigo)).toEqual(['45010231']);
    expect((await grupo('45010231', 'empleado')).map((r) => r.titulo)).toEqual(['Víctor Hugo Quispe Mamani']);
  });

  it('answers at most 5 rows per kind, and the kinds with a match only', async () => {
    const grupos = await buscar('a.c');
    for (const g of grupos) expect(g.filas.length).toBeLessThanOrEqual(5);
    expect((await grupo('S.A.C', 'cliente')).length).toBeLessThanOrEqual(5);
    expect(await buscar('zzzqqq-no-existe')).toEqual([]);
  });

  it('is scoped as the lists: a project user finds neither another project\'s order nor its employees', async () => {
    // estandar@ (PRY-002, Miraflores) holds LOGÍSTICA in this fixture.
    expect(await codigos(ordenMiraflores.codigo, 'orden_compra', f.u.estandar)).toEqual([ordenMiraflores.codigo]);
    expect(await codigos(ordenLurin.codigo, 'orden_compra', f.u.estandar)).toEqual([]);
    expect(await codigos(ordenLurin.codigo, 'orden_compra', f.u.gerencia)).toEqual([ordenLurin.codigo]);
    // A corporate holder of the employees module finds Planta Lurín's (PRY-001) employee; a PRY-002 holder does not.
    expect((await grupo('45010231', 'empleado', f.u.inventario)).length).toBe(1);
    await f.rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 5 from usuario where usu_correo = 'estandar@andina.pe'`);
    const estandar = await f.ctx.auth('estandar@andina.pe');
    expect(await grupo('45010231', 'empleado', estandar)).toEqual([]);
  });

  it('searches only the kinds of the caller\'s modules', async () => {
    // Tesorería: orders, payment orders, cash and sales; no suppliers, products, employees, dispatches or transfers.
    const tipos = async (texto: string) => (await buscar(texto, f.u.tesoreria)).map((g) => g.tipo);
    expect(await tipos('cemento')).toEqual([]);
    expect(await tipos('ENV-2026')).toEqual([]);
    expect(await tipos('TRF-2026')).toEqual([]);
    expect(await tipos(ordenLurin.codigo)).toEqual(['orden_compra']);
    // Inventario has no orders module: an order's code finds nothing.
    expect(await buscar(ordenLurin.codigo, f.u.inventario)).toEqual([]);
  });

  it('refuses suppliers (403): the portal has no header search', async () => {
    expectRefused(await f.post('busqueda/global', { busqueda: { texto: 'cemento' } }, f.u.supplier), 403, MSG.noModuleAccess);
  });

  it('refuses a text of one character, or none, or too long, with a Spanish 400', async () => {
    for (const texto of ['a', ' a ', '', '   ']) {
      expectRefused(await f.post('busqueda/global', { busqueda: { texto } }, f.u.admin), 400, BUSQUEDA_MSG.corto);
    }
    expectRefused(await f.post('busqueda/global', { busqueda: { texto: 'x'.repeat(101) } }, f.u.admin), 400, BUSQUEDA_MSG.largo);
    expectRefused(await f.post('busqueda/global', {}, f.u.admin), 400, BUSQUEDA_MSG.corto);
    // Wildcards are literal: '%%' matches no code.
    expect(await buscar('%%')).toEqual([]);
  });
});
