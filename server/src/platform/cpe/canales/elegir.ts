/** The channel the settings name (issue 22): SUNAT beta or production, an OSE's URL, Nubefact, or the demo. */
import type { Secretos } from '../../secretos.ts';
import type { EmisorVigente } from '../configuracion.ts';
import type { Canal } from './canal.ts';
import { crearCanalDemo } from './demo.ts';
import { crearCanalNubefact } from './nubefact.ts';
import { ENDPOINTS, crearCanalSunat } from './sunat-soap.ts';

/** Why the settings cannot send yet, or null. */
export function faltaParaCanal(e: EmisorVigente): string | null {
  const f = e.fila;
  switch (e.canal) {
    case 'demo':
      return null;
    case 'nubefact':
      return f.emi_nubefact_url && f.emi_nubefact_token ? null : 'Falta la ruta o el token de Nubefact';
    default:
      // SUNAT and an OSE take the SOL user and the certificate alike; an OSE also its address.
      if (e.canal === 'ose' && !f.emi_ose_url) return 'Falta la dirección del servicio del OSE';
      if (!f.emi_sol_usuario || !f.emi_sol_clave) return 'Falta el usuario o la clave SOL';
      if (!e.firma) return 'Falta el certificado digital';
      return null;
  }
}

/** The channel to send through; null while the settings lack something (the worker then waits, it never falls back to the demo). */
export function canalDe(e: EmisorVigente, secretos: Secretos, timeoutMs: number): Canal | null {
  const f = e.fila;
  if (faltaParaCanal(e)) return null;
  if (e.canal === 'demo') return crearCanalDemo();
  if (e.canal === 'nubefact') {
    return crearCanalNubefact({ url: f.emi_nubefact_url ?? '', token: secretos.abrirTexto(f.emi_nubefact_token ?? ''), timeoutMs });
  }
  const urls = e.canal === 'ose'
    ? { envio: f.emi_ose_url ?? '', consulta: f.emi_ose_consulta_url }
    : ENDPOINTS[e.canal];
  return crearCanalSunat({
    nombre: e.canal, urlEnvio: urls.envio, urlConsulta: urls.consulta, ruc: e.emisor.ruc,
    usuarioSol: f.emi_sol_usuario ?? '', claveSol: secretos.abrirTexto(f.emi_sol_clave ?? ''), timeoutMs,
  });
}
