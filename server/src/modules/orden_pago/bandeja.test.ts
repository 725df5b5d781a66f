import { limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture } from './fixtures.ts';

/** The payment-order inbox `/ordenPago/bandeja` (issue 9): defaults per role, filters, scope, access, actions re-checked. */

let f: Fixture;
/** a1 registrada, a2 por aprobar, a3 aprobada (order A, supplier 1); b1 por aprobar (order B, supplier 2, estandar's project). */
let a1: number, a2: number, a3: number, b1: number;

interface Row { opg_id: number; opg_estado: string; ord_id: number; ord_codigo: string; opg_numero_operacion: string; opg_depositante_nombre: string | null; opg_fecha_deposito: string | null }
type Filtro = Record<string, unknown> | undefined;

const bandeja = async (who: Auth, filtro: Filtro = {}, page: Record<string, unknown> = {}) =>
  expectOk(await f.opg('bandeja', { ...(filtro === undefined ? {} : { orden_pago: filtro }), ...page }, who)).data as { data: Row[]; total: number; siguiente?: string };
const ids = async (who: Auth, filtro: Filtro = {}) => (await bandeja(who, filtro)).data.map((r) => r.opg_id);
const nuevo = async (ordId: number, who?: Auth) => (expectOk(await f.registrar(ordId, 10, {}, who)).data as { opg_id: number }).opg_id;
const accion = (path: string, opgId: number, who: Auth, extra: Record<string, unknown> = {}) => f.opg(path, { orden_pago: { opg_id: opgId, ...extra } }, who);

beforeAll(async () => {
  f = await createFixture();
  const ordA = await f.emitida();
  const ordB = await f.emitida({ centro_costo: { id_centro_costo: f.ids.ccOtro }, proveedor: { id_proveedor: f.ids.pve2 } });
  a1 = await nuevo(ordA);
  a2 = await nuevo(ordA);
  a3 = await nuevo(ordA);
  b1 = await nuevo(ordB, f.u.estandar);
  for (const id of [a2, a3]) expectOk(await accion('solicitarAprobacion', id, f.u.logistica));
  expectOk(await accion('solicitarAprobacion', b1, f.u.estandar));
  expectOk(await accion('aprobar', a3, f.u.gerencia));
});
afterAll(() => f.ctx.close());

describe('defaults', () => {
  it('shows what waits for the caller: por aprobar to approvers, aprobadas to treasury, every state to the rest', async () => {
    expect(await ids(f.u.gerencia)).toEqual([b1, a2]);
    expect(await ids(f.u.gerencia, undefined)).toEqual([b1, a2]);
    expect(await ids(f.u.tesoreria)).toEqual([a3]);
    expect(await ids(f.u.logistica)).toEqual([b1, a3, a2, a1]);
    expect(await ids(f.u.contabilidad)).toEqual([b1, a3, a2, a1]);
    // Asked for explicitly, any state or all of them (null).
    expect(await ids(f.u.gerencia, { estado: null })).toEqual([b1, a3, a2, a1]);
    expect(await ids(f.u.tesoreria, { estado: 'OPR' })).toEqual([a1]);
  });

  it('answers the rows as the per-order list does, with the order code to link to', async () => {
    const [row] = (await bandeja(f.u.tesoreria)).data;
    expect(row).toMatchObject({ opg_id: a3, opg_estado: 'OPA', edo_nombre: 'Aprobada', opg_total: '10.00', mon_simbolo: 'S/', opg_creador_nombre: 'Jorge Huamán Torres', opg_aprobador_nombre: 'Carlos Mendoza Ríos' });
    expect(row.ord_codigo).toMatch(/-OC-\d{4}$/);
    expect(row).not.toHaveProperty('opg_archivo_clave');
  });
});

describe('filters', () => {
  it('by supplier, registration dates (Lima days, both ends included) and pages', async () => {
    expect(await ids(f.u.admin, { estado: null, pve_id: f.ids.pve2 })).toEqual([b1]);
    // 04:30 UTC on 1 March is 23:30 on 28 February in Lima.
    await f.rows(sql`update orden_pago set opg_fecha_registro = '2026-03-01T04:30:00Z' where opg_id = ${a1}`);
    expect(await ids(f.u.admin, { estado: null, fecha_inicio: '2026-02-28', fecha_fin: '2026-02-28' })).toEqual([a1]);
    expect(await ids(f.u.admin, { estado: null, fecha_inicio: '2026-03-01', fecha_fin: '2026-03-01' })).toEqual([]);
    const hoy = limaDate();
    expect(await ids(f.u.admin, { estado: null, fecha_inicio: hoy })).toEqual([b1, a3, a2]);
    expect(await ids(f.u.admin, { estado: null, fecha_fin: hoy })).toEqual([b1, a3, a2, a1]);
    const page = await bandeja(f.u.admin, { estado: null }, { start: 1, length: 2 });
    expect(page).toMatchObject({ total: 4 });
    expect(page.data.map((r) => r.opg_id)).toEqual([a3, a2]);
    // The next page by key (the shared list mechanism) gives what the position gives.
    const primera = await bandeja(f.u.admin, { estado: null }, { length: 2 });
    expect(primera.data.map((r) => r.opg_id)).toEqual([b1, a3]);
    const siguiente = await bandeja(f.u.admin, { estado: null }, { length: 2, despues: primera.siguiente, contar: false });
    expect(siguiente.data.map((r) => r.opg_id)).toEqual([a2, a1]);
    expect(siguiente.siguiente).toBeUndefined();
  });

  it('refuses a state, supplier or range that makes no sense with 400', async () => {
    expectRefused(await f.opg('bandeja', { orden_pago: { estado: 'XYZ' } }, f.u.admin), 400, 'Seleccione un estado de orden de pago válido');
    expectRefused(await f.opg('bandeja', { orden_pago: { pve_id: -1 } }, f.u.admin), 400, 'Seleccione un proveedor válido');
    expectRefused(await f.opg('bandeja', { orden_pago: { fecha_inicio: '2026-02-30' } }, f.u.admin), 400, 'Ingrese una fecha válida (dd-mm-aaaa)');
    expectRefused(await f.opg('bandeja', { orden_pago: { fecha_inicio: '2026-05-02', fecha_fin: '2026-05-01' } }, f.u.admin), 400,
      'La fecha de inicio no puede ser posterior a la fecha de fin');
  });
});

describe('access and scope', () => {
  it('lists only the payment orders of the caller\'s project', async () => {
    expect(await ids(f.u.estandar)).toEqual([b1]);
    expect(await ids(f.u.estandar, { estado: 'OPA' })).toEqual([]);
    expect(await ids(f.u.estandar, { estado: null, pve_id: f.ids.pve })).toEqual([]);
  });

  it('needs the orden_pago module; VISUALIZADOR reads but its actions are refused', async () => {
    for (const who of [f.u.inventario, f.u.supplier]) expectRefused(await f.opg('bandeja', {}, who), 403, 'No tienes acceso a este módulo');
    expect(await ids(f.u.viewer)).toEqual([b1, a3, a2, a1]);
    expectRefused(await accion('eliminar', a1, f.u.viewer), 403, 'Tu rol solo permite consultar información');
  });
});

describe('actions taken from the inbox', () => {
  it('are checked again by the server, and the rows move between the callers\' inboxes', async () => {
    // Treasury sees a2 only when it asks for every state, and may not approve it.
    expectRefused(await accion('aprobar', a2, f.u.tesoreria), 403, 'No tiene permisos para realizar esta operación');
    expectOk(await accion('aprobar', a2, f.u.gerencia));
    expect(await ids(f.u.gerencia)).toEqual([b1]);
    expect(await ids(f.u.tesoreria)).toEqual([a3, a2]);
    // A row shown in another state (a stale screen) is refused by state.
    expectRefused(await accion('aprobar', a2, f.u.gerencia), 409, 'No se puede aprobar una orden de pago en estado Aprobada');

    expectRefused(await accion('depositar', a2, f.u.gerencia, { opg_numero_operacion: 'OP-1' }), 403, 'Solo Tesorería puede registrar el depósito de una orden de pago');
    expectRefused(await accion('depositar', a2, f.u.tesoreria), 400, 'Ingrese el número de operación del depósito');
    expectRefused(await accion('depositar', a2, f.u.tesoreria, { opg_numero_operacion: '   ' }), 400, 'Ingrese el número de operación del depósito');
    expect(await f.opgEstado(a2)).toBe('OPA');
    expectOk(await accion('depositar', a2, f.u.tesoreria, { opg_numero_operacion: 'BCP-000981' }));
    expect(await ids(f.u.tesoreria)).toEqual([a3]);

    const deposito = { opg_estado: 'OPP', opg_numero_operacion: 'BCP-000981', opg_depositante_nombre: 'Miguel Rojas Cárdenas' };
    const [row] = (await bandeja(f.u.tesoreria, { estado: 'OPP' })).data;
    expect(row).toMatchObject({ opg_id: a2, ...deposito });
    expect(row.opg_fecha_deposito?.slice(0, 10)).toBe(limaDate());
    expect(expectOk(await accion('obtener', a2, f.u.logistica)).data).toMatchObject(deposito);
    const porOrden = expectOk(await f.opg('buscar', { orden_pago: { ord_id: row.ord_id } }, f.u.logistica)).data as Row[];
    expect(porOrden.find((r) => r.opg_id === a2)).toMatchObject(deposito);
  });

  it('the database itself refuses a deposited payment order without an operation number', async () => {
    await expect(f.rows(sql`update orden_pago set opg_numero_operacion = '' where opg_id = ${a2}`)).rejects.toThrow();
  });
});
