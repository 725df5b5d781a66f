/** Replies of the dispatch, mixer and driver calls (what the screens read). Times are Lima 'YYYY-MM-DDTHH:mm:ss'. */

export interface EnvioFila {
  env_id: number; env_codigo: string; ovt_id: number; ovd_id: number; ovd_producto: string; pvt_nombre: string | null; env_cantidad: string; unm_simbolo: string;
  cli_nombre: string; ubi_id: string; ubi_nombre: string; cde_direccion: string; mix_id: number; mix_nombre: string;
  env_fecha_hora_envio: string; env_fecha_hora_carguio: string; env_fecha_hora_salida: string; env_fecha_hora_retorno: string;
  env_frecuencia: number; est_id: number; est_nombre: string; est_styles: string; env_version: number;
  /** Whether the dispatch has a sender guide already. */
  tiene_guia: boolean;
  /** The sale product's weight per unit (kg), null when unknown; the guide's default gross weight (kg) from it. */
  pvt_peso: string | null;
  peso_bruto_sugerido: string | null;
  puede_cambiar_estado: boolean; puede_cancelar: boolean; puede_reprogramar: boolean; puede_generar_guia: boolean;
  /** The next state puts the truck on the road without a guide: the confirmation asks for it. */
  pide_guia: boolean;
  /** A guide generated now comes after the transfer started (the popup warns). */
  guia_tardia: boolean;
  /** The name of the next state, for the confirmation; null at the end. */
  siguiente_estado: string | null;
}

export interface EnvioHistorialFila { est_id: number; est_nombre: string; hee_fecha_registro: string; usu_nombre: string }

export interface EnvioGuiaFila {
  ngu_id: number; ngu_serie: string; ngu_numero: number; guia: string; cdt_id: number; cdt_nombre: string;
  /** The driver's licence and the gross weight declared. */
  cdt_licencia: string; ngu_peso_bruto: string | null; ngu_unidad_peso: string;
  /** The e-document sent to SUNAT (`/comprobante/descargar {cpe_id}`) and its state: por_enviar, enviado, aceptado, observado, rechazado, error, demo. */
  nco_id: number | null; nco_estado_sunat: string;
  /** SUNAT's answer or the demo's note, as shown. */
  nco_respuesta: string | null;
  /** Null until accepted: SUNAT's link (the guide's QR); in the demo, the guide's PDF, which says it is a demonstration. */
  ngu_enlace: string | null;
  /** Accepted by SUNAT (or checked by the demo, `demo` true). */
  aceptada: boolean; demo: boolean;
  ngu_aceptada_en: string | null; ngu_fecha_registro: string;
}

export interface EnvioDetalle extends EnvioFila {
  lista_historial_estado_envio: EnvioHistorialFila[];
  lista_nube_fact_guia: EnvioGuiaFila[];
}

export interface EnvioPagina { page: { list: EnvioFila[]; total: number; size: number; number: number; total_exacto?: boolean; siguiente?: string } }

/** A block of the day timeline. */
export interface EnvioBloque {
  env_id: number; env_codigo: string; ovt_id: number; cli_nombre: string; ubi_nombre: string; cde_direccion: string; env_cantidad: string;
  env_fecha_hora_carguio: string; env_fecha_hora_salida: string; env_fecha_hora_envio: string; env_fecha_hora_retorno: string;
  est_id: number; est_nombre: string; est_styles: string;
}

export interface MixerTimeline { mix_id: number; mix_nombre: string; mix_placa: string; mix_capacidad: string; envios: EnvioBloque[] }

export interface EnvioTimeline {
  /** The Lima day shown, YYYY-MM-DD. */
  fecha: string;
  /** Changes whenever a dispatch of that day changes: poll /envio/versionDia and reload when it differs. */
  version: string;
  mixers: MixerTimeline[];
}

export interface MixerFila { mix_id: number; mix_nombre: string; mix_placa: string; mix_capacidad: string; est_id: number; est_nombre: string; est_styles: string; mix_version: number }
export interface MixerPagina { page: { list: MixerFila[]; total: number; size: number; number: number; total_exacto?: boolean; siguiente?: string } }

export interface ConductorFila {
  cdt_id: number; cdt_nombre: string; cdt_apellido: string; cdt_placa: string; cdt_estado: number; cdt_nombre_completo: string;
  /** Catalogue 06 ('1' DNI, '4' CE, '7' pasaporte), number and licence: what the sender guide declares (issue 23). */
  cdt_tipo_documento: string; cdt_numero_documento: string; cdt_licencia: string;
}
