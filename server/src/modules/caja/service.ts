import type { AccessProfile, CajAccion, CajaAprobador, CajaDatos, CajaDetalle, CajaEditarDatos, CajaFila, CajaFiltroDatos, CajEstado, Paged } from '@obra/domain';
import {
  CAJ, CAJA_MSG, CAJA_VOUCHER_URL, RENDICION_PDF_URL, cajAccionError, cajDestino, cajOpciones, formatMoney, limaDate, limaYear, rendicionTotales,
} from '@obra/domain';
import type { Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { nextNumber } from '../../platform/counters.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import { rendicionAprobada } from './notificaciones.ts';
import * as q from './queries.ts';

/**
 * Petty cash (spec 2 §2–§7 "Petty cash", DECISIONS §1, §2, §5; docs/business-rules.md "Petty cash").
 * Every action runs in one transaction that locks the cash box row first and re-checks, on the
 * locked row, the caller's scope (404 outside it), who may act (403) and the state (409), with the
 * same domain rules that compute the `caj_opciones` flags of every reply.
 */

export const CAJ_SERIE = 'CAJ';
/** DECISIONS §2: CAJ-2026-000001, numbered per year (Lima). */
export const codigoCaja = (anio: number, numero: number) => `${CAJ_SERIE}-${anio}-${String(numero).padStart(6, '0')}`;

export const alcance = (caller: AccessProfile): q.CajaAlcance => ({ scope: projectScope(caller), usu_id: caller.usu_id });

/** Whether the caller sees this cash box (the same rule as the list's SQL, `q.alcanceSql`). */
const visible = (a: q.CajaAlcance, c: { pry_id: number; usu_solicitante: number; usu_gerente: number; usu_creador: number }) =>
  inScope(a.scope, c.pry_id) || [c.usu_solicitante, c.usu_gerente, c.usu_creador].includes(a.usu_id);

/**
 * A row as every reply carries it, with its amount text and the caller's flags. Written field by field (the columns' order, then the texts and options): a
 * `{ ...rest, … }` copy of each row was a cost of the list (issue 28).
 */
export function aFila(r: q.FilaRow, caller: AccessProfile): CajaFila {
  return {
    caj_id: r.caj_id, caj_codigo: r.caj_codigo, caj_titulo: r.caj_titulo, caj_descripcion: r.caj_descripcion, caj_monto: r.caj_monto,
    caj_fecha_registro: r.caj_fecha_registro, caj_pdf_nombre: r.caj_pdf_nombre, cec_id: r.cec_id, cec_codigo: r.cec_codigo,
    cec_descripcion: r.cec_descripcion, tca_id: r.tca_id, tca_nombre: r.tca_nombre, mon_id: r.mon_id, mon_simbolo: r.mon_simbolo,
    usu_gerente: r.usu_gerente, usu_gerente_nombre: r.usu_gerente_nombre, usu_solicitante: r.usu_solicitante,
    usu_solicitante_nombre: r.usu_solicitante_nombre, usu_nombre_creador: r.usu_nombre_creador, est_id: r.est_id,
    est_descripcion: r.est_descripcion, est_styles: r.est_styles, caj_version: r.caj_version,
    caj_monto_text: formatMoney(r.mon_simbolo, r.caj_monto),
    caj_url_pdf: r.tiene_pdf ? RENDICION_PDF_URL : null,
    caj_opciones: cajOpciones({
      caj_estado: r.est_id, usu_gerente: r.usu_gerente, usu_solicitante: r.usu_solicitante, usu_creador: r.usu_creador,
      saldo_a_favor: rendicionTotales(r.caj_monto, [r.ren_total]).saldo_a_favor,
    }, caller),
  };
}

export async function filaEn(db: Executor, caller: AccessProfile, cajId: number): Promise<CajaFila> {
  const r = await q.fila(db, cajId, alcance(caller));
  if (!r) throw notFound(CAJA_MSG.notFound);
  return aFila(r, caller);
}

/** One cash box as the list shows it, with the caller's flags; 404 when absent or outside the caller's scope. */
export function fila(deps: Deps, caller: AccessProfile, cajId: number): Promise<CajaFila> {
  return filaEn(deps.database.db, caller, cajId);
}

/**
 * The cash box locked `FOR UPDATE` after checking the caller's scope (404), who they are (403) and the
 * state (409) for `accion`. For a caller's own transaction (the settlement's documents and PDF).
 */
export async function lockParaAccion(tx: Tx, caller: AccessProfile, cajId: number, accion: CajAccion): Promise<q.CajaLocked> {
  const c = await q.lock(tx, cajId);
  if (!c || !visible(alcance(caller), c)) throw notFound(CAJA_MSG.notFound);
  const error = cajAccionError(accion, { ...c, saldo_a_favor: rendicionTotales(c.caj_monto, [c.ren_total]).saldo_a_favor }, caller);
  if (error) throw error.status === 403 ? forbidden(error.message) : conflict(error.message);
  return c;
}

export interface TransicionExtra {
  observacion?: string;
  numero_operacion?: string;
  fecha_deposito?: string | null;
  /** The reimbursement's or return's data, already checked (modules/caja/cierre.ts). */
  cierre?: { monto: string; fecha: string; numero_operacion: string; voucher_clave: string; voucher_nombre: string };
}

/** A deposit date: today (Lima) when none; never later than today nor before the cash's registration. */
function fechaDeposito(c: q.CajaLocked, fecha: string | null | undefined, now: Date): string {
  const hoy = limaDate(now);
  if (!fecha) return hoy;
  if (fecha > hoy) throw badRequest(CAJA_MSG.fechaDepositoFutura);
  if (fecha < c.caj_fecha_registro) throw badRequest(CAJA_MSG.fechaDepositoAnterior);
  return fecha;
}

/** The columns an action writes besides the state: who did it and when (the detail shows them). */
function columnas(accion: CajAccion, caller: AccessProfile, c: q.CajaLocked, extra: TransicionExtra, now: Date) {
  switch (accion) {
    case 'aprobar_caja':
      return { usu_aprobador: caller.usu_id, caj_fecha_aprobacion: now };
    case 'desaprobar_caja':
    case 'desaprobar_rendicion':
      return { caj_observacion: extra.observacion ?? '' };
    case 'depositar_caja':
      return { usu_depositante: caller.usu_id, caj_fecha_deposito: fechaDeposito(c, extra.fecha_deposito, now), caj_numero_operacion: extra.numero_operacion ?? '' };
    case 'aprobar_rendicion':
      return { usu_aprobador_rendicion: caller.usu_id, ren_fecha_aprobacion: now };
    case 'reembolsar_caja':
    case 'devolver_caja': {
      const x = extra.cierre;
      if (!x) throw badRequest(CAJA_MSG.voucherFalta);
      return {
        caj_monto_cierre: x.monto, caj_fecha_cierre: x.fecha, caj_numero_operacion_cierre: x.numero_operacion, usu_cierre: caller.usu_id,
        caj_cierre_registro: now, caj_voucher_clave: x.voucher_clave, caj_voucher_nombre: x.voucher_nombre,
      };
    }
    default:
      return {};
  }
}

/**
 * A state change of DECISIONS §5 in one transaction: lock, scope (404), permission (403) and state
 * (409) on the locked row, the new state with who and when, the version moved on, a history row.
 * The settlement's request needs at least one document. Returns the row as the caller now sees it.
 */
export function transicion(deps: Deps, caller: AccessProfile, cajId: number, accion: CajAccion, extra: TransicionExtra = {}, now = new Date()): Promise<CajaFila> {
  return deps.database.db.transaction(async (tx) => {
    await transicionEn(tx, caller, cajId, accion, extra, now);
    return filaEn(tx, caller, cajId);
  });
}

/** `transicion` inside the caller's transaction (the route's, or the demo seed's). */
export async function transicionEn(tx: Tx, caller: AccessProfile, cajId: number, accion: CajAccion, extra: TransicionExtra = {}, now = new Date()): Promise<CajEstado> {
  const c = await lockParaAccion(tx, caller, cajId, accion);
  if (accion === 'solicitar_aprobacion_rendicion' && await q.cuentaDocumentos(tx, cajId) === 0) throw conflict(CAJA_MSG.sinDocumentos);
  const caj_estado = cajDestino(accion, c.caj_estado as CajEstado);
  await q.updateCaja(tx, cajId, { caj_estado, ...columnas(accion, caller, c, extra, now) });
  if (caj_estado !== c.caj_estado) {
    await q.insertHistorial(tx, { caj_id: cajId, cah_estado: caj_estado, usu_id: caller.usu_id, cah_fecha: now, cah_observacion: extra.observacion ?? '' });
  }
  if (accion === 'aprobar_rendicion') await rendicionAprobada(tx, cajId, caller.usu_id);
  return caj_estado;
}

/**
 * What a registration or an edit names must exist and be usable by the caller (400 otherwise): an
 * active cost centre of their scope, a cash type, a currency, a manager who may approve cash boxes of
 * the centre's project (`q.aprobadores`) and an active internal requester of their scope, who is not the manager.
 */
async function validar(tx: Tx, caller: AccessProfile, d: CajaDatos): Promise<{ pry_id: number }> {
  const a = alcance(caller);
  const r = await q.referencias(tx, d, a);
  if (!r.cec || r.cec.cec_estado !== 1 || !inScope(a.scope, r.cec.pry_id)) throw badRequest(CAJA_MSG.centroCosto);
  if (!r.tca) throw badRequest(CAJA_MSG.tipoCaja);
  if (!r.mon) throw badRequest(CAJA_MSG.moneda);
  if (!r.solicitante) throw badRequest(CAJA_MSG.solicitante);
  if (d.usu_gerente === d.usu_solicitante) throw badRequest(CAJA_MSG.gerenteSolicitante);
  if (!r.gerente) throw badRequest(CAJA_MSG.gerenteProyecto);
  return { pry_id: r.cec.pry_id };
}

const datos = (d: CajaDatos) => ({
  mon_id: d.mon_id, cec_id: d.cec_id, tca_id: d.tca_id, caj_titulo: d.caj_titulo, caj_descripcion: d.caj_descripcion,
  caj_monto: d.caj_monto, usu_gerente: d.usu_gerente, usu_solicitante: d.usu_solicitante,
});

/** Registers a cash box in `tx` (the route's transaction or the demo seed's): state CRE, its code from the year's counter. */
export async function registrarEn(tx: Tx, caller: AccessProfile, d: CajaDatos, now = new Date()): Promise<{ caj_id: number; caj_codigo: string }> {
  const { pry_id } = await validar(tx, caller, d);
  // The counter row is locked until commit: concurrent registrations queue, and a refused one gives its number back.
  const anio = limaYear(now);
  const caj_codigo = codigoCaja(anio, await nextNumber(tx, CAJ_SERIE, anio));
  const caj_id = await q.insertCaja(tx, { ...datos(d), caj_codigo, pry_id, usu_creador: caller.usu_id, caj_estado: CAJ.REGISTRADA, caj_fecha_registro: now });
  await q.insertHistorial(tx, { caj_id, cah_estado: CAJ.REGISTRADA, usu_id: caller.usu_id, cah_fecha: now });
  return { caj_id, caj_codigo };
}

export function registrar(deps: Deps, caller: AccessProfile, d: CajaDatos): Promise<CajaFila> {
  return deps.database.db.transaction(async (tx) => {
    const { caj_id } = await registrarEn(tx, caller, d);
    return filaEn(tx, caller, caj_id);
  });
}

/** Edits a cash box in CRE or CDE (its requester or registrar); with `caj_version`, a stale form answers 409. */
export function editar(deps: Deps, caller: AccessProfile, d: CajaEditarDatos): Promise<CajaFila> {
  return deps.database.db.transaction(async (tx) => {
    const c = await lockParaAccion(tx, caller, d.caj_id, 'editar_caja');
    if (d.caj_version !== undefined && d.caj_version !== c.caj_version) throw conflict(CAJA_MSG.versionCambiada);
    const { pry_id } = await validar(tx, caller, d);
    await q.updateCaja(tx, c.caj_id, { ...datos(d), pry_id });
    return filaEn(tx, caller, c.caj_id);
  });
}

/** The detail (spec 2 §2 "Petty cash detail"): the row, the requester's data, approval, deposit, last observation, history. */
export async function obtener(deps: Deps, caller: AccessProfile, cajId: number): Promise<CajaDetalle> {
  const db = deps.database.db;
  const r = await q.fila(db, cajId, alcance(caller));
  if (!r) throw notFound(CAJA_MSG.notFound);
  const [x, historial] = await Promise.all([q.detalle(db, cajId), q.historial(db, cajId)]);
  if (!x) throw notFound(CAJA_MSG.notFound);
  return {
    ...aFila(r, caller),
    solicitante: { usu_nombre: r.usu_solicitante_nombre, usu_correo: x.usu_correo, usu_dni: x.usu_dni, pry_nombre: x.pry_nombre },
    caj_fecha_aprobacion: x.caj_fecha_aprobacion,
    usu_aprobador_nombre: x.usu_aprobador_nombre,
    caj_fecha_deposito: r.caj_fecha_deposito,
    caj_numero_operacion: x.caj_numero_operacion,
    usu_depositante_nombre: x.usu_depositante_nombre,
    caj_observacion: x.caj_observacion,
    historial,
    cierre: x.caj_monto_cierre === null || !x.caj_fecha_cierre ? null : {
      tipo: r.est_id === CAJ.DEVUELTA ? 'devolucion' : 'reembolso',
      caj_monto_cierre: x.caj_monto_cierre,
      caj_monto_cierre_text: formatMoney(r.mon_simbolo, x.caj_monto_cierre),
      caj_fecha_cierre: x.caj_fecha_cierre,
      caj_numero_operacion_cierre: x.caj_numero_operacion_cierre,
      usu_cierre_nombre: x.usu_cierre_nombre ?? '',
      caj_voucher_nombre: x.caj_voucher_nombre,
      caj_url_voucher: x.tiene_voucher ? CAJA_VOUCHER_URL : null,
    },
  };
}

/** `{page:{list, total, size, number, total_exacto, siguiente}}` of spec 2's lists. */
export interface CajaPagina {
  page: { list: CajaFila[]; total: number; size: number; number: number; total_exacto?: boolean; siguiente?: string };
}

export async function buscar(deps: Deps, caller: AccessProfile, f: CajaFiltroDatos): Promise<CajaPagina> {
  const { page, ...filtro } = f;
  const r: Paged<q.FilaRow> = await q.lista(deps.database.db, filtro, alcance(caller), fromPageQuery(page));
  return { page: { list: r.data.map((row) => aFila(row, caller)), total: r.total, size: page.size, number: page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

/** The lookups of the form and filters, by name (spec 2 §7 cargarDatos). */
export async function cargarDatos(deps: Deps, caller: AccessProfile) {
  const db = deps.database.db;
  const a = alcance(caller);
  const [l, centros_costo, gerentes, usuarios] = await Promise.all([q.lookups(db), q.centrosCosto(db, a.scope), q.gerentes(db, a.scope), q.usuarios(db, a)]);
  return { estados: l.estados, centros_costo, gerentes, usuarios, tipos_caja: l.tipos_caja, monedas: l.monedas, tipos_documento: l.tipos_documento };
}

/**
 * `/caja/buscarAprobadores`: who may be named manager of a cash box charged to `cecId` (a cost centre
 * of the caller's scope, else 400 as the registration would answer), the requester's managers first.
 */
export async function aprobadores(deps: Deps, caller: AccessProfile, cecId: number, solicitante: number | null): Promise<CajaAprobador[]> {
  const db = deps.database.db;
  const cec = await q.centroCosto(db, cecId);
  if (!cec || !inScope(projectScope(caller), cec.pry_id)) throw badRequest(CAJA_MSG.centroCosto);
  return q.aprobadores(db, cec.pry_id, solicitante);
}
