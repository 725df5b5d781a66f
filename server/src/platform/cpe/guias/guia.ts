/**
 * What a sender guide declares (guía de remisión remitente, SUNAT type 09, series T001; DECISIONS §6,
 * issue 23) and the checks SUNAT's GRE rules make that our data can fail: the driver's document and
 * licence (2568-2573), the plate (2567), the gross weight (2880, 2881, 2523), the addresses' ubigeo.
 * Built by the dispatch module from the dispatch, its order, the driver and the mixer; stored as the
 * `comprobante` row's `nco_datos`, so the XML, the PDF and Nubefact's body are rebuilt from it.
 */
import {
  CONDUCTOR_TIPOS_DOCUMENTO, documentoConductorValido, isValidRuc, licenciaNormalizada, licenciaValida, placaNormalizada,
  type ConductorTipoDocumento, type GuiaUnidadPeso,
} from '@obra/domain';
import type { ComprobanteCliente } from '../tipos.ts';

export interface GuiaLinea {
  codigo: string;
  descripcion: string;
  /** UN/ECE rec. 20: 'MTQ' m³. */
  unidad: string;
  cantidad: string;
}

export interface GuiaConductor {
  /** SUNAT catalogue 06: '1' DNI, '4' carné de extranjería, '7' pasaporte (never a RUC: 2571). */
  tipo_documento: ConductorTipoDocumento;
  numero_documento: string;
  nombre: string;
  apellido: string;
  /** Driving licence, as SUNAT takes it: 9 or 10 letters and digits ('Q40211873'). */
  licencia: string;
}

export interface GuiaSolicitud {
  /** 'T001'. */
  serie: string;
  numero: number;
  /** YYYY-MM-DD and HH:mm:ss, Lima. */
  fecha_emision: string;
  hora_emision: string;
  /** Start of the transfer (the dispatch's departure), YYYY-MM-DD Lima. */
  fecha_traslado: string;
  /** Catalogue 20: '01' venta. */
  motivo_traslado: string;
  /** Total gross weight with 3 decimals ('16800.000'), in `unidad_peso`. */
  peso_bruto: string;
  /** KGM or TNE (2523). */
  unidad_peso: GuiaUnidadPeso;
  destinatario: ComprobanteCliente;
  conductor: GuiaConductor;
  /** The mixer's plate as typed ('AXK-714'); the XML carries it without separators (`placaSunat`). */
  vehiculo_placa: string;
  /** The plant (the issuer's address) and the delivery address with its district (INEI ubigeo). */
  partida: { direccion: string; ubigeo: string };
  llegada: { direccion: string; ubigeo: string };
  lineas: GuiaLinea[];
  /** Our references: the dispatch code and the sales order. */
  envio: string;
  orden: string;
}

/** Catalogue 20 (motivo de traslado) as far as this product moves goods: a sale. */
export const MOTIVOS_TRASLADO: Record<string, string> = { '01': 'Venta' };

/** Catalogue 18: '02' transporte privado, the company's own mixers and drivers. */
export const MODALIDAD_PRIVADO = '02';

/** 'T001-00000001'. */
export const guiaTexto = (serie: string, numero: number) => `${serie}-${String(numero).padStart(8, '0')}`;

/** The plate as SUNAT takes it (2567): letters and digits only, upper case. 'axk-714' → 'AXK714'. */
export const placaSunat = placaNormalizada;
/** A licence as SUNAT takes it (2573): 'q-40211873' → 'Q40211873'. */
export const licenciaSunat = licenciaNormalizada;

const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const HORA = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const PESO = /^\d{1,11}\.\d{3}$/;

/** Why the driver cannot go on a guide, or null: what the driver screen must fill in. */
export function problemaConductor(c: Pick<GuiaConductor, 'tipo_documento' | 'numero_documento' | 'licencia'>, nombre: string): string | null {
  if (!(c.tipo_documento in CONDUCTOR_TIPOS_DOCUMENTO)) return `El tipo de documento del conductor ${nombre} no es válido (DNI, carné de extranjería o pasaporte)`;
  if (!c.numero_documento.trim()) return `Falta el documento de identidad del conductor ${nombre}: regístrelo en Conductores`;
  if (!documentoConductorValido(c.tipo_documento, c.numero_documento)) {
    return c.tipo_documento === '1' ? `El DNI del conductor ${nombre} debe tener 8 dígitos` : `El documento del conductor ${nombre} debe tener hasta 15 letras o números`;
  }
  if (!c.licencia.trim()) return `Falta la licencia de conducir del conductor ${nombre}: regístrela en Conductores`;
  if (!licenciaValida(c.licencia)) return `La licencia de conducir del conductor ${nombre} debe tener 9 o 10 letras y números (p. ej. Q40211873)`;
  return null;
}

/** Why `g` cannot be issued (the first problem found), or null. The dispatch module builds it, so most are guards. */
export function problemaGuia(g: GuiaSolicitud): string | null {
  if (!/^T[A-Z0-9]{3}$/.test(g.serie)) return `La serie ${g.serie} no corresponde a una guía de remisión remitente`;
  if (!Number.isInteger(g.numero) || g.numero < 1 || g.numero > 99_999_999) return 'El número de la guía debe estar entre 1 y 99999999';
  if (!FECHA.test(g.fecha_emision) || !HORA.test(g.hora_emision) || !FECHA.test(g.fecha_traslado)) return 'La fecha de emisión o de traslado no es válida';
  if (!(g.motivo_traslado in MOTIVOS_TRASLADO)) return 'El motivo de traslado no es válido';
  if (!PESO.test(g.peso_bruto) || !/[1-9]/.test(g.peso_bruto)) return 'El peso bruto total debe ser mayor a 0';
  if (g.unidad_peso !== 'KGM' && g.unidad_peso !== 'TNE') return 'La unidad del peso bruto debe ser KGM o TNE';
  const d = g.destinatario;
  if (!d.nombre.trim()) return 'Falta el nombre o razón social del destinatario';
  if (d.tipo_documento === '6' && !isValidRuc(d.numero_documento)) return `El RUC del destinatario (${d.numero_documento}) no es válido`;
  if (d.tipo_documento === '1' && !/^\d{8}$/.test(d.numero_documento)) return 'El DNI del destinatario debe tener 8 dígitos';
  if (d.tipo_documento === '0' || !d.numero_documento.trim()) return 'El destinatario de la guía debe tener RUC, DNI o carné de extranjería';
  const conductor = problemaConductor(g.conductor, `${g.conductor.nombre} ${g.conductor.apellido}`.trim());
  if (conductor) return conductor;
  if (!g.conductor.nombre.trim() || !g.conductor.apellido.trim()) return 'Falta el nombre o el apellido del conductor';
  if (!/^(?!0+$)[0-9A-Z]{6,8}$/.test(placaSunat(g.vehiculo_placa))) return `La placa del vehículo ${g.vehiculo_placa} debe tener de 6 a 8 letras y números`;
  for (const [nombre, p] of [['partida', g.partida], ['llegada', g.llegada]] as const) {
    if (!/^\d{6}$/.test(p.ubigeo)) return `El ubigeo del punto de ${nombre} debe tener 6 dígitos`;
    if (!p.direccion.trim()) return `Falta la dirección del punto de ${nombre}`;
  }
  if (g.lineas.length === 0) return 'La guía no tiene bienes que trasladar';
  for (const [i, l] of g.lineas.entries()) {
    if (!/^\d+(\.\d+)?$/.test(l.cantidad) || !/[1-9]/.test(l.cantidad)) return `La cantidad de la línea ${i + 1} no es válida`;
    if (!l.descripcion.trim()) return `Falta la descripción de la línea ${i + 1}`;
  }
  return null;
}
