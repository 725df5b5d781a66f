import { z } from 'zod';
import { pageFields } from './envelope.ts';

/**
 * Outgoing mail (DECISIONS §8, docs/business-rules.md "Mail"): every message is queued in the
 * outbox; `pendiente` waits for the sender (within seconds) or for an SMTP server (none configured),
 * `enviado` left through SMTP, `error` was refused by the SMTP server (the text says why).
 * Administrators see them and send again what failed.
 */
export const CORREO_ESTADOS = ['pendiente', 'enviado', 'error'] as const;
export type CorreoEstado = (typeof CORREO_ESTADOS)[number];

/** How a state reads on the screen. */
export const CORREO_ESTADO_NOMBRE: Record<CorreoEstado, string> = { pendiente: 'En cola', enviado: 'Enviado', error: 'Error' };

export const CORREO_MSG = {
  enCola: 'Correo en cola: se enviará cuando se configure el servidor de correo',
  /** A message queued with an SMTP server configured: the sender takes it within seconds. */
  enColaEnvio: 'Correo en cola de envío: saldrá en unos segundos',
  reenviado: 'El correo volvió a la cola de envío: saldrá en unos segundos',
  sinSmtp: 'No hay un servidor de correo configurado (SMTP_URL); el correo sigue en cola y se podrá reenviar cuando se configure',
  yaEnviado: 'El correo ya fue enviado',
  noEncontrado: 'No se encontró el correo',
  adjuntoNoDisponible: 'Un adjunto del correo ya no está en el almacenamiento; no se puede reenviar',
} as const;

/** `/usuario/correos` body: the page, a state and a text found in the recipient or the subject. */
export const CorreoList = z.object({
  ...pageFields,
  estado: z.enum(CORREO_ESTADOS, { error: 'Seleccione un estado: en cola, enviado o error' }).nullish(),
  search: z.string().trim().max(200, 'El texto de búsqueda no debe superar 200 caracteres').optional(),
});
export type CorreoList = z.input<typeof CorreoList>;

/** `/usuario/correos/reenviar` body. */
export const CorreoReenviar = z.object({ cos_id: z.number({ error: 'Debe indicar el correo' }).int().positive().max(2_147_483_647) });
export type CorreoReenviar = z.input<typeof CorreoReenviar>;

/** A row of the outbox list (attachments by name; their bytes stay in storage). */
export interface CorreoRow {
  cos_id: number;
  cos_fecha: string;
  cos_para: string;
  cos_asunto: string;
  cos_estado: CorreoEstado;
  cos_error: string | null;
  /** The message's text, read by an administrator who forwards it while there is no SMTP server. */
  cos_texto: string;
  adjuntos: string[];
}

/** What became of a message handed to the mailer. */
export interface CorreoResultado {
  cos_id: number;
  estado: CorreoEstado;
  error: string | null;
}
