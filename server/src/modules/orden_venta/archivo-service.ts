import type { AccessProfile } from '@obra/domain';
import { ORDEN_ARCHIVO_MAX_BYTES, ORDEN_VENTA_MSG as M } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { storedFileName, type CheckedFile, type UploadRule } from '../../platform/files.ts';
import * as aq from './archivo-queries.ts';
import { lockOrden } from './service.ts';

/** Files of a sales order and of its payments: PDF, JPG or PNG, checked on content, 10 MB (as the purchase side's). */
export const ARCHIVO_RULE: UploadRule = {
  types: { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' },
  maxBytes: ORDEN_ARCHIVO_MAX_BYTES,
  typeMessage: M.archivoTipo,
  sizeMessage: M.archivoTamano,
  missingMessage: M.archivoFalta,
};

/** Attaches a document to the order in any state (a signed order, the client's purchase order, a contract). */
export async function adjuntar(deps: Deps, caller: AccessProfile, ovtId: number, tipo: string, file: CheckedFile) {
  let clave: string | undefined;
  try {
    // Stored before the transaction, which holds the order's lock and must not wait on the storage.
    const key = await deps.storage.put('ordenes-venta', file.extension, file.buffer);
    clave = key;
    return await deps.database.db.transaction(async (tx) => {
      await lockOrden(tx, ovtId);
      const ova_id = await aq.insert(tx, {
        ovt_id: ovtId, ova_tipo: tipo, ova_nombre: storedFileName(file.filename, file.extension), ova_clave: key, ova_mime: file.mime,
        ova_tamano: file.buffer.length, usu_id: caller.usu_id,
      });
      return { ova_id, ovt_id: ovtId };
    });
  } catch (err) {
    if (clave) await deps.storage.remove(clave);
    throw err;
  }
}

export async function descargar(deps: Deps, ovaId: number) {
  const r = await aq.uno(deps.database.db, ovaId);
  const content = r ? await deps.storage.get(r.ova_clave) : null;
  if (!r || !content) throw notFound(M.archivoNotFound);
  return { content, mime: r.ova_mime, nombre: r.ova_nombre };
}
