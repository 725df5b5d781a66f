import { CAJA_MSG, MSG, dniRucProblem, limaDate, limaYear, type CajaDetalle, type CajaFila } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCajaFixture, expectOk, expectRefused, type CajaFixture } from './fixtures.ts';

let f: CajaFixture;
beforeAll(async () => {
  f = await createCajaFixture();
});
afterAll(() => f.ctx.close());

type Pagina = { page: { list: CajaFila[]; total: number; size: number; number: number } };
const hoy = () => limaDate();
const haceDias = (n: number) => limaDate(new Date(Date.now() - n * 86_400_000));
/** The list's default filter: the last 7 Lima days (spec 2 §9). */
const semana = { fecha_inicio: haceDias(7), fecha_fin: hoy() };
const buscar = async (filtro: Record<string, unknown>, who = f.u.admin) => expectOk(await f.caja('buscar', filtro, who)).data as Pagina;
const obtener = async (cajId: number, who = f.u.estandar) => expectOk(await f.caja('obtener', { caj_id: cajId }, who)).data as CajaDetalle;

describe('the demo cash boxes', () => {
  it('show in the default week: one in each of CRE, CPA, CDE, CAP, CDP and RAP, with settlement totals', async () => {
    const { page } = await buscar(semana);
    expect(page.total).toBe(6);
    expect(page.list.map((c) => c.est_id)).toEqual(['CRE', 'CPA', 'CAP', 'CDE', 'CDP', 'RAP']);
    expect(page.list.map((c) => c.caj_codigo)).toEqual([6, 5, 4, 3, 2, 1].map((n) => `CAJ-${limaYear()}-00000${n}`));
    const totales = await f.rows<{ caj_titulo: string; ren_total: string; n: number }>(sql`
      select caj_titulo, ren_total::text as ren_total, (select count(*)::int from rendicion_detalle d where d.caj_id = c.caj_id) as n from caja c where ren_total > 0 order by caj_id`);
    expect(totales).toEqual([
      { caj_titulo: 'Viáticos supervisión Planta Lurín', ren_total: '986.50', n: 3 },
      { caj_titulo: 'Gastos menores obra Miraflores - noviembre', ren_total: '345.70', n: 3 },
    ]);
    const rucs = await f.rows<{ r: string }>(sql`select red_dni_ruc as r from rendicion_detalle`);
    for (const { r } of rucs) expect(dniRucProblem(r), r).toBeNull();
    // Every state reached was written in the history, the first at registration.
    const [h] = await f.rows<{ n: number }>(sql`select count(*)::int as n from caja_historial`);
    expect(Number(h.n)).toBe(6 + 4 + 3 + 3 + 2 + 1);
  });
});

describe('register, request, approve, deposit', () => {
  it('walks a cash box from CRE to CDP, each reply with the caller\'s flags and the detail with who and when', async () => {
    const res = expectOk(await f.caja('registrar', f.datos({ caj_monto: '1250.5' }), f.u.estandar));
    const c = res.data as CajaFila;
    expect(res.message).toBe(`Se registró la caja ${c.caj_codigo}`);
    expect(c).toMatchObject({ est_id: 'CRE', est_descripcion: 'Registrada', caj_monto: '1250.50', caj_monto_text: 'S/ 1,250.50', caj_url_pdf: null, usu_nombre_creador: 'Ana Vargas Lozano' });
    expect(c.caj_opciones).toMatchObject({ editar_caja: true, solicitar_aprobacion_caja: true, cancelar_caja: true, aprobar_caja: false });

    const sol = expectOk(await f.caja('solicitarAprobacionCaja', { caj_id: c.caj_id }, f.u.estandar));
    expect(sol).toMatchObject({ message: CAJA_MSG.solicitada, data: { est_id: 'CPA', caj_opciones: { editar_caja: false, cancelar_caja: true } } });
    // The manager sees the approval flags; the requester does not.
    expect((await obtener(c.caj_id, f.u.gerencia)).caj_opciones).toMatchObject({ aprobar_caja: true, desaprobar_caja: true });
    expect((await obtener(c.caj_id)).caj_opciones.aprobar_caja).toBe(false);
    expectRefused(await f.caja('aprobar', { caj_id: c.caj_id }, f.u.estandar), 403, CAJA_MSG.soloAprobador);

    // The approver is the caller, whatever the body says.
    expectOk(await f.caja('aprobar', { caj_id: c.caj_id, usu_aprobador: f.usu.admin }, f.u.gerencia));
    expectRefused(await f.caja('depositar', { caj_id: c.caj_id }, f.u.gerencia), 403, CAJA_MSG.soloTesoreria);
    expectRefused(await f.caja('depositar', { caj_id: c.caj_id, caj_fecha_deposito: haceDias(-1) }, f.u.tesoreria), 400, CAJA_MSG.fechaDepositoFutura);
    expectRefused(await f.caja('depositar', { caj_id: c.caj_id, caj_fecha_deposito: '2020-01-01' }, f.u.tesoreria), 400, CAJA_MSG.fechaDepositoAnterior);
    const dep = expectOk(await f.caja('depositar', { caj_id: c.caj_id, caj_numero_operacion: 'OP-778812' }, f.u.tesoreria));
    expect(dep).toMatchObject({ message: CAJA_MSG.depositada, data: { est_id: 'CDP' } });

    const d = await obtener(c.caj_id);
    expect(d).toMatchObject({
      est_id: 'CDP', caj_numero_operacion: 'OP-778812', caj_fecha_deposito: hoy(), usu_aprobador_nombre: 'Carlos Mendoza Ríos',
      usu_depositante_nombre: 'Miguel Rojas Cárdenas', solicitante: { usu_nombre: 'Ana Vargas Lozano', usu_correo: 'estandar@andina.pe', pry_nombre: 'Edificio Miraflores' },
      caj_opciones: { agregar_rendicion: true, solicitar_aprobacion_rendicion: true, depositar_caja: false },
    });
    expect(d.caj_fecha_aprobacion).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(d.historial.map((h) => [h.cah_estado, h.usu_nombre])).toEqual([
      ['CRE', 'Ana Vargas Lozano'], ['CPA', 'Ana Vargas Lozano'], ['CAP', 'Carlos Mendoza Ríos'], ['CDP', 'Miguel Rojas Cárdenas'],
    ]);
  });

  it('disapproval keeps its reason; the requester edits and asks again; cancel', async () => {
    const id = await f.registrar();
    await f.caja('solicitarAprobacionCaja', { caj_id: id }, f.u.estandar);
    expectOk(await f.caja('desaprobar', { caj_id: id, caj_observacion: 'Detallar los gastos de movilidad' }, f.u.gerencia));
    const d = await obtener(id);
    expect(d).toMatchObject({ est_id: 'CDE', caj_observacion: 'Detallar los gastos de movilidad', caj_opciones: { editar_caja: true } });
    expect(d.historial.at(-1)).toMatchObject({ cah_estado: 'CDE', cah_observacion: 'Detallar los gastos de movilidad' });
    // A stale form is refused; the current version saves.
    expectRefused(await f.caja('editar', f.datos({ caj_id: id, caj_version: d.caj_version - 1 }), f.u.estandar), 409, CAJA_MSG.versionCambiada);
    const e = expectOk(await f.caja('editar', f.datos({ caj_id: id, caj_version: d.caj_version, caj_titulo: 'Movilidad obra Miraflores', caj_monto: '320', cec_id: f.cc.pl }), f.u.admin));
    expect(e).toMatchObject({ message: CAJA_MSG.editada, data: { caj_titulo: 'Movilidad obra Miraflores', caj_monto: '320.00', cec_codigo: 'CC-PL-01', est_id: 'CDE' } });
    // Moved to a Lurín cost centre, it stays visible to its requester.
    expectOk(await f.caja('solicitarAprobacionCaja', { caj_id: id }, f.u.estandar));
    expectOk(await f.caja('cancelar', { caj_id: id }, f.u.estandar));
    expectRefused(await f.caja('aprobar', { caj_id: id }, f.u.gerencia), 409, 'No se puede aprobar una caja en estado Cancelada');
  });
});

describe('validations', () => {
  const falta = CAJA_MSG.faltaRegistrar;
  it.each([
    ['no caja', null, falta],
    ['empty caja', 'vacia', falta],
    ['no title', { caj_titulo: '  ' }, falta],
    ['no amount', { caj_monto: '' }, falta],
    ['no manager', { usu_gerente: null }, falta],
    ['no cost centre', { cec_id: undefined }, falta],
    ['description over 400', { caj_descripcion: 'x'.repeat(401) }, CAJA_MSG.descripcionMaxima],
    ['amount 0', { caj_monto: '0' }, CAJA_MSG.montoPositivo],
    ['amount negative', { caj_monto: '-10' }, CAJA_MSG.montoPositivo],
    ['amount abc', { caj_monto: 'abc' }, CAJA_MSG.montoPositivo],
    ['amount with 3 decimals', { caj_monto: '10.125' }, CAJA_MSG.montoPositivo],
    ['amount too large', { caj_monto: '1000000000000' }, CAJA_MSG.montoMaximo],
    ['cost centre of another project', { cec_id: 'pl' }, CAJA_MSG.centroCosto],
    ['inactive cost centre', { cec_id: 'inactivo' }, CAJA_MSG.centroCosto],
    ['unknown cost centre', { cec_id: 999999 }, CAJA_MSG.centroCosto],
    ['unknown cash type', { tca_id: 99 }, CAJA_MSG.tipoCaja],
    ['unknown currency', { mon_id: 99 }, CAJA_MSG.moneda],
    ['a manager who may not approve', { usu_gerente: 'tesoreria' }, CAJA_MSG.gerenteProyecto],
    ['SUPER is not a business approver unless granted the option', { usu_gerente: 'admin' }, CAJA_MSG.gerenteProyecto],
    ['a requester of another project', { usu_solicitante: 'almacen' }, CAJA_MSG.solicitante],
    ['the manager as requester', { usu_solicitante: 'gerencia' }, CAJA_MSG.solicitante],
  ] as const)('%s', async (_name, over, message) => {
    const [{ n: antes }] = await f.rows<{ n: number }>(sql`select count(*)::int as n from caja`);
    const o: Record<string, unknown> = typeof over === 'object' && over !== null ? { ...over } : {};
    if (o.cec_id === 'pl' || o.cec_id === 'inactivo') o.cec_id = f.cc[o.cec_id];
    for (const k of ['usu_gerente', 'usu_solicitante'] as const) if (typeof o[k] === 'string') o[k] = f.usu[o[k] as 'tesoreria'];
    const payload = over === null ? {} : over === 'vacia' ? { caja: {} } : { caja: f.datos(o) };
    expectRefused(await f.post('caja/registrar', payload, f.u.estandar), 400, message);
    const [{ n: despues }] = await f.rows<{ n: number }>(sql`select count(*)::int as n from caja`);
    expect(despues).toBe(antes);
  });

  it('the manager cannot be the requester', async () => {
    expectRefused(await f.caja('registrar', f.datos({ usu_gerente: f.usu.admin, usu_solicitante: f.usu.admin }), f.u.admin), 400, CAJA_MSG.gerenteSolicitante);
  });

  it('an unknown or malformed id answers 404 or 400, never 500', async () => {
    expectRefused(await f.caja('obtener', { caj_id: 999999 }, f.u.admin), 404, CAJA_MSG.notFound);
    expectRefused(await f.caja('aprobar', { caj_id: 999999 }, f.u.admin), 404, CAJA_MSG.notFound);
    expectRefused(await f.caja('obtener', { caj_id: 'x' }, f.u.admin), 400, CAJA_MSG.cajIdFalta);
    expectRefused(await f.caja('buscar', { fecha_inicio: hoy(), fecha_fin: haceDias(3) }, f.u.admin), 400, CAJA_MSG.rangoFechas);
  });
});

describe('scope and access', () => {
  it('a project user sees their project\'s cash boxes and those they take part in; others answer 404', async () => {
    const lurin = await f.registrar({ cec_id: f.cc.pl, usu_solicitante: f.usu.administracion }, f.u.admin);
    const suya = await f.registrar({ cec_id: f.cc.pl, caj_titulo: 'Viáticos visita a Planta Lurín' }, f.u.admin);
    const { page } = await buscar({ ...semana, page: { size: 100 } }, f.u.estandar);
    const ids = page.list.map((c) => c.caj_id);
    expect(ids).toContain(suya);
    expect(ids).not.toContain(lurin);
    expect(page.list.every((c) => c.cec_codigo.startsWith('CC-MF') || c.usu_solicitante === f.usu.estandar)).toBe(true);
    expectRefused(await f.caja('obtener', { caj_id: lurin }, f.u.estandar), 404, CAJA_MSG.notFound);
    expectRefused(await f.caja('cancelar', { caj_id: lurin }, f.u.estandar), 404, CAJA_MSG.notFound);
    expect((await obtener(suya)).cec_codigo).toBe('CC-PL-01');
    // Level 1 sees both.
    const todas = (await buscar({ ...semana, page: { size: 100 } })).page.list.map((c) => c.caj_id);
    expect(todas).toEqual(expect.arrayContaining([lurin, suya]));
  });

  it('cargarDatos: the caller\'s cost centres and users, managers who may approve, the lookups', async () => {
    const d = expectOk(await f.post('caja/cargarDatos', {}, f.u.estandar)).data as Record<string, { [k: string]: unknown }[]>;
    expect(d.estados.map((e) => e.edo_codigo)).toEqual(['CRE', 'CPA', 'CAP', 'CDE', 'CCA', 'CDP', 'RPA', 'RAP', 'RDE', 'CRB', 'CDV']);
    expect(d.centros_costo.map((c) => c.cec_codigo)).toEqual(['CC-MF-01', 'CC-MF-02', 'CC-MF-03']);
    // Issue 24: holders of aprobar_caja who reach the caller's project; the system administrator is not one.
    expect(d.gerentes.map((g) => g.usu_nombre_completo)).toEqual(['Carlos Mendoza Ríos']);
    expect(d.usuarios.map((u) => u.usu_id)).toEqual([f.usu.estandar]);
    expect(d.tipos_caja.map((t) => t.tca_nombre)).toEqual(['Caja chica', 'Entrega a rendir', 'Viáticos']);
    expect(d.monedas.length).toBeGreaterThan(0);
    expect(d.tipos_documento.length).toBe(10);
    const admin = expectOk(await f.post('caja/cargarDatos', {}, f.u.admin)).data as Record<string, unknown[]>;
    expect(admin.centros_costo).toHaveLength(7);
    expect(admin.usuarios.length).toBeGreaterThan(8);
  });

  it('VISUALIZADOR reads but changes nothing; a user without the module gets 403', async () => {
    const id = await f.registrar();
    expect((await obtener(id, f.u.viewer)).caj_opciones).toEqual(expect.not.objectContaining({ editar_caja: true }));
    expectRefused(await f.caja('registrar', f.datos(), f.u.viewer), 403, MSG.readOnly);
    expectRefused(await f.caja('cancelar', { caj_id: id }, f.u.viewer), 403, MSG.readOnly);
    for (const path of ['buscar', 'obtener', 'cargarDatos', 'registrar', 'aprobar', 'generarReporteCaja']) {
      expectRefused(await f.caja(path, { caj_id: id }, f.u.logistica), 403, 'No tienes acceso a este módulo');
    }
    expect((await f.estado(id)).caj_estado).toBe('CRE');
  });
});

describe('the list', () => {
  it('filters in SQL by code, status, cost centre, type, title and dates, and pages by 10', async () => {
    for (let i = 0; i < 12; i++) await f.registrar({ caj_titulo: `Combustible grupo electrógeno ${i}`, tca_id: 2, cec_id: f.cc.mf });
    const p1 = await buscar({ ...semana, caj_titulo: 'grupo ELECTRÓGENO', page: { number: 1 } });
    expect(p1.page).toMatchObject({ total: 12, size: 10, number: 1 });
    expect(p1.page.list).toHaveLength(10);
    const p2 = await buscar({ ...semana, caj_titulo: 'grupo electrógeno', page: { number: 2 } });
    expect(p2.page.list).toHaveLength(2);
    expect(new Set([...p1.page.list, ...p2.page.list].map((c) => c.caj_id)).size).toBe(12);
    const primera = p1.page.list[0];
    expect((await buscar({ caj_codigo: primera.caj_codigo.slice(-6) })).page.list.map((c) => c.caj_id)).toEqual([primera.caj_id]);
    expect((await buscar({ ...semana, tca_id: 2, caj_estado: 'CRE', cec_id: f.cc.mf })).page.total).toBeGreaterThanOrEqual(12);
    expect((await buscar({ ...semana, caj_estado: 'RAP' })).page.list.map((c) => c.caj_titulo)).toEqual(['Viáticos supervisión Planta Lurín']);
    expect((await buscar({ fecha_inicio: haceDias(30), fecha_fin: haceDias(8) })).page.total).toBe(0);
    expect((await buscar({ ...semana, caj_estado: 'CCA', caj_titulo: 'grupo' })).page.total).toBe(0);
  });
});

describe('the cash report', () => {
  it('downloads the filtered cash boxes as xlsx with amounts as numbers', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const res = await f.caja('generarReporteCaja', { ...semana, cec_id: f.cc.mf, caj_estado: 'CDP' }, f.u.estandar);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('reporte-cajas.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Código', 'Tipo', 'Centro de costo', 'Título', 'Moneda', 'Monto', 'Total rendido', 'Saldo', 'Solicitante', 'Gerente', 'Estado', 'Fecha de registro', 'Fecha de depósito',
    ]);
    const filas = ws.getSheetValues().slice(2).filter(Boolean) as unknown[][];
    const demo = filas.find((r) => r[4] === 'Gastos menores obra Miraflores - noviembre')!;
    expect(demo.slice(5, 9)).toEqual(['S/', 800, 345.7, 454.3]);
    expect(ws.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
    expect(filas.every((r) => r[11] === 'Depositado / por rendir')).toBe(true);
    // A project user's report holds only what their list shows.
    const otro = await f.caja('generarReporteCaja', { ...semana, caj_estado: 'RAP' }, f.u.estandar);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(otro.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(1);
  });
});
