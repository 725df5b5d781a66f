/**
 * The channel the settings name (issues 22, 23): SUNAT beta or production, an OSE's URL, Nubefact, or
 * the demo. Sender guides (09) take their own road: SUNAT's GRE REST API (an OSE does not carry
 * guides, so with an OSE they go to SUNAT too), Nubefact's guide API, or the demo's local check. The
 * channel the worker gets routes each document by its type.
 */
import type { Secretos } from '../../secretos.ts';
import type { EmisorVigente } from '../configuracion.ts';
import type { Canal, DocumentoEnvio, Resultado } from './canal.ts';
import { crearCanalDemo } from './demo.ts';
import { crearCanalNubefact } from './nubefact.ts';
import { crearCanalNubefactGuias } from './nubefact-guia.ts';
import { GRE_ENDPOINTS, crearCanalGre } from './sunat-gre.ts';
import { ENDPOINTS, crearCanalSunat } from './sunat-soap.ts';

/** What the guides need beyond what the vouchers do, or null. */
function faltaParaGuias(e: EmisorVigente): string | null {
  const f = e.fila;
  if (e.canal === 'demo' || e.canal === 'nubefact') return null;
  if (!f.emi_gre_client_id || !f.emi_gre_client_secret) return 'Falta el client_id o el client_secret del API de guías de SUNAT';
  // SUNAT publishes no beta of the GRE API: guides issued for tests must not reach production.
  if (e.canal === 'sunat_beta' && (!f.emi_gre_url || !f.emi_gre_token_url)) {
    return 'SUNAT beta no tiene API de guías: indique las direcciones del API de guías de pruebas';
  }
  return null;
}

/**
 * Why the settings cannot send yet, or null. With `tipo` '09', what sending sender guides needs
 * (their credentials come on top of the vouchers' SOL user and certificate).
 */
export function faltaParaCanal(e: EmisorVigente, tipo?: string): string | null {
  const f = e.fila;
  let falta: string | null;
  switch (e.canal) {
    case 'demo':
      falta = null;
      break;
    case 'nubefact':
      falta = f.emi_nubefact_url && f.emi_nubefact_token ? null : 'Falta la ruta o el token de Nubefact';
      break;
    default:
      // SUNAT and an OSE take the SOL user and the certificate alike; an OSE also its address.
      if (e.canal === 'ose' && !f.emi_ose_url) falta = 'Falta la dirección del servicio del OSE';
      else if (!f.emi_sol_usuario || !f.emi_sol_clave) falta = 'Falta el usuario o la clave SOL';
      else if (!e.firma) falta = 'Falta el certificado digital';
      else falta = null;
  }
  return falta ?? (tipo === '09' ? faltaParaGuias(e) : null);
}

function canalGuias(e: EmisorVigente, secretos: Secretos, timeoutMs: number, nubefact: { url: string; token: string }): Canal {
  const f = e.fila;
  if (e.canal === 'demo') return crearCanalDemo();
  if (e.canal === 'nubefact') return crearCanalNubefactGuias({ ...nubefact, timeoutMs });
  return crearCanalGre({
    nombre: e.canal, ruc: e.emisor.ruc, usuarioSol: f.emi_sol_usuario ?? '', claveSol: secretos.abrirTexto(f.emi_sol_clave ?? ''),
    clientId: f.emi_gre_client_id ?? '', clientSecret: secretos.abrirTexto(f.emi_gre_client_secret ?? ''),
    urlApi: f.emi_gre_url || GRE_ENDPOINTS.api, urlToken: f.emi_gre_token_url || GRE_ENDPOINTS.token, timeoutMs,
  });
}

/** One channel for the worker: guides to `guias` (or, while it lacks credentials, an error that says what), the rest to `base`. */
function porTipo(base: Canal, guias: Canal | null, faltaGuias: string | null): Canal {
  const sinGuias: Resultado = { estado: 'error', codigo: null, descripcion: `No se puede enviar la guía: ${faltaGuias ?? ''} (Facturación electrónica)` };
  const responder = (doc: DocumentoEnvio, f: (c: Canal) => Promise<Resultado>) => {
    if (doc.tipo !== '09') return f(base);
    return guias ? f(guias) : Promise.resolve(sinGuias);
  };
  return {
    nombre: base.nombre,
    enviar: (doc) => responder(doc, (c) => c.enviar(doc)),
    consultar: (doc) => responder(doc, (c) => c.consultar(doc)),
    async probar(ruc) {
      const a = await base.probar(ruc);
      const b = guias ? await guias.probar(ruc) : { ok: true, mensaje: `${faltaGuias ?? ''}; las guías de remisión no se podrán enviar` };
      return { ok: a.ok && b.ok, mensaje: `${a.mensaje}. Guías de remisión: ${b.mensaje}` };
    },
  };
}

/** The channel to send through; null while the settings lack something (the worker then waits, it never falls back to the demo). */
export function canalDe(e: EmisorVigente, secretos: Secretos, timeoutMs: number): Canal | null {
  const f = e.fila;
  if (faltaParaCanal(e)) return null;
  if (e.canal === 'demo') return crearCanalDemo();
  const nubefact = { url: f.emi_nubefact_url ?? '', token: e.canal === 'nubefact' ? secretos.abrirTexto(f.emi_nubefact_token ?? '') : '' };
  let base: Canal;
  if (e.canal === 'nubefact') {
    base = crearCanalNubefact({ ...nubefact, timeoutMs });
  } else {
    const urls = e.canal === 'ose'
      ? { envio: f.emi_ose_url ?? '', consulta: f.emi_ose_consulta_url }
      : ENDPOINTS[e.canal];
    base = crearCanalSunat({
      nombre: e.canal, urlEnvio: urls.envio, urlConsulta: urls.consulta, ruc: e.emisor.ruc,
      usuarioSol: f.emi_sol_usuario ?? '', claveSol: secretos.abrirTexto(f.emi_sol_clave ?? ''), timeoutMs,
    });
  }
  const faltaGuias = faltaParaCanal(e, '09');
  return porTipo(base, faltaGuias ? null : canalGuias(e, secretos, timeoutMs, nubefact), faltaGuias);
}
