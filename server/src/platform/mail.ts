import { CORREO_MSG, type CorreoEstado, type CorreoResultado } from '@obra/domain';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { outsideTransaction, type Db, type Executor } from '../db/client.ts';
import { conflict, notFound } from './errors.ts';
import { crearRonda } from './ronda.ts';
import { claimOutbox, insertOutbox, releaseOutbox, requeueOutbox, type OutboxMessage } from './mail-queries.ts';
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
   * Queues the message in the outbox ('pendiente'); never talks SMTP, so it may run inside the caller's transaction.
   * Attachments are put in storage first: with attachments pass the database, not a transaction (no storage call
   * inside one). Outside a transaction the sender is woken at once; a caller that queued inside one wakes it after
   * its commit (`despertar`), or the next round (a few seconds) finds the message.
   */
  send(db: Executor, message: MailMessage): Promise<CorreoResultado>;
  /** An administrator's Reenviar: a message that failed or waits goes back to the queue; 404, 409 once sent or without SMTP. */
  resend(db: Db, cosId: number): Promise<CorreoResultado>;
  /**
   * Sends what waits in the outbox (only with SMTP), each message by the one instance that claims its lease; what
   * it sent. The sender calls it every few seconds and when woken; tests call it to deliver.
   */
  entregar(): Promise<number>;
  /** Runs a delivery soon (after a commit that queued mail); nothing before `start`. */
  despertar(): void;
  /** Delivers every few seconds from now on, on every instance (no leader). */
  start(log: Log): void;
  /** Stops delivering; the message being sent is sent and recorded first. */
  stop(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** How often the outbox is looked at for what waits (a message queued in a transaction leaves within this). */
const INTERVALO_MS = 5_000;
/**
 * How long an instance holds the one message it sends. The SMTP client gives up well before (its timeouts below), so
 * a message is never sent by two instances; one whose instance died mid-send is taken over when the lease lapses.
 * Messages are claimed one at a time, so a slow SMTP server never outlasts the lease of a message still waiting its turn.
 */
const LEASE_MS = 5 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** The SMTP server's refusal as a short text for the outbox and the screen. */
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Every message goes to the outbox table (DECISIONS §8) with its attachments in storage, so administrators see what
 * was mailed, what waits and what the SMTP server refused, and can send the last two again. Nobody waits for SMTP:
 * a request or transition queues its mail ('pendiente'), and the sender of whichever instance claims a message
 * (a lease in a one-statement UPDATE ... SKIP LOCKED, no lock held while SMTP answers) sends it and records
 * `enviado` or `error`. Without SMTP_URL nothing is sent and the messages wait.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; storage: Storage; db: Db; intervaloMs?: number; leaseMs?: number }): Mailer {
  const { smtpUrl, db } = opts;
  // nodemailer loads with the first message (server/build.mjs keeps it out of the bundle), not at every start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = (url: string) => (transport ??= import('nodemailer').then((m) => m.default.createTransport({ url, ...SMTP_TIMEOUTS })));
  let log: Log = { warn: () => undefined, error: () => undefined };
  let timer: NodeJS.Timeout | undefined;
  let activo = false;
  let deteniendo = false;

  /** Sends one claimed message with its attachments from storage: the outcome as the outbox records it. */
  async function enviar(row: OutboxMessage): Promise<{ estado: CorreoEstado; error: string | null }> {
    const attachments = [];
    for (const a of row.cos_adjuntos) {
      const content = await opts.storage.get(a.clave).catch(() => null);
      if (!content) return { estado: 'error', error: CORREO_MSG.adjuntoNoDisponible };
      attachments.push({ filename: a.nombre, content, contentType: a.tipo });
    }
    try {
      await (await transportOf(smtpUrl!)).sendMail({
        from: opts.from, to: row.cos_para, subject: row.cos_asunto, text: row.cos_texto, html: row.cos_html ?? undefined, attachments,
      });
      return { estado: 'enviado', error: null };
    } catch (err) {
      return { estado: 'error', error: errorText(err) };
    }
  }

  async function entregar(): Promise<number> {
    if (!smtpUrl) return 0;
    let enviados = 0;
    while (!deteniendo) {
      const [row] = await claimOutbox(db, 1, opts.leaseMs ?? LEASE_MS);
      if (!row) break;
      const { estado, error } = await enviar(row);
      await releaseOutbox(db, row.cos_id, estado, error);
      if (estado === 'enviado') enviados++;
      else log.warn({ cos_id: row.cos_id, error }, 'correo: el servidor de correo no aceptó el mensaje');
    }
    return enviados;
  }

  // One delivery at a time per process; a wake-up during one runs another right after.
  const { ronda, enCurso } = crearRonda(entregar, {
    seguir: () => !deteniendo,
    fallo: (err) => log.error({ err }, 'correo: el envío de la bandeja de salida falló'),
  });

  const despertar = () => {
    if (activo && smtpUrl) setImmediate(() => void ronda());
  };

  return {
    smtp: Boolean(smtpUrl),
    async send(target, m) {
      const adjuntos = [];
      for (const a of m.attachments ?? []) {
        const ext = a.filename.split('.').pop() ?? 'bin';
        adjuntos.push({ nombre: a.filename, tipo: a.contentType, clave: await opts.storage.put('correo', ext, a.content) });
      }
      const cos_id = await insertOutbox(target, {
        cos_para: m.to, cos_asunto: m.subject, cos_texto: m.text, cos_html: m.html ?? null, cos_adjuntos: adjuntos, cos_estado: 'pendiente',
      });
      if (outsideTransaction(target)) despertar();
      return { cos_id, estado: 'pendiente', error: null };
    },
    async resend(target, cosId) {
      const row = await requeueOutbox(target, cosId, Boolean(smtpUrl));
      if (!row) throw notFound(CORREO_MSG.noEncontrado);
      if (row.cos_estado === 'enviado') throw conflict(CORREO_MSG.yaEnviado);
      if (!smtpUrl) throw conflict(CORREO_MSG.sinSmtp);
      despertar();
      return { cos_id: cosId, estado: 'pendiente', error: null };
    },
    entregar: ronda,
    despertar,
    start(l) {
      log = l;
      activo = true;
      deteniendo = false;
      if (smtpUrl) timer ??= setInterval(() => void ronda(), opts.intervaloMs ?? INTERVALO_MS).unref();
      despertar();
    },
    async stop() {
      activo = false;
      deteniendo = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await enCurso();
    },
  };
}
