/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL behind POST /api/usuario/buscar, written out by hand
 * to match searchUsers in server/src/modules/usuario/queries.ts (page query + count query)
 * for a corporate caller (no project filter); checked against drizzle's SQL on 2026-11-21.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../server/src/db/client.ts';
import { likePattern } from '../server/src/platform/search.ts';
import type { SearchFilter } from './workloads.ts';

export interface PlanSummary {
  executionMs: number;
  /** Indexes the plan reads, in plan order. */
  indexes: string[];
  /** Tables read by a sequential scan. */
  seqScans: string[];
  lines: string[];
}

function whereOf(f: SearchFilter): SQL {
  const parts: SQL[] = [sql`u.tiu_id = ${1}`];
  if (f.search) {
    parts.push(sql`lower(u.usu_nombre || ' ' || u.usu_apellido || ' ' || u.usu_correo || ' ' || u.usu_dni) like ${likePattern(f.search)}`);
  }
  parts.push(sql`u.usu_estado = ${f.usu_estado}`);
  return sql.join(parts, sql` and `);
}

/** The page query of server/src/modules/usuario/queries.ts searchUsers, written out for EXPLAIN. */
export function pageQuery(f: SearchFilter): SQL {
  return sql`with page as (
  select u.usu_id as id from usuario u where ${whereOf(f)}
   order by u.usu_apellido, u.usu_nombre, u.usu_id limit ${f.length} offset ${f.start})
select u.usu_id, u.usu_nombre, u.usu_apellido, u.usu_dni, u.usu_correo, u.usu_nivel, u.usu_estado, u.tiu_id,
       u.pry_id, p.pry_nombre,
       coalesce((select string_agg(r.rol_nombre, ', ' order by r.rol_id) from usuario_rol ur join rol r on r.rol_id = ur.rol_id
                  where ur.usu_id = u.usu_id), '') as roles
  from page join usuario u on u.usu_id = page.id left join proyecto p on p.pry_id = u.pry_id
 order by u.usu_apellido, u.usu_nombre, u.usu_id`;
}

export function countQuery(f: SearchFilter): SQL {
  return sql`select count(*)::int as total from usuario u where ${whereOf(f)}`;
}

const unique = (items: string[]) => [...new Set(items)];

export async function explain(db: Db, query: SQL): Promise<PlanSummary> {
  const rows = await selectRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const text = lines.join('\n');
  const time = /Execution Time: ([\d.]+) ms/.exec(text);
  return {
    executionMs: time ? Number(time[1]) : Number.NaN,
    indexes: unique([...text.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1])),
    seqScans: unique([...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1])),
    lines,
  };
}

export function describePlan(label: string, p: PlanSummary): string {
  const idx = p.indexes.length ? `index: ${p.indexes.join(', ')}` : 'no index';
  const seq = p.seqScans.length ? `; seq scan: ${p.seqScans.join(', ')}` : '';
  return `${label.padEnd(8)} ${p.executionMs.toFixed(2).padStart(8)} ms  ${idx}${seq}`;
}
