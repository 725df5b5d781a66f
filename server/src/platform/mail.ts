import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { insertOutbox } from './mail-queries.ts';
import type { Storage } from './storage.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(db: Executor, message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox table (DECISIONS §8), with attachments
 * kept in storage, so nothing is lost and administrators and tests can read it.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; storage: Storage }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(_db, m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
      },
    };
  }
  return {
    async send(db, m) {
      const adjuntos = [];
      for (const a of m.attachments ?? []) {
        const ext = a.filename.split('.').pop() ?? 'bin';
        adjuntos.push({ nombre: a.filename, tipo: a.contentType, clave: await opts.storage.put('correo', ext, a.content) });
      }
      await insertOutbox(db, { cos_para: m.to, cos_asunto: m.subject, cos_texto: m.text, cos_html: m.html ?? null, cos_adjuntos: adjuntos });
    },
  };
}
