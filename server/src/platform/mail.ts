import { CORREO_MSG, type CorreoEstado, type CorreoResultado } from '@obra/domain';
import type { Transporter } from 'nodemailer';
import type { Db, Executor } from '../db/client.ts';
import type { correoSalida } from '../db/schema/index.ts';
import { conflict, notFound } from './errors.ts';
import { claimWaitingOutbox, insertOutbox, lockOutbox, outboxAdjuntos, setOutboxEstado } from './mail-queries.ts';
import type { Storage } from './storage.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Whether an SMTP server is configured: without one, mail waits in the outbox. */
  readonly smtp: boolean;
  /**
   * Sends through SMTP when configured and records the message in the outbox either way; never throws for an SMTP refusal.
   * Attachments are put in storage first: with attachments pass the database, not a transaction (no storage call inside one).
   */
  send(db: Executor, message: MailMessage): Promise<CorreoResultado>;
  /** Sends an outbox message that waits or failed (an administrator's Reenviar); 409 without SMTP or once sent. */
  resend(db: Db, cosId: number): Promise<CorreoResultado>;
  /**
   * The automatic delivery of a message queued as 'pendiente' (notifications, the daily summary): sent once, by
   * whichever instance locks it first; null when another holds it or it no longer waits (or without SMTP).
   */
  deliverQueued(db: Db, cosId: number): Promise<CorreoResultado | null>;
}

type OutboxRow = typeof correoSalida.$inferSelect;

/** The SMTP server's refusal as a short text for the outbox and the screen. */
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Every message goes to the outbox table (DECISIONS §8) with its attachments in storage, so that
 * administrators see what was mailed, what waits (no SMTP_URL) and what the SMTP server refused,
 * and can send the last two again. With SMTP_URL the message is sent first and recorded as
 * `enviado` or `error`; without, it is recorded as `pendiente`.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; storage: Storage }): Mailer {
  const smtpUrl = opts.smtpUrl;
  // nodemailer loads with the first message (server/build.mjs keeps it out of the bundle), not at every start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = (url: string) => (transport ??= import('nodemailer').then((m) => m.default.createTransport(url)));

  /** Sends through SMTP: the outcome as the outbox records it. */
  async function deliver(m: MailMessage): Promise<{ estado: CorreoEstado; error: string | null }> {
    if (!smtpUrl) return { estado: 'pendiente', error: null };
    try {
      await (await transportOf(smtpUrl)).sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
      return { estado: 'enviado', error: null };
    } catch (err) {
      return { estado: 'error', error: errorText(err) };
    }
  }

  /** The row's attachments read from storage, before any transaction: no storage call waits inside one. */
  async function contenidos(db: Db, cosId: number): Promise<Map<string, Buffer | null>> {
    const contents = new Map<string, Buffer | null>();
    if (smtpUrl) for (const a of await outboxAdjuntos(db, cosId)) contents.set(a.clave, await opts.storage.get(a.clave));
    return contents;
  }

  /**
   * Sends a locked outbox row with its attachments (read before, `contenidos`) and records the outcome. The row
   * stays locked while the SMTP server answers, so nobody sends it at the same time; a process that dies meanwhile
   * leaves it waiting, sent again later.
   */
  async function sendRow(tx: Executor, row: OutboxRow, contents: Map<string, Buffer | null>): Promise<CorreoResultado> {
    const attachments = [];
    for (const a of row.cos_adjuntos) {
      const content = contents.get(a.clave);
      if (!content) throw conflict(CORREO_MSG.adjuntoNoDisponible);
      attachments.push({ filename: a.nombre, content, contentType: a.tipo });
    }
    const { estado, error } = await deliver({ to: row.cos_para, subject: row.cos_asunto, text: row.cos_texto, html: row.cos_html ?? undefined, attachments });
    await setOutboxEstado(tx, row.cos_id, estado, error);
    return { cos_id: row.cos_id, estado, error };
  }

  return {
    smtp: Boolean(smtpUrl),
    async send(db, m) {
      const adjuntos = [];
      for (const a of m.attachments ?? []) {
        const ext = a.filename.split('.').pop() ?? 'bin';
        adjuntos.push({ nombre: a.filename, tipo: a.contentType, clave: await opts.storage.put('correo', ext, a.content) });
      }
      const { estado, error } = await deliver(m);
      const cos_id = await insertOutbox(db, {
        cos_para: m.to, cos_asunto: m.subject, cos_texto: m.text, cos_html: m.html ?? null, cos_adjuntos: adjuntos, cos_estado: estado, cos_error: error,
      });
      return { cos_id, estado, error };
    },
    async resend(db, cosId) {
      const contents = await contenidos(db, cosId);
      return db.transaction(async (tx) => {
        const row = await lockOutbox(tx, cosId);
        if (!row) throw notFound(CORREO_MSG.noEncontrado);
        if (row.cos_estado === 'enviado') throw conflict(CORREO_MSG.yaEnviado);
        if (!smtpUrl) throw conflict(CORREO_MSG.sinSmtp);
        return sendRow(tx, row, contents);
      });
    },
    async deliverQueued(db, cosId) {
      if (!smtpUrl) return null;
      const contents = await contenidos(db, cosId);
      return db.transaction(async (tx) => {
        const row = await claimWaitingOutbox(tx, cosId);
        return row ? sendRow(tx, row, contents) : null;
      });
    },
  };
}
