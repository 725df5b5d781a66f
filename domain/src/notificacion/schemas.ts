import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { Id } from '../common/ids.ts';

/**
 * Notifications (issue 25, docs/business-rules.md "Notificaciones (issue 25)"): the kinds, each with its label on the
 * user's settings and whether its mail goes out until the user says otherwise (on for approvals).
 */
export const NOTIFICACION_TIPOS = [
  { tipo: 'orden_por_aprobar', etiqueta: 'Orden de compra por aprobar', correo: true },
  { tipo: 'pago_aprobado', etiqueta: 'Orden de pago aprobada', correo: true },
  { tipo: 'transferencia_enviada', etiqueta: 'Transferencia enviada a mi almacén', correo: false },
  { tipo: 'rendicion_aprobada', etiqueta: 'Rendición aprobada', correo: true },
  { tipo: 'comprobante_rechazado', etiqueta: 'Comprobante electrónico rechazado por SUNAT', correo: false },
  { tipo: 'envio_cancelado', etiqueta: 'Envío cancelado', correo: false },
  { tipo: 'resumen_diario', etiqueta: 'Resumen diario de pendientes (08:00)', correo: true },
] as const;

export type NotificacionTipo = (typeof NOTIFICACION_TIPOS)[number]['tipo'];
export const NOTIFICACION_TIPO_CODIGOS = NOTIFICACION_TIPOS.map((t) => t.tipo) as [NotificacionTipo, ...NotificacionTipo[]];

/** How the bell and the mail name each document kind (`ntf_documento_tipo`). */
export const NOTIFICACION_DOCUMENTOS: Record<string, string> = {
  orden_compra: 'Orden de compra',
  orden_pago: 'Orden de pago',
  transferencia: 'Transferencia',
  caja: 'Caja chica',
  comprobante: 'Comprobante',
  envio: 'Envío',
};

export const NOTIFICACION_MSG = {
  noEncontrada: 'No se encontró la notificación',
  marcada: 'Notificación marcada como leída',
  todas: 'Todas las notificaciones quedaron leídas',
  preferencias: 'Preferencias de notificación guardadas',
  tipo: 'El tipo de notificación no es válido',
  falloTarea: 'el resumen diario o el envío de avisos falló',
} as const;

/** `/notificacion/buscar {notificacion:{no_leidas, orden, page}}`: only unread ones when asked; unread first or newest first. */
export const NotificacionBuscar = z.object({
  notificacion: z.object({
    no_leidas: z.boolean().nullish().transform((v) => v ?? false),
    orden: z.enum(['no_leidas_primero', 'fecha']).default('no_leidas_primero'),
    page: PageQuery,
  }).prefault({}),
}).prefault({});
export type NotificacionBuscar = z.input<typeof NotificacionBuscar>;
export type NotificacionFiltro = z.output<typeof NotificacionBuscar>['notificacion'];

export const NotificacionMarcar = z.object({ notificacion: z.object({ ntf_id: Id }) });
export type NotificacionMarcar = z.input<typeof NotificacionMarcar>;

/** `/notificacion/preferencias`: without `preferencias` it reads them; with it, it sets the kinds given. */
export const NotificacionPreferencias = z.object({
  preferencias: z.array(z.object({ tipo: z.enum(NOTIFICACION_TIPO_CODIGOS, { error: NOTIFICACION_MSG.tipo }), correo: z.boolean() })).max(20).nullish(),
}).prefault({});
export type NotificacionPreferencias = z.input<typeof NotificacionPreferencias>;

export interface NotificacionFila {
  ntf_id: number;
  ntf_tipo: NotificacionTipo;
  ntf_documento_tipo: string;
  ntf_documento_id: number;
  ntf_codigo: string;
  ntf_accion: string;
  ntf_enlace: string;
  /** Who caused it, by name; null for the system. */
  actor: string | null;
  /** Lima time, 'YYYY-MM-DD HH:MM:SS'. */
  ntf_fecha: string;
  ntf_leida: boolean;
}

export interface NotificacionPreferencia {
  tipo: NotificacionTipo;
  etiqueta: string;
  correo: boolean;
}
