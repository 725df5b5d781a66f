import { TIPOS_EXISTENCIA, limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DOC, entrada, salida, type DocTipo } from '../../platform/stock-ledger.ts';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';
import { LIBRO, cantidadesPle, codigosEstablecimiento, costoPle, documento, fechaDocumento, pleNombre, unidadSunat } from './ple.ts';
import type { PleMovimiento } from './ple-queries.ts';

/**
 * SUNAT PLE 12.1 (beyond the spec; issue 23): one file per RUC and month with every warehouse. A worked example line by
 * line (two warehouses sharing establishment 0001, purchases with a factura, a guide, a DUA and none, a transfer
 * between them, an assignment at 23:30 Lima on 31 March and one at 00:30 on 1 April, quantities with 3 decimals, a
 * January opening), and the demo month checked field by field against SUNAT's published structure.
 */

let ctx: TestContext;
let admin: { authorization: string };
let agregados: number;
let patio: number;
let arena: number;
let casco: number;
let usuId: number;
const tfi: Record<'compraDic' | 'traslado' | 'compra' | 'sinDoc' | 'importacion', number> = { compraDic: 0, traslado: 0, compra: 0, sinDoc: 0, importacion: 0 };
const ASI = 7001;
const DEV = 8001;

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);

/** A ledger movement in a warehouse dated `at` (UTC instant). */
async function mueve(almId: number, prvId: number, cantidad: string, doc: DocTipo, docId: number, at: string, costo?: string) {
  const db = ctx.deps.database.db;
  const mov = { doc, docId, glosa: `${doc} ${docId}`, usuId };
  const r = await db.transaction(async (tx) => {
    if (cantidad.startsWith('-')) {
      const [pal] = await selectRows<{ pal_id: number }>(tx, sql`select pal_id from producto_almacen where alm_id = ${almId} and prv_id = ${prvId}`);
      return salida(tx, pal.pal_id, cantidad.slice(1), mov);
    }
    return entrada(tx, { almId, prvId }, cantidad, mov, costo);
  });
  await rows(sql`update kardex set kdx_fecha = ${at}::timestamptz where kdx_id = (select max(kdx_id) from kardex where pal_id = ${r.pal_id})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  [{ usu_id: usuId }] = await rows<{ usu_id: number }>(sql`select usu_id from usuario where usu_correo = ${ADMIN}`);
  [{ alm_id: agregados }] = await rows<{ alm_id: number }>(sql`select alm_id from almacen where alm_nombre = 'Almacén de Agregados'`);
  // A second yard of the same establishment (0001): the book tells them apart with field 4's correlative.
  [{ alm_id: patio }] = await rows<{ alm_id: number }>(sql`
    insert into almacen (alm_nombre, alm_direccion, alm_tipo, alm_estado, pry_id, alm_establecimiento)
    select 'Patio PLE', 'Panamericana Sur km 36, Lurín', 1, 1, pry_id, '0001' from almacen where alm_id = ${agregados} returning alm_id`);
  const unidad = async (simbolo: string) => (await rows<{ unm_id: number }>(sql`select unm_id from unidad_medida where unm_simbolo = ${simbolo}`))[0].unm_id;
  const producto = async (nombre: string, categoria: string, unm: number) => (await rows<{ prv_id: number }>(sql`
    insert into producto (prv_nombre, cat_id, tip_id, unm_id)
    select ${nombre}, c.cat_id, t.tip_id, ${unm} from categoria_producto c join tipo_producto t on t.cat_id = c.cat_id where c.cat_nombre = ${categoria}
    order by t.tip_id limit 1 returning prv_id`))[0].prv_id;
  arena = await producto('Arena fina | PLE 1/2', 'Materiales de construcción', await unidad('M3'));
  casco = await producto('Casco de seguridad PLE', 'EPP', await unidad('UND'));
  const transferencia = async (tipo: number, anio: number, n: number, doc: [string, string, string, string | null] = ['', '', '', null]) => (await rows<{ tfi_id: number }>(sql`
    insert into transferencia (tfi_codigo, tfi_numero, tfi_anio, tfi_tipo, alm_destino, tfi_fecha_estimada_llegada, tfi_usu_registrador,
      tfi_doc_tipo, tfi_doc_serie, tfi_doc_numero, tfi_doc_fecha)
    values (${`TRF-${anio}-${String(n).padStart(6, '0')}`}, ${n}, ${anio}, ${tipo}, ${agregados}, '2026-01-01', ${usuId}, ${doc[0]}, ${doc[1]}, ${doc[2]}, ${doc[3]}::date)
    returning tfi_id`))[0].tfi_id;
  // Field 10 of a purchase is its supplier document's date: the guide of 903 was issued the day before the goods entered,
  // the DUA of 905 in February; 901's receipt predates the date field (its entry day stands for it).
  tfi.compraDic = await transferencia(3, 2025, 901, ['01', 'F001', '00000123', null]);
  tfi.traslado = await transferencia(2, 2026, 902);
  tfi.compra = await transferencia(3, 2026, 903, ['09', 'T001', '000045', '2026-03-04']);
  tfi.sinDoc = await transferencia(3, 2026, 904);
  tfi.importacion = await transferencia(1, 2026, 905, ['50', '118', '2026100123', '2026-02-27']);

  // Unit costs (soles) value the same movements for 13.1; the entry without one (904) enters at the average.
  await mueve(agregados, arena, '100', DOC.TRANSFERENCIA, tfi.compraDic, '2025-12-10T15:00:00Z', '50');
  await mueve(agregados, arena, '-30', DOC.TRANSFERENCIA, tfi.traslado, '2026-01-02T15:00:00Z');
  await mueve(patio, arena, '30', DOC.TRANSFERENCIA, tfi.traslado, '2026-01-02T18:00:00Z', '50');
  await mueve(agregados, arena, '12.345', DOC.TRANSFERENCIA, tfi.compra, '2026-03-05T15:00:00Z', '61.2');
  await mueve(agregados, arena, '5', DOC.TRANSFERENCIA, tfi.sinDoc, '2026-03-06T15:00:00Z');
  // 23:30 on 31 March in Lima: March.
  await mueve(agregados, arena, '-2.005', DOC.ASIGNACION, ASI, '2026-04-01T04:30:00Z');
  // 00:30 on 1 April in Lima: April.
  await mueve(agregados, arena, '-1', DOC.ASIGNACION, ASI + 1, '2026-04-01T05:30:00Z');
  await mueve(agregados, casco, '5', DOC.TRANSFERENCIA, tfi.importacion, '2026-03-10T15:00:00Z', '18.644');
  await mueve(agregados, casco, '-1', DOC.ASIGNACION, ASI, '2026-03-11T15:00:00Z');
  // The return comes back at the cost its assignment line left with (the ledger's average then, 18.644).
  await mueve(agregados, casco, '1', DOC.DEVOLUCION, DEV, '2026-03-12T15:00:00Z', '18.644');
});
afterAll(() => ctx.close());

const ple = (body: unknown, who = admin) => ctx.app.inject({ method: 'POST', url: '/api/productoAlmacen/ple', payload: body as object, headers: who });
const lineasDe = (res: { rawPayload: Buffer }) => res.rawPayload.toString('latin1').split('\r\n').slice(0, -1);

// ---------------------------------------------------------------- SUNAT's 12.1 structure, field by field

/** Tabla 10 (tipo de comprobante o documento), tabla 12 (tipo de operación), tabla 13 (catálogo). */
const TABLA_10 = new Set([...Array.from({ length: 33 }, (_, i) => String(i).padStart(2, '0')), '34', '35', '36', '37', '40', '50', '52', '53', '54', '55', '56', '87', '88', '91', '96', '97', '98']);
const TABLA_12 = new Set([...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')), ...Array.from({ length: 9 }, (_, i) => String(91 + i))]);
const TABLA_13 = new Set(['1', '3', '9']);
const TABLA_5 = new Set<string>(TIPOS_EXISTENCIA.map((t) => t.codigo));
/** The UN/ECE rec. 20 codes (tabla 6) our units map to. */
const TABLA_6 = new Set(['NIU', 'KGM', 'TNE', 'MTQ', 'MTK', 'MTR', 'GLL', 'LTR', 'BG', 'PR', 'BX', 'RO', 'SET', 'HUR', 'PK', 'GRM', 'ZZ']);
/** General rule 3: letters, digits and ( ) , . - */
const ALFANUMERICO = /^[A-Za-z0-9(),.-]+$/;
const CON_COMPROBANTE = new Set(['01', '02', '03', '04', '05', '06']);

/** The breaches of SUNAT's 12.1 structure (Anexo 2, "12.1 Registro del inventario permanente en unidades físicas") by a line of `periodo`. */
function validar(linea: string, periodo: string): string[] {
  const f = linea.split('|');
  if (f.length !== 20 || f[19] !== '') return [`19 campos seguidos de '|': ${f.length - 1}`];
  const e: string[] = [];
  const check = (campo: number, ok: boolean) => { if (!ok) e.push(`campo ${campo}: '${f[campo - 1]}'`); };
  const positivo = (v: string) => !/^0+$/.test(v);
  const [anio, mes] = [Number(periodo.slice(0, 4)), Number(periodo.slice(4, 6))];
  check(1, /^\d{4}(0[1-9]|1[0-2])00$/.test(f[0]) && f[0] === periodo);
  check(2, f[1].length >= 1 && f[1].length <= 40);
  check(3, /^[AMC][A-Za-z0-9]{1,9}$/.test(f[2]) && (f[13] === '16' && mes === 1 ? f[2][0] === 'A' : f[2][0] === 'M'));
  check(4, /^\d{4}(\d{3})?$/.test(f[3]));
  check(5, TABLA_13.has(f[4]));
  check(6, TABLA_5.has(f[5]));
  check(7, f[6].length >= 1 && f[6].length <= 24 && ALFANUMERICO.test(f[6]));
  check(8, f[7] === '' || (TABLA_13.has(f[7]) && f[7] !== '9'));
  check(9, f[8] === '' || /^\d{1,128}$/.test(f[8]));
  const fecha = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(f[9]);
  check(10, !!fecha && new Date(`${fecha[3]}-${fecha[2]}-${fecha[1]}T00:00:00Z`).getUTCDate() === Number(fecha[1])
    && Number(fecha[3]) * 12 + Number(fecha[2]) <= anio * 12 + mes);
  check(11, TABLA_10.has(f[10]) && (!CON_COMPROBANTE.has(f[13]) || f[10] !== '00'));
  check(12, f[11].length >= 1 && f[11].length <= 20 && ALFANUMERICO.test(f[11]) && (!/^\d+$/.test(f[11]) || positivo(f[11]) || f[11] === '0'));
  check(13, f[12].length >= 1 && f[12].length <= 20 && ALFANUMERICO.test(f[12]) && (!/^\d+$/.test(f[12]) || positivo(f[12]) || f[12] === '0'));
  check(14, TABLA_12.has(f[13]));
  check(15, f[14].length >= 1 && f[14].length <= 80 && !/[|/\\]/.test(f[14]));
  check(16, TABLA_6.has(f[15]));
  check(17, /^\d{1,12}\.\d{2}$/.test(f[16]));
  check(18, /^-\d{1,12}\.\d{2}$/.test(f[17]) || f[17] === '0.00');
  check(18, f[16] === '0.00' || f[17] === '0.00');
  check(19, f[18] === '1');
  return e;
}

/** The book's own rules across lines: the unique key (fields 1–7, 10–14) once, and each existence's first tuple its opening balance. */
function validarLibro(lineas: string[]): string[] {
  const e: string[] = [];
  const llaves = new Set<string>();
  const vistos = new Set<string>();
  for (const l of lineas) {
    const f = l.split('|');
    const llave = [...f.slice(0, 7), ...f.slice(9, 14)].join('|');
    if (llaves.has(llave)) e.push(`llave repetida: ${llave}`);
    llaves.add(llave);
    const existencia = `${f[3]}|${f[6]}`;
    if (!vistos.has(existencia) && f[13] !== '16') e.push(`la primera tupla de ${existencia} no es el saldo inicial`);
    vistos.add(existencia);
  }
  return e;
}

describe('PLE 12.1 of the company and a month', () => {
  it('writes the worked example field by field: establishments, supplier documents, balances that never drift', async () => {
    const res = await ple({ ple: { anio: 2026, mes: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=ISO-8859-1');
    expect(res.headers['content-disposition']).toBe('attachment; filename="LE2054781236120260300120100001111.txt"');
    expect(res.rawPayload.toString('latin1').endsWith('\r\n')).toBe(true);
    const lines = lineasDe(res);
    const A = `${arena}`;
    const C = `${casco}`;
    expect(lines).toEqual([
      // 1 periodo | 2 CUO | 3 correlativo | 4 establecimiento | 5 catálogo | 6 tipo existencia | 7 código | 8, 9 GS1/UNSPSC |
      // 10 fecha | 11 tipo doc | 12 serie | 13 número | 14 operación | 15 descripción | 16 unidad | 17 entradas | 18 salidas | 19 estado |
      `20260300|SI202603|M1|0001|9|03|${A}|||01/03/2026|00|SI|202603|16|Arena fina PLE 1-2|MTQ|70.00|0.00|1|`,
      `20260300|TRF${tfi.compra}|M1|0001|9|03|${A}|||04/03/2026|09|T001|000045|02|Arena fina PLE 1-2|MTQ|12.35|0.00|1|`,
      `20260300|TRF${tfi.sinDoc}|M1|0001|9|03|${A}|||06/03/2026|00|TRF|2026-000904|99|Arena fina PLE 1-2|MTQ|5.00|0.00|1|`,
      // 82.345 + 5 − 2.005 = 85.34: the book's balance goes 70.00, 82.35, 87.35, 85.34 (the exit absorbs the rounding).
      `20260300|ASI${ASI}|M1|0001|9|03|${A}|||31/03/2026|00|ASI|${ASI}|36|Arena fina PLE 1-2|MTQ|0.00|-2.01|1|`,
      `20260300|SI202603|M2|0001|9|06|${C}|||01/03/2026|00|SI|202603|16|Casco de seguridad PLE|NIU|0.00|0.00|1|`,
      `20260300|TRF${tfi.importacion}|M1|0001|9|06|${C}|||27/02/2026|50|118|2026100123|18|Casco de seguridad PLE|NIU|5.00|0.00|1|`,
      `20260300|ASI${ASI}|M2|0001|9|06|${C}|||11/03/2026|00|ASI|${ASI}|36|Casco de seguridad PLE|NIU|0.00|-1.00|1|`,
      `20260300|DEV${DEV}|M1|0001|9|06|${C}|||12/03/2026|00|DEV|${DEV}|99|Casco de seguridad PLE|NIU|1.00|0.00|1|`,
      `20260300|SI202603|M3|0001002|9|03|${A}|||01/03/2026|00|SI|202603|16|Arena fina PLE 1-2|MTQ|30.00|0.00|1|`,
    ]);
    for (const line of lines) expect(validar(line, '20260300'), line).toEqual([]);
    expect(validarLibro(lines)).toEqual([]);
  });

  it('opens April where March left the book, and January with the fiscal year opening (A)', async () => {
    const abril = lineasDe(await ple({ ple: { anio: 2026, mes: 4 } }));
    expect(abril).toEqual([
      `20260400|SI202604|M1|0001|9|03|${arena}|||01/04/2026|00|SI|202604|16|Arena fina PLE 1-2|MTQ|85.34|0.00|1|`,
      `20260400|ASI${ASI + 1}|M1|0001|9|03|${arena}|||01/04/2026|00|ASI|${ASI + 1}|36|Arena fina PLE 1-2|MTQ|0.00|-1.00|1|`,
      `20260400|SI202604|M2|0001|9|06|${casco}|||01/04/2026|00|SI|202604|16|Casco de seguridad PLE|NIU|5.00|0.00|1|`,
      `20260400|SI202604|M3|0001002|9|03|${arena}|||01/04/2026|00|SI|202604|16|Arena fina PLE 1-2|MTQ|30.00|0.00|1|`,
    ]);
    const enero = lineasDe(await ple({ ple: { anio: 2026, mes: 1 } }));
    expect(enero).toEqual([
      `20260100|SI202601|A1|0001|9|03|${arena}|||01/01/2026|00|SI|202601|16|Arena fina PLE 1-2|MTQ|100.00|0.00|1|`,
      `20260100|TRF${tfi.traslado}|M1|0001|9|03|${arena}|||02/01/2026|00|TRF|2026-000902|11|Arena fina PLE 1-2|MTQ|0.00|-30.00|1|`,
      `20260100|SI202601|A2|0001002|9|03|${arena}|||01/01/2026|00|SI|202601|16|Arena fina PLE 1-2|MTQ|0.00|0.00|1|`,
      `20260100|TRF${tfi.traslado}|M2|0001002|9|03|${arena}|||02/01/2026|00|TRF|2026-000902|21|Arena fina PLE 1-2|MTQ|30.00|0.00|1|`,
    ]);
    for (const line of [...abril.map((l) => [l, '20260400']), ...enero.map((l) => [l, '20260100'])]) expect(validar(line[0], line[1]), line[0]).toEqual([]);
    const diciembre = lineasDe(await ple({ ple: { anio: 2025, mes: 12 } }));
    expect(diciembre[1]).toBe(`20251200|TRF${tfi.compraDic}|M1|0001|9|03|${arena}|||10/12/2025|01|F001|00000123|02|Arena fina PLE 1-2|MTQ|100.00|0.00|1|`);
  });

  it('the demo month: one file for the RUC with every warehouse, valid field by field, with the receipts supplier documents', async () => {
    const hoy = limaDate();
    const [anio, mes] = [Number(hoy.slice(0, 4)), Number(hoy.slice(5, 7))];
    const periodo = `${hoy.slice(0, 4)}${hoy.slice(5, 7)}00`;
    const res = await ple({ ple: { anio, mes } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="LE20547812361${hoy.slice(0, 4)}${hoy.slice(5, 7)}00120100001111.txt"`);
    const lines = lineasDe(res);
    const errores = lines.flatMap((l) => validar(l, periodo).map((e) => `${l} → ${e}`));
    expect(errores).toEqual([]);
    expect(validarLibro(lines)).toEqual([]);
    // The worked example's stock is carried into this month too; the rest is the demo's.
    const campos = lines.map((l) => l.split('|')).filter((f) => f[6] !== String(arena) && f[6] !== String(casco));
    // Central (the fiscal address), the aggregates yard (annex 0001) and the Miraflores site (third-party premises).
    expect(new Set(campos.map((f) => f[3]))).toEqual(new Set(['0000', '0001', '9999']));
    const compras = campos.filter((f) => f[13] === '02');
    expect(new Set(compras.map((f) => `${f[3]} ${f[10]} ${f[11]}-${f[12]}`))).toEqual(new Set(['0000 01 F001-00004521', '0001 09 T001-000121', '9999 03 B002-00000315']));
    const tipo = (nombre: string) => new Set(campos.filter((f) => f[14] === nombre).map((f) => f[5]));
    expect(tipo('Cemento Extraforte ICo 42.5 kg')).toEqual(new Set(['03']));
    expect(tipo('Casco de seguridad H-700 blanco')).toEqual(new Set(['06']));
    expect(tipo('Filtro de aceite para mixer')).toEqual(new Set(['07']));
    expect(tipo('Laptop ThinkPad E14')).toEqual(new Set(['99']));
    expect(campos.find((f) => f[14] === 'Piedra chancada 3-4"' && f[13] === '02')?.slice(15, 18)).toEqual(['MTQ', '45.50', '0.00']);
  });

  it('a month without movements or stock is an empty book flagged sin información', async () => {
    const res = await ple({ ple: { anio: 2025, mes: 6 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="LE2054781236120250600120100001011.txt"');
    expect(res.rawPayload.length).toBe(0);
  });

  it('refuses a month not begun, a bad period, and a user who sees only a project', async () => {
    const next = new Date().getUTCFullYear() + 1;
    const futuro = await ple({ ple: { anio: next, mes: 1 } });
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().message).toBe('El periodo aún no ha empezado');
    expect((await ple({ ple: { anio: 2026, mes: 13 } })).statusCode).toBe(400);
    const proyecto = await ple({ ple: { anio: 2026, mes: 3 } }, await ctx.auth('almacen@andina.pe'));
    expect(proyecto.statusCode).toBe(403);
    expect(proyecto.json().message).toBe('El libro PLE reúne todos los almacenes de la empresa: solo un usuario corporativo puede generarlo');
  });
});

// ---------------------------------------------------------------- 13.1, the valued book

const pleValorizado = (body: unknown, who = admin) => ctx.app.inject({ method: 'POST', url: '/api/productoAlmacen/pleValorizado', payload: body as object, headers: who });

/** The breaches of 13.1's structure: fields 1–16 as 12.1, 17 tabla 14, 18–26 entradas / salidas / saldo final, 27 estado. */
function validarValorizado(linea: string, periodo: string): string[] {
  const f = linea.split('|');
  if (f.length !== 28 || f[27] !== '') return [`27 campos seguidos de '|': ${f.length - 1}`];
  // Fields 1–16 by 12.1's rules: the same line with 17 (entrada), 18 (salida) and 19 (estado) of 12.1.
  const e = validar([...f.slice(0, 16), f[17], f[20], f[26], ''].join('|'), periodo);
  const check = (campo: number, ok: boolean) => { if (!ok) e.push(`campo ${campo}: '${f[campo - 1]}'`); };
  const cantidad = /^\d{1,12}\.\d{2}$/;
  const costo = /^\d{1,12}\.\d{2,8}$/;
  check(17, ['1', '5'].includes(f[16]));
  check(18, cantidad.test(f[17]));
  check(19, costo.test(f[18]));
  check(20, cantidad.test(f[19]));
  check(21, /^-\d{1,12}\.\d{2}$/.test(f[20]) || f[20] === '0.00');
  check(22, costo.test(f[21]));
  check(23, /^-\d{1,12}\.\d{2}$/.test(f[22]) || f[22] === '0.00');
  check(24, cantidad.test(f[23]));
  check(25, costo.test(f[24]));
  check(26, cantidad.test(f[25]));
  check(27, f[26] === '1');
  // An entry or an exit, not both; the total is the line's own (unit cost × quantity to the cent, or the rest of the value).
  check(20, f[20] === '0.00' || (f[18] === '0.00' && f[19] === '0.00'));
  return e;
}

describe('PLE 13.1, the valued book of the company and a month', () => {
  it('writes the worked example field by field: costs in soles, exits at the weighted average, the balance valued after each line', async () => {
    const res = await pleValorizado({ ple: { anio: 2026, mes: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=ISO-8859-1');
    expect(res.headers['content-disposition']).toBe('attachment; filename="LE2054781236120260300130100001111.txt"');
    const lines = lineasDe(res);
    const A = `${arena}`;
    const C = `${casco}`;
    expect(lines).toEqual([
      // 1–16 as 12.1 | 17 método | 18 entrada cant. | 19 costo unit. | 20 costo total | 21 salida cant. | 22 costo unit. | 23 costo total |
      // 24 saldo cant. | 25 costo unit. | 26 costo total | 27 estado |
      // December's 100 at 50.00, January's 30 out at the average: 70 worth 3,500.00 open March.
      `20260300|SI202603|M1|0001|9|03|${A}|||01/03/2026|00|SI|202603|16|Arena fina PLE 1-2|MTQ|1|70.00|50.00|3500.00|0.00|0.00|0.00|70.00|50.00|3500.00|1|`,
      // 12.345 × 61.20 = 755.514 → 755.51.
      `20260300|TRF${tfi.compra}|M1|0001|9|03|${A}|||04/03/2026|09|T001|000045|02|Arena fina PLE 1-2|MTQ|1|12.35|61.20|755.51|0.00|0.00|0.00|82.35|51.67589557|4255.51|1|`,
      // Without a cost: at the average 4,255.51 / 82.345 = 51.67903334; 5 × it = 258.40.
      `20260300|TRF${tfi.sinDoc}|M1|0001|9|03|${A}|||06/03/2026|00|TRF|2026-000904|99|Arena fina PLE 1-2|MTQ|1|5.00|51.67903334|258.40|0.00|0.00|0.00|87.35|51.67613051|4513.91|1|`,
      // Out at the average 4,513.91 / 87.345: 2.005 × it = 103.62.
      `20260300|ASI${ASI}|M1|0001|9|03|${A}|||31/03/2026|00|ASI|${ASI}|36|Arena fina PLE 1-2|MTQ|1|0.00|0.00|0.00|-2.01|51.67908867|-103.62|85.34|51.67904851|4410.29|1|`,
      `20260300|SI202603|M2|0001|9|06|${C}|||01/03/2026|00|SI|202603|16|Casco de seguridad PLE|NIU|1|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|1|`,
      `20260300|TRF${tfi.importacion}|M1|0001|9|06|${C}|||27/02/2026|50|118|2026100123|18|Casco de seguridad PLE|NIU|1|5.00|18.644|93.22|0.00|0.00|0.00|5.00|18.644|93.22|1|`,
      // One unit out at 18.644 is worth 18.64; it comes back at the same cost.
      `20260300|ASI${ASI}|M2|0001|9|06|${C}|||11/03/2026|00|ASI|${ASI}|36|Casco de seguridad PLE|NIU|1|0.00|0.00|0.00|-1.00|18.644|-18.64|4.00|18.645|74.58|1|`,
      `20260300|DEV${DEV}|M1|0001|9|06|${C}|||12/03/2026|00|DEV|${DEV}|99|Casco de seguridad PLE|NIU|1|1.00|18.644|18.64|0.00|0.00|0.00|5.00|18.644|93.22|1|`,
      `20260300|SI202603|M3|0001002|9|03|${A}|||01/03/2026|00|SI|202603|16|Arena fina PLE 1-2|MTQ|1|30.00|50.00|1500.00|0.00|0.00|0.00|30.00|50.00|1500.00|1|`,
    ]);
    for (const line of lines) expect(validarValorizado(line, '20260300'), line).toEqual([]);
    expect(validarLibro(lines)).toEqual([]);
    // The same lines as 12.1, field for field where they share them.
    const unidades = lineasDe(await ple({ ple: { anio: 2026, mes: 3 } }));
    expect(lines.map((l) => { const f = l.split('|'); return [...f.slice(0, 16), f[17], f[20], f[26], ''].join('|'); })).toEqual(unidades);
  });

  it("opens April with March's valued balance and takes the next exit at the average", async () => {
    const abril = lineasDe(await pleValorizado({ ple: { anio: 2026, mes: 4 } }));
    expect(abril.slice(0, 2)).toEqual([
      `20260400|SI202604|M1|0001|9|03|${arena}|||01/04/2026|00|SI|202604|16|Arena fina PLE 1-2|MTQ|1|85.34|51.67904851|4410.29|0.00|0.00|0.00|85.34|51.67904851|4410.29|1|`,
      `20260400|ASI${ASI + 1}|M1|0001|9|03|${arena}|||01/04/2026|00|ASI|${ASI + 1}|36|Arena fina PLE 1-2|MTQ|1|0.00|0.00|0.00|-1.00|51.67904851|-51.68|84.34|51.67903723|4358.61|1|`,
    ]);
    for (const line of abril) expect(validarValorizado(line, '20260400'), line).toEqual([]);
  });

  it('the demo month: valid field by field; purchases at their cost; a serialised product by specific identification (5)', async () => {
    const hoy = limaDate();
    const [anio, mes] = [Number(hoy.slice(0, 4)), Number(hoy.slice(5, 7))];
    const periodo = `${hoy.slice(0, 4)}${hoy.slice(5, 7)}00`;
    const res = await pleValorizado({ ple: { anio, mes } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="LE20547812361${hoy.slice(0, 4)}${hoy.slice(5, 7)}00130100001111.txt"`);
    const lines = lineasDe(res);
    expect(lines.flatMap((l) => validarValorizado(l, periodo).map((e) => `${l} → ${e}`))).toEqual([]);
    expect(validarLibro(lines)).toEqual([]);
    const campos = lines.map((l) => l.split('|'));
    const compra = (nombre: string) => campos.find((f) => f[14] === nombre && f[13] === '02')!;
    // Demo: 120 bags at S/ 24.58 into Almacén Central.
    expect(compra('Cemento Extraforte ICo 42.5 kg').slice(16, 20)).toEqual(['1', '120.00', '24.58', '2949.60']);
    expect(compra('Laptop ThinkPad E14').slice(16, 20)).toEqual(['5', '1.00', '3389.83', '3389.83']);
    // The closing value of each product in the file is the sum of its stock rows' values.
    const [{ valor }] = await rows<{ valor: string }>(sql`
      select sum(pa.pal_valor)::text as valor from producto_almacen pa join producto p on p.prv_id = pa.prv_id join almacen a on a.alm_id = pa.alm_id
      where p.prv_nombre = 'Cemento Extraforte ICo 42.5 kg' and a.alm_nombre = 'Almacén Central'`);
    const cemento = campos.filter((f) => f[14] === 'Cemento Extraforte ICo 42.5 kg' && f[3] === '0000');
    expect(cemento.at(-1)![25]).toBe(valor);
  });

  it('same access as 12.1: a user who sees only a project gets 403', async () => {
    const proyecto = await pleValorizado({ ple: { anio: 2026, mes: 3 } }, await ctx.auth('almacen@andina.pe'));
    expect(proyecto.statusCode).toBe(403);
    expect((await pleValorizado({ ple: { anio: 2025, mes: 6 } })).headers['content-disposition']).toBe('attachment; filename="LE2054781236120250600130100001011.txt"');
  });
});

describe('PLE field rules', () => {
  it('13.1 unit costs: 2 to 8 decimals; the file name carries the book', () => {
    expect(['50', '61.2', '18.644', '51.679033339', '0'].map(costoPle)).toEqual(['50.00', '61.20', '18.644', '51.67903334', '0.00']);
    expect(pleNombre('20100070970', 2025, 12, true, LIBRO.VALORIZADO)).toBe('LE2010007097020251200130100001111.txt');
  });

  it('quantities follow the rounded balance: up to 2 decimals as they are, more absorb the rounding, exits negative', () => {
    expect(cantidadesPle('0', ['12.345', '12.345', '-0.004', '-24.686'])).toEqual({
      saldo: '0.00',
      lineas: [
        { ingreso: '12.35', retiro: '0.00' }, { ingreso: '12.34', retiro: '0.00' }, { ingreso: '0.00', retiro: '0.00' }, { ingreso: '0.00', retiro: '-24.69' },
      ],
    });
    expect(cantidadesPle('35.555', ['1250', '-0.5'])).toEqual({ saldo: '35.56', lineas: [{ ingreso: '1250.00', retiro: '0.00' }, { ingreso: '0.00', retiro: '-0.50' }] });
  });

  it('field 4: the establishment code, a correlative for the 2nd, 3rd … warehouse of one establishment in the order they first moved stock', () => {
    const codigos = codigosEstablecimiento([
      { alm_id: 5, alm_establecimiento: '9999', primera_linea: 40 }, { alm_id: 1, alm_establecimiento: '0000', primera_linea: 1 },
      { alm_id: 2, alm_establecimiento: '9999', primera_linea: 20 }, { alm_id: 9, alm_establecimiento: '9999', primera_linea: 30 },
    ]);
    expect([1, 2, 9, 5].map((id) => codigos.get(id))).toEqual(['0000', '9999', '9999002', '9999003']);
  });

  it('fields 11 to 14 by document: purchases with the supplier document, 99 without one, internal documents 00', () => {
    const m = (over: Partial<PleMovimiento>): PleMovimiento => ({
      alm_id: 1, prv_id: 1, prv_nombre: 'x', unm_simbolo: 'UND', cat_tipo_existencia: '99', kdx_id: 1, fecha: '2026-03-01', kdx_cantidad: '1',
      kdx_costo_unitario: '0', kdx_valor: '0', prv_item: 0, kdx_doc_tipo: 'TRF', kdx_doc_id: 15, tfi_tipo: 1, tfi_codigo: 'TRF-2026-000015', tfi_doc_tipo: '', tfi_doc_serie: '', tfi_doc_numero: '',
      tfi_doc_fecha: null, ...over,
    });
    expect(documento(m({ tfi_doc_tipo: '01', tfi_doc_serie: 'F001', tfi_doc_numero: '77' }))).toEqual({ tipo: '01', serie: 'F001', numero: '77', operacion: '02' });
    expect(documento(m({}))).toEqual({ tipo: '00', serie: 'TRF', numero: '2026-000015', operacion: '99' });
    expect(documento(m({ kdx_cantidad: '-1', tfi_tipo: 3 }))).toEqual({ tipo: '00', serie: 'TRF', numero: '2026-000015', operacion: '23' });
    expect(documento(m({ tfi_tipo: 2, kdx_cantidad: '-2' })).operacion).toBe('11');
    expect(documento(m({ kdx_doc_tipo: 'ASI', kdx_doc_id: 4, tfi_tipo: null, tfi_codigo: null, kdx_cantidad: '-1' }))).toEqual({ tipo: '00', serie: 'ASI', numero: '4', operacion: '36' });
    // Field 10: a purchase's supplier document its own date; anything else (and a receipt without that date) the day it moved.
    const factura = { tfi_doc_tipo: '01', tfi_doc_serie: 'F001', tfi_doc_numero: '77', tfi_doc_fecha: '2026-02-28' };
    expect(fechaDocumento(m(factura))).toBe('2026-02-28');
    expect(fechaDocumento(m({ ...factura, tfi_doc_fecha: null }))).toBe('2026-03-01');
    expect(fechaDocumento(m({ ...factura, kdx_cantidad: '-1' }))).toBe('2026-03-01');
    expect(fechaDocumento(m({ tfi_doc_fecha: '2026-02-28' }))).toBe('2026-03-01');
  });

  it('units by SUNAT tabla 6 (UN/ECE), ZZ when unknown; file name indicators', () => {
    expect(['UND', 'KG', 'M3', 'GLN', 'BLS', 'xyz'].map(unidadSunat)).toEqual(['NIU', 'KGM', 'MTQ', 'GLL', 'BG', 'ZZ']);
    expect(pleNombre('20100070970', 2025, 12, true)).toBe('LE2010007097020251200120100001111.txt');
  });
});
