import type { AccessProfile, OrdenVentaDetalle } from '@obra/domain';
import { ORDEN_VENTA_MSG as M, TID_FACTURA, comprobanteGenerable, toScaled } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import type { ComprobanteEmitido, ComprobanteSolicitud } from '../../platform/comprobantes/provider.ts';
import { codigoQr } from '../../platform/comprobantes/solicitud.ts';
import { nextNumber } from '../../platform/counters.ts';
import { AppError, PG, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import * as cq from './comprobante-queries.ts';
import { TDI_RUC, comprobanteTexto, serieDe, solicitudDe } from './comprobante-solicitud.ts';
import * as q from './queries.ts';
import { detalleEn, lockOrden } from './service.ts';

/**
 * The sales order's e-voucher (spec 3 §4, DECISIONS §2, §6; docs/business-rules.md "E-vouchers").
 *
 * Numbering: SUNAT's correlatives run per series, not per year (F001-00000001 ... up to 99999999, then
 * a new series), so the counter row is the series' with year 0: `nextNumber(tx, 'F001', 0)`.
 *
 * One transaction: lock the order, check it may get a voucher, take the series' next number (its
 * counter row stays locked until commit, so issues queue), ask the provider, and only on acceptance
 * store the voucher and mark the order. A refusal or a provider failure rolls everything back: the
 * number is given back and the order is unchanged. Of two calls at once the second waits on the
 * order's lock and finds the voucher; the unique index comprobante_orden_uq is the last guard.
 */

/** Year of the counter rows of voucher series: correlatives are per series only. */
export const ANIO_SERIE = 0;

/** 502 with the provider's message: it failed or could not be reached (nothing was issued). */
const proveedorFallo = (detalle: string) => new AppError(502, M.comprobanteProveedor(detalle));

/** Why the order cannot get a voucher now, or null (the same rule as the screen's flag, `comprobanteGenerable`). */
function motivoNoGenerable(o: q.OrdenLocked): string | null {
  if (o.ovt_comprobante) return M.comprobanteYaEmitido(o.ovt_comprobante);
  if (o.cli_especial !== 0) return M.comprobanteEspecial;
  if ((toScaled(o.ovt_total, 2) ?? 0n) <= 0n) return M.comprobanteSinTotal;
  if (!comprobanteGenerable({ ...o })) return M.comprobanteNoPagada;
  if (o.tid_id === TID_FACTURA && o.tdi_id !== TDI_RUC) return M.facturaSinRuc;
  return null;
}

async function emitir(deps: Deps, s: ComprobanteSolicitud): Promise<ComprobanteEmitido> {
  try {
    return await deps.comprobantes.emitir(s);
  } catch (err) {
    throw proveedorFallo(err instanceof Error ? err.message : String(err));
  }
}

export async function generar(deps: Deps, caller: AccessProfile, ovtId: number, now = new Date()): Promise<{ orden: OrdenVentaDetalle; comprobante: string }> {
  try {
    return await deps.database.db.transaction(async (tx) => {
      const o = await lockOrden(tx, ovtId);
      const motivo = motivoNoGenerable(o);
      if (motivo) throw conflict(motivo);
      const serie = serieDe(o.tid_id);
      const numero = await nextNumber(tx, serie, ANIO_SERIE);
      const datos = await cq.datos(tx, ovtId);
      if (!datos) throw notFound(M.notFound);
      const s = solicitudDe(datos, serie, numero, now);
      const emitido = await emitir(deps, s);
      // The provider's own words: a refusal leaves everything as it was (the throw rolls back the number).
      if (!emitido.aceptado) throw conflict(emitido.mensaje);
      const texto = comprobanteTexto(serie, numero);
      const enlace = cq.enlaceComprobante(ovtId);
      await cq.insert(tx, {
        ovt_id: ovtId, tid_id: o.tid_id, nco_serie: serie, nco_numero: numero, nco_fecha_emision: s.fecha_emision, nco_total: s.total,
        nco_proveedor: deps.comprobantes.nombre, nco_enlace: emitido.enlace_pdf ?? enlace, nco_xml: emitido.xml, nco_hash: emitido.hash,
        nco_datos: s, nco_codigo_qr: emitido.codigo_qr || null,
        nco_estado_sunat: emitido.estado_sunat, nco_usuario: caller.usu_id, nco_fecha_registro: now,
      });
      await q.updateOrden(tx, ovtId, { ovt_comprobante: texto, ovt_comprobante_enlace: enlace });
      return { orden: await detalleEn(tx, caller, ovtId), comprobante: texto };
    });
  } catch (err) {
    if (!(err instanceof AppError) && pgErrorCode(err) === PG.uniqueViolation) throw conflict(M.comprobanteYaEmitido('emitido'));
    throw err;
  }
}

/**
 * The voucher's A4 PDF, rendered again from what was stored: the request as issued (client, lines,
 * totals, issue time) with the provider's XML, digest and QR content. A row stored without its
 * request is rebuilt from its number and issue time and the order (its amounts cannot change once paid).
 */
export async function pdf(deps: Deps, ovtId: number): Promise<{ content: Buffer; nombre: string }> {
  const db = deps.database.db;
  const row = await cq.deOrdenParaVer(db, ovtId);
  if (!row) throw notFound(M.comprobanteNoExiste);
  let s = row.nco_datos;
  if (!s) {
    const datos = await cq.datos(db, ovtId);
    if (!datos) throw notFound(M.notFound);
    s = solicitudDe(datos, row.nco_serie, row.nco_numero, new Date(row.nco_fecha_registro));
  }
  const emitido: ComprobanteEmitido = {
    aceptado: true,
    estado_sunat: row.nco_estado_sunat === 'pendiente' ? 'pendiente' : 'aceptado',
    mensaje: '',
    enlace_pdf: /^https?:\/\//.test(row.nco_enlace ?? '') ? row.nco_enlace : null,
    xml: row.nco_xml,
    hash: row.nco_hash,
    codigo_qr: row.nco_codigo_qr ?? codigoQr(deps.config.company.ruc, s, row.nco_hash),
  };
  try {
    return { content: await deps.comprobantes.pdf(s, emitido), nombre: `${comprobanteTexto(row.nco_serie, row.nco_numero)}.pdf` };
  } catch (err) {
    throw proveedorFallo(err instanceof Error ? err.message : M.comprobantePdf);
  }
}
