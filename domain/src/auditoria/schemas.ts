import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { Id } from '../common/ids.ts';

/** The audit screen (issue 26): who did what and when, from where, on which document. */
export const AUDITORIA_MSG = {
  rangoFechas: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  fecha: 'La fecha no es válida (dd/mm/aaaa)',
} as const;

/** 'dd-mm-yyyy', 'dd/mm/yyyy' or ISO to 'yyyy-mm-dd'; empty to null. */
const fecha = z.string().trim().nullish().transform((v, ctx) => {
  if (!v) return null;
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(v);
  const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
  if (!iso || Number.isNaN(Date.parse(`${iso}T00:00:00Z`))) {
    ctx.addIssue({ code: 'custom', message: AUDITORIA_MSG.fecha });
    return z.NEVER;
  }
  return iso;
});

/** `/auditoria/buscar {auditoria:{usu_id, modulo, documento, fecha_inicio, fecha_fin, page}}`. */
export const AuditoriaBuscar = z.object({
  auditoria: z.object({
    usu_id: Id.nullish().transform((v) => v ?? null),
    modulo: z.string().trim().max(40).nullish().transform((v) => v || null),
    documento: z.string().trim().max(80).nullish().transform((v) => v || null),
    fecha_inicio: fecha,
    fecha_fin: fecha,
    page: PageQuery,
  }).prefault({})
    .refine((f) => !f.fecha_inicio || !f.fecha_fin || f.fecha_inicio <= f.fecha_fin, AUDITORIA_MSG.rangoFechas),
}).prefault({});
export type AuditoriaBuscar = z.input<typeof AuditoriaBuscar>;
export type AuditoriaFiltro = z.output<typeof AuditoriaBuscar>['auditoria'];

/** One field a change altered. */
export interface AuditoriaCambio {
  campo: string;
  antes: unknown;
  despues: unknown;
}

export interface AuditoriaFila {
  aud_id: number;
  /** Lima time, 'YYYY-MM-DD HH:MM:SS'. */
  aud_fecha: string;
  aud_accion: string;
  usu_id: number | null;
  usuario: string | null;
  aud_ip: string | null;
  aud_metodo: string | null;
  aud_ruta: string | null;
  aud_modulo: string | null;
  aud_estado_http: number | null;
  aud_documento: string | null;
  aud_detalle: unknown;
}

/** What each action means to a reader. */
export const AUDITORIA_ACCIONES: Record<string, string> = {
  mutacion: 'Operación',
  cambio: 'Cambio de datos',
  acceso_denegado: 'Acceso denegado',
  login_ok: 'Ingreso',
  login_fallido: 'Ingreso fallido',
  login_bloqueado: 'Ingreso bloqueado',
  login_alerta: 'Alerta de intentos',
  login_segundo_paso: 'Ingreso: segundo paso pedido',
  segundo_factor_recuperacion: 'Ingreso con código de recuperación',
  password_olvido: 'Pedido de restablecer contraseña',
  password_restablecido: 'Contraseña restablecida',
};
