import type { ComprobanteBuscarDatos, ComprobanteFila, OrdenVentaComprobante, Paged } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import { selectPreparedText, selectRows, type Executor } from '../../db/client.ts';
import { comprobante } from '../../db/schema/index.ts';
import type { ComprobanteSolicitud } from '../../platform/cpe/tipos.ts';
import { listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';
import type { DatosComprobante } from './comprobante-solicitud.ts';
import { lima } from './queries.ts';

/** The e-voucher rows of sales orders (spec 3 §3 "Electronic voucher", issue 22) and what a voucher declares. */

/** A document's number as SUNAT writes it, in SQL: 'F001-00000001', a summary's 'RA-20261128-1' (solicitud.ts serieNumero). */
export const numeroSql = (t: string) => sql.raw(`case when ${t}.nco_serie like 'R_-%' then ${t}.nco_serie || '-' || ${t}.nco_numero
  else ${t}.nco_serie || '-' || lpad(${t}.nco_numero::text, 8, '0') end`);

/** A note that still counts: neither rejected by SUNAT nor cancelled since. */
const NOTA_VIGENTE = sql.raw(`nco_estado_sunat not in ('rechazado', 'anulado')`);

/** The notes of document `t` that still count, as 'FC01-00000003, FC01-00000004' (null when none). */
export const notasVigentesSql = (t: string) => sql`select string_agg(${numeroSql('x')}, ', ' order by x.nco_id) from comprobante x
  where x.nco_referencia_id = ${sql.raw(t)}.nco_id and x.nco_tipo in ('07', '08') and x.${NOTA_VIGENTE}`;

/**
 * The voucher's PDF link: a GET a browser tab or the client can open, with the voucher's own
 * unguessable key (like an accredited provider's public link); staff also read it by POST with the token.
 */
export const enlaceComprobante = (ovtId: number, clave: string) => `/api/ordenVenta/verComprobante?ovt_id=${ovtId}&k=${clave}`;

export function claveIgual(guardada: string, dada: string): boolean {
  const a = Buffer.from(guardada);
  const b = Buffer.from(dada);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function deOrden(db: Executor, ovtId: number): Promise<OrdenVentaComprobante[]> {
  const rows = await selectRows<OrdenVentaComprobante & { clave: string | null }>(db, sql`
    select nco_id, nco_tipo, nco_serie, nco_numero, nco_serie || '-' || lpad(nco_numero::text, 8, '0') as nco_comprobante, coalesce(tid_id, 0) as tid_id,
      nco_fecha_emision::text as nco_fecha_emision, nco_total::text as nco_total, nco_estado_sunat, nco_respuesta_codigo,
      nco_respuesta_texto, coalesce(nco_notas, '[]'::jsonb) as nco_notas, nco_cdr is not null as nco_tiene_cdr, nco_clave_publica as clave
    from comprobante where ovt_id = ${ovtId} and nco_tipo in ('01', '03', '07', '08') order by nco_id`);
  // The link shown is always ours: it serves the PDF whichever channel sent it.
  return rows.map(({ clave, ...r }) => ({ ...r, nco_id: Number(r.nco_id), nco_numero: Number(r.nco_numero), tid_id: Number(r.tid_id), nco_enlace: enlaceComprobante(ovtId, clave ?? '') }));
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

/** A voucher as stored, to render or download it. */
export interface ComprobanteRow {
  nco_id: number;
  ovt_id: number | null;
  nco_tipo: string;
  nco_serie: string;
  nco_numero: number;
  nco_fecha_registro: string;
  nco_proveedor: string;
  nco_xml: string | null;
  nco_hash: string | null;
  nco_cdr: string | null;
  nco_estado_sunat: string;
  /** The request as issued; null only for a row stored without it. */
  nco_datos: ComprobanteSolicitud | null;
  nco_codigo_qr: string | null;
  nco_clave_publica: string | null;
  nco_fecha_emision: string;
  nco_total: string;
  nco_referencia_id: number | null;
  nco_baja_id: number | null;
  /** What cancels it (its number) while pending or once accepted; null otherwise. */
  nco_baja: string | null;
  /** Its notes that still count ('FC01-00000003, …'); null when none. */
  nco_notas_vigentes: string | null;
}

const ROW = sql`n.nco_id, n.ovt_id, n.nco_tipo, n.nco_serie, n.nco_numero,
  ${lima('n.nco_fecha_registro', 'YYYY-MM-DD"T"HH24:MI:SS')} || '-05:00' as nco_fecha_registro,
  n.nco_proveedor, n.nco_xml, n.nco_hash, n.nco_cdr, n.nco_estado_sunat, n.nco_datos, n.nco_codigo_qr, n.nco_clave_publica,
  n.nco_fecha_emision::text as nco_fecha_emision, n.nco_total::text as nco_total, n.nco_referencia_id, n.nco_baja_id,
  (select ${numeroSql('b')} from comprobante b where b.nco_id = n.nco_baja_id) as nco_baja,
  (${notasVigentesSql('n')}) as nco_notas_vigentes`;

function fila(r: ComprobanteRow | undefined): ComprobanteRow | undefined {
  if (!r) return undefined;
  const datos = typeof r.nco_datos === 'string' ? JSON.parse(r.nco_datos) as ComprobanteSolicitud : r.nco_datos;
  const id = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...r, nco_id: Number(r.nco_id), ovt_id: id(r.ovt_id), nco_numero: Number(r.nco_numero), nco_datos: datos,
    nco_referencia_id: id(r.nco_referencia_id), nco_baja_id: id(r.nco_baja_id),
  };
}

/** The order's factura or boleta: the standing one, else the newest cancelled. */
export async function deOrdenParaVer(db: Executor, ovtId: number): Promise<ComprobanteRow | undefined> {
  return fila((await selectRows<ComprobanteRow>(db, sql`select ${ROW} from comprobante n
    where n.ovt_id = ${ovtId} and n.nco_tipo in ('01', '03') order by (n.nco_estado_sunat = 'anulado'), n.nco_id desc limit 1`))[0]);
}

export async function porId(db: Executor, ncoId: number): Promise<ComprobanteRow | undefined> {
  return fila((await selectRows<ComprobanteRow>(db, sql`select ${ROW} from comprobante n where n.nco_id = ${ncoId}`))[0]);
}

/** The same row locked for a note or a cancellation (concurrent ones on one document queue here). */
export async function porIdBloqueado(db: Executor, ncoId: number): Promise<ComprobanteRow | undefined> {
  return fila((await selectRows<ComprobanteRow>(db, sql`select ${ROW} from comprobante n where n.nco_id = ${ncoId} for update of n`))[0]);
}

/** Totals of the notes on a document that still count (not rejected nor cancelled): credited and debited. */
export async function notasDe(db: Executor, ncoId: number): Promise<{ credito: string; debito: string; creditos: number }> {
  const [r] = await selectRows<{ credito: string; debito: string; creditos: number }>(db, sql`
    select coalesce(sum(nco_total) filter (where nco_tipo = '07'), 0)::text as credito,
      coalesce(sum(nco_total) filter (where nco_tipo = '08'), 0)::text as debito,
      count(*) filter (where nco_tipo = '07')::int as creditos
    from comprobante where nco_referencia_id = ${ncoId} and nco_tipo in ('07', '08') and ${NOTA_VIGENTE}`);
  return { ...r, creditos: Number(r.creditos) };
}

/** Quantities returned so far per line (1-based) of a voucher by credit notes of reason 07 (devolución por ítem) that still count. */
export async function devueltoPorLinea(db: Executor, ncoId: number): Promise<Map<number, string>> {
  const rows = await selectRows<{ linea: number; cantidad: string }>(db, sql`
    select (o.linea)::int as linea, sum((n.nco_datos -> 'lineas' -> (o.i - 1)::int ->> 'cantidad')::numeric)::text as cantidad
    from comprobante n, jsonb_array_elements_text(n.nco_datos -> 'nota' -> 'lineas_origen') with ordinality as o(linea, i)
    where n.nco_referencia_id = ${ncoId} and n.nco_tipo = '07' and n.nco_motivo_codigo = '07' and n.${NOTA_VIGENTE}
    group by o.linea`);
  return new Map(rows.map((r) => [Number(r.linea), r.cantidad]));
}

/** Marks what cancels a document (a summary or a total credit note); false when something already does. */
export async function marcarBaja(db: Executor, ncoId: number, bajaId: number): Promise<boolean> {
  const rows = await selectRows<{ nco_id: number }>(db, sql`
    update comprobante set nco_baja_id = ${bajaId} where nco_id = ${ncoId} and nco_baja_id is null and nco_estado_sunat <> 'anulado' returning nco_id`);
  return rows.length === 1;
}

// ------------------------------------------------------------------ the list (/comprobante/buscar)

export type Filtro = Omit<ComprobanteBuscarDatos, 'page'> & { hoy: string; plazoDias: number };

/** The issuer's days for SUNAT's answer (`emi_plazo_dias`), or undefined when no issuer is configured. */
export async function plazoDias(db: Executor): Promise<number | undefined> {
  const [r] = await selectPreparedText<{ d: number }>(db, 'cpe_plazo', 'select emi_plazo_dias as d from emisor_cpe where emi_id = 1', []);
  return r && Number(r.d);
}

/** The filter as conditions on `comprobante n`; the client text uses cliente's trigram index through the order. */
function condiciones(f: Filtro): SQL[] {
  const where: SQL[] = [];
  if (f.cpe_tipo) where.push(sql`n.nco_tipo = ${f.cpe_tipo}`);
  if (f.cpe_estado) where.push(sql`n.nco_estado_sunat = ${f.cpe_estado}`);
  if (f.cpe_serie) where.push(sql`n.nco_serie = ${f.cpe_serie}`);
  if (f.fecha_inicio) where.push(sql`n.nco_fecha_emision >= ${f.fecha_inicio}::date`);
  if (f.fecha_fin) where.push(sql`n.nco_fecha_emision <= ${f.fecha_fin}::date`);
  if (f.cli_search) {
    where.push(sql`n.ovt_id in (select o.ovt_id from orden_venta o where o.cli_id in (
      select cli_id from cliente where lower(cli_documento_identidad || ' ' || cli_nombre) like ${likePattern(f.cli_search)}))`);
  }
  if (f.sin_aceptar) where.push(sql`n.nco_estado_sunat in ('por_enviar', 'enviado', 'error')`);
  if (f.vencidos) where.push(sql`n.nco_estado_sunat in ('por_enviar', 'enviado', 'error') and n.nco_fecha_emision < ${f.hoy}::date - ${f.plazoDias}::int`);
  return where;
}

export type FilaRow = Omit<ComprobanteFila, 'puede_reenviar' | 'cpe_vencido' | 'puede_emitir_nota' | 'puede_anular'>;

/** Newest first: the issue date, then the id (comprobante_fecha_idx; by state, comprobante_estado_idx). */
const LISTA: ListSpec = {
  name: 'comprobante_list',
  from: sql`comprobante n`,
  key: [{ expr: 'n.nco_fecha_emision', type: 'date' }, { expr: 'n.nco_id', type: 'int' }],
  desc: true,
  columns: sql`n.nco_id as cpe_id, n.nco_tipo as cpe_tipo, n.nco_serie as cpe_serie, n.nco_numero as cpe_numero,
    ${numeroSql('n')} as cpe_comprobante, n.nco_fecha_emision::text as cpe_fecha_emision,
    n.nco_estado_sunat as cpe_estado, n.nco_total::text as cpe_total, m.mon_simbolo, n.ovt_id, c.cli_nombre, c.cli_documento_identidad,
    n.nco_proveedor as cpe_canal, n.nco_respuesta_codigo as cpe_respuesta_codigo, n.nco_respuesta_texto as cpe_respuesta_texto,
    coalesce(n.nco_notas, '[]'::jsonb) as cpe_notas, n.nco_intentos as cpe_intentos,
    ${lima('n.nco_proximo_intento')} as cpe_proximo_intento, n.nco_cdr is not null as cpe_tiene_cdr,
    (select ${numeroSql('r')} from comprobante r where r.nco_id = n.nco_referencia_id) as cpe_referencia,
    n.nco_motivo_codigo as cpe_motivo_codigo, n.nco_motivo as cpe_motivo,
    (select ${numeroSql('b')} from comprobante b where b.nco_id = n.nco_baja_id) as cpe_baja,
    (${notasVigentesSql('n')}) as cpe_notas_vigentes`,
  // Summaries carry the order of the document they cancel; a row without an order lists without a client.
  join: sql`join comprobante n on n.nco_id = page.k1 left join orden_venta o on o.ovt_id = n.ovt_id
    left join cliente c on c.cli_id = o.cli_id left join moneda m on m.mon_id = o.mon_id`,
};

export async function lista(db: Executor, f: Filtro, req: ListRequest): Promise<Paged<FilaRow>> {
  const page = await listPage<FilaRow>(db, LISTA, condiciones(f), req);
  // In place: each row is a fresh object of its own, and a copy per row was a cost of the list (issue 28).
  for (const r of page.data) {
    Object.assign(r, {
      cpe_id: Number(r.cpe_id), cpe_numero: Number(r.cpe_numero), ovt_id: Number(r.ovt_id), cpe_intentos: Number(r.cpe_intentos),
      cli_nombre: r.cli_nombre ?? '', cli_documento_identidad: r.cli_documento_identidad ?? '', mon_simbolo: r.mon_simbolo ?? 'S/',
    });
  }
  return page;
}
