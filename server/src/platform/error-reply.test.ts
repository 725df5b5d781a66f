import net from 'node:net';
import { MSG } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { ADMIN, createTestContext, type TestContext } from '../test/harness.ts';
import { OUT_OF_RANGE } from './error-reply.ts';
import { MALFORMED_MULTIPART } from './files.ts';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
});
afterAll(() => ctx.close());

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'application/json', ...headers }, payload });

describe('input the database cannot take', () => {
  it('refuses a NUL character in a body, nested too, before the database sees it, and still audits the call', async () => {
    const res = await post('/api/marca/new', JSON.stringify({ marca: 'Sol\u0000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MSG.nulCharacter, data: null });
    const nested = await post('/api/proveedor/list', JSON.stringify({ search: 'a', filtros: { x: ['b\u0000'] } }));
    expect(nested.json().message).toBe(MSG.nulCharacter);
    const rows = await selectRows<{ n: number }>(ctx.deps.database.db,
      sql`select count(*)::int as n from auditoria where aud_ruta = '/api/marca/new' and aud_estado_http = 400`);
    expect(rows[0].n).toBe(1);
  });

  it('refuses a NUL character in a query string, a path parameter and a header', async () => {
    const query = await ctx.app.inject({ url: '/api/tipo-producto/get-categoria?id_categoria=1%00', headers: admin });
    expect(query.json()).toEqual({ status: 'error', message: MSG.nulCharacter, data: null });
    const param = await post('/api/orden/restart/1%00', '{}');
    expect(param.json().message).toBe(MSG.nulCharacter);
    const header = await post('/api/orden/get-orden-detail', '{}', { idOrden: '1\u0000' });
    expect(header.statusCode).toBe(400);
  });

  it('refuses a NUL character in a multipart field', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const payload = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="opg_id"\r\n\r\n1\u0000\r\n'),
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      png, Buffer.from('\r\n--b--\r\n'),
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/ordenPago/adjuntar', headers: { ...admin, 'content-type': 'multipart/form-data; boundary=b' }, payload });
    expect(res.json()).toEqual({ status: 'error', message: MSG.nulCharacter, data: null });
  });

  it('answers ids beyond the 32-bit columns with 400, in bodies and id headers', async () => {
    const body = await ctx.app.inject({ method: 'DELETE', url: '/api/proveedor/delete', headers: admin, payload: { id_proveedor: 2147483648 } });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe(MSG.required);
    const header = await post('/api/orden/get-orden-detail', '{}', { idOrden: '2147483648' });
    expect(header.statusCode).toBe(400);
    expect(header.json().message).not.toBe(OUT_OF_RANGE);
  });
});

describe('every refusal is the envelope', () => {
  it('answers an over-long path parameter with 414 in the envelope', async () => {
    const res = await post(`/api/orden/restart/${'9'.repeat(10_000)}`, '{}');
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ status: 'error', message: 'La dirección solicitada es demasiado larga', data: null });
  });

  it('answers a path parameter with a broken percent-encoding with 400 in the envelope', async () => {
    const res = await post('/api/orden/restart/%E0%A4%A', '{}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MSG.badRequest, data: null });
  });

  it('answers a multipart request without a boundary, or cut short, with 400', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const res = await post('/api/producto/import-products', '--x\r\nbasura', { 'content-type': type });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: MALFORMED_MULTIPART, data: null });
    }
  });

  it('answers a request Node cannot parse with 400 in the envelope', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GET /api/x HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n'));
      let text = '';
      socket.on('data', (b) => { text += b.toString(); });
      socket.on('close', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({ status: 'error', message: MSG.badRequest, data: null });
  });
});
