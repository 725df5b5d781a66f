import { limaDate, precioConIgv, TID_FACTURA } from '@obra/domain';
import { serieNumero } from '../../platform/cpe/solicitud.ts';
import type { ComprobanteLinea, ComprobanteSolicitud, TipoDocumentoCliente } from '../../platform/cpe/tipos.ts';

/**
 * The e-voucher request of a sales order (DECISIONS §6): the order's own amounts (already computed by
 * `ventaTotales` when it was registered), its client's document and fiscal address, each line with
 * its UN/ECE unit. Pure: the service reads the data and the provider issues.
 */

/** tipo_documento_identidad id of RUC (a factura needs it). */
export const TDI_RUC = 2;

/** The series of each voucher type (DECISIONS §2): F001 facturas, B001 boletas. */
export const serieDe = (tidId: number) => (tidId === TID_FACTURA ? 'F001' : 'B001');

/** 'F001-00000001'. */
export const comprobanteTexto = (serie: string, numero: number) => serieNumero({ serie, numero });

/** Our units (unidad_medida symbols) as UN/ECE recommendation 20 codes; anything else is a unit ('NIU'). */
const UNIDAD: Record<string, string> = {
  M3: 'MTQ', 'M³': 'MTQ', HR: 'HUR', H: 'HUR', KG: 'KGM', TN: 'TNE', M2: 'MTK', M: 'MTR', GLN: 'GLL', L: 'LTR', BLS: 'BG', UND: 'NIU', SRV: 'ZZ',
};
export const unidadSunat = (simbolo: string) => UNIDAD[simbolo.trim().toUpperCase()] ?? 'NIU';

/** tdi_codigo is SUNAT's catalogue 06 code; those a voucher takes pass, others read as "no document". */
const tipoDocumento = (codigo: string): TipoDocumentoCliente => (['6', '1', '4'].includes(codigo) ? codigo as TipoDocumentoCliente : '0');

export interface DatosComprobante {
  ovt_id: number;
  tid_id: number;
  mon_codigo: string;
  ovt_subtotal: string;
  ovt_igv_tasa: string;
  ovt_igv: string;
  ovt_total: string;
  ovt_observaciones: string;
  tdi_codigo: string;
  cli_documento_identidad: string;
  cli_nombre: string;
  cli_domicilio_fiscal: string;
  cli_correo: string;
  lineas: { pvt_id: number; ovd_producto: string; unm_simbolo: string; ovd_cantidad: string; ovd_precio: string; ovd_subtotal: string; ovd_igv: string; ovd_total: string }[];
}

const HORA = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** The request for voucher `serie`-`numero` issued at `emitido` (Lima date and time). */
export function solicitudDe(d: DatosComprobante, serie: string, numero: number, emitido: Date): ComprobanteSolicitud {
  const lineas: ComprobanteLinea[] = d.lineas.map((l) => ({
    codigo: String(l.pvt_id),
    descripcion: l.ovd_producto,
    unidad: unidadSunat(l.unm_simbolo),
    cantidad: l.ovd_cantidad,
    valor_unitario: l.ovd_precio,
    precio_unitario: precioConIgv(l.ovd_precio, d.ovt_igv_tasa),
    subtotal: l.ovd_subtotal,
    igv: l.ovd_igv,
    total: l.ovd_total,
  }));
  return {
    tipo: d.tid_id === TID_FACTURA ? 'factura' : 'boleta',
    serie,
    numero,
    fecha_emision: limaDate(emitido),
    hora_emision: HORA.format(emitido),
    moneda: d.mon_codigo === 'USD' ? 'USD' : 'PEN',
    cliente: {
      tipo_documento: tipoDocumento(d.tdi_codigo),
      numero_documento: d.cli_documento_identidad,
      nombre: d.cli_nombre,
      direccion: d.cli_domicilio_fiscal,
      correo: d.cli_correo || undefined,
    },
    lineas,
    subtotal: d.ovt_subtotal,
    igv: d.ovt_igv,
    // NUMERIC(6,4) reads '0.1800': the rate as the domain writes it, '0.18'.
    igv_tasa: d.ovt_igv_tasa.includes('.') ? d.ovt_igv_tasa.replace(/0+$/, '').replace(/\.$/, '') : d.ovt_igv_tasa,
    total: d.ovt_total,
    observaciones: d.ovt_observaciones || undefined,
    orden: `OV-${d.ovt_id}`,
  };
}
