import type { AccessProfile, OpgAccion, OpgEstado, OrdenCompraPago, OrdenPagoDatos, OrdenPagoModificarDatos } from '@obra/domain';
import {
  OPG, ORDEN_ARCHIVO_MAX_BYTES, ORDEN_PAGO_MSG, ORE_PAGOS_BLOQUEADOS, TIPO_ORDEN, cabeEnSaldo, calcularMontos, calcularSaldo, isReadOnly, limaDate, saldoDisponible,
  opgDestino, opgPermisoError, opgTransitionError, registroOrdenError,
} from '@obra/domain';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { nextNumber } from '../../platform/counters.ts';
import { AppError, PG, badRequest, conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.ts';
import { storedFileName, type CheckedFile, type UploadRule } from '../../platform/files.ts';
import type { ListRequest } from '../../platform/list.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import { applyDeposits } from '../orden/estados.ts';
import { pagoAprobado } from './notificaciones.ts';
import * as q from './queries.ts';

/**
 * Payment orders of a purchase order (spec 1 §2.13, §4.3; DECISIONS §4; docs/business-rules.md
 * "Payment orders"). Every mutation runs in one transaction that locks the purchase order row
 * first, then the payment order: balance, numbering and state checks see committed data only.
 */

/** The attached document (spec 1 §7 /adjuntar): PDF, JPG or PNG, checked on content, 10 MB. */
export const DOCUMENTO_RULE: UploadRule = {
  types: { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' },
  // The same 10 MB (base 1000, as sizes are shown: spec 1 §9) as the order's attachments.
  maxBytes: ORDEN_ARCHIVO_MAX_BYTES,
  typeMessage: ORDEN_PAGO_MSG.archivoTipo,
  sizeMessage: ORDEN_PAGO_MSG.archivoTamano,
  missingMessage: ORDEN_PAGO_MSG.archivoFalta,
};

const MIME: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

/** Counter series of an order's payment order numbers (DECISIONS §2: 1, 2, 3 ... within the order). */
const serie = (ordId: number) => `OPG-${ordId}`;

/** The order locked, or 404 when absent or outside the caller's scope (DECISIONS §1). */
async function lockOrden(tx: Tx, caller: AccessProfile, ordId: number): Promise<q.OrdenLocked> {
  const o = await q.lockOrden(tx, ordId);
  if (!o || !inScope(projectScope(caller), o.pry_id)) throw notFound(ORDEN_PAGO_MSG.ordenNotFound);
  return o;
}

/** Order and payment order locked, in that order, after checking who may do `accion` and from which state. */
async function lockPago(tx: Tx, caller: AccessProfile, opgId: number, accion: OpgAccion) {
  const permiso = opgPermisoError(accion, caller);
  if (permiso) throw forbidden(permiso);
  const ordId = await q.ordenDePago(tx, opgId);
  if (ordId === undefined) throw notFound(ORDEN_PAGO_MSG.notFound);
  let orden: q.OrdenLocked;
  try {
    orden = await lockOrden(tx, caller, ordId);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw notFound(ORDEN_PAGO_MSG.notFound);
    throw err;
  }
  const pago = await q.lockPago(tx, opgId);
  if (!pago) throw notFound(ORDEN_PAGO_MSG.notFound);
  const error = opgTransitionError(pago.opg_estado, accion);
  if (error) throw conflict(error);
  if (accion !== 'eliminar' && ORE_PAGOS_BLOQUEADOS.includes(orden.ore_id)) throw conflict(ORDEN_PAGO_MSG.ordenBloqueada(orden.ore_id));
  return { orden, pago };
}

/** Refuses a total above the order's balance; `libera` is what the payment order being modified already takes. */
function checkSaldo(o: q.OrdenLocked, total: string, libera = '0') {
  const disponible = saldoDisponible(o.total, o.comprometido, libera);
  if (!cabeEnSaldo(total, disponible)) throw conflict(ORDEN_PAGO_MSG.saldoExcedido(o.mon_simbolo, disponible));
}

/** The columns a register or modify writes, amounts recomputed (DECISIONS §2). */
function valores(o: q.OrdenLocked, d: OrdenPagoDatos | OrdenPagoModificarDatos) {
  const montos = calcularMontos(d.opg_total, o.tasa_detraccion);
  return {
    opg_descripcion: d.opg_descripcion,
    opg_fecha_pago_programado: d.opg_fecha_pago_programado,
    opg_pago_cierre: d.opg_pago_cierre,
    tid_id: d.tid_id,
    opg_comprobante: d.opg_comprobante,
    opg_sistema_pago: d.opg_sistema_pago,
    opg_total: d.opg_total,
    ...montos,
  };
}

/** A document type that does not exist is the caller's mistake (400), not a server error. */
async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AppError) && pgErrorCode(err) === PG.foreignKeyViolation) throw badRequest('El tipo de documento seleccionado no existe');
    throw err;
  }
}

export function registrar(deps: Deps, caller: AccessProfile, d: OrdenPagoDatos) {
  return translated(() => deps.database.db.transaction((tx) => registrarEn(tx, caller, d)));
}

/** `registrar` inside the caller's transaction; `now` is the moment of registration (the demo seed's history), absent: now. */
export async function registrarEn(tx: Tx, caller: AccessProfile, d: OrdenPagoDatos, now?: Date) {
  const o = await lockOrden(tx, caller, d.ord_id);
  const refused = registroOrdenError(o);
  if (refused) throw conflict(refused);
  checkSaldo(o, d.opg_total);
  const opg_numero = await nextNumber(tx, serie(o.ord_id), 0);
  const v = valores(o, d);
  const opg_id = await q.insertPago(tx, { ...v, ord_id: o.ord_id, opg_numero, opg_estado: OPG.REGISTRADA, opg_creador: caller.usu_id, opg_fecha_registro: now });
  return { opg_id, opg_numero, opg_estado: OPG.REGISTRADA, opg_version: 1, opg_total: v.opg_total, opg_detraccion: v.opg_detraccion, opg_pago: v.opg_pago };
}

export function modificar(deps: Deps, caller: AccessProfile, d: OrdenPagoModificarDatos) {
  return translated(() => deps.database.db.transaction(async (tx) => {
    const { orden, pago } = await lockPago(tx, caller, d.opg_id, 'modificar');
    if (pago.opg_version !== d.opg_version) throw conflict();
    checkSaldo(orden, d.opg_total, pago.opg_total);
    const v = valores(orden, d);
    const opg_version = await q.updatePago(tx, pago.opg_id, v);
    return { opg_id: pago.opg_id, opg_numero: pago.opg_numero, opg_estado: pago.opg_estado, opg_version, opg_total: v.opg_total, opg_detraccion: v.opg_detraccion, opg_pago: v.opg_pago };
  }));
}

type TransicionAccion = 'solicitar_aprobacion' | 'aprobar' | 'desaprobar' | 'eliminar';

/** solicitar_aprobacion, aprobar, desaprobar, eliminar: a state change (approval records the caller from the token). */
export function transicion(deps: Deps, caller: AccessProfile, opgId: number, accion: TransicionAccion) {
  return deps.database.db.transaction((tx) => transicionEn(tx, caller, opgId, accion));
}

/** `transicion` inside the caller's transaction; `now` is the moment of an approval (the demo seed's history), absent: now. */
export async function transicionEn(tx: Tx, caller: AccessProfile, opgId: number, accion: TransicionAccion, now?: Date) {
  const { pago } = await lockPago(tx, caller, opgId, accion);
  const opg_estado = opgDestino(accion, pago.opg_estado as OpgEstado);
  const extra = accion === 'aprobar' ? { opg_aprobador: caller.usu_id, opg_fecha_aprobacion: now ?? new Date() }
    : accion === 'desaprobar' ? { opg_aprobador: null, opg_fecha_aprobacion: null } : {};
  const opg_version = await q.updatePago(tx, opgId, { opg_estado, ...extra });
  if (accion === 'aprobar') await pagoAprobado(tx, opgId, caller.usu_id);
  return { opg_id: opgId, opg_numero: pago.opg_numero, opg_estado, opg_version };
}

type Deposito = { opg_id: number; opg_numero_operacion: string; opg_fecha_deposito: string | null };

/**
 * Treasury's deposit (DECISIONS §4): OPA → OPP with the operation number and date (today in
 * Lima when none), then the order becomes pagado or pago parcial from its deposits.
 */
export async function depositar(deps: Deps, caller: AccessProfile, d: Deposito, now = new Date()) {
  const fecha = fechaDeposito(d, now);
  return deps.database.db.transaction((tx) => depositoEn(tx, caller, d, fecha));
}

/** The deposit's moment: `now` for today (Lima) or no date, a past date as midday Lima; a later date is refused. */
function fechaDeposito(d: Deposito, now: Date): Date {
  const hoy = limaDate(now);
  if (d.opg_fecha_deposito && d.opg_fecha_deposito > hoy) throw badRequest(ORDEN_PAGO_MSG.fechaDepositoFutura);
  // A past date is kept as midday in Lima, so that it reads as that date in any time zone of the Americas.
  return !d.opg_fecha_deposito || d.opg_fecha_deposito === hoy ? now : new Date(`${d.opg_fecha_deposito}T12:00:00-05:00`);
}

/**
 * `depositar` inside the caller's transaction (the demo seed's history), `now` being the moment it is recorded: the
 * deposit date as the route reads it, and the order's history line (pagado / pago parcial) at that moment.
 */
export function depositarEn(tx: Tx, caller: AccessProfile, d: Deposito, now: Date) {
  return depositoEn(tx, caller, d, fechaDeposito(d, now), now);
}

async function depositoEn(tx: Tx, caller: AccessProfile, d: Deposito, fecha: Date, registro?: Date) {
  const { orden, pago } = await lockPago(tx, caller, d.opg_id, 'depositar');
  const opg_version = await q.updatePago(tx, pago.opg_id, {
    opg_estado: OPG.DEPOSITADA, opg_depositante: caller.usu_id, opg_fecha_deposito: fecha, opg_numero_operacion: d.opg_numero_operacion,
  });
  const ore_id = await applyDeposits(tx, orden.ord_id, caller.usu_id, await q.depositosCubren(tx, orden.ord_id), registro);
  return { opg_id: pago.opg_id, opg_numero: pago.opg_numero, opg_estado: OPG.DEPOSITADA, opg_version, ore_id };
}

/** Attaches (or replaces) the payment order's document; the old file is removed once the new one is recorded. */
export async function adjuntar(deps: Deps, caller: AccessProfile, opgId: number, file: CheckedFile) {
  const stored: string[] = [];
  let result: { anterior: string | null; opg_version: number };
  try {
    // Stored before the transaction, which holds the payment's lock and must not wait on the storage.
    const clave = await deps.storage.put('ordenes-pago', file.extension, file.buffer);
    stored.push(clave);
    result = await deps.database.db.transaction(async (tx) => {
      const { pago } = await lockPago(tx, caller, opgId, 'adjuntar');
      const version = await q.updatePago(tx, opgId, { opg_archivo_clave: clave, opg_archivo_nombre: storedFileName(file.filename, file.extension) });
      return { anterior: pago.opg_archivo_clave, opg_version: version };
    });
  } catch (err) {
    // The row was not changed: the file just stored belongs to nobody.
    await Promise.all(stored.map((k) => deps.storage.remove(k)));
    throw err;
  }
  if (result.anterior) await deps.storage.remove(result.anterior);
  return { opg_id: opgId, opg_version: result.opg_version };
}

/** The attached document's bytes, name and type (read access, within scope). */
export async function archivo(deps: Deps, caller: AccessProfile, opgId: number) {
  const row = await q.obtener(deps.database.db, opgId, projectScope(caller));
  if (!row) throw notFound(ORDEN_PAGO_MSG.notFound);
  const clave = await q.archivoClave(deps.database.db, opgId);
  const content = clave ? await deps.storage.get(clave) : null;
  if (!clave || !content) throw notFound(ORDEN_PAGO_MSG.sinArchivo);
  const ext = clave.split('.').pop() ?? '';
  return { content, mime: MIME[ext] ?? 'application/octet-stream', nombre: row.opg_archivo_nombre ?? `orden-pago-${row.opg_numero}.${ext}` };
}

export async function obtener(deps: Deps, caller: AccessProfile, opgId: number) {
  const row = await q.obtener(deps.database.db, opgId, projectScope(caller));
  if (!row) throw notFound(ORDEN_PAGO_MSG.notFound);
  return row;
}

/** The payment orders of one order; 404 when the order is absent or outside the caller's scope. */
export async function buscar(deps: Deps, caller: AccessProfile, ordId: number) {
  const o = await q.ordenCompra(deps.database.db, ordId, projectScope(caller));
  if (!o) throw notFound(ORDEN_PAGO_MSG.ordenNotFound);
  return q.listByOrden(deps.database.db, ordId);
}

export function porProveedor(deps: Deps, caller: AccessProfile, f: ListRequest & { pve_id: number }) {
  return q.listByProveedor(deps.database.db, { pve_id: f.pve_id, scope: projectScope(caller) }, f);
}

/** The purchase order as seen by payment orders (spec 1 §3), with its balance and whether the caller may add one. */
export async function ordenCompra(deps: Deps, caller: AccessProfile, ordId: number): Promise<OrdenCompraPago> {
  const o = await q.ordenCompra(deps.database.db, ordId, projectScope(caller));
  if (!o) throw notFound(ORDEN_PAGO_MSG.ordenNotFound);
  const { comprometido, ord_tipo_orden, ...rest } = o;
  const { saldo, porcentaje } = calcularSaldo(o.ord_monto_cigv, comprometido);
  return {
    ...rest,
    ord_tipo_orden_descripcion: ord_tipo_orden === TIPO_ORDEN.SERVICIO ? 'Orden de Servicio' : 'Orden de Compra',
    opg_saldo: saldo,
    opg_saldo_porcentaje: porcentaje,
    puede_registrar: !isReadOnly(caller) && registroOrdenError(o) === null && !cabeEnSaldo(saldo, '0'),
  };
}
