import type { CorreoResultado, CorreoRow } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness.ts';
import { createMailer } from '../../platform/mail.ts';
import { startFakeSmtp } from '../../test/smtp.ts';

/** The outbox screen's calls (DECISIONS §8, issue 9): list with filters, and Reenviar, with and without SMTP. */

type Auth = { authorization: string };
const pdf = (filename: string) => ({ filename, content: Buffer.from('%PDF-1.4 prueba'), contentType: 'application/pdf' });
const post = (ctx: TestContext, url: string, payload: unknown, headers: Auth) =>
  ctx.app.inject({ method: 'POST', url: `/api/usuario/${url}`, headers, payload: payload as object });
const estado = async (ctx: TestContext, id: number) =>
  (await selectRows<{ cos_estado: string; cos_error: string | null }>(ctx.deps.database.db, sql`select cos_estado, cos_error from correo_salida where cos_id = ${id}`))[0];

describe('without SMTP: mail waits in the outbox', () => {
  let ctx: TestContext;
  let admin: Auth;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.auth(ADMIN);
  });
  afterAll(() => ctx.close());

  it('lists the outbox newest first with recipient, subject, state, date and attachment names, filtered by state and text, paged', async () => {
    const db = ctx.deps.database.db;
    const enviados: CorreoResultado[] = [];
    for (let i = 1; i <= 3; i++) {
      enviados.push(await ctx.deps.mailer.send(db, { to: `ventas${i}@aceromatsur.pe`, subject: `Orden 00000${i}-CC01-OC-2026`, text: 'Adjuntamos la orden.', attachments: [pdf(`orden-${i}.pdf`)] }));
    }
    await ctx.deps.mailer.send(db, { to: 'logistica@andina.pe', subject: 'Orden 000009-CC01-OC-2026 rechazada (Gerencia)', text: 'Motivo: precio' });
    expect(enviados.map((e) => e.estado)).toEqual(['pendiente', 'pendiente', 'pendiente']);
    await db.execute(sql`update correo_salida set cos_estado = 'error', cos_error = '550 buzón inexistente' where cos_id = ${enviados[0].cos_id}`);

    const all = (await post(ctx, 'correos', { start: 0, length: 10 }, admin)).json().data;
    expect(all.total).toBe(4);
    expect(all.data[0]).toMatchObject({ cos_para: 'logistica@andina.pe', cos_estado: 'pendiente', adjuntos: [] });
    const first = all.data.find((r: CorreoRow) => r.cos_id === enviados[2].cos_id) as CorreoRow;
    expect(first).toMatchObject({ cos_para: 'ventas3@aceromatsur.pe', cos_asunto: 'Orden 000003-CC01-OC-2026', adjuntos: ['orden-3.pdf'], cos_error: null });
    expect(first.cos_fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const errores = (await post(ctx, 'correos', { estado: 'error' }, admin)).json().data;
    expect(errores.data.map((r: CorreoRow) => [r.cos_para, r.cos_error])).toEqual([['ventas1@aceromatsur.pe', '550 buzón inexistente']]);
    const texto = (await post(ctx, 'correos', { search: 'RECHAZADA' }, admin)).json().data;
    expect(texto.data.map((r: CorreoRow) => r.cos_para)).toEqual(['logistica@andina.pe']);
    const porPara = (await post(ctx, 'correos', { search: 'ventas2', estado: 'pendiente' }, admin)).json().data;
    expect(porPara.total).toBe(1);
    const page2 = (await post(ctx, 'correos', { start: 2, length: 2 }, admin)).json().data;
    expect(page2.data.map((r: CorreoRow) => r.cos_id)).toEqual([enviados[1].cos_id, enviados[0].cos_id]);
    expect(page2.total).toBe(4);
  });

  it('refuses a bad state filter (400), callers without the user module (403), and Reenviar without SMTP says why (409)', async () => {
    const bad = await post(ctx, 'correos', { estado: 'perdido' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Seleccione un estado: en cola, enviado o error');
    expect((await post(ctx, 'correos', {}, await ctx.auth('logistica@andina.pe'))).statusCode).toBe(403);
    const m = await ctx.deps.mailer.send(ctx.deps.database.db, { to: 'a@b.pe', subject: 'x', text: 'y' });
    const res = await post(ctx, 'correos/reenviar', { cos_id: m.cos_id }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No hay un servidor de correo configurado (SMTP_URL); el correo sigue en cola y se podrá reenviar cuando se configure');
    expect((await estado(ctx, m.cos_id)).cos_estado).toBe('pendiente');
    expect((await post(ctx, 'correos/reenviar', { cos_id: 999999 }, admin)).statusCode).toBe(404);
    expect((await post(ctx, 'correos/reenviar', { cos_id: m.cos_id }, await ctx.auth('visualizador@andina.pe'))).statusCode).toBe(403);
  });
});

describe('with SMTP: mail is queued, its sender sends it, refusals are kept and can be sent again', () => {
  let ctx: TestContext;
  let admin: Auth;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'compras@andina.pe' });
    admin = await ctx.auth(ADMIN);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('queues without talking SMTP, then sends and records enviado; a refusal is recorded as error with the server text', async () => {
    const db = ctx.deps.database.db;
    const ok = await ctx.deps.mailer.send(db, { to: 'ventas@aceromatsur.pe', subject: 'Orden 000001', text: 'Adjuntamos la orden.', attachments: [pdf('orden.pdf')] });
    expect(ok).toMatchObject({ estado: 'pendiente', error: null });
    expect(smtp.messages).toHaveLength(0);
    expect(await ctx.deps.mailer.entregar()).toBe(1);
    expect(smtp.messages.at(-1)?.to).toEqual(['ventas@aceromatsur.pe']);
    expect(smtp.messages.at(-1)?.data).toContain('orden.pdf');
    expect(await estado(ctx, ok.cos_id)).toEqual({ cos_estado: 'enviado', cos_error: null });

    smtp.refuse.on = true;
    const refused = await ctx.deps.mailer.send(db, { to: 'ventas@aceromatsur.pe', subject: 'Orden 000002', text: 'Adjuntamos la orden.', attachments: [pdf('orden-2.pdf')] });
    expect(await ctx.deps.mailer.entregar()).toBe(0);
    expect(await estado(ctx, refused.cos_id)).toMatchObject({ cos_estado: 'error', cos_error: expect.stringContaining('Mensaje rechazado por la política del servidor') });

    // Reenviar puts it back in the queue (the request does not wait for SMTP); refused again, it keeps the new error.
    const again = await post(ctx, 'correos/reenviar', { cos_id: refused.cos_id }, admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ message: 'El correo volvió a la cola de envío: saldrá en unos segundos', data: { estado: 'pendiente' } });
    expect((await estado(ctx, refused.cos_id)).cos_estado).toBe('pendiente');
    await ctx.deps.mailer.entregar();
    expect((await estado(ctx, refused.cos_id)).cos_estado).toBe('error');

    smtp.refuse.on = false;
    const sent = smtp.messages.length;
    expect((await post(ctx, 'correos/reenviar', { cos_id: refused.cos_id }, admin)).statusCode).toBe(200);
    expect(await ctx.deps.mailer.entregar()).toBe(1);
    expect(smtp.messages.length).toBe(sent + 1);
    expect(smtp.messages.at(-1)?.data).toContain('orden-2.pdf');
    expect(await estado(ctx, refused.cos_id)).toEqual({ cos_estado: 'enviado', cos_error: null });

    const twice = await post(ctx, 'correos/reenviar', { cos_id: refused.cos_id }, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('El correo ya fue enviado');
  });

  it('records a message whose attachment is no longer in storage as error with the reason, and sends nothing', async () => {
    const db = ctx.deps.database.db;
    const m = await ctx.deps.mailer.send(db, { to: 'ventas@aceromatsur.pe', subject: 'Orden 000003', text: 'Adjuntamos la orden.', attachments: [pdf('orden-3.pdf')] });
    const [{ clave }] = await selectRows<{ clave: string }>(db, sql`select cos_adjuntos->0->>'clave' as clave from correo_salida where cos_id = ${m.cos_id}`);
    await ctx.deps.storage.remove(clave);
    const sent = smtp.messages.length;
    expect(await ctx.deps.mailer.entregar()).toBe(0);
    expect(smtp.messages.length).toBe(sent);
    expect(await estado(ctx, m.cos_id)).toEqual({ cos_estado: 'error', cos_error: 'Un adjunto del correo ya no está en el almacenamiento; no se puede reenviar' });
  });

  it('holds no lock while SMTP answers, skips a message another instance holds, and takes over one whose lease lapsed', async () => {
    const db = ctx.deps.database.db;
    const m = await ctx.deps.mailer.send(db, { to: 'lento@aceromatsur.pe', subject: 'Orden 000004', text: 'Servidor lento' });
    smtp.pausa.ms = 1500;
    try {
      const enviando = ctx.deps.mailer.entregar();
      await expect.poll(async () => (await selectRows<{ lease: boolean }>(db, sql`select cos_reclamado_hasta > now() as lease from correo_salida where cos_id = ${m.cos_id}`))[0].lease).toBe(true);
      // While the SMTP server takes its time the row is not locked: another statement writes it at once.
      const t0 = Date.now();
      await db.transaction(async (tx) => { await tx.execute(sql`update correo_salida set cos_asunto = cos_asunto where cos_id = ${m.cos_id}`); });
      expect(Date.now() - t0).toBeLessThan(1000);
      // A second sender (another instance) finds it leased and leaves it alone.
      const otro = createMailer({ smtpUrl: smtp.url, from: 'otro@andina.pe', storage: ctx.deps.storage, db });
      expect(await otro.entregar()).toBe(0);
      expect(await enviando).toBe(1);
    } finally {
      smtp.pausa.ms = 0;
    }
    expect(smtp.messages.filter((x) => x.to.includes('lento@aceromatsur.pe'))).toHaveLength(1);

    // An instance that died mid-send left its lease: once it lapses, another instance sends the message.
    const huerfano = await ctx.deps.mailer.send(db, { to: 'huerfano@aceromatsur.pe', subject: 'Orden 000005', text: 'Instancia caída' });
    await db.execute(sql`update correo_salida set cos_reclamado_hasta = now() + interval '5 minutes' where cos_id = ${huerfano.cos_id}`);
    expect(await ctx.deps.mailer.entregar()).toBe(0);
    await db.execute(sql`update correo_salida set cos_reclamado_hasta = now() - interval '1 second' where cos_id = ${huerfano.cos_id}`);
    expect(await ctx.deps.mailer.entregar()).toBe(1);
    expect(await estado(ctx, huerfano.cos_id)).toEqual({ cos_estado: 'enviado', cos_error: null });
  });
});
