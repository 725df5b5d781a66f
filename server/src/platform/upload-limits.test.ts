import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { MSG } from '@obra/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTURA_ARCHIVOS } from '../modules/proveedor_portal/factura-upload.ts';
import { ADMIN, SUPPLIER, createTestContext, type TestContext } from '../test/harness.ts';
import { bombWorkbook } from '../test/hostile-files.ts';
import { timed, watchLoop } from '../test/loop-watch.ts';
import { MALFORMED_MULTIPART, TOO_MANY_FIELDS, TOO_MANY_FILES } from './files.ts';
import { XLSX_MIME } from './xlsx.ts';

/**
 * Uploads that cannot stall or swell the server (issue 29), through the routes: multipart's own failures answer the
 * product's words, and hostile spreadsheets leave memory, the temporary folder and other users' requests alone.
 */
let ctx: TestContext;
let admin: { authorization: string };
let supplier: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  supplier = await ctx.auth(SUPPLIER);
}, 60_000);
afterAll(async () => { await ctx?.close(); });

type Part = { name: string; value: string } | { name: string; filename: string; type: string; content: Buffer };
const BOUNDARY = '----obra-limites';

/** A multipart body of these parts; `cut` drops the closing boundary and the last bytes, as a dropped connection would. */
function body(parts: Part[], cut = false) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${p.name}"${'filename' in p ? `; filename="${p.filename}"\r\ncontent-type: ${p.type}` : ''}\r\n\r\n`));
    chunks.push('content' in p ? p.content : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload: cut ? payload.subarray(0, payload.length - BOUNDARY.length - 20) : payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const xlsx = (content: Buffer, name = 'file'): Part => ({ name, filename: 'carga.xlsx', type: XLSX_MIME, content });
const importar = (b: ReturnType<typeof body>) =>
  ctx.app.inject({ method: 'POST', url: '/api/producto/import-products', headers: { ...admin, ...b.headers }, payload: b.payload });
const message = (res: { json(): unknown }) => (res.json() as { message: string }).message;

describe("multipart's own failures in the product's words", () => {
  it('too many files, too many fields and a body cut short, on a one-file route', async () => {
    const small = await bombWorkbook(10);
    for (const n of [2, 30]) {
      const res = await importar(body(Array.from({ length: n }, () => xlsx(small))));
      expect([res.statusCode, message(res)]).toEqual([400, TOO_MANY_FILES]);
    }
    const fields = await importar(body([...Array.from({ length: 30 }, (_, i) => ({ name: `c${i}`, value: 'x' })), xlsx(small)]));
    expect([fields.statusCode, message(fields)]).toEqual([400, TOO_MANY_FIELDS]);
    const cut = await importar(body([xlsx(small)], true));
    expect([cut.statusCode, message(cut)]).toEqual([400, MALFORMED_MULTIPART]);
    expect(message(cut)).not.toBe(MSG.fileTooLarge);
  });

  it('three files or a cut body on the supplier portal', async () => {
    const pdf = (name: string): Part => ({ name, filename: 'f.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n') });
    const subir = (b: ReturnType<typeof body>) =>
      ctx.app.inject({ method: 'POST', url: '/api/ordenCompra/adjuntarFactura', headers: { ...supplier, ...b.headers }, payload: b.payload });
    const tres = await subir(body([{ name: 'ord_id', value: '1' }, pdf('pdf'), pdf('xml'), pdf('otro')]));
    expect([tres.statusCode, message(tres)]).toEqual([400, FACTURA_ARCHIVOS]);
    const cut = await subir(body([{ name: 'ord_id', value: '1' }, pdf('pdf'), pdf('xml')], true));
    expect([cut.statusCode, message(cut)]).toEqual([400, MALFORMED_MULTIPART]);
  });
});

describe('hostile spreadsheets', () => {
  it('leave memory within 64 MB, no temporary file, and a cheap list answering in under 100 ms meanwhile', async () => {
    const parked = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`)).length;
    const files = [await bombWorkbook(1000, 100_000), await bombWorkbook(230_000), await bombWorkbook(150_000)];
    // A running server has loaded the spreadsheet library after its start (warmSpreadsheets); so does this one.
    await importar(body([xlsx(await bombWorkbook(10))]));
    const tmpBefore = parked();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 5);
    const loop = watchLoop();
    const latencies: number[] = [];
    let uploading = true;
    const lists = (async () => {
      while (uploading) {
        const { ms, value: res } = await timed(() => ctx.app.inject({ method: 'POST', url: '/api/marca/list', headers: admin, payload: { search: '' } }));
        latencies.push(ms);
        expect(res.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const replies = [];
    for (const f of files) replies.push(await importar(body([xlsx(f)])));
    uploading = false;
    await lists;
    const held = loop.stop();
    clearInterval(sampler);
    expect(replies.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    // A bomb and a sheet past the entry limit are too large; a big sheet within it is read as far as its header.
    expect(replies.map(message)).toEqual([
      'El archivo contiene demasiados datos; divídalo en archivos más pequeños',
      'El archivo contiene demasiados datos; divídalo en archivos más pequeños',
      expect.stringMatching(/^El archivo no tiene las columnas de la plantilla/),
    ]);
    expect(rssPeak - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect(parked()).toBe(tmpBefore);
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(3);
    expect(latencies[latencies.length - 1]).toBeLessThan(100);
    expect(held).toBeLessThan(100);
  }, 120_000);
});
