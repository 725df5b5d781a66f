/**
 * Sender guides (guía de remisión remitente, SUNAT type 09, series T001; issue 14) behind one
 * provider interface. Facturas and boletas no longer go through here: they are signed when issued
 * and sent by the worker through a channel (`../canales/`, `../envio/`). Guides still use the
 * built-in provider, which accepts a guide a few seconds after issuing it, until they get their own
 * channel (the GRE REST API, issue 23).
 */
import type { EmisorComprobantes } from '../tipos.ts';
import type { GuiaEmitida, GuiaSolicitud } from './guia.ts';
import { GUIA_DEMORA_MS, emitirGuiaInterno, guiaPdf } from './guia.ts';

export type { GuiaEmitida, GuiaSolicitud } from './guia.ts';

export interface ProveedorGuias {
  readonly nombre: 'interno' | 'nubefact';
  /**
   * Issues a sender guide. The answer says when SUNAT accepted it (`aceptada_en`, in the future for
   * the built-in provider); the caller stores that and shows no link before it. Never throws for a
   * refusal (aceptado false with a Spanish `mensaje`).
   */
  emitirGuia(g: GuiaSolicitud): Promise<GuiaEmitida>;
  /** The guide's A4 PDF, from the stored request. Throws on failure. */
  guiaPdf(g: GuiaSolicitud, emitida: GuiaEmitida): Promise<Buffer>;
}

/** The company of config (COMPANY_*) is the guides' issuer until they read the e-voucher settings (issue 23). */
export function crearProveedorGuias(company: { name: string; ruc: string; address: string; ubigeo: string }, opts: { nubefact: boolean; guiaDemoraMs?: number }): ProveedorGuias {
  const emisor: EmisorComprobantes = { ruc: company.ruc, razon_social: company.name, direccion: company.address, ubigeo: company.ubigeo };
  if (opts.nubefact) {
    return {
      nombre: 'nubefact',
      // Nubefact's `generar_guia` is not wired yet: refused with a clear text, nothing issued (the caller rolls back the number).
      emitirGuia: () => Promise.resolve({
        aceptado: false, estado_sunat: 'rechazado', aceptada_en: null, enlace_pdf: null, xml: null, hash: null,
        mensaje: 'la emisión de guías de remisión por Nubefact aún no está disponible; use el proveedor interno',
      }),
      guiaPdf: () => Promise.reject(new Error('la guía de remisión de Nubefact aún no está disponible')),
    };
  }
  const demora = opts.guiaDemoraMs ?? GUIA_DEMORA_MS;
  return {
    nombre: 'interno',
    emitirGuia: (g) => Promise.resolve(emitirGuiaInterno(emisor, g, new Date(), demora)),
    guiaPdf: (g) => guiaPdf(emisor, g),
  };
}
