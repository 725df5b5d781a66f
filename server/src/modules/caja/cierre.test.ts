import { CAJA_MSG, ROLE } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.ts';
import { createCajaFixture, expectOk, expectRefused, type Auth, type CajaFixture } from './fixtures.ts';

/**
 * Issue 24: closing an approved settlement's balance. Treasury reimburses a balance in the requester's
 * favour (RAP → CRB); the requester (or treasury) registers the return of what they owe (RAP → CDV).
 * Both need the balance as amount and a voucher; both lock the row, so two at once cannot both pass.
 * Also the approvers a cash box may name: holders of `aprobar_caja` who reach its project.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b3a1c30000000049454e44ae426082', 'hex');
const voucher = { name: 'Voucher BCP 0077.pdf', type: 'application/pdf', content: PDF };

let f: CajaFixture;
beforeAll(async () => {
  f = await createCajaFixture();
});
afterAll(() => f.ctx.close());

/** A cash box of S/ 500.00 with an approved settlement of `total` (one document). */
async function aprobada(total: string): Promise<number> {
  const id = await f.registrar();
  await f.documento(id, total);
  await f.setEstado(id, 'RAP');
  return id;
}

const cerrar = (path: 'reembolsar' | 'devolver', cajId: number, who: Auth, over: Record<string, string> = {}, file: typeof voucher | null = voucher) =>
  multipart(f.ctx, `rendicion/${path}`, { caj_id: String(cajId), caj_numero_operacion_cierre: 'OP-0077', ...over }, file, who);

const historial = (cajId: number) => f.rows<{ cah_estado: string; cah_observacion: string }>(sql`
  select cah_estado, cah_observacion from caja_historial where caj_id = ${cajId} order by cah_id`);

describe('reimbursement by treasury', () => {
  it('closes a cash box whose balance is in favour of the requester: state, history, detail, voucher, list', async () => {
    const id = await aprobada('580.50');
    const antes = expectOk(await f.caja('obtener', { caj_id: id }, f.u.tesoreria)).data as { caj_opciones: Record<string, boolean> };
    expect(antes.caj_opciones).toMatchObject({ reembolsar_caja: true, devolver_caja: false });
    const r = await f.post('rendicion/obtenerRendicionxCaja', { caja: { caj_id: id } }, f.u.tesoreria);
    expect(r.json().data).toMatchObject({ ren_saldo: '-80.50', ren_saldo_text: 'S/ 80.50 a favor del solicitante' });

    const res = await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50' });
    expect(res.json()).toMatchObject({ status: 'success', message: CAJA_MSG.reembolsada, data: { caj_id: id, est_id: 'CRB', est_descripcion: 'Reembolsada (cerrada)' } });
    expect(Object.values((res.json().data as { caj_opciones: Record<string, boolean> }).caj_opciones).some(Boolean)).toBe(false);

    const h = await historial(id);
    expect(h.at(-1)?.cah_estado).toBe('CRB');
    expect(h.at(-1)?.cah_observacion).toMatch(/^Reembolso de S\/ 80\.50 del \d\d\/\d\d\/\d{4} · Op\. OP-0077$/);

    const d = expectOk(await f.caja('obtener', { caj_id: id }, f.u.estandar)).data as { cierre: Record<string, unknown>; historial: { cah_estado: string }[] };
    expect(d.cierre).toMatchObject({
      tipo: 'reembolso', caj_monto_cierre: '80.50', caj_monto_cierre_text: 'S/ 80.50', caj_numero_operacion_cierre: 'OP-0077',
      usu_cierre_nombre: 'Miguel Rojas Cárdenas', caj_voucher_nombre: 'Voucher BCP 0077.pdf', caj_url_voucher: '/api/rendicion/descargarVoucher',
    });
    const dl = await f.post('rendicion/descargarVoucher', { caja: { caj_id: id } }, f.u.estandar);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(dl.rawPayload).equals(PDF)).toBe(true);

    const lista = expectOk(await f.caja('buscar', { caj_estado: 'CRB' }, f.u.tesoreria)).data as { page: { list: { caj_id: number; est_descripcion: string }[] } };
    expect(lista.page.list.find((c) => c.caj_id === id)).toMatchObject({ est_descripcion: 'Reembolsada (cerrada)' });
    // The settlements' list keeps it too.
    const rend = expectOk(await f.post('rendicion/obtenerRendiciones', { caja: { caj_estado: 'CRB' } }, f.u.tesoreria)).data as {
      page: { list: { caj_id: number; ren_saldo: string; ren_saldo_text: string }[] };
    };
    // Closed: nothing is owed any more either way.
    expect(rend.page.list.find((c) => c.caj_id === id)).toMatchObject({ ren_saldo: '0.00', ren_saldo_text: 'S/ 0.00' });
    // And the filters offer the new states.
    const datos = expectOk(await f.caja('cargarDatos', {}, f.u.tesoreria)).data as { estados: { edo_codigo: string }[] };
    expect(datos.estados.map((e) => e.edo_codigo).slice(-2)).toEqual(['CRB', 'CDV']);
  });

  it('accepts an image as voucher and the amount written without trailing zero', async () => {
    const id = await aprobada('510.00');
    const res = await cerrar('reembolsar', id, f.u.admin, { caj_monto_cierre: '10' }, { name: 'foto.png', type: 'image/png', content: PNG });
    expect(res.json().data).toMatchObject({ est_id: 'CRB' });
  });

  it('refuses an amount other than the balance, naming it, and stores nothing', async () => {
    const id = await aprobada('580.50');
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.00' }), 400, CAJA_MSG.montoCierre('S/ 80.50'));
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '-80.50' }), 400, CAJA_MSG.montoPositivo);
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, {}), 400, CAJA_MSG.montoCierreFalta);
    expect((await f.estado(id)).caj_estado).toBe('RAP');
    const [r] = await f.rows<{ clave: string | null }>(sql`select caj_voucher_clave as clave from caja where caj_id = ${id}`);
    expect(r.clave).toBeNull();
  });

  it('needs a voucher that is a PDF or an image, and a date neither future nor before the approval', async () => {
    const id = await aprobada('580.50');
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50' }, null), 400, CAJA_MSG.voucherFalta);
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50' }, { name: 'x.pdf', type: 'application/pdf', content: Buffer.from('hola') }), 400, CAJA_MSG.voucherTipo);
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50', caj_fecha_cierre: '2999-01-01' }), 400, CAJA_MSG.fechaCierreFutura);
    await f.rows(sql`update caja set ren_fecha_aprobacion = now() where caj_id = ${id}`);
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50', caj_fecha_cierre: '2020-01-01' }), 400, CAJA_MSG.fechaCierreAnterior);
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50', caj_fecha_cierre: 'ayer' }), 400, CAJA_MSG.fechaCierre);
    expect((await f.estado(id)).caj_estado).toBe('RAP');
  });

  it('is refused to anyone but treasury (403), with the module checked first', async () => {
    const id = await aprobada('580.50');
    expectRefused(await cerrar('reembolsar', id, f.u.estandar, { caj_monto_cierre: '80.50' }), 403, CAJA_MSG.soloTesoreriaReembolso);
    expectRefused(await cerrar('reembolsar', id, f.u.gerencia, { caj_monto_cierre: '80.50' }), 403, CAJA_MSG.soloTesoreriaReembolso);
    expectRefused(await cerrar('reembolsar', id, f.u.viewer, { caj_monto_cierre: '80.50' }), 403, /consultar|módulo/);
    expectRefused(await cerrar('reembolsar', id, f.u.almacen, { caj_monto_cierre: '80.50' }), 403, 'No tienes acceso a este módulo');
    expect((await f.estado(id)).caj_estado).toBe('RAP');
  });

  it('is refused in the wrong state or balance (409, in Spanish)', async () => {
    const id = await aprobada('580.50');
    await f.setEstado(id, 'RPA');
    expectRefused(await cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50' }), 409, 'No se puede registrar el reembolso de una caja en estado Rendición por aprobar');
    const debe = await aprobada('420.00');
    expectRefused(await cerrar('reembolsar', debe, f.u.tesoreria, { caj_monto_cierre: '80.00' }), 409, CAJA_MSG.sinSaldoReembolso);
    const cero = await aprobada('500.00');
    expectRefused(await cerrar('reembolsar', cero, f.u.tesoreria, { caj_monto_cierre: '1.00' }), 409, CAJA_MSG.sinSaldoReembolso);
    expectRefused(await cerrar('devolver', cero, f.u.estandar, { caj_monto_cierre: '1.00' }), 409, CAJA_MSG.sinSaldoDevolucion);
  });

  it('outside the caller scope answers 404', async () => {
    const id = await aprobada('580.50');
    // A treasury user of the other project (Planta Lurín) does not see a Miraflores cash box.
    const [u] = await f.rows<{ usu_id: number }>(sql`insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
      values ('Tesorera', 'Lurín', '40000099', 'tesoreria.lurin@andina.pe', 'x', 0, (select pry_id from proyecto where pry_codigo = 'PRY-001')) returning usu_id`);
    await f.rows(sql`insert into usuario_rol (usu_id, rol_id) values (${u.usu_id}, ${ROLE.TESORERIA})`);
    const lurin = await f.ctx.auth('tesoreria.lurin@andina.pe');
    expectRefused(await cerrar('reembolsar', id, lurin, { caj_monto_cierre: '80.50' }), 404, CAJA_MSG.notFound);
  });

  it('two reimbursements at once: one passes, the other reads the closed box (409); one history row, one voucher', async () => {
    const id = await aprobada('580.50');
    const [a, b] = await Promise.all([
      cerrar('reembolsar', id, f.u.tesoreria, { caj_monto_cierre: '80.50', caj_numero_operacion_cierre: 'OP-A' }),
      cerrar('reembolsar', id, f.u.admin, { caj_monto_cierre: '80.50', caj_numero_operacion_cierre: 'OP-B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const perdedor = a.statusCode === 409 ? a : b;
    expect(perdedor.json().message).toBe('No se puede registrar el reembolso de una caja en estado Reembolsada (cerrada)');
    expect((await historial(id)).filter((h) => h.cah_estado === 'CRB')).toHaveLength(1);
    const [r] = await f.rows<{ op: string }>(sql`select caj_numero_operacion_cierre as op from caja where caj_id = ${id}`);
    expect(r.op).toBe(a.statusCode === 200 ? 'OP-A' : 'OP-B');
  });
});

describe('return by the requester', () => {
  it('closes a cash box where the requester owes the balance', async () => {
    const id = await aprobada('420.00');
    const antes = expectOk(await f.caja('obtener', { caj_id: id }, f.u.estandar)).data as { caj_opciones: Record<string, boolean> };
    expect(antes.caj_opciones).toMatchObject({ reembolsar_caja: false, devolver_caja: true });
    const res = await cerrar('devolver', id, f.u.estandar, { caj_monto_cierre: '80.00', caj_numero_operacion_cierre: '' });
    expect(res.json()).toMatchObject({ status: 'success', message: CAJA_MSG.devuelta, data: { est_id: 'CDV', est_descripcion: 'Devuelta (cerrada)' } });
    expect((await historial(id)).at(-1)?.cah_observacion).toMatch(/^Devolución de S\/ 80\.00 del \d\d\/\d\d\/\d{4}$/);
    const d = expectOk(await f.caja('obtener', { caj_id: id }, f.u.tesoreria)).data as { cierre: Record<string, unknown> };
    expect(d.cierre).toMatchObject({ tipo: 'devolucion', caj_monto_cierre: '80.00', usu_cierre_nombre: 'Ana Vargas Lozano' });
  });

  it('treasury may register it too; anyone else not (403)', async () => {
    const id = await aprobada('420.00');
    expectRefused(await cerrar('devolver', id, f.u.gerencia, { caj_monto_cierre: '80.00' }), 403, CAJA_MSG.soloDevolucion);
    expectRefused(await cerrar('devolver', id, f.u.contabilidad, { caj_monto_cierre: '80.00' }), 403, CAJA_MSG.soloDevolucion);
    expectRefused(await cerrar('devolver', id, f.u.tesoreria, { caj_monto_cierre: '79.99' }), 400, CAJA_MSG.montoCierre('S/ 80.00'));
    expect((await cerrar('devolver', id, f.u.tesoreria, { caj_monto_cierre: '80.00' })).json().data).toMatchObject({ est_id: 'CDV' });
    // Closed: nothing more, not even documents.
    expectRefused(await f.post('rendicion/registrar', { caj_id: id, lista_rendicion_detalle: [{}] }, f.u.estandar), 409, /^No se puede registrar documentos en la rendición de una caja en estado Devuelta \(cerrada\)$/);
  });
});

describe('the approvers a cash box may name', () => {
  let jefe: number;
  beforeAll(async () => {
    // A project-level approver of Edificio Miraflores (option of their own) and a company-wide user who lacks the option.
    const [u] = await f.rows<{ usu_id: number }>(sql`insert into usuario (usu_nombre, usu_apellido, usu_dni, usu_correo, usu_password_hash, usu_nivel, pry_id)
      values ('Zoila', 'Jefa de Obra', '40000098', 'jefa.miraflores@andina.pe', 'x', 0, (select pry_id from proyecto where pry_codigo = 'PRY-002')) returning usu_id`);
    jefe = Number(u.usu_id);
    await f.rows(sql`insert into usuario_rol (usu_id, rol_id) values (${jefe}, ${ROLE.ESTANDAR})`);
    await f.rows(sql`insert into usuario_opcion (usu_id, opc_id) select ${jefe}, opc_id from opcion where opc_codigo = 'aprobar_caja'`);
  });

  const aprobadores = async (cec_id: number, usu_solicitante: number | null, who: Auth = f.u.estandar) =>
    expectOk(await f.caja('buscarAprobadores', { cec_id, usu_solicitante }, who)).data as { usu_id: number; usu_nombre_completo: string; es_jefe: boolean; pry_nombre: string | null }[];

  it('offers only holders of aprobar_caja who reach the project, the requester\'s manager first; not SUPER by rule', async () => {
    const mf = await aprobadores(f.cc.mf, f.usu.estandar);
    expect(mf.map((a) => a.usu_nombre_completo)).toEqual(['Zoila Jefa de Obra', 'Carlos Mendoza Ríos']);
    expect(mf[0]).toMatchObject({ es_jefe: true, pry_nombre: 'Edificio Miraflores' });
    expect(mf[1]).toMatchObject({ pry_nombre: null });
    // Planta Lurín: the Miraflores approver does not reach it.
    const pl = await aprobadores(f.cc.pl, f.usu.admin, f.u.admin);
    expect(pl.map((a) => a.usu_nombre_completo)).toEqual(['Carlos Mendoza Ríos']);
    // The requester is never offered as their own approver.
    expect((await aprobadores(f.cc.mf, jefe)).map((a) => a.usu_id)).not.toContain(jefe);
    // The form's lookup no longer lists the system administrator first.
    const datos = expectOk(await f.caja('cargarDatos', {}, f.u.admin)).data as { gerentes: { usu_nombre_completo: string }[] };
    expect(datos.gerentes.map((g) => g.usu_nombre_completo)).not.toContain('Administrador del Sistema');
  });

  it('the requester\'s last manager comes first among company-wide approvers', async () => {
    await f.rows(sql`insert into usuario_opcion (usu_id, opc_id) select ${f.usu.administracion}, opc_id from opcion where opc_codigo = 'aprobar_caja'`);
    try {
      const antes = await aprobadores(f.cc.pl, f.usu.admin, f.u.admin);
      expect(antes.map((a) => a.usu_nombre_completo)).toEqual(['Carlos Mendoza Ríos', 'Patricia Salas Vega']);
      await f.registrar({ cec_id: f.cc.pl, usu_solicitante: f.usu.admin, usu_gerente: f.usu.administracion }, f.u.admin);
      const despues = await aprobadores(f.cc.pl, f.usu.admin, f.u.admin);
      expect(despues.map((a) => a.usu_nombre_completo)).toEqual(['Patricia Salas Vega', 'Carlos Mendoza Ríos']);
      expect(despues[0].es_jefe).toBe(true);
    } finally {
      await f.rows(sql`delete from usuario_opcion where usu_id = ${f.usu.administracion}`);
    }
  });

  it('refuses a manager who does not qualify for the project (400), on register and edit', async () => {
    expectRefused(await f.caja('registrar', f.datos({ usu_gerente: f.usu.admin }), f.u.estandar), 400, CAJA_MSG.gerenteProyecto);
    expectRefused(await f.caja('registrar', f.datos({ usu_gerente: f.usu.contabilidad }), f.u.estandar), 400, CAJA_MSG.gerenteProyecto);
    expectRefused(await f.caja('registrar', f.datos({ cec_id: f.cc.pl, usu_solicitante: f.usu.admin, usu_gerente: jefe }), f.u.admin), 400, CAJA_MSG.gerenteProyecto);
    const id = await f.registrar({ usu_gerente: jefe });
    expectRefused(await f.caja('editar', f.datos({ caj_id: id, usu_gerente: f.usu.tesoreria }), f.u.estandar), 400, CAJA_MSG.gerenteProyecto);
    expectOk(await f.caja('editar', f.datos({ caj_id: id, usu_gerente: f.usu.gerencia }), f.u.estandar));
  });

  it('answers 400 for a cost centre outside the caller\'s scope', async () => {
    expectRefused(await f.caja('buscarAprobadores', { cec_id: f.cc.pl, usu_solicitante: f.usu.estandar }, f.u.estandar), 400, CAJA_MSG.centroCosto);
  });
});
