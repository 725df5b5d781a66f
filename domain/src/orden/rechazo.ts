import { z } from 'zod';
import { MSG } from '../common/messages.ts';

/**
 * Rejection of an order by its approver (issue 9, docs/business-rules.md "Orders"): at the level
 * the order waits at (gerencia in creado, contabilidad in aprobación gerencia), with a required
 * comment; the order goes back to creado, editable, and its logistics user gets a mail.
 */

export const NIVEL_RECHAZO: Record<'rechazar_gerencia' | 'rechazar_contabilidad', string> = {
  rechazar_gerencia: 'Gerencia',
  rechazar_contabilidad: 'Contabilidad',
};

/** The reply's text: the rejection, and the mail to logistics queued (sent within seconds when there is an SMTP server). */
export const RECHAZO_MSG = {
  conSmtp: 'Se rechazó la orden. El aviso a Logística está en cola de envío: saldrá en unos segundos',
  sinSmtp: 'Se rechazó la orden. Correo a Logística en cola: se enviará cuando se configure el servidor de correo',
} as const;

/** The history line of a rejection: the level and the approver's comment. */
export const comentarioRechazo = (nivel: string, comentario: string) => `Rechazo (${nivel}): ${comentario}`;

/** `/orden/rechazar` body. `id_orden_estado` is the state the approver saw: if the order moved since, 409. */
export const OrdenRechazar = z.object({
  orden: z.object({
    id_orden: z.number({ error: MSG.required }).int(MSG.required).positive(MSG.required).max(2_147_483_647, MSG.required),
    comentario: z.string({ error: 'Indique el motivo del rechazo' }).trim().min(1, 'Indique el motivo del rechazo')
      .max(500, 'El comentario no debe superar 500 caracteres'),
    id_orden_estado: z.number().int().min(0).max(100).optional(),
  }, { error: MSG.required }),
});
export type OrdenRechazar = z.input<typeof OrdenRechazar>;

/** The mail to the order's logistics user (subject and text). */
export function correoRechazo(d: { codigo: string; nivel: string; aprobador: string; comentario: string; empresa: string }) {
  return {
    subject: `Orden ${d.codigo} rechazada (${d.nivel})`,
    text: [
      `La orden ${d.codigo} fue rechazada en la aprobación de ${d.nivel} por ${d.aprobador}.`,
      '',
      `Comentario: ${d.comentario}`,
      '',
      'La orden volvió al estado Creado: puede modificarla y, al guardarla, queda de nuevo pendiente de aprobación.',
      '',
      d.empresa,
    ].join('\n'),
  };
}
