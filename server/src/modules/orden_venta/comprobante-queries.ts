import type { OrdenVentaComprobante } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { comprobante } from '../../db/schema/index.ts';
import type { ComprobanteSolicitud } from '../../platform/comprobantes/provider.ts';
import type { DatosComprobante } from './comprobante-solicitud.ts';
import { lima } from './queries.ts';

/** The e-voucher rows of sales orders (spec 3 §3 "Electronic voucher") and what a voucher declares. */

/** The path the voucher's PDF is read from (POST with the token; the order's id in the body or the query). */
export const enlaceComprobante = (ovtId: number) => `/api/ordenVenta/verComprobante?ovt_id=${ovtId}`;

export async function deOrden(db: Executor, ovtId: number): Promise<OrdenVentaComprobante[]> {
  const rows = await selectRows<OrdenVentaComprobante>(db, sql`
    select nco_id, nco_serie, nco_numero, nco_serie || '-' || lpad(nco_numero::text, 8, '0') as nco_comprobante, tid_id,
      nco_fecha_emision::text as nco_fecha_emision, nco_total::text as nco_total, nco_estado_sunat
    from comprobante where ovt_id = ${ovtId} order by nco_id`);
  // The link shown is always ours: it serves the PDF whichever provider issued it.
  return rows.map((r) => ({ ...r, nco_id: Number(r.nco_id), nco_numero: Number(r.nco_numero), tid_id: Number(r.tid_id), nco_enlace: enlaceComprobante(ovtId) }));
}

/** The order, its client and its lines as a voucher declares them. */
export async function datos(db: Executor, ovtId: number): Promise<DatosComprobante | undefined> {
  const [o] = await selectRows<Omit<DatosComprobante, 'lineas'>>(db, sql`
    select o.ovt_id, o.tid_id, m.mon_codigo, o.ovt_subtotal::text as ovt_subtotal, o.ovt_igv_tasa::text as ovt_igv_tasa, o.ovt_igv::text as ovt_igv,
      o.ovt_total::text as ovt_total, o.ovt_observaciones, t.tdi_codigo, c.cli_documento_identidad, c.cli_nombre, c.cli_domicilio_fiscal, c.cli_correo
    from orden_venta o join moneda m on m.mon_id = o.mon_id join cliente c on c.cli_id = o.cli_id
      join tipo_documento_identidad t on t.tdi_id = c.tdi_id
    where o.ovt_id = ${ovtId}`);
  if (!o) return undefined;
  const lineas = await selectRows<DatosComprobante['lineas'][number]>(db, sql`
    select d.pvt_id, d.ovd_producto, um.unm_simbolo, d.ovd_cantidad::text as ovd_cantidad, d.ovd_precio::text as ovd_precio,
      d.ovd_subtotal::text as ovd_subtotal, d.ovd_igv::text as ovd_igv, d.ovd_total::text as ovd_total
    from orden_venta_detalle d join producto_venta p on p.pvt_id = d.pvt_id join unidad_medida um on um.unm_id = p.unm_id
    where d.ovt_id = ${ovtId} order by d.ovd_id`);
  return { ...o, ovt_id: Number(o.ovt_id), tid_id: Number(o.tid_id), lineas: lineas.map((l) => ({ ...l, pvt_id: Number(l.pvt_id) })) };
}

export async function insert(db: Executor, v: typeof comprobante.$inferInsert): Promise<number> {
  const [r] = await db.insert(comprobante).values(v).returning({ id: comprobante.nco_id });
  return r.id;
}

/** The voucher of an order as stored, to render it again. */
export interface ComprobanteRow {
  nco_id: number;
  nco_serie: string;
  nco_numero: number;
  nco_fecha_registro: string;
  nco_proveedor: string;
  nco_enlace: string | null;
  nco_xml: string | null;
  nco_hash: string | null;
  nco_estado_sunat: string;
  /** The request as issued; null only for a row stored without it. */
  nco_datos: ComprobanteSolicitud | null;
  nco_codigo_qr: string | null;
}

export async function deOrdenParaVer(db: Executor, ovtId: number): Promise<ComprobanteRow | undefined> {
  const [r] = await selectRows<ComprobanteRow>(db, sql`
    select nco_id, nco_serie, nco_numero, ${lima('nco_fecha_registro', 'YYYY-MM-DD"T"HH24:MI:SS')} || '-05:00' as nco_fecha_registro,
      nco_proveedor, nco_enlace, nco_xml, nco_hash, nco_estado_sunat, nco_datos, nco_codigo_qr
    from comprobante where ovt_id = ${ovtId}`);
  if (!r) return undefined;
  const datos = typeof r.nco_datos === 'string' ? JSON.parse(r.nco_datos) as ComprobanteSolicitud : r.nco_datos;
  return { ...r, nco_id: Number(r.nco_id), nco_numero: Number(r.nco_numero), nco_datos: datos };
}
