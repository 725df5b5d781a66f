import type { AccessProfile, CajaCierreDatos, CajaFila } from '@obra/domain';
import { CAJA_MSG, CAJA_VOUCHER_MAX_BYTES, formatMoney, limaDate, rendicionTotales, toScaled } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { storedFileName, type CheckedFile, type UploadRule } from '../../platform/files.ts';
import type * as q from './queries.ts';
import { fila, filaEn, lockParaAccion, transicionEn } from './service.ts';

/**
 * Closing a settlement's balance (issue 24; docs/business-rules.md "Petty cash"): in RAP, treasury
 * reimburses the requester a balance in their favour (→ CRB), or the requester returns what they did
 * not spend (→ CDV). Both carry the amount, which must be the balance exactly, the operation's date and
 * number and its voucher; both lock the cash box row first and re-check scope (404), who (403), state
 * and balance side (409), so of two simultaneous reimbursements one passes and the other reads CRB.
 */

export type CierreAccion = 'reembolsar_caja' | 'devolver_caja';

/** The voucher: a PDF or a photo of it, checked on its content. */
export const VOUCHER_RULE: UploadRule = {
  types: { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' },
  maxBytes: CAJA_VOUCHER_MAX_BYTES,
  typeMessage: CAJA_MSG.voucherTipo,
  sizeMessage: CAJA_MSG.voucherTamano,
  missingMessage: CAJA_MSG.voucherFalta,
};

/** The operation's date: today (Lima) when none; never later than today nor before the settlement's approval. */
function fechaCierre(c: q.CajaLocked, fecha: string | null, now: Date): string {
  const hoy = limaDate(now);
  if (!fecha) return hoy;
  if (fecha > hoy) throw badRequest(CAJA_MSG.fechaCierreFutura);
  if (fecha < (c.ren_fecha_aprobacion ?? c.caj_fecha_registro)) throw badRequest(CAJA_MSG.fechaCierreAnterior);
  return fecha;
}

/**
 * `/rendicion/reembolsar` and `/rendicion/devolver`: stores the voucher, then checks on the locked row
 * and moves the cash box to its closed state with a history row naming the amount and the operation.
 * A refusal removes the stored voucher again.
 */
export async function cerrar(deps: Deps, caller: AccessProfile, accion: CierreAccion, d: CajaCierreDatos, file: CheckedFile, now = new Date()): Promise<CajaFila> {
  const stored: string[] = [];
  try {
    // Stored before the transaction, which holds the cash box's lock and must not wait on the storage.
    const clave = await deps.storage.put('vouchers', file.extension, file.buffer);
    stored.push(clave);
    return await deps.database.db.transaction(async (tx) => {
      const c = await lockParaAccion(tx, caller, d.caj_id, accion);
      const saldo = rendicionTotales(c.caj_monto, [c.ren_total]).ren_saldo.replace(/^-/, '');
      // The server's balance decides (DECISIONS §2); the amount sent only proves the user saw the same one.
      if (toScaled(d.caj_monto_cierre, 2) !== toScaled(saldo, 2)) throw badRequest(CAJA_MSG.montoCierre(formatMoney(c.mon_simbolo, saldo)));
      const fecha = fechaCierre(c, d.caj_fecha_cierre, now);
      const monto = formatMoney(c.mon_simbolo, saldo);
      const operacion = d.caj_numero_operacion_cierre ? ` · Op. ${d.caj_numero_operacion_cierre}` : '';
      await transicionEn(tx, caller, c.caj_id, accion, {
        observacion: `${accion === 'reembolsar_caja' ? 'Reembolso' : 'Devolución'} de ${monto} del ${fecha.split('-').reverse().join('/')}${operacion}`,
        cierre: { monto: saldo, fecha, numero_operacion: d.caj_numero_operacion_cierre, voucher_clave: clave, voucher_nombre: storedFileName(file.filename, file.extension) },
      }, now);
      return filaEn(tx, caller, c.caj_id);
    });
  } catch (err) {
    // The row was not changed: the file just stored belongs to nobody.
    await Promise.all(stored.map((k) => deps.storage.remove(k)));
    throw err;
  }
}

/** `/rendicion/descargarVoucher`: the voucher's bytes, type and name (read access, within scope); 404 when there is none. */
export async function descargarVoucher(deps: Deps, caller: AccessProfile, cajId: number) {
  const c = await fila(deps, caller, cajId);
  const [v] = await selectRows<{ clave: string | null; nombre: string | null }>(deps.database.db,
    sql`select caj_voucher_clave as clave, caj_voucher_nombre as nombre from caja where caj_id = ${cajId}`);
  const content = v?.clave ? await deps.storage.get(v.clave) : null;
  if (!v?.clave || !content) throw notFound(CAJA_MSG.sinVoucher);
  const extension = v.clave.split('.').pop() ?? 'pdf';
  const mime = Object.entries(VOUCHER_RULE.types).find(([, ext]) => ext === extension)?.[0] ?? 'application/octet-stream';
  return { content, mime, nombre: v.nombre ?? `voucher-${c.caj_codigo}.${extension}` };
}
