import type { AccessProfile, ComprobanteBuscarDatos, ComprobanteFila, Cuota, OrdenVentaDetalle, PageReply } from '@obra/domain';
import {
  CPE_ESTADO, CPE_MSG, ORDEN_VENTA_MSG as M, TID_FACTURA, comprobanteGenerable, cpeMotivoNoAnulable, cpeNotaPermitida, cpeReenviable, cpeVencido,
  limaDate, toScaled,
} from '@obra/domain';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { faltaParaCanal } from '../../platform/cpe/canales/elegir.ts';
import { MSG_CONFIG, type EmisorVigente } from '../../platform/cpe/configuracion.ts';
import { firmarComprobante } from '../../platform/cpe/firma/documento.ts';
import { DEMO_DESCRIPCION } from '../../platform/cpe/canales/demo.ts';
import { comprobantePdf } from '../../platform/cpe/pdf/comprobante.ts';
import { CODIGO_TIPO, codigoQr, nombreSunat, problemaSolicitud } from '../../platform/cpe/solicitud.ts';
import { adelantar, guardarFirma } from '../../platform/cpe/envio/queries.ts';
import { nextNumber } from '../../platform/counters.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { AppError, PG, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { motivoSinPago, pagoDelComprobante } from './comprobante-credito.ts';
import * as guias from '../envio/guia.ts';
import * as cq from './comprobante-queries.ts';
import { TDI_RUC, comprobanteTexto, solicitudDe } from './comprobante-solicitud.ts';
import * as q from './queries.ts';
import { detalleEn, lockOrden } from './service.ts';

/**
 * The sales order's e-voucher (spec 3 §4, DECISIONS §2, §6; issue 22; docs/business-rules.md "E-vouchers").
 *
 * Numbering: SUNAT's correlatives run per series, not per year (F001-00000001 ... up to 99999999, then
 * a new series), so the counter row is the series' with year 0: `nextNumber(tx, 'F001', 0)`.
 *
 * Issuing is one short transaction: lock the order, check it may get a voucher, take the series'
 * next number, store the request 'por_enviar' and mark the order. Right after the commit the UBL XML
 * is built and signed with the issuer's certificate (about 20 ms of CPU that no longer holds the
 * series' counter lock, so concurrent issues do not queue behind each other's signatures) and stored
 * before the reply; should that not happen (the process stops), the worker signs it at its first try.
 * Nothing remote is awaited: the worker (platform/cpe/envio) sends it, so a slow or hanging SUNAT
 * never holds the counter, a connection or the user. The number is the document's for good: a
 * rejection is recorded, never given to another order.
 */

/** Year of the counter rows of voucher series: correlatives are per series only. */
export const ANIO_SERIE = 0;

/** Why the order cannot get a voucher now, or null (the same rule as the screen's flag, `comprobanteGenerable`). */
function motivoNoGenerable(o: q.OrdenLocked): string | null {
  if (o.ovt_comprobante) return M.comprobanteYaEmitido(o.ovt_comprobante);
  if (o.cli_especial !== 0) return M.comprobanteEspecial;
  if ((toScaled(o.ovt_total, 2) ?? 0n) <= 0n) return M.comprobanteSinTotal;
  if (!comprobanteGenerable(o)) return motivoSinPago(o);
  if (o.tid_id === TID_FACTURA && o.tdi_id !== TDI_RUC) return M.facturaSinRuc;
  return null;
}

/** Why the issuer's settings cannot issue now, or null. */
export function motivoEmisor(e: EmisorVigente, hoy: Date): string | null {
  const falta = faltaParaCanal(e);
  if (falta) return `${falta} en Facturación electrónica`;
  if (e.canal !== 'nubefact') {
    if (!e.firma) return MSG_CONFIG.sinCertificado;
    if (e.canal === 'sunat_produccion' && e.certificadoPrueba) return MSG_CONFIG.certificadoPrueba;
    if (e.firma.validoHasta < hoy) return MSG_CONFIG.certificadoVencido(limaDate(e.firma.validoHasta));
  }
  return null;
}

/** How long the worker leaves a document unsigned for the issue to sign it before it signs it itself. */
const ESPERA_FIRMA_MS = 60_000;

/** `cuotas` count for a credit sale only (issue 23, `pagoDelComprobante`); null takes the default. */
export async function generar(
  deps: Deps, caller: AccessProfile, ovtId: number, now = new Date(), cuotas: Cuota[] | null = null,
): Promise<{ orden: OrdenVentaDetalle; comprobante: string }> {
  let r: { comprobante: string; firmar: (() => Promise<void>) | null };
  try {
    r = await deps.database.db.transaction(async (tx) => {
      const o = await lockOrden(tx, ovtId);
      const motivo = motivoNoGenerable(o);
      if (motivo) throw conflict(motivo);
      const pago = pagoDelComprobante(o, cuotas, limaDate(now));
      const e = await deps.cpe.lector.leer(tx);
      const problemaEmisor = motivoEmisor(e, now);
      if (problemaEmisor) throw conflict(problemaEmisor);
      const serie = o.tid_id === TID_FACTURA ? e.series.factura : e.series.boleta;
      const datos = await cq.datos(tx, ovtId);
      if (!datos) throw notFound(M.notFound);
      // The series' counter row stays locked from here to the commit: only a few short statements follow.
      const numero = await nextNumber(tx, serie, ANIO_SERIE);
      const s = { ...solicitudDe(datos, serie, numero, now), ...pago };
      const problema = problemaSolicitud(s);
      if (problema) throw conflict(M.comprobanteRechazado(problema));
      // Nubefact signs on its side: it gets the request, and its answer brings the digest.
      const firma = e.canal === 'nubefact' ? null : e.firma;
      const clave = randomBytes(24).toString('base64url');
      const enlace = cq.enlaceComprobante(ovtId, clave);
      const ncoId = await cq.insert(tx, {
        ovt_id: ovtId, tid_id: o.tid_id, nco_tipo: CODIGO_TIPO[s.tipo], nco_serie: serie, nco_numero: numero,
        nco_fecha_emision: s.fecha_emision, nco_total: s.total, nco_proveedor: e.canal, nco_enlace: enlace,
        nco_datos: s, nco_codigo_qr: codigoQr(e.emisor.ruc, s, null),
        nco_estado_sunat: CPE_ESTADO.POR_ENVIAR, nco_proximo_intento: firma ? new Date(now.getTime() + ESPERA_FIRMA_MS) : now,
        nco_clave_publica: clave, nco_usuario: caller.usu_id, nco_fecha_registro: now,
      });
      const texto = comprobanteTexto(serie, numero);
      await q.updateOrden(tx, ovtId, { ovt_comprobante: texto, ovt_comprobante_enlace: enlace });
      const firmar = firma ? async () => {
        const d = firmarComprobante(e.emisor, firma, s);
        await guardarFirma(deps.database.db, ncoId, d.xml, d.digest, d.codigoQr);
      } : null;
      return { comprobante: texto, firmar };
    });
  } catch (err) {
    if (!(err instanceof AppError) && pgErrorCode(err) === PG.uniqueViolation) throw conflict(M.comprobanteYaEmitido('emitido'));
    throw err;
  }
  await r.firmar?.();
  const orden = await detalleEn(deps.database.db, caller, ovtId);
  deps.cpe.worker.despertar();
  return { orden, comprobante: r.comprobante };
}

/** The printed copy's warning for a document that is not (or not yet) SUNAT's. */
export function avisoImpreso(estado: string): string {
  if (estado === CPE_ESTADO.ANULADO) return 'ANULADO: SUNAT aceptó su anulación; este comprobante no tiene validez tributaria.';
  if (estado === CPE_ESTADO.DEMO) return `${DEMO_DESCRIPCION}. Sin validez tributaria.`;
  if (estado === CPE_ESTADO.RECHAZADO) return 'Rechazado por SUNAT: este comprobante no tiene validez tributaria.';
  if (estado === CPE_ESTADO.POR_ENVIAR || estado === CPE_ESTADO.ENVIADO || estado === CPE_ESTADO.ERROR) return 'Pendiente de aceptación por SUNAT.';
  return '';
}

/**
 * A voucher's A4 PDF, rendered again from what was stored: the request as issued (client, lines,
 * totals, issue time), the signature's digest and the QR content, with the state's warning.
 */
export async function pdfDe(deps: Deps, row: cq.ComprobanteRow): Promise<{ content: Buffer; nombre: string }> {
  const db = deps.database.db;
  if (row.nco_tipo === 'RA' || row.nco_tipo === 'RC') throw notFound(CPE_MSG.resumenSinPdf);
  const datos = row.nco_datos || row.ovt_id === null ? null : await cq.datos(db, row.ovt_id);
  const s = row.nco_datos ?? (datos ? solicitudDe(datos, row.nco_serie, row.nco_numero, new Date(row.nco_fecha_registro)) : null);
  if (!s) throw notFound(M.notFound);
  const e = await deps.cpe.lector.leer(db);
  const content = await comprobantePdf(e.emisor, s, {
    hash: row.nco_hash,
    codigo_qr: row.nco_codigo_qr ?? codigoQr(e.emisor.ruc, s, row.nco_hash),
    aviso: avisoImpreso(row.nco_estado_sunat),
  });
  return { content, nombre: `${comprobanteTexto(row.nco_serie, row.nco_numero)}.pdf` };
}

/** `/ordenVenta/verComprobante`: the order's voucher PDF (staff with the module). */
export async function pdf(deps: Deps, ovtId: number): Promise<{ content: Buffer; nombre: string }> {
  const row = await cq.deOrdenParaVer(deps.database.db, ovtId);
  if (!row) throw notFound(M.comprobanteNoExiste);
  return pdfDe(deps, row);
}

/** The public link of `ovt_comprobante_enlace` (a GET a browser tab or the client opens): the key must match. */
export async function pdfPublico(deps: Deps, ovtId: number, clave: string): Promise<{ content: Buffer; nombre: string }> {
  const row = await cq.deOrdenParaVer(deps.database.db, ovtId);
  if (!row || !row.nco_clave_publica || !cq.claveIgual(row.nco_clave_publica, clave)) throw notFound(M.comprobanteNoExiste);
  return pdfDe(deps, row);
}

// ------------------------------------------------------------------ 'Comprobantes electrónicos' (/comprobante/*)

export async function buscar(deps: Deps, f: ComprobanteBuscarDatos, now = new Date()): Promise<PageReply<ComprobanteFila>> {
  const { page, ...filtro } = f;
  const db = deps.database.db;
  // The days a document may wait for SUNAT are all the list needs of the issuer's settings: read alone (one
  // prepared statement), not the whole row with its certificate through the query builder on every page (issue 28).
  const plazoDias = await cq.plazoDias(db);
  if (plazoDias === undefined) throw notFound(MSG_CONFIG.sinEmisor);
  const hoy = limaDate(now);
  const r = await cq.lista(db, { ...filtro, hoy, plazoDias }, fromPageQuery(page));
  return {
    page: {
      // Added to each row, not copied into a new one (issue 28).
      list: r.data.map((row) => Object.assign(row, {
        puede_reenviar: cpeReenviable(row.cpe_estado), cpe_vencido: cpeVencido(row.cpe_estado, row.cpe_fecha_emision, plazoDias, hoy),
        puede_emitir_nota: cpeNotaPermitida(row), puede_anular: cpeMotivoNoAnulable(row, hoy) === null,
      })),
      total: r.total, size: page.size, number: page.number, total_exacto: r.total_exacto, siguiente: r.siguiente,
    },
  };
}

async function existente(deps: Deps, cpeId: number): Promise<cq.ComprobanteRow> {
  const row = await cq.porId(deps.database.db, cpeId);
  if (!row) throw notFound(CPE_MSG.noExiste);
  return row;
}

/** `/comprobante/descargar`: the signed XML, SUNAT's CDR zip or the PDF, named as SUNAT names them. */
export async function descargar(deps: Deps, cpeId: number, formato: 'xml' | 'cdr' | 'pdf'): Promise<{ content: Buffer; nombre: string; mime: string }> {
  const row = await existente(deps, cpeId);
  if (formato === 'pdf') {
    // A guide prints as a guide (its QR is SUNAT's link), everything else as a voucher.
    const f = row.nco_tipo === '09' ? await guias.pdfDeComprobante(deps, row.nco_id) : await pdfDe(deps, row);
    return { ...f, mime: 'application/pdf' };
  }
  const { emisor } = await deps.cpe.lector.leer(deps.database.db);
  const nombre = nombreSunat(emisor.ruc, row.nco_tipo, row.nco_serie, row.nco_numero);
  if (formato === 'xml') {
    if (!row.nco_xml) throw notFound(CPE_MSG.sinXml);
    return { content: Buffer.from(row.nco_xml, 'utf8'), nombre: `${nombre}.xml`, mime: 'application/xml' };
  }
  if (!row.nco_cdr) throw notFound(CPE_MSG.sinCdr);
  return { content: Buffer.from(row.nco_cdr, 'base64'), nombre: `R-${nombre}.zip`, mime: 'application/zip' };
}

/** `/comprobante/reenviar`: due now for the worker (never sent from the request itself). */
export async function reenviar(deps: Deps, cpeId: number): Promise<string> {
  const row = await existente(deps, cpeId);
  if (!cpeReenviable(row.nco_estado_sunat)) throw conflict(CPE_MSG.noReenviable(row.nco_estado_sunat));
  await adelantar(deps.database.db, cpeId);
  deps.cpe.worker.despertar();
  return CPE_MSG.reenviado(comprobanteTexto(row.nco_serie, row.nco_numero));
}
