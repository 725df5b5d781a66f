import type { AccessProfile, OrdenArchivoRow, OrdenDetalle, OrdenNotificada } from '@obra/domain';
import {
  CORREO_MSG, ORDEN_ARCHIVO_MAX_BYTES, ORDEN_ARCHIVO_TIPOS, ORDEN_DOC_MSG, ORDEN_MSG, ORE, TIPO_ORDEN, formatAmount, notificacionError,
} from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { storedFileName, type CheckedFile, type UploadRule } from '../../platform/files.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import * as dq from './documentos-queries.ts';
import { date } from '../../platform/pdf.ts';
import { buildOrdenPdf, type OrdenPdfData, type OrdenPdfFirma, type OrdenPdfOptions } from './pdf.ts';
import * as q from './queries.ts';

/**
 * The order's documents (spec 1 §2.9, §2.10, §7; docs/business-rules.md "Order documents"):
 * its PDF, the notification mail to the supplier and the attached files. Every call answers
 * 404 for an order outside the caller's project (DECISIONS §1).
 */

/** Attachments: PDF, JPG, PNG, XLSX, DOCX by content, 10 MB. */
export const ARCHIVO_RULE: UploadRule = {
  types: ORDEN_ARCHIVO_TIPOS,
  maxBytes: ORDEN_ARCHIVO_MAX_BYTES,
  typeMessage: ORDEN_DOC_MSG.archivoTipo,
  sizeMessage: ORDEN_DOC_MSG.archivoTamano,
  missingMessage: ORDEN_DOC_MSG.archivoFalta,
};

const nombreTipo = (o: Pick<OrdenDetalle, 'tipo_orden'>) => (o.tipo_orden === TIPO_ORDEN.SERVICIO ? 'Orden de Servicio' : 'Orden de Compra');
const persona = (u: { nombre: string; apellido: string }) => `${u.nombre} ${u.apellido}`.trim();

async function ordenEnAlcance(deps: Deps, caller: AccessProfile, ordId: number): Promise<OrdenDetalle> {
  const orden = await q.detail(deps.database.db, ordId, projectScope(caller), false);
  if (!orden) throw notFound(ORDEN_MSG.notFound);
  return orden;
}

/**
 * The signature boxes. An image is printed only where the act it stands for is recorded:
 * logistics and administration issue the order (no approval step of theirs exists, spec 1 §4),
 * management and accounting only once their approval is recorded, and then the approver's own
 * signature and name (a substitute may approve, docs/business-rules.md "Order states").
 */
async function firmas(deps: Deps, o: OrdenDetalle): Promise<OrdenPdfFirma[]> {
  const ger = o.aprobacion_gerencia;
  const con = o.aprobacion_contabilidad;
  const boxes = [
    { rol: 'Logística', usuario: o.logistica, firma: true, nota: `Registrada el ${date(o.fecha_registro, true)}` },
    { rol: 'Contabilidad', usuario: con?.usuario ?? o.contabilidad, firma: con !== null, nota: con ? `Aprobó el ${date(con.fecha, true)}` : 'Pendiente de aprobación' },
    { rol: 'Administración', usuario: o.administrador, firma: true, nota: '' },
    { rol: 'Gerencia', usuario: ger?.usuario ?? o.gerencia, firma: ger !== null, nota: ger ? `Aprobó el ${date(ger.fecha, true)}` : 'Pendiente de aprobación' },
  ];
  const keys = await dq.firmas(deps.database.db, [...new Set(boxes.filter((b) => b.firma).map((b) => b.usuario.id_usuario))]);
  return Promise.all(boxes.map(async (b) => {
    const key = b.firma ? keys.get(b.usuario.id_usuario) : undefined;
    return { rol: b.rol, nombre: persona(b.usuario), nota: b.nota, imagen: key ? await deps.storage.get(key) : null };
  }));
}

/** Everything the PDF prints, for an order in the caller's scope. */
export async function pdfData(deps: Deps, caller: AccessProfile, ordId: number): Promise<OrdenPdfData> {
  const orden = await ordenEnAlcance(deps, caller, ordId);
  const [proveedor, firmasPdf] = await Promise.all([dq.proveedorContacto(deps.database.db, orden.proveedor.id_proveedor), firmas(deps, orden)]);
  return { empresa: deps.config.company, orden, proveedor, firmas: firmasPdf };
}

/** `GET /orden/download`: the PDF, named by the order code (spec 1 §9). */
export async function download(deps: Deps, caller: AccessProfile, ordId: number, opts: OrdenPdfOptions = {}) {
  const data = await pdfData(deps, caller, ordId);
  return { filename: `${data.orden.codigo}.pdf`, content: await buildOrdenPdf(data, opts) };
}

function mailText(data: OrdenPdfData): string {
  const { orden: o, empresa } = data;
  return [
    `Estimados señores de ${o.proveedor.razon_social}:`,
    '',
    `Les enviamos adjunta la ${nombreTipo(o)} N° ${o.codigo}, de fecha ${date(o.fecha_orden)}, emitida por ${empresa.name}`
      + ` por un total de ${o.moneda.simbolo} ${formatAmount(o.monto_con_impuesto)}.`,
    '',
    `Lugar de entrega: ${o.lugar_entrega}`,
    `Fecha de pago: ${date(o.fecha_pago)}`,
    `Referencia: ${o.referencia}`,
    '',
    `Les agradeceremos confirmar la recepción de esta orden respondiendo este correo. Ante cualquier consulta,`
      + ` comuníquense con ${persona(o.logistica)}, del área de Logística.`,
    '',
    'Atentamente,',
    empresa.name,
    `RUC ${empresa.ruc}`,
  ].join('\n');
}

/**
 * `/orden/notify`: queues the supplier's mail with the order's PDF attached in the outbox
 * (DECISIONS §8), sent within seconds by its sender when SMTP is configured. Refused until the
 * order is issued (issue 9: from emitido on), for a cancelled order and when the supplier has no
 * e-mail. The reply says it is queued, and whether it waits for an SMTP server.
 */
export async function notify(deps: Deps, caller: AccessProfile, ordId: number): Promise<{ data: OrdenNotificada; message: string }> {
  const data = await pdfData(deps, caller, ordId);
  const o = data.orden;
  const refused = notificacionError(o.estado.id_orden_estado);
  if (refused) throw conflict(refused);
  const para = data.proveedor.email.trim();
  if (!para) throw badRequest(ORDEN_DOC_MSG.sinCorreo);
  const pdf = await buildOrdenPdf(data);
  await deps.mailer.send(deps.database.db, {
    to: para,
    subject: `${nombreTipo(o)} ${o.codigo} — ${data.empresa.name}`,
    text: mailText(data),
    attachments: [{ filename: `${o.codigo}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
  return { data: { id_orden: o.id_orden, para }, message: deps.mailer.smtp ? ORDEN_DOC_MSG.notificado : CORREO_MSG.enCola };
}

/** The order in scope (else 404), with its state. */
async function ordenBasica(deps: Deps, caller: AccessProfile, ordId: number) {
  const o = await dq.ordenBasica(deps.database.db, ordId);
  if (!o || !inScope(projectScope(caller), o.pry_id)) throw notFound(ORDEN_MSG.notFound);
  return o;
}

/** `/orden/file/list`. */
export async function listArchivos(deps: Deps, caller: AccessProfile, ordId: number): Promise<OrdenArchivoRow[]> {
  await ordenBasica(deps, caller, ordId);
  return dq.archivos(deps.database.db, ordId);
}

/**
 * `/orden/file/save`: the file (already checked on content and size) is stored under a key the
 * server generates, then its row inserted with the order locked so that it cannot be cancelled
 * meanwhile. If the row cannot be written (out of scope, a cancelled order) the stored file is removed again.
 */
export async function saveArchivo(deps: Deps, caller: AccessProfile, ordId: number, file: CheckedFile): Promise<OrdenArchivoRow> {
  const scope = projectScope(caller);
  let clave: string | null = null;
  try {
    // Stored before the transaction, which holds the order's lock and must not wait on the storage.
    const key = await deps.storage.put('orden-archivos', file.extension, file.buffer);
    clave = key;
    return await deps.database.db.transaction(async (tx) => {
      const o = await q.lockEstado(tx, ordId);
      if (!o || !inScope(scope, o.pry_id)) throw notFound(ORDEN_MSG.notFound);
      if (o.ore_id === ORE.ANULADO) throw conflict(ORDEN_DOC_MSG.adjuntarAnulada);
      const id = await dq.insertArchivo(tx, {
        ord_id: ordId, oar_nombre: storedFileName(file.filename, file.extension), oar_clave: key, oar_tipo: file.mime,
        oar_tamano: file.buffer.length, usu_id: caller.usu_id,
      });
      const row = await dq.archivo(tx, id);
      if (!row) throw new Error('orden_archivo recién insertado no encontrado');
      return row;
    });
  } catch (err) {
    if (clave) await deps.storage.remove(clave).catch(() => undefined);
    throw err;
  }
}

/** `/orden/file/retrieve`: the bytes of one attachment of an order in scope. */
export async function retrieveArchivo(deps: Deps, caller: AccessProfile, oarId: number) {
  const a = await dq.archivoConClave(deps.database.db, oarId);
  if (!a || !inScope(projectScope(caller), a.pry_id)) throw notFound(ORDEN_DOC_MSG.archivoNoEncontrado);
  const content = await deps.storage.get(a.clave);
  if (!content) throw notFound(ORDEN_DOC_MSG.archivoNoDisponible);
  return { content, nombre: a.nombre, tipo: a.tipo };
}
