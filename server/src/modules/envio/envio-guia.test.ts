import { type ConductorFila, type EnvioDetalle, type MixerFila } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearProveedorGuias } from '../../platform/cpe/guias/proveedor.ts';
import { expectOk, expectRefused } from '../orden_venta/fixtures.ts';
import { createEnvFixture, type EnvFixture } from './fixtures.ts';

/**
 * The sender guide (DECISIONS §6), mixers (spec 3 §7 "Mixers") and drivers (spec 3 §7 "Drivers").
 * The built-in provider is swapped for one accepting guides after 1.5 s, so the "not accepted yet"
 * path and the acceptance are both seen.
 */

const DEMORA = 1500;
let f: EnvFixture;
beforeAll(async () => {
  f = await createEnvFixture();
  f.ctx.deps.guias = crearProveedorGuias(f.ctx.deps.config.company, { nubefact: false, guiaDemoraMs: DEMORA });
});
afterAll(() => f.ctx.close());

describe('sender guide', () => {
  it('only en_ruta, one per dispatch (also at once), not accepted before the delay, then its PDF', async () => {
    const mix = await f.mixer('Mixer Guía', 'GUI-101', '9');
    const o = await f.ordenPagada('8');
    const res = expectOk(await f.programar([f.linea(o, mix, '8', f.dia(1, '09:00'), f.dia(1, '09:40'))]));
    const [envId] = (res.data as { env_ids: number[] }).env_ids;
    const guia = (cdt = f.conductor) => f.env('generarGuiaRemitente', { env_id: envId, cdt_id: cdt });
    expectRefused(await guia(), 409, 'La guía de remisión remitente solo se genera con el envío en ruta');
    expectOk(await f.env('cambiarSecuenciaEstado', { env_id: envId }));
    expectRefused(await guia(), 409, 'La guía de remisión remitente solo se genera con el envío en ruta');
    expectOk(await f.env('cambiarSecuenciaEstado', { env_id: envId }));
    expect((await f.detalle(envId)).puede_generar_guia).toBe(true);
    expectRefused(await guia(999999), 400, 'El conductor no existe o no está activo');

    const [a, b] = await Promise.all([guia(), guia()]);
    const oks = [a, b].filter((r) => r.statusCode === 200);
    expect(oks).toHaveLength(1);
    const other = [a, b].find((r) => r.statusCode !== 200)!;
    expectRefused(other, 409, /^El envío ya tiene la guía de remisión remitente T001-\d{8}$/);
    expect(oks[0].json().message).toMatch(/^Se generó la guía de remisión remitente T001-\d{8}$/);
    const d = oks[0].json().data as EnvioDetalle;
    expect(d.puede_generar_guia).toBe(false);
    expect(d.lista_nube_fact_guia).toEqual([expect.objectContaining({ ngu_enlace: null, aceptada: false, cdt_nombre: 'Pedro Quispe Mamani' })]);
    const g = d.lista_nube_fact_guia[0];

    const ver = () => f.post('envio/verGuiaRemitente', { envio: { env_id: envId } }, f.u.viewer);
    expectRefused(await ver(), 409, `La guía de remision remitente ${g.guia} aun no ha sido aceptada por SUNAT`);
    await new Promise((r) => setTimeout(r, DEMORA + 200));
    const aceptada = (await f.detalle(envId)).lista_nube_fact_guia[0];
    expect(aceptada).toMatchObject({ aceptada: true, ngu_enlace: `/api/envio/verGuiaRemitente?ngu_id=${g.ngu_id}` });
    const pdf = await ver();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const porEnlace = await f.ctx.app.inject({ method: 'POST', url: aceptada.ngu_enlace!, headers: f.u.administracion });
    expect(porEnlace.statusCode).toBe(200);

    const [row] = await f.rows<{ ngu_xml: string; ngu_serie: string }>(sql`select ngu_xml, ngu_serie from guia_remision where env_id = ${envId}`);
    expect(row.ngu_serie).toBe('T001');
    expect(row.ngu_xml).toContain('<DespatchAdvice');
    expect(row.ngu_xml).toContain('>GUI-101<');
    expectRefused(await f.post('envio/verGuiaRemitente', { envio: { env_id: 999999 } }, f.u.viewer), 404, 'El envío no tiene guía de remisión remitente');
  });
});

describe('mixers', () => {
  it('registers, refuses a repeated plate in any case and a capacity not above 0, modifies status, lists paged with filters', async () => {
    const r = expectOk(await f.post('mixer/registrar', { mixer: { mix_nombre: 'Mixer Alfa', mix_placa: 'alf-001', mix_capacidad: '8.5' } }, f.u.administracion));
    const m = r.data as MixerFila;
    expect(r.message).toBe(`Se registró el mixer N° ${m.mix_id} correctamente`);
    expect(m).toMatchObject({ mix_placa: 'ALF-001', mix_capacidad: '8.50', est_id: 1, est_nombre: 'Activo' });
    expectRefused(await f.post('mixer/registrar', { mixer: { mix_nombre: 'Otro', mix_placa: 'ALF-001', mix_capacidad: '8' } }, f.u.administracion), 409, 'Ya existe un mixer con la placa ALF-001');
    expectRefused(await f.post('mixer/registrar', { mixer: { mix_nombre: 'Otro', mix_placa: 'ALF-002', mix_capacidad: '0' } }, f.u.administracion), 400,
      'La capacidad debe ser un número mayor a 0 con hasta 2 decimales');
    expectRefused(await f.post('mixer/registrar', { mixer: { mix_nombre: 'Otro', mix_placa: 'ALF-002', mix_capacidad: '-3' } }, f.u.administracion), 400,
      'La capacidad debe ser un número mayor a 0 con hasta 2 decimales');
    expectRefused(await f.post('mixer/registrar', { mixer: { mix_placa: 'ALF-002', mix_capacidad: '8' } }, f.u.administracion), 400, 'Falta ingresar datos para registrar el mixer');
    expectRefused(await f.post('mixer/registrar', { mixer: { mix_nombre: 'Otro', mix_placa: 'A B', mix_capacidad: '8' } }, f.u.administracion), 400,
      'La placa debe tener entre 5 y 10 letras, números o guiones (p. ej. ABC-123)');
    const mod = expectOk(await f.post('mixer/modificar', { mixer: { ...m, mix_nombre: 'Mixer Alfa II', mix_capacidad: '9', est_id: 0 } }, f.u.administracion));
    expect(mod.data).toMatchObject({ mix_nombre: 'Mixer Alfa II', mix_capacidad: '9.00', est_id: 0, mix_version: 2 });
    expectRefused(await f.post('mixer/modificar', { mixer: { ...m, est_id: 1 } }, f.u.administracion), 409, 'El mixer fue modificado por otro usuario; vuelva a abrirlo');
    expectRefused(await f.post('mixer/modificar', { mixer: { ...m, mix_version: undefined, est_id: 5 } }, f.u.administracion), 400, 'El estado del mixer debe ser activo o inactivo');
    const page = (body: Record<string, unknown>) => f.post('mixer/buscar', { mixer: body }, f.u.viewer).then((x) => (expectOk(x).data as { page: { list: MixerFila[]; total: number } }).page);
    expect((await page({ mix_placa: 'alf' })).list.map((x) => x.mix_id)).toEqual([m.mix_id]);
    expect((await page({ mix_nombre: 'ALFA', est_id: 1 })).total).toBe(0);
    const todos = await page({ page: { number: 1, size: 10 } });
    expect(todos.list.length).toBeLessThanOrEqual(10);
    expectRefused(await f.post('mixer/obtener', { mixer: { mix_id: 999999 } }, f.u.viewer), 404, 'El mixer no existe');
  });
});

describe('drivers', () => {
  it("quick search needs text ('Debe ingresar alguna referencia del conductor'); register, modify, search", async () => {
    expectRefused(await f.post('conductor/buscar', { conductor: { cdt_search: '', busquedaRapida: true } }, f.u.administracion), 400, 'Debe ingresar alguna referencia del conductor');
    const c = expectOk(await f.post('conductor/registrar', { conductor: { cdt_nombre: 'Rosa', cdt_apellido: 'Huamán', cdt_placa: 'b7x-456' } }, f.u.administracion)).data as ConductorFila;
    expect(c).toMatchObject({ cdt_placa: 'B7X-456', cdt_nombre_completo: 'Rosa Huamán', cdt_estado: 1 });
    expectRefused(await f.post('conductor/registrar', { conductor: { cdt_nombre: 'Rosa' } }, f.u.administracion), 400, 'Falta ingresar datos para registrar al conductor');
    const rapida = expectOk(await f.post('conductor/buscar', { conductor: { cdt_search: 'huam', busquedaRapida: true } }, f.u.administracion)).data as ConductorFila[];
    expect(rapida.map((x) => x.cdt_id)).toContain(c.cdt_id);
    expectOk(await f.post('conductor/modificar', { conductor: { ...c, cdt_apellido: 'Huamán Ríos', cdt_estado: 0 } }, f.u.administracion));
    const despues = expectOk(await f.post('conductor/buscar', { conductor: { cdt_search: 'huam', busquedaRapida: true } }, f.u.administracion)).data as ConductorFila[];
    expect(despues.map((x) => x.cdt_id)).not.toContain(c.cdt_id);
    const lista = expectOk(await f.post('conductor/buscar', { conductor: { cdt_search: 'ríos' } }, f.u.viewer)).data as { page: { list: ConductorFila[] } };
    expect(lista.page.list).toEqual([expect.objectContaining({ cdt_apellido: 'Huamán Ríos', cdt_estado: 0 })]);
    expect((await f.post('conductor/buscar', { conductor: {} }, f.u.logistica)).statusCode).toBe(403);
  });
});

describe('demo data', () => {
  it('has six mixers, four drivers and dispatches today and tomorrow on orders en_despacho, one en_ruta', async () => {
    const [r] = await f.rows<{ mixers: number; conductores: number; envios: number; en_ruta: number; ordenes: number }>(sql`
      select (select count(*) from mixer where mix_nombre like 'Mixer 0%')::int as mixers, (select count(*) from conductor)::int as conductores,
        (select count(*) from envio v join mixer m on m.mix_id = v.mix_id where m.mix_nombre like 'Mixer 0%')::int as envios,
        (select count(*) from envio where est_id = 30)::int as en_ruta,
        (select count(distinct o.ovt_id) from orden_venta o join envio v on v.ovt_id = o.ovt_id where o.est_id = 27)::int as ordenes`);
    expect(r.mixers).toBe(6);
    expect(r.conductores).toBeGreaterThanOrEqual(4);
    expect(r.envios).toBeGreaterThanOrEqual(3);
    expect(r.en_ruta).toBeGreaterThanOrEqual(1);
    expect(r.ordenes).toBeGreaterThanOrEqual(1);
  });
});
