import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DOC, entrada, salida, type DocTipo } from '../../platform/stock-ledger.ts';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';
import { cantidadPle, pleNombre, unidadSunat } from './ple.ts';

/**
 * SUNAT PLE 12.1 (beyond the spec), a worked example line by line: a warehouse with two products,
 * one with stock from February (its March opens with a '16 saldo inicial' line), movements of
 * every kind of document in March, one at 23:30 Lima on 31 March (in March) and one at 00:30 on
 * 1 April (not in March).
 */

let ctx: TestContext;
let admin: { authorization: string };
let almId: number;
let arena: number;
let casco: number;
let usuId: number;
let tfiCompraFeb: number;
let tfiSalida: number;
let tfiCompra: number;
let tfiEntrada: number;
const ASI = 7001;
const DEV = 8001;

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);

/** A ledger movement dated `at` (UTC instant). */
async function mueve(prvId: number, cantidad: string, doc: DocTipo, docId: number, at: string) {
  const db = ctx.deps.database.db;
  const mov = { doc, docId, glosa: `${doc} ${docId}`, usuId };
  const r = await db.transaction(async (tx) => {
    if (cantidad.startsWith('-')) {
      const [pal] = await selectRows<{ pal_id: number }>(tx, sql`select pal_id from producto_almacen where alm_id = ${almId} and prv_id = ${prvId}`);
      return salida(tx, pal.pal_id, cantidad.slice(1), mov);
    }
    return entrada(tx, { almId, prvId }, cantidad, mov);
  });
  await rows(sql`update kardex set kdx_fecha = ${at}::timestamptz where kdx_id = (select max(kdx_id) from kardex where pal_id = ${r.pal_id})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  [{ usu_id: usuId }] = await rows<{ usu_id: number }>(sql`select usu_id from usuario where usu_correo = ${ADMIN}`);
  [{ alm_id: almId }] = await rows<{ alm_id: number }>(sql`select alm_id from almacen where alm_nombre = 'Almacén de Agregados'`);
  const unidad = async (simbolo: string) => (await rows<{ unm_id: number }>(sql`select unm_id from unidad_medida where unm_simbolo = ${simbolo}`))[0].unm_id;
  const producto = async (nombre: string, unm: number) => (await rows<{ prv_id: number }>(sql`
    insert into producto (prv_nombre, cat_id, tip_id, unm_id) select ${nombre}, cat_id, tip_id, ${unm} from producto order by prv_id limit 1 returning prv_id`))[0].prv_id;
  arena = await producto('Arena fina | PLE', await unidad('M3'));
  casco = await producto('Casco de seguridad PLE', await unidad('UND'));
  const transferencia = async (tipo: number, n: number) => (await rows<{ tfi_id: number }>(sql`
    insert into transferencia (tfi_codigo, tfi_numero, tfi_anio, tfi_tipo, alm_destino, tfi_fecha_estimada_llegada, tfi_usu_registrador)
    values (${`PLE-${n}`}, ${n}, 2026, ${tipo}, ${almId}, '2026-03-01', ${usuId}) returning tfi_id`))[0].tfi_id;
  tfiCompraFeb = await transferencia(3, 1);
  tfiSalida = await transferencia(2, 2);
  tfiCompra = await transferencia(3, 3);
  tfiEntrada = await transferencia(2, 4);

  await mueve(arena, '100', DOC.TRANSFERENCIA, tfiCompraFeb, '2026-02-10T15:00:00Z');
  await mueve(arena, '-30', DOC.TRANSFERENCIA, tfiSalida, '2026-03-02T15:00:00Z');
  await mueve(arena, '12.345', DOC.TRANSFERENCIA, tfiCompra, '2026-03-05T15:00:00Z');
  // 23:30 on 31 March in Lima: March.
  await mueve(arena, '-2', DOC.ASIGNACION, ASI, '2026-04-01T04:30:00Z');
  // 00:30 on 1 April in Lima: April.
  await mueve(arena, '-1', DOC.ASIGNACION, ASI + 1, '2026-04-01T05:30:00Z');
  await mueve(casco, '5', DOC.TRANSFERENCIA, tfiEntrada, '2026-03-10T15:00:00Z');
  await mueve(casco, '-1', DOC.ASIGNACION, ASI, '2026-03-11T15:00:00Z');
  await mueve(casco, '1', DOC.DEVOLUCION, DEV, '2026-03-12T15:00:00Z');
});
afterAll(() => ctx.close());

const ple = (body: unknown, who = admin) => ctx.app.inject({ method: 'POST', url: '/api/productoAlmacen/ple', payload: body as object, headers: who });

describe('PLE 12.1 of a warehouse and a month', () => {
  it('writes the worked example field by field, with the file name SUNAT expects', async () => {
    const res = await ple({ ple: { alm_id: almId, anio: 2026, mes: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=ISO-8859-1');
    expect(res.headers['content-disposition']).toBe('attachment; filename="LE2054781236120260300120100001111.txt"');
    const text = res.rawPayload.toString('latin1');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines).toEqual([
      // 1 periodo | 2 CUO | 3 correlativo | 4 establecimiento | 5 catálogo | 6 tipo existencia | 7 código | 8, 9 OSCE |
      // 10 fecha | 11 tipo doc | 12 serie | 13 número | 14 operación | 15 descripción | 16 unidad | 17 ingreso | 18 retiro | 19 estado |
      `20260300|SI202603|M1|0000|9|99|${arena}|||01/03/2026|00|SI|202603|16|Arena fina PLE|MTQ|100.00|0.00|1|`,
      `20260300|TRF${tfiSalida}|M1|0000|9|99|${arena}|||02/03/2026|00|TRF|${tfiSalida}|11|Arena fina PLE|MTQ|0.00|-30.00|1|`,
      `20260300|TRF${tfiCompra}|M1|0000|9|99|${arena}|||05/03/2026|00|TRF|${tfiCompra}|02|Arena fina PLE|MTQ|12.35|0.00|1|`,
      `20260300|ASI${ASI}|M1|0000|9|99|${arena}|||31/03/2026|00|ASI|${ASI}|36|Arena fina PLE|MTQ|0.00|-2.00|1|`,
      `20260300|TRF${tfiEntrada}|M1|0000|9|99|${casco}|||10/03/2026|00|TRF|${tfiEntrada}|21|Casco de seguridad PLE|NIU|5.00|0.00|1|`,
      `20260300|ASI${ASI}|M2|0000|9|99|${casco}|||11/03/2026|00|ASI|${ASI}|36|Casco de seguridad PLE|NIU|0.00|-1.00|1|`,
      `20260300|DEV${DEV}|M1|0000|9|99|${casco}|||12/03/2026|00|DEV|${DEV}|99|Casco de seguridad PLE|NIU|1.00|0.00|1|`,
    ]);
    for (const line of lines) expect(line.split('|')).toHaveLength(20);
  });

  it('opens April with the balances March left and its own line', async () => {
    const res = await ple({ ple: { alm_id: almId, anio: 2026, mes: 4 } });
    const lines = res.rawPayload.toString('latin1').split('\r\n').slice(0, -1);
    expect(lines).toEqual([
      `20260400|SI202604|M1|0000|9|99|${arena}|||01/04/2026|00|SI|202604|16|Arena fina PLE|MTQ|80.35|0.00|1|`,
      `20260400|ASI${ASI + 1}|M1|0000|9|99|${arena}|||01/04/2026|00|ASI|${ASI + 1}|36|Arena fina PLE|MTQ|0.00|-1.00|1|`,
      `20260400|SI202604|M2|0000|9|99|${casco}|||01/04/2026|00|SI|202604|16|Casco de seguridad PLE|NIU|5.00|0.00|1|`,
    ]);
  });

  it('a month without movements or stock is an empty book flagged sin información', async () => {
    const res = await ple({ ple: { alm_id: almId, anio: 2026, mes: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="LE2054781236120260100120100001011.txt"');
    expect(res.rawPayload.length).toBe(0);
  });

  it('refuses a month not begun, a bad period, a warehouse outside the scope', async () => {
    const next = new Date().getUTCFullYear() + 1;
    const futuro = await ple({ ple: { alm_id: almId, anio: next, mes: 1 } });
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().message).toBe('El periodo aún no ha empezado');
    expect((await ple({ ple: { alm_id: almId, anio: 2026, mes: 13 } })).statusCode).toBe(400);
    const [miraflores] = await rows<{ alm_id: number }>(sql`select alm_id from almacen where alm_nombre = 'Almacén de Obra Miraflores'`);
    expect((await ple({ ple: { alm_id: miraflores.alm_id, anio: 2026, mes: 3 } }, await ctx.auth('almacen@andina.pe'))).statusCode).toBe(404);
  });
});

describe('PLE field rules', () => {
  it('quantities with 2 decimals half up, exits negative', () => {
    expect(cantidadPle('12.345')).toBe('12.35');
    expect(cantidadPle('12.344')).toBe('12.34');
    expect(cantidadPle('-0.005')).toBe('-0.01');
    expect(cantidadPle('-0.004')).toBe('0.00');
    expect(cantidadPle('1250')).toBe('1250.00');
  });

  it('units by SUNAT tabla 6 (UN/ECE), ZZ when unknown; file name indicators', () => {
    expect(['UND', 'KG', 'M3', 'GLN', 'BLS', 'xyz'].map(unidadSunat)).toEqual(['NIU', 'KGM', 'MTQ', 'GLL', 'BG', 'ZZ']);
    expect(pleNombre('20100070970', 2025, 12, true)).toBe('LE2010007097020251200120100001111.txt');
  });
});
