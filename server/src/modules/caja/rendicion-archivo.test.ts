import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAJA_MSG, MSG, RENDICION_MSG, RUC_MSG, limaDate } from '@obra/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_MIME } from '../../platform/xlsx.ts';
import { createTestContext } from '../../test/harness.ts';
import { createCajaFixture, expectOk, expectRefused, type Auth, type CajaFixture, type Reply } from './fixtures.ts';

let f: CajaFixture;
beforeAll(async () => {
  f = await createCajaFixture();
});
afterAll(() => f.ctx.close());

const hoy = () => limaDate().split('-').reverse().join('/');
const HEADERS = ['N°', 'Fecha (dd/mm/aaaa)', 'DNI/RUC', 'Razón social', 'Descripción', 'Centro de costo', 'Tipo de documento', 'Serie', 'Número', 'Importe'];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1f1e30000000049454e44ae426082', 'hex');

async function depositada(): Promise<number> {
  const id = await f.registrar();
  expectOk(await f.caja('solicitarAprobacionCaja', { caj_id: id }, f.u.estandar));
  expectOk(await f.caja('aprobar', { caj_id: id }, f.u.gerencia));
  expectOk(await f.caja('depositar', { caj_id: id }, f.u.tesoreria));
  return id;
}

/** A multipart call with the fields given and, optionally, one file. */
function upload(path: string, cajId: number | null, file: { name: string; content: Buffer; type: string } | null, who: Auth = f.u.estandar) {
  const boundary = '----obra-rendicion';
  const parts: Buffer[] = [];
  if (cajId !== null) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="caj_id"\r\n\r\n${cajId}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return f.ctx.app.inject({ method: 'POST', url: `/api/rendicion/${path}`, headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) }) as unknown as Promise<Reply>;
}

const plantilla = async () => (await f.ctx.app.inject({ method: 'GET', url: '/plantillas/rendicion/documentos.xlsx' })).rawPayload;

/** The downloaded template filled with `rows` (cells by header), as a user would. */
async function llenar(rows: Record<string, ExcelJS.CellValue>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await plantilla() as unknown as ExcelJS.Buffer);
  const ws = wb.getWorksheet('Documentos')!;
  rows.forEach((r, i) => HEADERS.forEach((h, c) => { if (r[h] !== undefined) ws.getRow(i + 2).getCell(c + 1).value = r[h]; }));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const xlsx = (content: Buffer) => ({ name: 'documentos.xlsx', content, type: XLSX_MIME });

let numero = 8000;
const fila = (over: Record<string, ExcelJS.CellValue> = {}) => ({
  'N°': 1, 'Fecha (dd/mm/aaaa)': hoy(), 'DNI/RUC': '20100070970', 'Razón social': 'Ferretería Lima S.A.C.', 'Descripción': 'Cemento',
  'Centro de costo': 'CC-MF-01', 'Tipo de documento': 'Factura', Serie: 'F090', 'Número': String(numero++), Importe: 45.5, ...over,
});

describe('template', () => {
  it('downloads without a session: the header row, a document type list, no example rows, and the instructions', async () => {
    const res = await f.ctx.app.inject({ method: 'GET', url: '/plantillas/rendicion/documentos.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toContain('documentos.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Documentos', 'Instrucciones']);
    const ws = wb.getWorksheet('Documentos')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(1);
    expect(ws.getColumn(3).width).toBeGreaterThan(10);
    const lista = ws.getCell('G2').dataValidation;
    expect(lista).toMatchObject({ type: 'list' });
    expect(lista.formulae?.[0]).toContain('Boleta de venta');
    const texto = wb.getWorksheet('Instrucciones')!.getSheetValues().flat().join(' ');
    for (const t of ['dd/mm/aaaa', 'DNI de 8 dígitos o RUC de 11 dígitos', 'tal como figura en el sistema', 'Recibo por honorarios']) expect(texto).toContain(t);
  });

  it('is served at its path also when the web is served, not swallowed by the web\'s history fallback', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'obra-h2-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Obra</title>');
    const ctx = await createTestContext({ WEB_DIST: dist });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/plantillas/rendicion/documentos.xlsx' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_MIME);
      expect((await ctx.app.inject({ method: 'GET', url: '/plantillas/otra.xlsx' })).headers['content-type']).toMatch(/text\/html/);
    } finally {
      await ctx.close();
    }
  });
});

describe('cargarArchivo', () => {
  it('round-trips the template: the rows come back as lines, checked and resolved, and nothing is saved until registrar', async () => {
    const id = await depositada();
    const buffer = await llenar([
      fila(),
      // Typed as an Excel date, a RUC as a number, a SUNAT code and a lower-case centre: all read.
      fila({ 'Fecha (dd/mm/aaaa)': new Date(`${limaDate()}T00:00:00Z`), 'DNI/RUC': 20100070970, 'Tipo de documento': '03', 'Centro de costo': 'cc-mf-01', Importe: '12.30' }),
      fila({ 'DNI/RUC': '12345678', 'Descripción': '', 'Tipo de documento': 'ticket', Importe: 7 }),
    ]);
    const res = await upload('cargarArchivo', id, xlsx(buffer));
    const body = expectOk(res);
    expect(body.message).toBe('Se cargaron 3 documentos del archivo');
    const lineas = body.data as Record<string, unknown>[];
    expect(lineas.map((l) => [l.red_item, l.red_tipo_documento, l.cec_codigo, l.red_importe, l.red_errores])).toEqual([
      [1, 1, 'CC-MF-01', '45.50', []], [2, 2, 'CC-MF-01', '12.30', []], [3, 5, 'CC-MF-01', '7.00', []],
    ]);
    expect(lineas[1]).toMatchObject({ red_fecha: limaDate(), red_dni_ruc: '20100070970' });
    const [n] = await f.rows<{ n: number }>(sql`select count(*)::int as n from rendicion_detalle where caj_id = ${id}`);
    expect(Number(n.n)).toBe(0);
    expectOk(await f.post('rendicion/registrar', { caj_id: id, lista_rendicion_detalle: lineas }, f.u.estandar));
    const r = expectOk(await f.post('rendicion/obtenerRendicionxCaja', { caja: { caj_id: id } }, f.u.estandar)).data as { ren_total: string };
    expect(r.ren_total).toBe('64.80');
  });

  it('reports each bad row (422, with the sheet rows in the message) and saves nothing', async () => {
    const id = await depositada();
    const buffer = await llenar([
      fila(),
      fila({ 'DNI/RUC': '20100070971' }),
      fila(),
      fila({ 'Centro de costo': 'ZZ-01', Importe: 0 }),
      fila({ Serie: 'F090', 'Número': '1' }),
      fila({ Serie: 'F090', 'Número': '0001' }),
    ]);
    const res = await upload('cargarArchivo', id, xlsx(buffer));
    expectRefused(res, 422, 'Las filas 3, 5, 7 del archivo tienen errores: revise las filas marcadas');
    const data = res.json().data as { red_errores: string[]; cec_flag: boolean }[];
    expect(data.map((l) => l.red_errores)).toEqual([
      [], [RUC_MSG.checkDigit], [], [RENDICION_MSG.centroCosto('ZZ-01'), RENDICION_MSG.importe], [], [RENDICION_MSG.repetidoEnGrilla(5)],
    ]);
    expect(data[3].cec_flag).toBe(true);
    const [n] = await f.rows<{ n: number }>(sql`select count(*)::int as n from rendicion_detalle where caj_id = ${id}`);
    expect(Number(n.n)).toBe(0);
  });

  it('refuses an empty template, another type of file, a missing file or cash box, and a settlement it may not change', async () => {
    const id = await depositada();
    expectRefused(await upload('cargarArchivo', id, xlsx(await plantilla())), 400, RENDICION_MSG.archivoVacio);
    expectRefused(await upload('cargarArchivo', id, { name: 'documentos.xlsx', content: PDF, type: XLSX_MIME }), 400, RENDICION_MSG.archivoTipo);
    expectRefused(await upload('cargarArchivo', id, { name: 'documentos.csv', content: Buffer.from('a;b\n1;2\n'), type: 'text/csv' }), 400, RENDICION_MSG.archivoTipo);
    expectRefused(await upload('cargarArchivo', id, null), 400, 'Debe seleccionar un archivo');
    expectRefused(await upload('cargarArchivo', null, xlsx(await llenar([fila()]))), 400, CAJA_MSG.cajIdFalta);
    expectRefused(await upload('cargarArchivo', id, xlsx(await llenar([fila()])), f.u.gerencia), 403, CAJA_MSG.soloSolicitante);
    expectRefused(await upload('cargarArchivo', id, xlsx(await llenar([fila()])), f.u.viewer), 403, MSG.readOnly);
    const lurin = await f.registrar({ cec_id: f.cc.pl, usu_solicitante: f.usu.administracion }, f.u.admin);
    expectRefused(await upload('cargarArchivo', lurin, xlsx(await llenar([fila()]))), 404, CAJA_MSG.notFound);
    expectRefused(await upload('cargarArchivo', lurin, xlsx(await llenar([fila()])), f.u.admin), 409, CAJA_MSG.transicion('agregar_rendicion', 'CRE'));
  });
});

describe('PDF', () => {
  const pdf = (id: number, who: Auth = f.u.estandar) => f.post('rendicion/descargarPdf', { caja: { caj_id: id } }, who);
  const clave = async (id: number) => (await f.rows<{ k: string | null }>(sql`select caj_pdf_clave as k from caja where caj_id = ${id}`))[0].k;

  it('attaches a PDF checked on content, downloads it, replaces it (the old file goes) and shows it on the cash box', async () => {
    const id = await depositada();
    expectRefused(await pdf(id), 404, CAJA_MSG.sinPdf);
    const res = await upload('adjuntarPdf', id, { name: 'Rendición noviembre.pdf', content: PDF, type: 'application/pdf' });
    expect(expectOk(res)).toEqual({ status: 'success', message: CAJA_MSG.pdfAdjuntado, data: { caj_url_pdf: '/api/rendicion/descargarPdf', caj_pdf_nombre: 'Rendición noviembre.pdf' } });
    const first = await clave(id);
    expect(first).toMatch(/^rendiciones\/[0-9a-f-]+\.pdf$/);
    const dl = await pdf(id, f.u.viewer);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Rendición noviembre.pdf')}`);
    expect(Buffer.from(dl.rawPayload).equals(PDF)).toBe(true);
    const fila = expectOk(await f.caja('obtener', { caj_id: id }, f.u.estandar)).data as { caj_url_pdf: string | null; caj_pdf_nombre: string };
    expect(fila).toMatchObject({ caj_url_pdf: '/api/rendicion/descargarPdf', caj_pdf_nombre: 'Rendición noviembre.pdf' });

    expectOk(await upload('adjuntarPdf', id, { name: 'otra', content: PDF, type: 'application/pdf' }));
    expect(await clave(id)).not.toBe(first);
    expect(await f.ctx.deps.storage.get(first!)).toBeNull();
    expect(expectOk(await f.caja('obtener', { caj_id: id }, f.u.estandar)).data).toMatchObject({ caj_pdf_nombre: 'otra.pdf' });
  });

  it('refuses another type, more than 20 MB, no file; RAP locks it; scope and read-only apply', async () => {
    const id = await depositada();
    expectRefused(await upload('adjuntarPdf', id, { name: 'foto.pdf', content: PNG, type: 'application/pdf' }), 400, CAJA_MSG.pdfTipo);
    expectRefused(await upload('adjuntarPdf', id, { name: 'grande.pdf', content: Buffer.concat([PDF, Buffer.alloc(20_000_000)]), type: 'application/pdf' }), 400, CAJA_MSG.pdfTamano);
    expectRefused(await upload('adjuntarPdf', id, null), 400, CAJA_MSG.pdfFalta);
    expectRefused(await upload('adjuntarPdf', id, { name: 'a.pdf', content: PDF, type: 'application/pdf' }, f.u.viewer), 403, MSG.readOnly);
    const lurin = await f.registrar({ cec_id: f.cc.pl, usu_solicitante: f.usu.administracion }, f.u.admin);
    expectRefused(await upload('adjuntarPdf', lurin, { name: 'a.pdf', content: PDF, type: 'application/pdf' }), 404, CAJA_MSG.notFound);
    expectRefused(await pdf(lurin), 404, CAJA_MSG.notFound);

    // Almost 20 MB is fine.
    expectOk(await upload('adjuntarPdf', id, { name: 'casi.pdf', content: Buffer.concat([PDF, Buffer.alloc(19_999_000)]), type: 'application/pdf' }));
    await f.documento(id);
    expectOk(await f.post('rendicion/solicitarAprobacionRendicion', { caja: { caj_id: id } }, f.u.estandar));
    expectOk(await f.post('rendicion/aprobar', { caja: { caj_id: id } }, f.u.gerencia));
    const antes = await clave(id);
    expectRefused(await upload('adjuntarPdf', id, { name: 'a.pdf', content: PDF, type: 'application/pdf' }), 409, CAJA_MSG.pdfBloqueado);
    expect(await clave(id)).toBe(antes);
  });
});

describe('lists and report', () => {
  it('obtenerRendiciones pages the cash boxes with a settlement in scope, with totals; generarReporteRendicion streams their documents', async () => {
    const id = await depositada();
    expectOk(await f.post('rendicion/registrar', { caj_id: id, lista_rendicion_detalle: [
      { red_fecha: hoy(), red_dni_ruc: '20100070970', red_razon_social: 'Grifo Sur S.A.', cec_codigo: 'CC-MF-01', tid_descripcion: 'Factura', red_serie: 'F091', red_numero: '1', red_importe: '600' },
    ] }, f.u.estandar));
    const sinRendicion = await f.registrar();
    const page = expectOk(await f.post('rendicion/obtenerRendiciones', { caja: { page: { number: 1, size: 50 } } }, f.u.estandar)).data as {
      page: { list: Record<string, unknown>[]; total: number; size: number; number: number };
    };
    const ids = page.page.list.map((r) => r.caj_id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(sinRendicion);
    expect(page.page.list.every((r) => ['CDP', 'RPA', 'RAP', 'RDE'].includes(r.est_id as string))).toBe(true);
    expect(page.page.list.find((r) => r.caj_id === id)).toMatchObject({
      ren_total: '600.00', ren_saldo: '-100.00', ren_total_text: 'S/ 600.00', ren_saldo_text: 'S/ 100.00 a favor del solicitante',
      caj_opciones: { agregar_rendicion: true, solicitar_aprobacion_rendicion: true },
    });
    // The demo's approved settlement of Planta Lurín: the administrator sees it, estandar@ (Miraflores, no party to it) does not.
    const [lurin] = await f.rows<{ id: number }>(sql`select caj_id as id from caja where caj_titulo = 'Viáticos supervisión Planta Lurín'`);
    type Pagina = { page: { list: { caj_id: number; est_id: string }[]; total: number } };
    const rap = expectOk(await f.post('rendicion/obtenerRendiciones', { caja: { caj_estado: 'RAP' } }, f.u.admin)).data as Pagina;
    expect(rap.page.list.map((r) => r.caj_id)).toContain(Number(lurin.id));
    expect(rap.page.list.every((r) => r.est_id === 'RAP')).toBe(true);
    const suyas = expectOk(await f.post('rendicion/obtenerRendiciones', { caja: { caj_estado: 'RAP' } }, f.u.estandar)).data as Pagina;
    expect(suyas.page.list.map((r) => r.caj_id)).not.toContain(Number(lurin.id));
    const cre = expectOk(await f.post('rendicion/obtenerRendiciones', { caja: { caj_estado: 'CRE' } }, f.u.admin)).data as Pagina;
    expect(cre.page.total).toBe(0);

    const res = await f.post('rendicion/generarReporteRendicion', { caja: { caj_id: id } }, f.u.estandar);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const values = wb.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual(['Código de caja', 'Título', 'Estado', 'Solicitante', 'N°', 'Fecha', 'DNI/RUC', 'Razón social', 'Descripción',
      'Centro de costo', 'Tipo de documento', 'Serie', 'Número', 'Importe', 'Moneda']);
    expect(values).toHaveLength(3);
    expect(values[1]).toMatchObject({ 1: 'Gastos menores obra Miraflores', 3: 'Ana Vargas Lozano', 6: '20100070970', 9: 'CC-MF-01', 10: 'Factura', 11: 'F091', 12: '1', 13: 600, 14: 'S/' });
    expect(values[2][0]).toBe('Total S/');
    expect(values[2][13]).toBe(600);

    const todo = await f.post('rendicion/generarReporteRendicion', { caja: {} }, f.u.admin);
    expect(todo.statusCode).toBe(200);
  });
});
