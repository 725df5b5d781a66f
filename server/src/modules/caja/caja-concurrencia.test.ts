import { limaYear } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codigoCaja } from './service.ts';
import { createCajaFixture, type CajaFixture } from './fixtures.ts';

/**
 * Simultaneous calls (issue 12 "Guarantees"): the cash box row is locked FOR UPDATE by every action,
 * so of two approvals or two deposits exactly one wins and the other reads the new state (409); codes
 * come from the year's counter row, locked until commit, so they neither repeat nor skip. On PGlite
 * the transactions queue on its one connection; under DATABASE_URL they really overlap.
 */

let f: CajaFixture;
beforeAll(async () => {
  f = await createCajaFixture();
});
afterAll(() => f.ctx.close());

const historial = async (cajId: number, estado: string) =>
  Number((await f.rows<{ n: number }>(sql`select count(*)::int as n from caja_historial where caj_id = ${cajId} and cah_estado = ${estado}`))[0].n);

describe('concurrent actions on one cash box', () => {
  it('two approvals at once: one wins, the other gets 409, one history row', async () => {
    const cajId = await f.registrar();
    await f.caja('solicitarAprobacionCaja', { caj_id: cajId }, f.u.estandar);
    const [a, b] = await Promise.all([f.caja('aprobar', { caj_id: cajId }, f.u.gerencia), f.caja('aprobar', { caj_id: cajId }, f.u.admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await f.estado(cajId)).caj_estado).toBe('CAP');
    expect(await historial(cajId, 'CAP')).toBe(1);
  });

  it('an approval and a disapproval at once: exactly one of them happens', async () => {
    const cajId = await f.registrar();
    await f.caja('solicitarAprobacionCaja', { caj_id: cajId }, f.u.estandar);
    const [a, b] = await Promise.all([
      f.caja('aprobar', { caj_id: cajId }, f.u.gerencia),
      f.caja('desaprobar', { caj_id: cajId, caj_observacion: 'Sin sustento' }, f.u.admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await f.estado(cajId)).caj_estado).toBe(a.statusCode === 200 ? 'CAP' : 'CDE');
  });

  it('two deposits at once: one wins, the deposit is recorded once', async () => {
    const cajId = await f.registrar();
    await f.caja('solicitarAprobacionCaja', { caj_id: cajId }, f.u.estandar);
    await f.caja('aprobar', { caj_id: cajId }, f.u.gerencia);
    const [a, b] = await Promise.all([
      f.caja('depositar', { caj_id: cajId, caj_numero_operacion: 'OP-A' }, f.u.tesoreria),
      f.caja('depositar', { caj_id: cajId, caj_numero_operacion: 'OP-B' }, f.u.admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [r] = await f.rows<{ op: string; estado: string }>(sql`select caj_numero_operacion as op, caj_estado as estado from caja where caj_id = ${cajId}`);
    expect(r).toEqual({ estado: 'CDP', op: a.statusCode === 200 ? 'OP-A' : 'OP-B' });
    expect(await historial(cajId, 'CDP')).toBe(1);
  });
});

describe('codes under concurrent registrations', () => {
  it('50 registrations at once take the next 50 numbers of the year: no repeats, no gaps', async () => {
    const anio = limaYear();
    const ultimo = async () => Number((await f.rows<{ n: number }>(sql`select coalesce(max(cnt_ultimo), 0) as n from contador where cnt_serie = 'CAJ' and cnt_anio = ${anio}`))[0].n);
    const base = await ultimo();
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      f.caja('registrar', f.datos({ caj_titulo: `Caja concurrente ${i + 1}` }), i % 2 ? f.u.estandar : f.u.admin)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const codigos = replies.map((r) => (r.json().data as { caj_codigo: string }).caj_codigo).sort();
    expect(codigos).toEqual(Array.from({ length: 50 }, (_, i) => codigoCaja(anio, base + i + 1)));
    expect(await ultimo()).toBe(base + 50);
  });

});
