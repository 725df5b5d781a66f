import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { loadProfileById } from '../../platform/auth/access.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import { attachment } from './documentos-routes.ts';
import { storedFileName } from '../../platform/files.ts';
import { download } from './documentos.ts';

type Auth = { authorization: string };
let ctx: TestContext;
const u = {} as Record<'admin' | 'logistica' | 'gerencia' | 'viewer' | 'otroProyecto', Auth>;
const ids = { cc: 0, pve: 0, pveSinCorreo: 0, unidad: 0, gerencia: 0, contabilidad: 0, admin: 0, logistica: 0 };
const pve = { razon_social: '', email: '' };

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  // estandar@ (project PRY-002, level 0) also gets LOGÍSTICA: the orders module, outside PRY-001.
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'estandar@andina.pe'`);
  for (const [k, correo] of [['admin', ADMIN], ['logistica', 'logistica@andina.pe'], ['gerencia', 'gerencia@andina.pe'], ['viewer', VIEWER],
    ['otroProyecto', 'estandar@andina.pe']] as const) u[k] = await ctx.auth(correo);
  ids.cc = (await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = 'CC-PL-01'`)).id;
  const p = await one<{ id: number; razon: string; correo: string }>(sql`
    select pve_id as id, pve_razon_social as razon, pve_correo as correo from proveedor where pve_es_activo and pve_correo <> '' order by pve_id limit 1`);
  Object.assign(pve, { razon_social: p.razon, email: p.correo });
  ids.pve = p.id;
  ids.pveSinCorreo = (await one<{ id: number }>(sql`
    update proveedor set pve_correo = '' where pve_id = (select pve_id from proveedor where pve_es_activo and pve_id <> ${p.id} order by pve_id limit 1) returning pve_id as id`)).id;
  ids.unidad = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida order by unm_id limit 1`)).id;
  const usu = async (correo: string) => (await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id;
  ids.gerencia = await usu('gerencia@andina.pe');
  ids.contabilidad = await usu('contabilidad@andina.pe');
  ids.admin = await usu(ADMIN);
  ids.logistica = await usu('logistica@andina.pe');
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Auth, idOrden?: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/orden/${url}`, headers: { ...headers, ...(idOrden ? { idOrden: String(idOrden) } : {}) }, payload: payload as object });

/** Registers an order as logistics, with `lineas` lines, and returns id and code. */
async function newOrder(lineas = 2, over: Record<string, unknown> = {}) {
  const res = await post('register-orden', {
    tipo_orden: 1, es_importacion: 0,
    centro_costo: { id_centro_costo: ids.cc }, proveedor: { id_proveedor: ids.pve }, moneda: { id_moneda: 1 },
    condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
    fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín, Antigua Panamericana Sur km 36',
    contabilidad: { id_usuario: ids.contabilidad }, administrador: { id_usuario: ids.admin }, gerencia: { id_usuario: ids.gerencia },
    referencia: 'Reposición de cemento', observacion: 'Entregar con guía de remisión', descuento: 0, tipo_descuento: 1,
    orden_items: Array.from({ length: lineas }, (_, i) => ({
      descripcion: `Cemento Portland tipo I, bolsa de 42.5 kg, lote ${i + 1} — con certificado de calidad y entrega en planta`,
      unidad: { id_unidad: ids.unidad }, cantidad: 10 + i, precio_unitario: '1234.5',
    })),
    ...over,
  }, u.logistica);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id_orden: number; codigo: string };
}

/** The text a PDF built without compression shows: its TJ strings, decoded as WinAnsi. */
function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const lines = pdf.toString('latin1').match(/\[[^\]]*\]\s*TJ/g) ?? [];
  return lines.map((l) => (l.match(/<([0-9a-f]*)>/gi) ?? []).map((h) => decoder.decode(Buffer.from(h.slice(1, -1), 'hex'))).join('')).join('\n');
}
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
const profile = async (correo: string) => (await loadProfileById(ctx.deps.database.db, (await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id))!;

/** A valid 8×8 PNG of one colour (a signature image for the PDF). */
function png(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => rgb).flat()])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

describe('order PDF', () => {
  it('downloads the order as a PDF named by its code, by header or by ?idOrden=', async () => {
    const { id_orden: id, codigo } = await newOrder();
    for (const res of [
      await ctx.app.inject({ method: 'GET', url: '/api/orden/download', headers: { ...u.admin, idOrden: String(id) } }),
      await ctx.app.inject({ method: 'GET', url: `/api/orden/download?idOrden=${id}`, headers: u.viewer }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${codigo}.pdf"; filename*=UTF-8''${codigo}.pdf`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/orden/download', headers: u.admin });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: 'error', message: 'Debe indicar la orden' });
  });

  it('prints company, code, supplier, lines, totals and observation, accents included', async () => {
    const { id_orden: id, codigo } = await newOrder();
    const { filename, content } = await download(ctx.deps, await profile(ADMIN), id, { compress: false });
    expect(filename).toBe(`${codigo}.pdf`);
    const text = pdfText(content);
    for (const expected of ['Concretera Andina S.A.C.', 'ORDEN DE COMPRA', `N° ${codigo}`, pve.razon_social, pve.email, 'Planta Lurín, Antigua Panamericana Sur km 36',
      'Reposición de cemento', 'Entregar con guía de remisión', 'SubTotal', 'IGV (18%)', 'TOTAL', 'Página 1 de 1', 'Logística', 'Administración', 'Pendiente de aprobación']) {
      expect(text).toContain(expected);
    }
    // 10 × 1234.50 + 11 × 1234.50 = 25,924.50; IGV 4,666.41; total 30,590.91.
    expect(text).toContain('S/ 25,924.50');
    expect(text).toContain('S/ 30,590.91');
    expect(pageCount(content)).toBe(1);
  });

  it('flows a 50-line order onto several numbered pages, repeating the table header', async () => {
    const { id_orden: id } = await newOrder(50);
    const { content } = await download(ctx.deps, await profile(ADMIN), id, { compress: false });
    const pages = pageCount(content);
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = pdfText(content);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text.match(/Descripción/g)?.length).toBe(pages);
    expect(text).toContain('lote 50');
  });

  it('prints signatures only where the act is recorded, and who approved and when', async () => {
    const { id_orden: id } = await newOrder();
    const put = async (usuId: number, color: [number, number, number]) => {
      const key = await ctx.deps.storage.put('firmas', 'png', png(color));
      await rows(sql`update usuario set usu_firma = ${key} where usu_id = ${usuId}`);
    };
    await put(ids.logistica, [10, 20, 200]);
    await put(ids.gerencia, [200, 20, 10]);
    const before = (await download(ctx.deps, await profile(ADMIN), id, { compress: false })).content;
    expect(imageCount(before)).toBe(1);
    expect((await post('approve', { id_orden_estado: 2 }, u.gerencia, id)).statusCode).toBe(200);
    const after = (await download(ctx.deps, await profile(ADMIN), id, { compress: false })).content;
    expect(imageCount(after)).toBe(2);
    expect(pdfText(after)).toMatch(/Aprobó el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  });

  it('answers 404 for an order of another project or that does not exist', async () => {
    const { id_orden: id } = await newOrder();
    const other = await ctx.app.inject({ method: 'GET', url: '/api/orden/download', headers: { ...u.otroProyecto, idOrden: String(id) } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: 'error', message: 'No se encontró la orden' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orden/download?idOrden=999999', headers: u.admin })).statusCode).toBe(404);
  });
});

const outbox = () => rows<{ cos_para: string; cos_asunto: string; cos_texto: string; cos_adjuntos: { nombre: string; clave: string; tipo: string }[] }>(
  // The supplier's mail; the approvers' notices of the same orders (issue 25) are not counted here.
  sql`select cos_para, cos_asunto, cos_texto, cos_adjuntos from correo_salida c
    where not exists (select 1 from notificacion n where n.cos_id = c.cos_id) order by cos_id`);

/** An order issued through both approvals (Notificar is offered from emitido on). */
async function emitida(lineas = 2, over: Record<string, unknown> = {}) {
  const o = await newOrder(lineas, over);
  for (const hasta of [2, 3]) expect((await post('approve', { id_orden_estado: hasta }, u.admin, o.id_orden)).statusCode).toBe(200);
  return o;
}

describe('notify', () => {
  it('mails the supplier the order with its PDF attached; without SMTP the reply says it waits in the outbox', async () => {
    const { id_orden: id, codigo } = await emitida();
    const before = (await outbox()).length;
    const res = await post('notify', undefined, u.logistica, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success', message: 'Correo en cola: se enviará cuando se configure el servidor de correo', data: { id_orden: id, para: pve.email },
    });
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.cos_para).toBe(pve.email);
    expect(mail.cos_asunto).toBe(`Orden de Compra ${codigo} — Concretera Andina S.A.C.`);
    expect(mail.cos_texto).toContain(`Estimados señores de ${pve.razon_social}`);
    expect(mail.cos_texto).toContain('S/ 30,590.91');
    expect(mail.cos_adjuntos).toEqual([{ nombre: `${codigo}.pdf`, tipo: 'application/pdf', clave: expect.any(String) }]);
    const pdf = await ctx.deps.storage.get(mail.cos_adjuntos[0].clave);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses without a supplier e-mail, for a cancelled order, to VISUALIZADOR and outside the project', async () => {
    const before = (await outbox()).length;
    const sinCorreo = await emitida(1, { proveedor: { id_proveedor: ids.pveSinCorreo } });
    const noMail = await post('notify', undefined, u.logistica, sinCorreo.id_orden);
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().message).toMatch(/^El proveedor no tiene un correo electrónico registrado/);

    const { id_orden: id } = await newOrder(1);
    // Not yet issued: creado, then aprobación gerencia (issue 9: Notificar from emitido on).
    for (const hasta of [null, 2]) {
      if (hasta) expect((await post('approve', { id_orden_estado: hasta }, u.admin, id)).statusCode).toBe(200);
      const temprano = await post('notify', undefined, u.logistica, id);
      expect(temprano.statusCode).toBe(409);
      expect(temprano.json().message).toBe('Solo se puede notificar al proveedor una orden emitida: esta aún espera aprobación');
    }
    expect((await post('notify', undefined, u.viewer, id)).statusCode).toBe(403);
    expect((await post('notify', undefined, u.otroProyecto, id)).statusCode).toBe(404);
    expect((await post('notify', undefined, u.logistica)).statusCode).toBe(400);
    expect((await post('delete-orden', { id_orden: id }, u.logistica)).statusCode).toBe(200);
    const anulada = await post('notify', undefined, u.logistica, id);
    expect(anulada.statusCode).toBe(409);
    expect(anulada.json().message).toBe('No se puede notificar una orden anulada');
    expect((await outbox()).length).toBe(before);
  });
});

function multipart(fields: Record<string, string>, file?: { filename: string; content: Buffer; type: string }) {
  const boundary = '----obra-orden-archivo';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`, 'utf8'));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (idOrden: number | string, file: { filename: string; content: Buffer; type?: string } | undefined, who: Auth) => {
  const body = multipart({ id_orden: String(idOrden) }, file && { type: 'application/octet-stream', ...file });
  return ctx.app.inject({ method: 'POST', url: '/api/orden/file/save', headers: { ...who, ...body.headers }, payload: body.payload });
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const archivoCount = async (id: number) => Number((await one<{ n: number }>(sql`select count(*)::int as n from orden_archivo where ord_id = ${id}`)).n);

describe('attachments', () => {
  it('uploads, lists and downloads back the same bytes under the original name', async () => {
    const { id_orden: id } = await newOrder(1);
    const res = await upload(id, { filename: 'Cotización año 2026.pdf', content: PDF }, u.logistica);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(res.json().message).toBe('Se adjuntó el archivo');
    expect(row).toMatchObject({ id_orden: id, file_name: 'Cotización año 2026.pdf', size: PDF.length, tipo: 'application/pdf', usuario: 'Jorge Huamán Torres' });
    expect(row.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const list = await post('file/list', { id_orden: id }, u.viewer);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([row]);

    // The body is the listed row; only its id is read, a path sent along is ignored.
    const got = await post('file/retrieve', { ...row, clave: '../../jwt-secret', oar_clave: '../../jwt-secret' }, u.viewer);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="Cotizacion ano 2026.pdf"; filename*=UTF-8''Cotizaci%C3%B3n%20a%C3%B1o%202026.pdf`);
    expect(Buffer.compare(got.rawPayload, PDF)).toBe(0);
  });

  it('checks the type on the content and the size, in Spanish, storing nothing', async () => {
    const { id_orden: id } = await newOrder(1);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);
    for (const content of [exe, Buffer.from('solo texto, no es un PDF\n')]) {
      const res = await upload(id, { filename: 'factura.pdf', content, type: 'application/pdf' }, u.logistica);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: 'El archivo debe ser PDF, JPG, PNG, Excel (.xlsx) o Word (.docx)' });
    }
    const big = Buffer.concat([PDF, Buffer.alloc(10_000_001 - PDF.length, 0x20)]);
    const tooBig = await upload(id, { filename: 'grande.pdf', content: big }, u.logistica);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('El archivo no debe superar 10 MB');
    const missing = await upload(id, undefined, u.logistica);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Debe seleccionar un archivo');
    expect((await upload('x', { filename: 'a.pdf', content: PDF }, u.logistica)).json().message).toBe('Debe indicar la orden');
    expect(await archivoCount(id)).toBe(0);
  });

  it('keeps the real type in the name: a PNG sent as .pdf is stored as .png', async () => {
    const { id_orden: id } = await newOrder(1);
    const res = await upload(id, { filename: 'foto.pdf', content: png([1, 2, 3]) }, u.logistica);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ file_name: 'foto.pdf.png', tipo: 'image/png' });
    expect(storedFileName('C:\\fakepath\\Guía.JPEG', 'jpg')).toBe('Guía.JPEG');
    expect(storedFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(storedFileName('', 'docx')).toBe('archivo.docx');
    expect(storedFileName(`${'a'.repeat(300)}.pdf`, 'pdf')).toHaveLength(255);
  });

  it('answers 404 outside the project, 403 to VISUALIZADOR uploading, 409 on a cancelled order', async () => {
    const { id_orden: id } = await newOrder(1);
    const up = await upload(id, { filename: 'a.pdf', content: PDF }, u.logistica);
    const row = up.json().data;
    expect((await upload(id, { filename: 'a.pdf', content: PDF }, u.otroProyecto)).statusCode).toBe(404);
    expect((await post('file/list', { id_orden: id }, u.otroProyecto)).statusCode).toBe(404);
    expect((await post('file/retrieve', row, u.otroProyecto)).statusCode).toBe(404);
    expect((await post('file/retrieve', { id_orden_archivo: 999999 }, u.admin)).statusCode).toBe(404);
    expect((await post('file/list', { id_orden: 999999 }, u.admin)).statusCode).toBe(404);

    const viewer = await upload(id, { filename: 'a.pdf', content: PDF }, u.viewer);
    expect(viewer.statusCode).toBe(403);
    expect((await post('file/list', { id_orden: id }, u.viewer)).json().data).toHaveLength(1);

    expect((await post('delete-orden', { id_orden: id }, u.logistica)).statusCode).toBe(200);
    const anulada = await upload(id, { filename: 'a.pdf', content: PDF }, u.logistica);
    expect(anulada.statusCode).toBe(409);
    expect(anulada.json().message).toBe('No se pueden adjuntar archivos a una orden anulada');
    expect(await archivoCount(id)).toBe(1);
    // Files of a cancelled order can still be read.
    expect((await post('file/retrieve', row, u.admin)).statusCode).toBe(200);
  });
});

describe('attachment header', () => {
  it('escapes quotes and non-ASCII in the fallback and encodes the exact name', () => {
    expect(attachment('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    expect(attachment("Niño's (1).pdf")).toBe(`attachment; filename="Nino's (1).pdf"; filename*=UTF-8''Ni%C3%B1o%27s%20%281%29.pdf`);
  });
});
