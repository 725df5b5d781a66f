import { CAJ_ESTADOS, CAJA_MSG, type CajAccion } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfileById } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { createCajaFixture, type CajaFixture, type Quien } from './fixtures.ts';
import * as service from './service.ts';

/**
 * Every state × every action × every kind of caller, through the API (the cash box's own calls) and
 * through `service.transicion` (the settlement's three, which the /rendicion routes call): the allowed
 * ones succeed and reach the state of DECISIONS §5; the others answer 403 (who) or 409 (state) and
 * change nothing, not even the version.
 */

let f: CajaFixture;
let cajId: number;
beforeAll(async () => {
  f = await createCajaFixture();
  cajId = await f.registrar();
  // The manager is contabilidad@, who holds no aprobar_caja option: being the cash's manager is enough.
  await f.rows(sql`update caja set usu_gerente = ${f.usu.contabilidad} where caj_id = ${cajId}`);
  await f.documento(cajId);
});
afterAll(() => f.ctx.close());

/** action → [states it is allowed from, the state it leads to (null: stays)], DECISIONS §5. */
const MAQUINA: Record<CajAccion, [string[], string | null]> = {
  editar_caja: [['CRE', 'CDE'], null],
  solicitar_aprobacion_caja: [['CRE', 'CDE'], 'CPA'],
  aprobar_caja: [['CPA'], 'CAP'],
  desaprobar_caja: [['CPA'], 'CDE'],
  cancelar_caja: [['CRE', 'CPA', 'CDE'], 'CCA'],
  depositar_caja: [['CAP'], 'CDP'],
  agregar_rendicion: [['CDP', 'RDE'], null],
  solicitar_aprobacion_rendicion: [['CDP', 'RDE'], 'RPA'],
  aprobar_rendicion: [['RPA'], 'RAP'],
  desaprobar_rendicion: [['RPA'], 'RDE'],
  // Closing the balance has its own tests (cierre.test.ts): its file upload and the balance's side.
  reembolsar_caja: [['RAP'], 'CRB'],
  devolver_caja: [['RAP'], 'CDV'],
};

/** The callers: requester (also its registrar), its manager, option holder, treasury, viewer, an unrelated level-1 user, SUPER. */
const ROLES: Quien[] = ['estandar', 'contabilidad', 'gerencia', 'tesoreria', 'viewer', 'administracion', 'admin'];
const SOLICITANTE: Quien[] = ['estandar', 'admin'];
const APROBADOR: Quien[] = ['contabilidad', 'gerencia', 'admin'];
const QUIEN: Record<CajAccion, Quien[]> = {
  editar_caja: SOLICITANTE, solicitar_aprobacion_caja: SOLICITANTE, cancelar_caja: SOLICITANTE, agregar_rendicion: SOLICITANTE,
  solicitar_aprobacion_rendicion: SOLICITANTE, aprobar_caja: APROBADOR, desaprobar_caja: APROBADOR, aprobar_rendicion: APROBADOR,
  desaprobar_rendicion: APROBADOR, depositar_caja: ['tesoreria', 'admin'],
  reembolsar_caja: ['tesoreria', 'admin'], devolver_caja: ['estandar', 'tesoreria', 'admin'],
};

const ENDPOINTS: [string, CajAccion][] = [
  ['editar', 'editar_caja'], ['solicitarAprobacionCaja', 'solicitar_aprobacion_caja'], ['aprobar', 'aprobar_caja'],
  ['desaprobar', 'desaprobar_caja'], ['cancelar', 'cancelar_caja'], ['depositar', 'depositar_caja'],
];

function esperado(estado: string, accion: CajAccion, rol: Quien): { status: number; estado: string } {
  const [desde, hacia] = MAQUINA[accion];
  if (!QUIEN[accion].includes(rol)) return { status: 403, estado };
  if (!desde.includes(estado)) return { status: 409, estado };
  return { status: 200, estado: hacia ?? estado };
}

const antes = async (estado: string) => {
  await f.setEstado(cajId, estado);
  return f.estado(cajId);
};

const casos = CAJ_ESTADOS.flatMap((estado) => ENDPOINTS.flatMap(([path, accion]) => ROLES.map((rol) => ({ estado, path, accion, rol }))));

describe('the cash box calls over every (state, endpoint, caller)', () => {
  it.each(casos)('$path from $estado as $rol', async ({ estado, path, accion, rol }) => {
    const before = await antes(estado);
    const body = path === 'editar' ? f.datos({ caj_id: cajId, caj_titulo: `Editada desde ${estado}`, usu_gerente: f.usu.gerencia })
      : path === 'desaprobar' ? { caj_id: cajId, caj_observacion: 'Falta sustento' }
        : path === 'depositar' ? { caj_id: cajId, caj_numero_operacion: 'OP-9' } : { caj_id: cajId };
    const res = await f.caja(path, body, f.u[rol]);
    const want = esperado(estado, accion, rol);
    expect(res.statusCode, res.body).toBe(want.status);
    const after = await f.estado(cajId);
    expect(after.caj_estado).toBe(want.estado);
    if (want.status === 200) {
      expect(after.caj_version).toBe(before.caj_version + 1);
      expect(res.json().data).toMatchObject({ caj_id: cajId, est_id: want.estado });
    } else {
      expect(after.caj_version).toBe(before.caj_version);
      expect(res.json().status).toBe('error');
    }
    // editar moved the manager back to gerencia@: put contabilidad@ back for the next case.
    if (path === 'editar') await f.rows(sql`update caja set usu_gerente = ${f.usu.contabilidad} where caj_id = ${cajId}`);
  });
});

const SETTLEMENT: CajAccion[] = ['solicitar_aprobacion_rendicion', 'aprobar_rendicion', 'desaprobar_rendicion'];
const casosRendicion = CAJ_ESTADOS.flatMap((estado) => SETTLEMENT.flatMap((accion) => ROLES.map((rol) => ({ estado, accion, rol }))));

describe('service.transicion for the settlement actions over every (state, action, caller)', () => {
  it.each(casosRendicion)('$accion from $estado as $rol', async ({ estado, accion, rol }) => {
    const before = await antes(estado);
    const caller = (await loadProfileById(f.ctx.deps.database.db, f.usu[rol]))!;
    const want = esperado(estado, accion, rol);
    // The route gate refuses a viewer's mutation before the service; the domain refuses it too.
    let status = 200;
    try {
      const fila = await service.transicion(f.ctx.deps, caller, cajId, accion, { observacion: 'Revisar' });
      expect(fila.est_id).toBe(want.estado);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      status = err.statusCode;
    }
    expect(status).toBe(want.status);
    const after = await f.estado(cajId);
    expect(after).toEqual({ caj_estado: want.estado, caj_version: before.caj_version + (status === 200 ? 1 : 0) });
  });

  it('the settlement cannot be sent for approval without documents', async () => {
    const otra = await f.registrar();
    await f.setEstado(otra, 'CDP');
    const caller = (await loadProfileById(f.ctx.deps.database.db, f.usu.estandar))!;
    await expect(service.transicion(f.ctx.deps, caller, otra, 'solicitar_aprobacion_rendicion')).rejects.toMatchObject({ statusCode: 409, message: CAJA_MSG.sinDocumentos });
    expect((await f.estado(otra)).caj_estado).toBe('CDP');
  });
});
