import { MSG, PEI_ESTADOS, peiTransicionError, type PeiAccion } from '@obra/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPedidoFixture, type PedidoFixture, type Quien } from './fixtures.ts';

/**
 * Every state × every action × every kind of caller, through the API (issue 15 "Guarantees"): the allowed ones
 * succeed and reach the state of DECISIONS §7; the others answer 403 (module, read-only role, option), 404 (out of
 * scope) or 409 (state, with the domain table's text) and change nothing, not even the version.
 */

let f: PedidoFixture;
let peiId: number;
beforeAll(async () => {
  f = await createPedidoFixture();
  // A Planta Lurín request: in scope of almacen@ and the level-1 users, out of scope of estandar@ (Miraflores).
  peiId = (await f.registrar()).pei_id;
});
afterAll(() => f.ctx.close());

/** action → [states it is allowed from, the state it leads to; completar: nothing bought yet → ATENDIDO_PARCIAL], DECISIONS §7. */
const MAQUINA: Record<PeiAccion, [string[], string | null]> = {
  modificar: [['CREADO', 'POR_APROBAR'], null],
  solicitar_aprobacion: [['CREADO'], 'POR_APROBAR'],
  aprobar: [['CREADO', 'POR_APROBAR'], 'APROBADO'],
  eliminar: [['CREADO', 'POR_APROBAR'], 'ELIMINADO'],
  completar: [['APROBADO'], 'ATENDIDO_PARCIAL'],
};

const ENDPOINTS: [string, PeiAccion][] = [
  ['modificar', 'modificar'], ['solicitarAprobacion', 'solicitar_aprobacion'], ['aprobar', 'aprobar'], ['eliminar', 'eliminar'], ['completar', 'completar'],
];

/** almacen@ (in scope, no option), gerencia@ (level 1, option), admin (SUPER), estandar@ (out of scope), the viewer, contabilidad@ (no module). */
const CALLERS: Quien[] = ['almacen', 'gerencia', 'admin', 'estandar', 'viewer', 'contabilidad'];
const CON_OPCION: Quien[] = ['gerencia', 'admin'];

function esperado(estado: string, accion: PeiAccion, quien: Quien): { status: number; estado: string; message?: string } {
  if (quien === 'viewer') return { status: 403, estado, message: MSG.readOnly };
  if (quien === 'contabilidad') return { status: 403, estado, message: MSG.noModuleAccess };
  if (accion === 'aprobar' && !CON_OPCION.includes(quien)) return { status: 403, estado };
  if (quien === 'estandar') return { status: 404, estado, message: 'No se encontró el pedido de items' };
  const [desde, hacia] = MAQUINA[accion];
  if (!desde.includes(estado)) return { status: 409, estado, message: peiTransicionError(estado, accion)! };
  return { status: 200, estado: hacia ?? estado };
}

async function cuerpo(path: string) {
  const ls = await f.lineas(peiId);
  if (path === 'modificar') return f.datos({ pei_id: peiId, pei_version: (await f.estado(peiId)).pei_version });
  if (path === 'aprobar') return { pei_id: peiId, lista_pedido_items_detalle: ls.map((l) => ({ pid_id: l.pid_id, pid_cantidad_aprobada: l.pid_cantidad_solicitada })) };
  return { pei_id: peiId };
}

const casos = PEI_ESTADOS.flatMap((estado) => ENDPOINTS.flatMap(([path, accion]) => CALLERS.map((quien) => ({ estado, path, accion, quien }))));

describe('the request calls over every (state, endpoint, caller)', () => {
  it.each(casos)('$path from $estado as $quien', async ({ estado, path, accion, quien }) => {
    await f.setEstado(peiId, estado);
    const before = await f.estado(peiId);
    const res = await f.pei(path, await cuerpo(path), f.u[quien]);
    const want = esperado(estado, accion, quien);
    expect(res.statusCode, res.body).toBe(want.status);
    const after = await f.estado(peiId);
    expect(after.pei_estado).toBe(want.estado);
    if (want.status === 200) {
      expect(after.pei_version).toBe(before.pei_version + 1);
      expect(res.json().status).toBe('success');
    } else {
      expect(after.pei_version).toBe(before.pei_version);
      expect(res.json().status).toBe('error');
      if (want.message) expect(res.json().message).toBe(want.message);
    }
  });
});

describe('concurrent actions on one request', () => {
  it('an approval and a delete at once: exactly one happens, the other reads the new state (409)', async () => {
    const { pei_id } = await f.registrar();
    await f.pei('solicitarAprobacion', { pei_id }, f.u.almacen);
    const ls = await f.lineas(pei_id);
    const [a, b] = await Promise.all([
      f.pei('aprobar', { pei_id, lista_pedido_items_detalle: ls.map((l) => ({ pid_id: l.pid_id, pid_cantidad_aprobada: '1' })) }, f.u.gerencia),
      f.pei('eliminar', { pei_id }, f.u.almacen),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await f.estado(pei_id)).pei_estado).toBe(a.statusCode === 200 ? 'APROBADO' : 'ELIMINADO');
  });

  it('two completions at once: one wins', async () => {
    const { pei_id } = await f.aprobado();
    const [a, b] = await Promise.all([f.pei('completar', { pei_id }, f.u.almacen), f.pei('completar', { pei_id }, f.u.logistica)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});
