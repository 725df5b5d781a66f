import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { coercedIdSchema } from '../common/ids.ts';

/**
 * The order's documents (spec 1 §2.9 download and notify, §2.10 attachments, §7 "Orders"):
 * messages, payloads and limits shared by the server routes and the order view.
 */

export const ORDEN_DOC_MSG = {
  /** The order's mail to the supplier queued with an SMTP server configured (the sender takes it within seconds). */
  notificado: 'El correo al proveedor, con la orden en PDF, está en cola de envío: saldrá en unos segundos',
  sinCorreo: 'El proveedor no tiene un correo electrónico registrado; regístrelo en Proveedores para poder notificarle',
  notificarAnulada: 'No se puede notificar una orden anulada',
  notificarSinEmitir: 'Solo se puede notificar al proveedor una orden emitida: esta aún espera aprobación',
  adjuntarAnulada: 'No se pueden adjuntar archivos a una orden anulada',
  archivoGuardado: 'Se adjuntó el archivo',
  archivoTipo: 'El archivo debe ser PDF, JPG, PNG, Excel (.xlsx) o Word (.docx)',
  archivoTamano: 'El archivo no debe superar 10 MB',
  archivoFalta: 'Debe seleccionar un archivo',
  archivoNoEncontrado: 'No se encontró el archivo',
  archivoNoDisponible: 'El archivo ya no está disponible en el almacenamiento',
  ordenFalta: 'Debe indicar la orden',
} as const;

/** Largest attachment: 10 MB in base 1000, as sizes are shown (spec 1 §9). */
export const ORDEN_ARCHIVO_MAX_BYTES = 10_000_000;

/** Accepted attachment types, by the type detected from the content, with the extension stored. */
export const ORDEN_ARCHIVO_TIPOS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** `accept` of the file input: a hint for the picker; the server checks the content. */
export const ORDEN_ARCHIVO_ACCEPT = '.pdf,.jpg,.jpeg,.png,.xlsx,.docx';

const idOrden = coercedIdSchema(MSG.required);

/** `/orden/file/list` body. */
export const OrdenArchivoList = z.object({ id_orden: idOrden });
export type OrdenArchivoList = z.input<typeof OrdenArchivoList>;

/** `/orden/file/retrieve` body: the file row as listed; only its id is read. */
export const OrdenArchivoRetrieve = z.object({ id_orden_archivo: coercedIdSchema(MSG.required) });
export type OrdenArchivoRetrieve = z.input<typeof OrdenArchivoRetrieve>;

/** `/orden/file/save` text field, as multipart sends it. */
export const OrdenArchivoSaveFields = z.object({ id_orden: coercedIdSchema(ORDEN_DOC_MSG.ordenFalta) });

/** `GET /orden/download`: the order in the `idOrden` header (spec 1 §7) or in `?idOrden=`. */
export const OrdenDownloadHeaders = z.object({ idorden: idOrden.optional() });
export const OrdenDownloadQuery = z.object({ idOrden: idOrden.optional() });

/** A row of `/orden/file/list` (spec 1 §3 "Order file": file_name, size). */
export interface OrdenArchivoRow {
  id_orden_archivo: number;
  id_orden: number;
  file_name: string;
  /** Bytes. */
  size: number;
  /** MIME type detected on upload. */
  tipo: string;
  /** Lima date-time `YYYY-MM-DDTHH:MM:SS`. */
  fecha: string;
  /** Who uploaded it: name and last name. */
  usuario: string;
  /** Sent by the supplier from its portal (its invoice), not by staff. */
  oar_proveedor: boolean;
}

/** What `/orden/notify` answers. */
export interface OrdenNotificada {
  id_orden: number;
  para: string;
}
