import { asc, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema/index.ts';
import { likePattern } from '../../platform/search.ts';

const matches = (column: Column, text: string): SQL | undefined =>
  text ? sql`lower(${column}) like ${likePattern(text)}` : undefined;

/** Commercial conditions whose description contains `text` (all when empty). */
export const condiciones = (db: Executor, text: string) =>
  db.select({ id_condicion: t.condicionComercial.coc_id, descripcion: t.condicionComercial.coc_descripcion })
    .from(t.condicionComercial).where(matches(t.condicionComercial.coc_descripcion, text)).orderBy(asc(t.condicionComercial.coc_id));

export const metodosPago = (db: Executor, text: string) =>
  db.select({ id_metodo: t.metodoPago.mep_id, descripcion: t.metodoPago.mep_descripcion })
    .from(t.metodoPago).where(matches(t.metodoPago.mep_descripcion, text)).orderBy(asc(t.metodoPago.mep_id));

export const comprobantes = (db: Executor, text: string) =>
  db.select({ id_tipo_documento: t.tipoDocumento.tid_id, codigo: t.tipoDocumento.tid_codigo, descripcion: t.tipoDocumento.tid_descripcion })
    .from(t.tipoDocumento).where(matches(t.tipoDocumento.tid_descripcion, text)).orderBy(asc(t.tipoDocumento.tid_id));
