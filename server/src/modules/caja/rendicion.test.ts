import { CAJA_MSG, MSG, RENDICION_MSG, RUC_MSG, limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCajaFixture, expectOk, expectRefused, type Auth, type CajaFixture } from './fixtures.ts';
import { DOCUMENTO_CONCURRENTE } from './rendicion-service.ts';

let f: CajaFixture;
beforeAll(async () => {
  f = await createCajaFixture();
});
afterAll(() => f.ctx.close());

const DIA = 86_400_000;
const dmy = (iso: string) => iso.split('-').reverse().join('/');
const hoy = () => dmy(limaDate());
let numero = 5000;

/** A good line of a Miraflores cash box, dated today; each call a new document number. */
const linea = (over: Record<string, unknown> = {}) => ({
  red_fecha: hoy(), red_dni_ruc: '20100070970', red_razon_social: 'Ferretería Lima S.A.C.', red_descripcion: 'Clavos y alambre',
  cec_codigo: 'CC-MF-01', tid_descripcion: 'Factura', red_serie: 'F050', red_numero: String(numero++), red_importe: '100.50', ...over,
});

const registrar = (cajId: number, lineas: unknown[], who: Auth = f.u.estandar) =>
  f.post('rendicion/registrar', { caj_id: cajId, rendicion: {}, lista_rendicion_detalle: lineas }, who);
const rendicion = async (cajId: number, who: Auth = f.u.estandar) =>
  expectOk(await f.post('rendicion/obtenerRendicionxCaja', { caja: { caj_id: cajId } }, who)).data as {
    ren_total: string; ren_saldo: string; ren_total_text: string; ren_saldo_text: string; saldo_a_favor: string | null;
    lista_rendicion_detalle: Record<string, unknown>[];
  };
const errores = (res: { json(): { data: never } }) => (res.json().data as { red_errores: string[] }[]).map((l) => l.red_errores);

/** A cash box taken through the real flow to CDP: request (requester), approve (manager), deposit (treasury). */
async function depositada(over: Record<string, unknown> = {}, who: Auth = f.u.estandar): Promise<number> {
  const id = await f.registrar(over, who);
  expectOk(await f.caja('solicitarAprobacionCaja', { caj_id: id }, who));
  expectOk(await f.caja('aprobar', { caj_id: id }, f.u.gerencia));
  expectOk(await f.caja('depositar', { caj_id: id }, f.u.tesoreria));
  return id;
}

describe('registrar', () => {
  it('saves the documents, resolving cost centre by code (ignoring spaces, dots, case) and document type by name, id or SUNAT code', async () => {
    const id = await depositada();
    const antes = await f.estado(id);
    const res = await registrar(id, [
      linea({ cec_codigo: 'cc - mf-.01', tid_descripcion: 'FACTURA', red_serie: 'f050', red_numero: '000777', red_importe: '120,5' }),
      linea({ tid_descripcion: '', red_tipo_documento: 2, red_serie: 'B001', red_dni_ruc: '12345678', red_razon_social: 'Juan Pérez' }),
      linea({ tid_descripcion: '12', red_importe: '30' }),
    ]);
    expect(expectOk(res)).toEqual({ status: 'success', message: CAJA_MSG.rendicionRegistrada, data: null });
    const r = await rendicion(id);
    expect(r.lista_rendicion_detalle).toHaveLength(3);
    expect(r.lista_rendicion_detalle[0]).toMatchObject({
      red_item: 1, red_fecha: limaDate(), cec_codigo: 'CC-MF-01', cec_id: f.cc.mf, tid_descripcion: 'Factura', red_tipo_documento: 1,
      red_serie: 'F050', red_numero: '777', red_importe: '120.50', red_importe_text: '120.50', cec_flag: false, tid_flag: false, red_errores: [],
    });
    expect(r.lista_rendicion_detalle[1]).toMatchObject({ red_item: 2, tid_descripcion: 'Boleta de venta', red_dni_ruc: '12345678' });
    expect(r.lista_rendicion_detalle[2]).toMatchObject({ red_item: 3, tid_descripcion: 'Ticket', red_importe: '30.00' });
    // 120.50 + 100.50 + 30.00 of S/ 500.00.
    expect(r).toMatchObject({ ren_total: '251.00', ren_saldo: '249.00', ren_total_text: 'S/ 251.00', ren_saldo_text: 'S/ 249.00', saldo_a_favor: 'empresa' });
    const [c] = await f.rows<{ ren_total: string; ren: boolean }>(sql`select ren_total::text, ren_fecha_registro is not null as ren from caja where caj_id = ${id}`);
    expect(c).toEqual({ ren_total: '251.00', ren: true });
    expect((await f.estado(id)).caj_version).toBe(antes.caj_version + 1);
    expect((await f.estado(id)).caj_estado).toBe('CDP');
  });

  it('replaces the documents as a whole; a total above the amount is owed to the requester', async () => {
    const id = await depositada();
    expectOk(await registrar(id, [linea(), linea(), linea()]));
    expectOk(await registrar(id, [linea({ red_importe: '612.35' })]));
    const r = await rendicion(id);
    expect(r.lista_rendicion_detalle.map((l) => l.red_item)).toEqual([1]);
    expect(r).toMatchObject({ ren_total: '612.35', ren_saldo: '-112.35', ren_saldo_text: 'S/ 112.35 a favor del solicitante', saldo_a_favor: 'solicitante' });
    const [n] = await f.rows<{ n: number }>(sql`select count(*)::int as n from rendicion_detalle where caj_id = ${id}`);
    expect(Number(n.n)).toBe(1);
  });

  it('flags unknown cost centres and document types (422, every line back) and saves nothing', async () => {
    const id = await depositada();
    expectOk(await registrar(id, [linea({ red_importe: '10.00' })]));
    const res = await registrar(id, [linea(), linea({ cec_codigo: 'NO-EXISTE' }), linea({ tid_descripcion: 'Vale de caja' }), linea({ cec_codigo: 'CC-MF-04' })]);
    expectRefused(res, 422, RENDICION_MSG.conErrores);
    const data = res.json().data as { cec_flag: boolean; tid_flag: boolean; red_errores: string[]; red_item: number }[];
    expect(data.map((l) => [l.red_item, l.cec_flag, l.tid_flag])).toEqual([[1, false, false], [2, true, false], [3, false, true], [4, true, false]]);
    expect(errores(res)).toEqual([[], [RENDICION_MSG.centroCosto('NO-EXISTE')], [RENDICION_MSG.tipoDocumento('Vale de caja')], [RENDICION_MSG.centroCosto('CC-MF-04')]]);
    const r = await rendicion(id);
    expect(r.lista_rendicion_detalle).toHaveLength(1);
    expect(r.ren_total).toBe('10.00');
  });

  it("refuses a cost centre of another project: named as such to whom may see it, unknown to a project user", async () => {
    const id = await depositada();
    const propio = await registrar(id, [linea({ cec_codigo: 'CC-PL-01' })]);
    expect(errores(propio)).toEqual([[RENDICION_MSG.centroCosto('CC-PL-01')]]);
    const admin = await registrar(id, [linea({ cec_codigo: 'CC-PL-01' })], f.u.admin);
    expect(errores(admin)).toEqual([[RENDICION_MSG.centroOtroProyecto('CC-PL-01')]]);
  });

  it('refuses, each with its message: wrong RUC digit, DNI not 8 digits, date outside the cash life, amount ≤ 0, repeats', async () => {
    const id = await depositada();
    const ayer = dmy(limaDate(new Date(Date.now() - DIA)));
    const manana = dmy(limaDate(new Date(Date.now() + DIA)));
    const fuera = RENDICION_MSG.fechaFuera(limaDate(), limaDate());
    const res = await registrar(id, [
      linea({ red_dni_ruc: '20100070971' }),
      linea({ red_dni_ruc: '1234567' }),
      linea({ red_fecha: ayer }),
      linea({ red_fecha: manana }),
      linea({ red_importe: '0' }),
      linea({ red_importe: '-5.00' }),
      linea({ red_serie: 'F777', red_numero: '42' }),
      linea({ red_serie: 'f777', red_numero: '0042' }),
    ]);
    expectRefused(res, 422, RENDICION_MSG.conErrores);
    expect(errores(res)).toEqual([
      [RUC_MSG.checkDigit], [RENDICION_MSG.dniRuc], [fuera], [fuera], [RENDICION_MSG.importe], [RENDICION_MSG.importe], [], [RENDICION_MSG.repetidoEnGrilla(7)],
    ]);
    expect((await rendicion(id)).lista_rendicion_detalle).toHaveLength(0);
  });

  it('accepts dates from the registration day on, and refuses a document already settled in another cash box, naming it', async () => {
    const id = await depositada();
    await f.rows(sql`update caja set caj_fecha_registro = caj_fecha_registro - interval '3 days' where caj_id = ${id}`);
    const [demo] = await f.rows<{ caj_codigo: string }>(sql`select c.caj_codigo from rendicion_detalle d join caja c on c.caj_id = d.caj_id
      where d.red_dni_ruc = '20100047218' and d.red_serie = 'F001' and d.red_numero = '9921'`);
    const res = await registrar(id, [
      linea({ red_fecha: dmy(limaDate(new Date(Date.now() - 3 * DIA))) }),
      linea({ red_dni_ruc: '20100047218', red_serie: 'f001', red_numero: '009921', tid_descripcion: '01' }),
    ]);
    expect(errores(res)).toEqual([[], [RENDICION_MSG.yaRendido(demo.caj_codigo)]]);
    // Its own documents are not "another cash box": registering them again replaces them.
    expectOk(await registrar(id, [linea({ red_serie: 'R001', red_numero: '1' })]));
    expectOk(await registrar(id, [linea({ red_serie: 'R001', red_numero: '1' })]));
  });

  it('refuses a line list that is empty or too long (400), and a total too large for the column', async () => {
    const id = await depositada();
    expectRefused(await registrar(id, []), 400, RENDICION_MSG.sinLineas);
    expectRefused(await registrar(id, Array.from({ length: 501 }, () => linea())), 400, RENDICION_MSG.maxLineas);
    expectRefused(await registrar(id, [linea({ red_importe: '999999999999.99' }), linea({ red_importe: '999999999999.99' })]), 400, 'El total de la rendición es demasiado grande');
  });
});

describe('who and when', () => {
  it('RAP locks the documents; RPA and a cash box not yet deposited refuse them too (409); RDE accepts them again', async () => {
    const id = await depositada();
    expectOk(await registrar(id, [linea()]));
    expectOk(await f.post('rendicion/solicitarAprobacionRendicion', { caja: { caj_id: id } }, f.u.estandar));
    expectRefused(await registrar(id, [linea()]), 409, CAJA_MSG.transicion('agregar_rendicion', 'RPA'));
    expectOk(await f.post('rendicion/desaprobar', { caja: { caj_id: id, caj_observacion: 'Falta la boleta del taxi' } }, f.u.gerencia));
    expect((await f.estado(id)).caj_estado).toBe('RDE');
    expectOk(await registrar(id, [linea(), linea()]));
    expectOk(await f.post('rendicion/solicitarAprobacionRendicion', { caja: { caj_id: id } }, f.u.estandar));
    const aprobada = expectOk(await f.post('rendicion/aprobar', { caja: { caj_id: id } }, f.u.gerencia));
    expect(aprobada).toMatchObject({ message: CAJA_MSG.rendicionAprobada, data: { est_id: 'RAP', caj_opciones: { agregar_rendicion: false } } });
    expectRefused(await registrar(id, [linea()]), 409, CAJA_MSG.pdfBloqueado);
    expectRefused(await registrar(id, [linea()], f.u.admin), 409, CAJA_MSG.pdfBloqueado);
    expect((await rendicion(id)).lista_rendicion_detalle).toHaveLength(2);

    const aprobadaSinDeposito = await f.registrar();
    expectOk(await f.caja('solicitarAprobacionCaja', { caj_id: aprobadaSinDeposito }, f.u.estandar));
    expectOk(await f.caja('aprobar', { caj_id: aprobadaSinDeposito }, f.u.gerencia));
    expectRefused(await registrar(aprobadaSinDeposito, [linea()]), 409, CAJA_MSG.transicion('agregar_rendicion', 'CAP'));
  });

  it('only the requester, whoever registered it or SUPER registers documents; VISUALIZADOR changes nothing but reads', async () => {
    const id = await depositada();
    expectRefused(await registrar(id, [linea()], f.u.gerencia), 403, CAJA_MSG.soloSolicitante);
    expectRefused(await registrar(id, [linea()], f.u.tesoreria), 403, CAJA_MSG.soloSolicitante);
    expectRefused(await registrar(id, [linea()], f.u.viewer), 403, MSG.readOnly);
    expectOk(await registrar(id, [linea()], f.u.admin));
    expect((await rendicion(id, f.u.viewer)).lista_rendicion_detalle).toHaveLength(1);
    expectRefused(await f.post('rendicion/aprobar', { caja: { caj_id: id } }, f.u.viewer), 403, MSG.readOnly);
  });

  it('a cash box outside the caller\'s scope is not found (404), and a caller without the module is refused', async () => {
    const lurin = await depositada({ cec_id: f.cc.pl, usu_solicitante: f.usu.administracion }, f.u.admin);
    expectRefused(await registrar(lurin, [linea()], f.u.estandar), 404, CAJA_MSG.notFound);
    expectRefused(await f.post('rendicion/obtenerRendicionxCaja', { caja: { caj_id: lurin } }, f.u.estandar), 404, CAJA_MSG.notFound);
    expectRefused(await f.post('rendicion/obtenerRendicionxCaja', { caja: { caj_id: 999999 } }, f.u.admin), 404, CAJA_MSG.notFound);
    expectRefused(await f.post('rendicion/obtenerRendicionxCaja', { caja: { caj_id: lurin } }, f.u.logistica), 403, MSG.noModuleAccess);
    expectRefused(await f.post('rendicion/obtenerRendicionxCaja', { caja: {} }, f.u.admin), 400, CAJA_MSG.cajIdFalta);
  });
});

describe('concurrency', () => {
  it('the same document registered at once in two cash boxes: one wins, the other is refused (409 or 422), never 500', async () => {
    const [a, b] = [await depositada(), await depositada()];
    const doc = linea({ red_serie: 'C001', red_numero: '31337' });
    const replies = await Promise.all([registrar(a, [linea(), doc]), registrar(b, [doc, linea()])]);
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    const perdedor = replies.find((r) => r.statusCode !== 200)!;
    expect(perdedor.json().message).toMatch(codes[1] === 409 ? DOCUMENTO_CONCURRENTE : RENDICION_MSG.conErrores);
    const [n] = await f.rows<{ n: number }>(sql`select count(*)::int as n from rendicion_detalle where red_serie = 'C001' and red_numero = '31337'`);
    expect(Number(n.n)).toBe(1);
  });
});
