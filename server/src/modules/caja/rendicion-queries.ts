import { CAJ_CON_RENDICION, claveCentroCosto } from '@obra/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { rendicionDetalle } from '../../db/schema/index.ts';

/**
 * The settlement's tables (spec 2 §3 "Expense report", "Settlement document line"): its documents,
 * its PDF, and the look-ups a line needs (cost centre, document type, the same document in another
 * cash box). The cash box itself is read and locked by queries.ts.
 */

export interface CentroActivo {
  cec_id: number;
  cec_codigo: string;
  pry_id: number;
}

/**
 * Active cost centres whose code, ignoring case, spaces and dots (domain `claveCentroCosto`), is one
 * of `codigos`, keyed by that comparison key. Codes are unique in the company (lower-cased), so a key
 * finds at most one centre unless two codes differ only by spaces or dots; then the first by id.
 */
export async function centrosPorClave(db: Executor, codigos: string[]): Promise<Map<string, CentroActivo>> {
  const claves = [...new Set(codigos.map(claveCentroCosto).filter(Boolean))];
  const found = new Map<string, CentroActivo>();
  if (claves.length === 0) return found;
  const rows = await selectRows<CentroActivo & { clave: string }>(db, sql`
    select cec_id, cec_codigo, pry_id, regexp_replace(lower(cec_codigo), '[[:space:].]+', '', 'g') as clave
    from centro_costo
    where cec_estado = 1 and regexp_replace(lower(cec_codigo), '[[:space:].]+', '', 'g') in (select jsonb_array_elements_text(${JSON.stringify(claves)}::jsonb))
    order by cec_id`);
  for (const r of rows) if (!found.has(r.clave)) found.set(r.clave, { cec_id: Number(r.cec_id), cec_codigo: r.cec_codigo, pry_id: Number(r.pry_id) });
  return found;
}

export interface TipoDocumentoRow {
  tid_id: number;
  tid_codigo: string;
  tid_descripcion: string;
}

/** Every document type (a dozen reference rows). */
export async function tiposDocumento(db: Executor): Promise<TipoDocumentoRow[]> {
  const rows = await selectRows<TipoDocumentoRow>(db, sql`select tid_id, tid_codigo, tid_descripcion from tipo_documento order by tid_id`);
  return rows.map((r) => ({ ...r, tid_id: Number(r.tid_id) }));
}

export interface DocumentoClave {
  red_dni_ruc: string;
  red_tipo_documento: number;
  red_serie: string;
  red_numero: string;
}

/**
 * Which of `docs` are already a document of another cash box, with that box's code. One statement
 * whatever the number of lines, each probe an index lookup on `rendicion_detalle_documento_uq`.
 */
export async function documentosEnOtrasCajas(db: Executor, cajId: number, docs: DocumentoClave[]): Promise<(DocumentoClave & { caj_codigo: string })[]> {
  if (docs.length === 0) return [];
  const probes = docs.map((d) => ({ dni: d.red_dni_ruc, tid: d.red_tipo_documento, serie: d.red_serie, numero: d.red_numero }));
  const rows = await selectRows<DocumentoClave & { caj_codigo: string }>(db, sql`
    select d.red_dni_ruc, d.tid_id as red_tipo_documento, d.red_serie, d.red_numero, c.caj_codigo
    from jsonb_to_recordset(${JSON.stringify(probes)}::jsonb) as p(dni text, tid int, serie text, numero text)
    join rendicion_detalle d on d.red_dni_ruc = p.dni and d.tid_id = p.tid and d.red_serie = p.serie and d.red_numero = p.numero
    join caja c on c.caj_id = d.caj_id
    where d.caj_id <> ${cajId}`);
  return rows.map((r) => ({ ...r, red_tipo_documento: Number(r.red_tipo_documento) }));
}

export interface DocumentoNuevo {
  red_fecha: string;
  red_dni_ruc: string;
  red_razon_social: string;
  red_descripcion: string;
  cec_id: number;
  tid_id: number;
  red_serie: string;
  red_numero: string;
  red_importe: string;
}

/** Replaces the cash's documents, numbered 1..n in the order given (the cash row is locked by the caller). */
export async function reemplazarDocumentos(tx: Executor, cajId: number, docs: DocumentoNuevo[]): Promise<void> {
  await tx.delete(rendicionDetalle).where(eq(rendicionDetalle.caj_id, cajId));
  if (docs.length) await tx.insert(rendicionDetalle).values(docs.map((d, i) => ({ ...d, caj_id: cajId, red_item: i + 1 })));
}

/** The settlement's PDF: its storage key and original name. */
export async function pdf(db: Executor, cajId: number): Promise<{ caj_pdf_clave: string | null; caj_pdf_nombre: string | null } | undefined> {
  const [r] = await selectRows<{ caj_pdf_clave: string | null; caj_pdf_nombre: string | null }>(db, sql`
    select caj_pdf_clave, caj_pdf_nombre from caja where caj_id = ${cajId}`);
  return r;
}

export interface DocumentoRow {
  red_item: number;
  red_fecha: string;
  red_dni_ruc: string;
  red_razon_social: string;
  red_descripcion: string;
  cec_id: number;
  cec_codigo: string;
  tid_id: number;
  tid_descripcion: string;
  red_serie: string;
  red_numero: string;
  red_importe: string;
}

/** The cash's documents in their order, with their cost centre's code and document type's name. */
export async function documentos(db: Executor, cajId: number): Promise<DocumentoRow[]> {
  const rows = await selectRows<DocumentoRow>(db, sql`
    select d.red_item, to_char(d.red_fecha, 'YYYY-MM-DD') as red_fecha, d.red_dni_ruc, d.red_razon_social, d.red_descripcion,
      d.cec_id, cc.cec_codigo, d.tid_id, t.tid_descripcion, d.red_serie, d.red_numero, d.red_importe::text as red_importe
    from rendicion_detalle d join centro_costo cc on cc.cec_id = d.cec_id join tipo_documento t on t.tid_id = d.tid_id
    where d.caj_id = ${cajId} order by d.red_item`);
  return rows.map((r) => ({ ...r, red_item: Number(r.red_item), cec_id: Number(r.cec_id), tid_id: Number(r.tid_id) }));
}

/** States in which a cash box has a settlement (documents exist from the deposit on). */
export const conRendicionSql = sql`c.caj_estado in (${sql.join(CAJ_CON_RENDICION.map((e) => sql`${e}`), sql`, `)})`;

/** A row of the settlements report: one document with its cash box. */
export interface ReporteRow {
  caj_id: number;
  red_item: number;
  caj_codigo: string;
  caj_titulo: string;
  est_descripcion: string;
  solicitante: string;
  red_fecha: string;
  red_dni_ruc: string;
  red_razon_social: string;
  red_descripcion: string;
  cec_codigo: string;
  tid_descripcion: string;
  red_serie: string;
  red_numero: string;
  red_importe: string;
  mon_simbolo: string;
}

/**
 * A batch of documents of the cash boxes meeting `where`, newest cash box first and each one's
 * documents in order, after the key `after` (keyset: one short statement per batch).
 */
export async function reporteLote(db: Executor, where: (SQL | undefined)[], after: { caj_id: number; red_item: number } | null, limit: number): Promise<ReporteRow[]> {
  const conds = where.filter((w): w is SQL => w !== undefined);
  if (after) conds.push(sql`(d.caj_id < ${after.caj_id} or (d.caj_id = ${after.caj_id} and d.red_item > ${after.red_item}))`);
  const rows = await selectRows<ReporteRow>(db, sql`
    select d.caj_id, d.red_item, c.caj_codigo, c.caj_titulo, e.edo_nombre as est_descripcion, us.usu_nombre || ' ' || us.usu_apellido as solicitante,
      to_char(d.red_fecha, 'YYYY-MM-DD') as red_fecha, d.red_dni_ruc, d.red_razon_social, d.red_descripcion, cc.cec_codigo, t.tid_descripcion,
      d.red_serie, d.red_numero, d.red_importe::text as red_importe, m.mon_simbolo
    from rendicion_detalle d join caja c on c.caj_id = d.caj_id
      join estado_documento e on e.edo_codigo = c.caj_estado join usuario us on us.usu_id = c.usu_solicitante
      join centro_costo cc on cc.cec_id = d.cec_id join tipo_documento t on t.tid_id = d.tid_id join moneda m on m.mon_id = c.mon_id
    where ${conds.length ? sql.join(conds, sql` and `) : sql`true`}
    order by d.caj_id desc, d.red_item
    limit ${sql.raw(String(Math.trunc(limit)))}`);
  return rows.map((r) => ({ ...r, caj_id: Number(r.caj_id), red_item: Number(r.red_item) }));
}

/** The report's totals, one per currency. */
export async function reporteTotales(db: Executor, where: (SQL | undefined)[]): Promise<{ mon_simbolo: string; total: string }[]> {
  const conds = where.filter((w): w is SQL => w !== undefined);
  return selectRows<{ mon_simbolo: string; total: string }>(db, sql`
    select m.mon_simbolo, sum(d.red_importe)::text as total
    from rendicion_detalle d join caja c on c.caj_id = d.caj_id join moneda m on m.mon_id = c.mon_id
    where ${conds.length ? sql.join(conds, sql` and `) : sql`true`}
    group by m.mon_id, m.mon_simbolo order by m.mon_id`);
}
