import type { AccessProfile, EnvioDetalle, EnvioGuiaDatos } from '@obra/domain';
import { CPE_ESTADO, ENV, ENVIO_MSG as M, esTipoDocumentoConductor, limaDate, pesoBrutoGuia } from '@obra/domain';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { DEMO_DESCRIPCION } from '../../platform/cpe/canales/demo.ts';
import { faltaParaCanal } from '../../platform/cpe/canales/elegir.ts';
import { MSG_CONFIG, type EmisorVigente } from '../../platform/cpe/configuracion.ts';
import { guardarFirma } from '../../platform/cpe/envio/queries.ts';
import { firmarDocumento } from '../../platform/cpe/firma/documento.ts';
import { guiaTexto, problemaConductor, problemaGuia, type GuiaSolicitud } from '../../platform/cpe/guias/guia.ts';
import { guiaPdf } from '../../platform/cpe/pdf/guia.ts';
import type { TipoDocumentoCliente } from '../../platform/cpe/tipos.ts';
import { nextNumber } from '../../platform/counters.ts';
import { AppError, PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { unidadSunat } from '../orden_venta/comprobante-solicitud.ts';
import * as q from './guia-queries.ts';
import { lockEnvios } from './programacion.ts';
import { detalleEn } from './service.ts';

/**
 * The sender guide (guía de remisión remitente, SUNAT type 09; spec 3 §2 "Dispatches", DECISIONS §6,
 * issue 23; docs/business-rules.md "Sender guides"). Issuing is one short transaction: lock the
 * dispatch, check it has no guide and is not cancelled, check the driver and the weight, take the
 * series' next number late (per series, year 0, like the vouchers), and store the request as a
 * `comprobante` row of type '09' ('por_enviar') with the dispatch's `guia_remision` linked to it. A
 * refusal rolls back, so the number is given back. After the commit the XML is signed and stored,
 * and the worker is woken: it sends the guide through the settings' channel (SUNAT's GRE API,
 * Nubefact, or the demo's local check). Nothing remote is awaited here. Of two calls at once the
 * second waits on the dispatch's lock and finds the guide; guia_remision_envio_uq is the last guard.
 */

const HORA = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const tipoDocumento = (c: string): TipoDocumentoCliente => (['6', '1', '4'].includes(c) ? c as TipoDocumentoCliente : '0');
/** Counter rows of document series have year 0: SUNAT's correlatives run per series. */
const ANIO_SERIE = 0;
/** How long the worker leaves a guide for the issue to sign before signing it itself. */
const ESPERA_FIRMA_MS = 60_000;

/** Why the settings cannot issue guides now, or null. */
function motivoEmisor(e: EmisorVigente, hoy: Date): string | null {
  const falta = faltaParaCanal(e, '09');
  if (falta) return `${falta} en Facturación electrónica`;
  if (e.canal === 'nubefact') return null;
  if (!e.firma) return MSG_CONFIG.sinCertificado;
  if (e.canal === 'sunat_produccion' && e.certificadoPrueba) return MSG_CONFIG.certificadoPrueba;
  if (e.firma.validoHasta < hoy) return MSG_CONFIG.certificadoVencido(limaDate(e.firma.validoHasta));
  return null;
}

function solicitud(e: EmisorVigente, d: q.DatosGuia, serie: string, numero: number, peso: { valor: string; unidad: 'KGM' | 'TNE' }, now: Date): GuiaSolicitud {
  return {
    serie, numero, fecha_emision: limaDate(now), hora_emision: HORA.format(now),
    // A guide issued after the departure (late) declares the day it is issued: SUNAT refuses a transfer before the issue.
    fecha_traslado: [limaDate(new Date(d.env_fecha_hora_salida)), limaDate(now)].sort()[1],
    motivo_traslado: '01', peso_bruto: peso.valor, unidad_peso: peso.unidad,
    destinatario: {
      tipo_documento: tipoDocumento(d.tdi_codigo), numero_documento: d.cli_documento_identidad, nombre: d.cli_nombre,
      direccion: d.cli_domicilio_fiscal, correo: d.cli_correo ?? undefined,
    },
    conductor: {
      tipo_documento: esTipoDocumentoConductor(d.cdt_tipo_documento ?? '') ? d.cdt_tipo_documento as GuiaSolicitud['conductor']['tipo_documento'] : '1',
      numero_documento: d.cdt_numero_documento ?? '', nombre: d.cdt_nombre ?? '', apellido: d.cdt_apellido ?? '', licencia: d.cdt_licencia ?? '',
    },
    vehiculo_placa: d.mix_placa,
    partida: { direccion: e.emisor.direccion, ubigeo: e.emisor.ubigeo },
    llegada: { direccion: d.ovt_direccion_envio, ubigeo: d.ubi_id },
    lineas: [{ codigo: `PV-${d.pvt_id}`, descripcion: d.ovd_producto, unidad: unidadSunat(d.unm_simbolo), cantidad: d.env_cantidad }],
    envio: d.env_codigo, orden: `OV-${d.ovt_id}`,
  };
}

/** The weight the guide declares: the one typed, else quantity × the product's kg per unit. */
function pesoDe(g: EnvioGuiaDatos, d: q.DatosGuia): { valor: string; unidad: 'KGM' | 'TNE' } {
  if (g.ngu_peso_bruto) {
    const [ent, dec = ''] = g.ngu_peso_bruto.split('.');
    return { valor: `${ent}.${dec.padEnd(3, '0')}`, unidad: g.ngu_unidad_peso };
  }
  const kg = pesoBrutoGuia(d.env_cantidad, d.pvt_peso);
  if (!kg) throw badRequest(M.pesoDesconocido(d.ovd_producto));
  return { valor: kg, unidad: 'KGM' };
}

export async function generar(deps: Deps, caller: AccessProfile, g: EnvioGuiaDatos, now = new Date()): Promise<{ envio: EnvioDetalle; guia: string }> {
  const db = deps.database.db;
  let r: { guia: string; firmar: (() => Promise<void>) | null };
  try {
    r = await db.transaction(async (tx) => {
      const v = (await lockEnvios(tx, [g.env_id])).get(g.env_id);
      if (!v) throw notFound(M.notFound);
      const previa = await q.previa(tx, g.env_id);
      if (previa) throw conflict(M.guiaYaEmitida(previa));
      if (v.est_id === ENV.CANCELADO) throw conflict(M.guiaCancelado);
      const d = await q.datos(tx, g.env_id, g.cdt_id);
      if (!d) throw notFound(M.notFound);
      if (d.cdt_nombre === null) throw badRequest(M.conductorNoExiste);
      const conductor = problemaConductor({
        tipo_documento: (d.cdt_tipo_documento ?? '') as GuiaSolicitud['conductor']['tipo_documento'],
        numero_documento: d.cdt_numero_documento ?? '', licencia: d.cdt_licencia ?? '',
      }, `${d.cdt_nombre} ${d.cdt_apellido ?? ''}`.trim());
      if (conductor) throw badRequest(conductor);
      const peso = pesoDe(g, d);
      const e = await deps.cpe.lector.leer(tx);
      const emisor = motivoEmisor(e, now);
      if (emisor) throw conflict(M.guiaProveedor(emisor));
      const serie = e.series.guia;
      // The series' counter row stays locked from here to the commit: only a few short statements follow.
      const numero = await nextNumber(tx, serie, ANIO_SERIE);
      const s = solicitud(e, d, serie, numero, peso, now);
      const problema = problemaGuia(s);
      if (problema) throw conflict(M.guiaProveedor(problema));
      // Nubefact signs on its side: it gets the request.
      const firma = e.canal === 'nubefact' ? null : e.firma;
      const { ncoId } = await q.insertar(tx, {
        envId: g.env_id, cdtId: g.cdt_id, ovtId: d.ovt_id, usuId: caller.usu_id, canal: e.canal, s,
        clave: randomBytes(24).toString('base64url'), proximo: firma ? new Date(now.getTime() + ESPERA_FIRMA_MS) : now, now,
      });
      const firmar = firma ? async () => {
        const f = firmarDocumento('09', e.emisor, firma, s);
        await guardarFirma(db, ncoId, f.xml, f.digest, f.codigoQr);
      } : null;
      return { guia: guiaTexto(serie, numero), firmar };
    });
  } catch (err) {
    if (!(err instanceof AppError) && pgErrorCode(err) === PG.uniqueViolation) throw conflict(M.guiaYaEmitida('emitida'));
    throw err;
  }
  await r.firmar?.();
  const envio = await detalleEn(db, caller, g.env_id);
  deps.cpe.worker.despertar();
  return { envio, guia: r.guia };
}

/** The printed guide's warning for a state that is not SUNAT's acceptance. */
export function avisoGuia(estado: string): string {
  if (estado === CPE_ESTADO.DEMO) return `${DEMO_DESCRIPCION}. Sin validez tributaria.`;
  if (estado === CPE_ESTADO.RECHAZADO) return 'Rechazada por SUNAT: esta guía no sustenta el traslado.';
  if (estado === CPE_ESTADO.ACEPTADO || estado === CPE_ESTADO.OBSERVADO) return '';
  return 'Pendiente de aceptación por SUNAT: aún no sustenta el traslado.';
}

/**
 * The guide's PDF (`/envio/verGuiaRemitente`): with SUNAT's QR once accepted, saying so in the demo
 * or when rejected; before SUNAT answers, 409 with the spec's text (spec 3 §9).
 */
export async function pdf(deps: Deps, ref: { env_id?: number; ngu_id?: number }): Promise<{ content: Buffer; nombre: string }> {
  return pdfDe(deps, await q.porReferencia(deps.database.db, ref));
}

/** The same from 'Comprobantes electrónicos' (`/comprobante/descargar`), by the guide's document id. */
export async function pdfDeComprobante(deps: Deps, ncoId: number): Promise<{ content: Buffer; nombre: string }> {
  const nguId = await q.guiaDeComprobante(deps.database.db, ncoId);
  return pdfDe(deps, nguId === null ? undefined : await q.porReferencia(deps.database.db, { ngu_id: nguId }));
}

async function pdfDe(deps: Deps, g: Awaited<ReturnType<typeof q.porReferencia>>): Promise<{ content: Buffer; nombre: string }> {
  const db = deps.database.db;
  if (!g?.nco_datos) throw notFound(M.guiaNoExiste);
  const texto = guiaTexto(g.ngu_serie, g.ngu_numero);
  const estado = g.nco_estado_sunat ?? CPE_ESTADO.POR_ENVIAR;
  const aceptada = estado === CPE_ESTADO.ACEPTADO || estado === CPE_ESTADO.OBSERVADO;
  if (!aceptada && estado !== CPE_ESTADO.DEMO && estado !== CPE_ESTADO.RECHAZADO) throw conflict(M.guiaNoAceptada(texto));
  const { emisor } = await deps.cpe.lector.leer(db);
  const enlace = aceptada && g.nco_codigo_qr && /^https?:\/\//.test(g.nco_codigo_qr) ? g.nco_codigo_qr : null;
  return { content: await guiaPdf(emisor, g.nco_datos, { enlace_qr: enlace, aviso: avisoGuia(estado) }), nombre: `${texto}.pdf` };
}


/** `/envio/descargarGuia`: the signed XML as sent, or SUNAT's CDR zip, named as SUNAT names them. */
export async function descargar(deps: Deps, nguId: number, formato: 'xml' | 'cdr'): Promise<{ content: Buffer; nombre: string; mime: string }> {
  const db = deps.database.db;
  const g = await q.porReferencia(db, { ngu_id: nguId });
  if (!g) throw notFound(M.guiaNoExiste);
  const { emisor } = await deps.cpe.lector.leer(db);
  const nombre = `${emisor.ruc}-09-${guiaTexto(g.ngu_serie, g.ngu_numero)}`;
  if (formato === 'xml') {
    if (!g.nco_xml) throw notFound(M.guiaSinXml);
    return { content: Buffer.from(g.nco_xml, 'utf8'), nombre: `${nombre}.xml`, mime: 'application/xml' };
  }
  if (!g.nco_cdr) throw notFound(M.guiaSinCdr);
  return { content: Buffer.from(g.nco_cdr, 'base64'), nombre: `R-${nombre}.zip`, mime: 'application/zip' };
}
