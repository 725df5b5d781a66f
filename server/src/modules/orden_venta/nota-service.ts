import type { AccessProfile, ComprobanteNotaDatos, ComprobanteParaNota, NotaLinea } from '@obra/domain';
import {
  CPE_ESTADO, CPE_MOTIVOS_NC, CPE_MOTIVOS_ND, CPE_MOTIVOS_TOTALES, CPE_MSG, cpeMotivoNoAnulable, cpeNotaPermitida, fromScaled,
  limaDate, precioConIgv, toScaled, ventaTotales,
} from '@obra/domain';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import type { EmisorVigente } from '../../platform/cpe/configuracion.ts';
import { guardarFirma } from '../../platform/cpe/envio/queries.ts';
import { firmarDocumento } from '../../platform/cpe/firma/documento.ts';
import { CODIGO_TIPO, codigoQr, problemaSolicitud, serieNumero } from '../../platform/cpe/solicitud.ts';
import type { ComprobanteLinea, ComprobanteSolicitud, ResumenSolicitud, TipoComprobante } from '../../platform/cpe/tipos.ts';
import { nextNumber } from '../../platform/counters.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Tx } from '../../db/client.ts';
import * as cq from './comprobante-queries.ts';
import { ANIO_SERIE, motivoEmisor } from './comprobante-service.ts';

/**
 * Correcting and cancelling e-vouchers (issue 23; docs/business-rules.md "Notes and cancellations"):
 * - `/comprobante/emitirNota`: a credit (07) or debit (08) note on an accepted factura or boleta, in
 *   its own series (FC01/BC01, FD01/BD01) and gap-free correlative, for the whole document or some lines;
 * - `/comprobante/anular`: a comunicación de baja (RA: facturas and their notes) or a resumen diario
 *   (RC: boletas and their notes) that SUNAT answers by ticket.
 * Like the voucher's issue, each is one short transaction (lock the document, check, number, store
 * 'por_enviar'), then the signature after the commit, then the worker is woken: nothing remote is
 * awaited in a request. What a cancellation cancels turns 'anulado' only when SUNAT accepts it
 * (platform/cpe/envio/queries.ts guardarRespuesta).
 */

/** A scaled integer as the plain decimal text a request holds ('1234.50'; fromScaled groups thousands for display). */
const plano = (v: bigint, decimales: number) => fromScaled(v, decimales).replaceAll(',', '');

/** Returns by item (credit reason 07) may not return more of a line than was issued, over all its notes. */
const DEVOLUCION_POR_ITEM = '07';

/** The note's lines: all of the voucher's (a total note), or those chosen, at the quantity and unit value given. */
function lineasNota(doc: ComprobanteSolicitud, elegidas: NotaLinea[] | null, tasa: string): ComprobanteLinea[] {
  if (!elegidas) return doc.lineas.map((l) => ({ ...l }));
  const vistas = new Set<number>();
  const entrada = elegidas.map((e) => {
    const original = doc.lineas[e.linea - 1];
    if (!original) throw badRequest(CPE_MSG.notaLineaNoExiste(e.linea));
    if (vistas.has(e.linea)) throw badRequest(CPE_MSG.notaLineaRepetida(e.linea));
    vistas.add(e.linea);
    const cantidad = toScaled(e.cantidad, 4);
    if (cantidad === null || cantidad <= 0n || cantidad > (toScaled(original.cantidad, 4) ?? 0n)) throw badRequest(CPE_MSG.notaCantidad(e.linea));
    const valor = e.valor_unitario === null ? toScaled(original.valor_unitario, 2) : toScaled(e.valor_unitario, 2);
    if (valor === null || valor <= 0n) throw badRequest(CPE_MSG.notaValor(e.linea));
    return { original, ovd_cantidad: plano(cantidad, 4), ovd_precio: plano(valor, 2) };
  });
  const montos = ventaTotales(entrada, tasa).lineas;
  return entrada.map((e, i) => ({
    ...e.original, cantidad: e.ovd_cantidad, valor_unitario: e.ovd_precio, precio_unitario: precioConIgv(e.ovd_precio, tasa),
    subtotal: montos[i].ovd_subtotal, igv: montos[i].ovd_igv, total: montos[i].ovd_total,
  }));
}

const suma = (lineas: ComprobanteLinea[], f: (l: ComprobanteLinea) => string) => plano(lineas.reduce((a, l) => a + (toScaled(f(l), 2) ?? 0n), 0n), 2);

function serieNota(e: EmisorVigente, credito: boolean, deFactura: boolean): string {
  const f = e.fila;
  if (credito) return deFactura ? f.emi_serie_nc_factura : f.emi_serie_nc_boleta;
  return deFactura ? f.emi_serie_nd_factura : f.emi_serie_nd_boleta;
}

const HORA = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** Stores a document numbered in `tx` as 'por_enviar' and gives what signs it after the commit. */
async function guardar(tx: Tx, deps: Deps, e: EmisorVigente, v: {
  doc: cq.ComprobanteRow; tipo: string; serie: string; numero: number; fecha: string; total: string; datos: ComprobanteSolicitud | ResumenSolicitud;
  motivoCodigo: string | null; motivo: string; qr: string; usuario: number; now: Date;
}): Promise<{ ncoId: number; firmar: (() => Promise<void>) | null }> {
  // Nubefact signs on its side; with a certificate, the issue signs right after the commit (the worker, should it not).
  const firma = e.canal === 'nubefact' ? null : e.firma;
  const ncoId = await cq.insert(tx, {
    ovt_id: v.doc.ovt_id, tid_id: null, nco_tipo: v.tipo, nco_serie: v.serie, nco_numero: v.numero,
    nco_fecha_emision: v.fecha, nco_total: v.total, nco_proveedor: e.canal, nco_datos: v.datos, nco_codigo_qr: v.qr || null,
    nco_estado_sunat: CPE_ESTADO.POR_ENVIAR, nco_proximo_intento: firma ? new Date(v.now.getTime() + 60_000) : v.now,
    nco_clave_publica: randomBytes(24).toString('base64url'), nco_usuario: v.usuario, nco_fecha_registro: v.now,
    nco_referencia_id: v.doc.nco_id, nco_motivo_codigo: v.motivoCodigo, nco_motivo: v.motivo,
  });
  const firmar = firma ? async () => {
    const d = firmarDocumento(v.tipo, e.emisor, firma, v.datos);
    await guardarFirma(deps.database.db, ncoId, d.xml, d.digest, d.codigoQr);
  } : null;
  return { ncoId, firmar };
}

async function documentoBloqueado(tx: Tx, cpeId: number): Promise<cq.ComprobanteRow & { nco_datos: ComprobanteSolicitud }> {
  const doc = await cq.porIdBloqueado(tx, cpeId);
  if (!doc) throw notFound(CPE_MSG.noExiste);
  if (!doc.nco_datos) throw conflict(CPE_MSG.notaNoPermitida);
  return doc as cq.ComprobanteRow & { nco_datos: ComprobanteSolicitud };
}

async function emisorListo(deps: Deps, tx: Tx, now: Date): Promise<EmisorVigente> {
  const e = await deps.cpe.lector.leer(tx);
  const problema = motivoEmisor(e, now);
  if (problema) throw conflict(problema);
  return e;
}

/** `/comprobante/obtener`: a factura or boleta as the note popup shows it, with what may still be credited. */
export async function paraNota(deps: Deps, cpeId: number): Promise<ComprobanteParaNota> {
  const db = deps.database.db;
  const doc = await cq.porId(db, cpeId);
  if (!doc) throw notFound(CPE_MSG.noExiste);
  if ((doc.nco_tipo !== '01' && doc.nco_tipo !== '03') || !doc.nco_datos) throw conflict(CPE_MSG.notaNoPermitida);
  const s = doc.nco_datos as ComprobanteSolicitud;
  const previas = await cq.notasDe(db, doc.nco_id);
  const disponible = (toScaled(doc.nco_total, 2) ?? 0n) + (toScaled(previas.debito, 2) ?? 0n) - (toScaled(previas.credito, 2) ?? 0n);
  return {
    cpe_id: doc.nco_id, cpe_tipo: doc.nco_tipo, cpe_comprobante: serieNumero(s), cpe_fecha_emision: doc.nco_fecha_emision, cli_nombre: s.cliente.nombre,
    moneda: s.moneda, mon_simbolo: s.moneda === 'USD' ? 'US$' : 'S/', igv_tasa: s.igv_tasa, cpe_total: doc.nco_total,
    disponible: plano(disponible, 2), notas_credito: previas.creditos,
    puede_emitir_nota: cpeNotaPermitida({ cpe_tipo: doc.nco_tipo, cpe_estado: doc.nco_estado_sunat, cpe_baja: doc.nco_baja }),
    lineas: s.lineas.map((l, i) => ({ linea: i + 1, descripcion: l.descripcion, unidad: l.unidad, cantidad: l.cantidad, valor_unitario: l.valor_unitario, total: l.total })),
  };
}

/** `/comprobante/emitirNota`: the note's number ('FC01-00000001'). */
export async function emitirNota(deps: Deps, caller: AccessProfile, n: ComprobanteNotaDatos, now = new Date()): Promise<string> {
  const credito = n.cpe_tipo === '07';
  const motivos = credito ? CPE_MOTIVOS_NC : CPE_MOTIVOS_ND;
  if (!(n.motivo_codigo in motivos)) throw badRequest(CPE_MSG.notaMotivo);
  const total = credito && CPE_MOTIVOS_TOTALES.includes(n.motivo_codigo);
  if (total && n.lineas) throw badRequest(CPE_MSG.notaTotalSinLineas);
  if (!total && !n.lineas) throw badRequest(CPE_MSG.notaLinea);
  const r = await deps.database.db.transaction(async (tx) => {
    const doc = await documentoBloqueado(tx, n.cpe_id);
    if (!cpeNotaPermitida({ cpe_tipo: doc.nco_tipo, cpe_estado: doc.nco_estado_sunat, cpe_baja: doc.nco_baja })) throw conflict(CPE_MSG.notaNoPermitida);
    const e = await emisorListo(deps, tx, now);
    // A credit sale's instalments belong to its voucher: a note declares none (reason 13 is not offered).
    const { forma_pago: _formaPago, cuotas: _cuotas, ...base } = doc.nco_datos;
    const lineas = lineasNota(base, n.lineas, base.igv_tasa);
    const subtotal = suma(lineas, (l) => l.subtotal);
    const igv = suma(lineas, (l) => l.igv);
    const totalNota = plano((toScaled(subtotal, 2) ?? 0n) + (toScaled(igv, 2) ?? 0n), 2);
    if (credito && n.motivo_codigo === DEVOLUCION_POR_ITEM && n.lineas) {
      const devuelto = await cq.devueltoPorLinea(tx, doc.nco_id);
      for (const [i, l] of n.lineas.entries()) {
        const ya = toScaled(devuelto.get(l.linea) ?? '0', 4) ?? 0n;
        if (ya + (toScaled(lineas[i].cantidad, 4) ?? 0n) > (toScaled(base.lineas[l.linea - 1].cantidad, 4) ?? 0n)) {
          throw conflict(CPE_MSG.notaDevuelto(l.linea, plano(ya, 4).replace(/\.?0+$/, '')));
        }
      }
    }
    if (credito) {
      const previas = await cq.notasDe(tx, doc.nco_id);
      if (total && previas.creditos > 0) throw conflict(CPE_MSG.notaTotalConNotas);
      // What may still be credited: the voucher plus its debit notes, less its credit notes (none rejected).
      const disponible = (toScaled(doc.nco_total, 2) ?? 0n) + (toScaled(previas.debito, 2) ?? 0n) - (toScaled(previas.credito, 2) ?? 0n);
      if ((toScaled(totalNota, 2) ?? 0n) > disponible) throw conflict(CPE_MSG.notaExcede(`${base.moneda === 'USD' ? 'US$' : 'S/'} ${fromScaled(disponible, 2)}`));
    }
    const deFactura = doc.nco_tipo === '01';
    const serie = serieNota(e, credito, deFactura);
    // The note's series counter stays locked to the commit, as a voucher's.
    const numero = await nextNumber(tx, serie, ANIO_SERIE);
    const tipo: TipoComprobante = credito ? 'nota_credito' : 'nota_debito';
    const s: ComprobanteSolicitud = {
      ...base, tipo, serie, numero, fecha_emision: limaDate(now), hora_emision: HORA.format(now), lineas, subtotal, igv, total: totalNota,
      nota: {
        tipo: deFactura ? '01' : '03', serie: base.serie, numero: base.numero, fecha_emision: base.fecha_emision, motivo_codigo: n.motivo_codigo, motivo: n.motivo,
        ...(n.lineas ? { lineas_origen: n.lineas.map((l) => l.linea) } : {}),
      },
    };
    const problema = problemaSolicitud(s);
    if (problema) throw conflict(problema);
    const g = await guardar(tx, deps, e, {
      doc, tipo: CODIGO_TIPO[tipo], serie, numero, fecha: s.fecha_emision, total: totalNota, datos: s,
      motivoCodigo: n.motivo_codigo, motivo: n.motivo, qr: codigoQr(e.emisor.ruc, s, null), usuario: caller.usu_id, now,
    });
    // A total credit note cancels the voucher once SUNAT accepts it (guardarRespuesta).
    if (total && !(await cq.marcarBaja(tx, doc.nco_id, g.ncoId))) throw conflict(CPE_MSG.notaNoPermitida);
    return { texto: serieNumero(s), firmar: g.firmar };
  });
  await r.firmar?.();
  deps.cpe.worker.despertar();
  return r.texto;
}

/** `/comprobante/anular`: the summary that asks SUNAT to cancel the document; its reply message. */
export async function anular(deps: Deps, caller: AccessProfile, cpeId: number, motivo: string, now = new Date()): Promise<string> {
  const r = await deps.database.db.transaction(async (tx) => {
    const doc = await documentoBloqueado(tx, cpeId);
    const hoy = limaDate(now);
    const no = cpeMotivoNoAnulable({
      cpe_tipo: doc.nco_tipo, cpe_estado: doc.nco_estado_sunat, cpe_baja: doc.nco_baja, cpe_fecha_emision: doc.nco_fecha_emision, cpe_notas_vigentes: doc.nco_notas_vigentes,
    }, hoy);
    if (no) throw conflict(no);
    const e = await emisorListo(deps, tx, now);
    const s = doc.nco_datos;
    // Facturas and their notes (series F...) by comunicación de baja; boletas and theirs by resumen diario.
    const tipo = doc.nco_serie.startsWith('F') ? 'RA' : 'RC';
    const serie = `${tipo}-${hoy.replaceAll('-', '')}`;
    const numero = await nextNumber(tx, serie, ANIO_SERIE);
    const item: ResumenSolicitud['items'][number] = { tipo: doc.nco_tipo as '01', serie: doc.nco_serie, numero: doc.nco_numero, motivo };
    if (tipo === 'RC') {
      Object.assign(item, {
        cliente_tipo_documento: s.cliente.tipo_documento, cliente_numero_documento: s.cliente.numero_documento,
        moneda: s.moneda, subtotal: s.subtotal, igv: s.igv, total: s.total,
        ...(s.nota ? { referencia: { tipo: '03', serie: s.nota.serie, numero: s.nota.numero } } : {}),
      });
    }
    const datos: ResumenSolicitud = { tipo, serie, numero, fecha_referencia: doc.nco_fecha_emision, fecha_emision: hoy, items: [item] };
    const g = await guardar(tx, deps, e, {
      doc, tipo, serie, numero, fecha: hoy, total: '0', datos, motivoCodigo: null, motivo, qr: '', usuario: caller.usu_id, now,
    });
    if (!(await cq.marcarBaja(tx, doc.nco_id, g.ncoId))) throw conflict(CPE_MSG.anulacionEnCurso(''));
    return { texto: CPE_MSG.anulacionEnviada(serieNumero({ serie: doc.nco_serie, numero: doc.nco_numero }), serieNumero({ serie, numero })), firmar: g.firmar };
  });
  await r.firmar?.();
  deps.cpe.worker.despertar();
  return r.texto;
}
