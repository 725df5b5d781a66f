import { CERT_AVISO_DIAS, FE_MSG, type AccessProfile, type CpeCanal, type EmisorGuardarDatos, type EmisorVista } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { faltaParaCanal } from '../../platform/cpe/canales/elegir.ts';
import { datosCertificado, type EmisorVigente } from '../../platform/cpe/configuracion.ts';
import { actualizarEmisor, bloquearEmisor } from '../../platform/cpe/configuracion-queries.ts';
import { leerPkcs12 } from '../../platform/cpe/firma/certificado.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as q from './queries.ts';

/**
 * 'Facturación electrónica' (issue 22): the issuer's settings. Secrets are sealed before they are
 * stored and never read back to a screen; a blank secret keeps the stored one. Every change advances
 * the version (optimistic: a stale form is refused), so every instance opens the new secrets.
 */

/** A Lima timestamp 'YYYY-MM-DDTHH:mm:ss' (Peru keeps UTC-5 all year). */
const lima = (d: Date | null) => (d ? new Date(d.getTime() - 5 * 3600_000).toISOString().slice(0, 19) : '');
const DIA = 86_400_000;

async function vista(deps: Deps, e: EmisorVigente, ahora: Date): Promise<EmisorVista> {
  const f = e.fila;
  const hasta = f.emi_cert_hasta;
  const dias = hasta ? Math.floor((hasta.getTime() - ahora.getTime()) / DIA) : 0;
  return {
    emi_ruc: f.emi_ruc, emi_razon_social: f.emi_razon_social, emi_nombre_comercial: f.emi_nombre_comercial,
    emi_direccion: f.emi_direccion, emi_ubigeo: f.emi_ubigeo, ubi_nombre: await q.nombreUbigeo(deps.database.db, f.emi_ubigeo),
    emi_establecimiento: f.emi_establecimiento, emi_serie_factura: f.emi_serie_factura, emi_serie_boleta: f.emi_serie_boleta,
    emi_serie_guia: f.emi_serie_guia, emi_serie_nc_factura: f.emi_serie_nc_factura, emi_serie_nc_boleta: f.emi_serie_nc_boleta,
    emi_serie_nd_factura: f.emi_serie_nd_factura, emi_serie_nd_boleta: f.emi_serie_nd_boleta, emi_canal: f.emi_canal as CpeCanal, emi_ose_url: f.emi_ose_url, emi_ose_consulta_url: f.emi_ose_consulta_url,
    emi_nubefact_url: f.emi_nubefact_url, tiene_nubefact_token: Boolean(f.emi_nubefact_token),
    emi_sol_usuario: f.emi_sol_usuario, tiene_sol_clave: Boolean(f.emi_sol_clave), emi_plazo_dias: f.emi_plazo_dias, emi_version: f.emi_version,
    emi_gre_client_id: f.emi_gre_client_id, tiene_gre_client_secret: Boolean(f.emi_gre_client_secret),
    emi_gre_url: f.emi_gre_url, emi_gre_token_url: f.emi_gre_token_url,
    certificado: f.emi_certificado && hasta ? {
      sujeto: f.emi_cert_sujeto ?? '', emisor: f.emi_cert_emisor ?? '', serie: f.emi_cert_serie ?? '',
      desde: lima(f.emi_cert_desde), hasta: lima(hasta), prueba: f.emi_cert_prueba,
      dias_restantes: dias, por_vencer: dias >= 0 && dias <= CERT_AVISO_DIAS, vencido: hasta < ahora,
    } : null,
    prueba: f.emi_prueba_estado
      ? { estado: f.emi_prueba_estado as 'pendiente' | 'probando' | 'ok' | 'error', mensaje: f.emi_prueba_mensaje, fecha: f.emi_prueba_en ? lima(f.emi_prueba_en) : null }
      : null,
    falta: faltaParaCanal(e),
    falta_guias: faltaParaCanal(e) ? null : faltaParaCanal(e, '09'),
  };
}

/** The SOL password, Nubefact's token and the GRE secret travel to these addresses: https, or plain http only to this machine (a local test double). */
function seguro(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname));
}

export async function obtener(deps: Deps, ahora = new Date()): Promise<EmisorVista> {
  return vista(deps, await deps.cpe.lector.leer(deps.database.db), ahora);
}

export async function guardar(deps: Deps, caller: AccessProfile, d: EmisorGuardarDatos, ahora = new Date()): Promise<EmisorVista> {
  const s = deps.cpe.secretos;
  await deps.database.db.transaction(async (tx) => {
    const f = await bloquearEmisor(tx);
    if (!f) throw notFound('Falta configurar el emisor');
    if (f.emi_version !== d.emi_version) throw conflict(FE_MSG.version);
    if (d.emi_canal === 'ose' && !d.emi_ose_url) throw badRequest(`${FE_MSG.url}: la del servicio del OSE`);
    if (d.emi_canal === 'nubefact' && !d.emi_nubefact_url) throw badRequest(`${FE_MSG.url}: la ruta de Nubefact`);
    for (const u of [d.emi_ose_url, d.emi_ose_consulta_url, d.emi_nubefact_url, d.emi_gre_url, d.emi_gre_token_url]) {
      if (u && !seguro(u)) throw badRequest(FE_MSG.https);
    }
    if (Boolean(d.emi_gre_url) !== Boolean(d.emi_gre_token_url)) throw badRequest(FE_MSG.greUrls);
    await actualizarEmisor(tx, {
      emi_ruc: d.emi_ruc, emi_razon_social: d.emi_razon_social, emi_nombre_comercial: d.emi_nombre_comercial, emi_direccion: d.emi_direccion,
      emi_ubigeo: d.emi_ubigeo, emi_establecimiento: d.emi_establecimiento, emi_serie_factura: d.emi_serie_factura,
      emi_serie_boleta: d.emi_serie_boleta, emi_serie_guia: d.emi_serie_guia, emi_canal: d.emi_canal,
      emi_ose_url: d.emi_ose_url, emi_ose_consulta_url: d.emi_ose_consulta_url, emi_nubefact_url: d.emi_nubefact_url,
      emi_sol_usuario: d.emi_sol_usuario, emi_plazo_dias: d.emi_plazo_dias, emi_modificado_por: caller.usu_id,
      emi_gre_client_id: d.emi_gre_client_id, emi_gre_url: d.emi_gre_url, emi_gre_token_url: d.emi_gre_token_url,
      ...(d.emi_serie_nc_factura ? { emi_serie_nc_factura: d.emi_serie_nc_factura } : {}),
      ...(d.emi_serie_nc_boleta ? { emi_serie_nc_boleta: d.emi_serie_nc_boleta } : {}),
      ...(d.emi_serie_nd_factura ? { emi_serie_nd_factura: d.emi_serie_nd_factura } : {}),
      ...(d.emi_serie_nd_boleta ? { emi_serie_nd_boleta: d.emi_serie_nd_boleta } : {}),
      ...(d.emi_sol_clave ? { emi_sol_clave: s.cerrar(d.emi_sol_clave) } : {}),
      ...(d.emi_gre_client_secret ? { emi_gre_client_secret: s.cerrar(d.emi_gre_client_secret) } : {}),
      ...(d.emi_nubefact_token ? { emi_nubefact_token: s.cerrar(d.emi_nubefact_token) } : {}),
      // A change of channel forgets the last connection test: it was of the other channel.
      ...(d.emi_canal !== f.emi_canal ? { emi_prueba_estado: null, emi_prueba_mensaje: null, emi_prueba_en: null } : {}),
    }, f.emi_version);
  });
  return obtener(deps, ahora);
}

/** A PKCS#12 is bare DER: a SEQUENCE (0x30) under a .pfx or .p12 name; leerPkcs12 decides the rest. */
export const certificadoRule = {
  types: {},
  maxBytes: 64 * 1024,
  typeMessage: FE_MSG.certificadoTipo,
  sizeMessage: 'El certificado no debe superar 64 KB',
  missingMessage: FE_MSG.certificadoFalta,
  accept: (buffer: Buffer, filename: string) =>
    buffer[0] === 0x30 && /\.(pfx|p12)$/i.test(filename) ? { mime: 'application/x-pkcs12', extension: filename.toLowerCase().endsWith('.p12') ? 'p12' : 'pfx' } : null,
};

export async function cargarCertificado(deps: Deps, caller: AccessProfile, p12: Buffer, password: string, ahora = new Date()): Promise<EmisorVista> {
  let info;
  try {
    info = leerPkcs12(p12, password);
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : FE_MSG.certificadoTipo);
  }
  if (info.validoHasta < ahora) throw badRequest(`El certificado venció el ${lima(info.validoHasta).slice(0, 10)}`);
  await deps.database.db.transaction(async (tx) => {
    const f = await bloquearEmisor(tx);
    if (!f) throw notFound('Falta configurar el emisor');
    // A SUNAT certificate names its holder's RUC in the subject; a test certificate may not.
    if (/\b\d{11}\b/.test(info.sujeto) && !info.sujeto.includes(f.emi_ruc)) throw badRequest(FE_MSG.certificadoRuc(f.emi_ruc));
    // A self-signed certificate (its own issuer) is a test one: SUNAT takes only those of an accredited provider.
    const prueba = info.sujeto === info.emisor;
    await actualizarEmisor(tx, { ...datosCertificado(deps.cpe.secretos, p12, password, info, prueba), emi_modificado_por: caller.usu_id }, f.emi_version);
  });
  return obtener(deps, ahora);
}

export async function probar(deps: Deps): Promise<string> {
  if (!(await q.pedirPrueba(deps.database.db))) throw conflict(FE_MSG.pruebaEnCurso);
  deps.cpe.worker.despertar();
  return FE_MSG.pruebaIniciada;
}
