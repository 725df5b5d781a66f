import type { OpgEstado, OrdenPagoRow, Paged } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import type { ProjectScope } from '../../platform/scope.ts';
import { ROW_COLUMNS, ROW_JOINS } from './queries.ts';

export interface BandejaFilter {
  /** null = every state. */
  estado: OpgEstado | null;
  pve_id: number | null;
  /** Registration dates in Lima, both ends included; null = open. */
  fecha_inicio: string | null;
  fecha_fin: string | null;
  scope: ProjectScope;
  start: number;
  length: number;
}

/**
 * The conditions of the inbox on `orden_pago p` and, only when a supplier or a project limits it,
 * on its order `o`: the default filter (one state, newest first) then reads the
 * `orden_pago_estado_id_idx` index alone.
 */
function conditions(f: BandejaFilter): { from: SQL; where: SQL } {
  const where: SQL[] = [];
  if (f.estado) where.push(sql`p.opg_estado = ${f.estado}`);
  if (f.fecha_inicio) where.push(sql`p.opg_fecha_registro >= (${f.fecha_inicio}::date)::timestamp at time zone 'America/Lima'`);
  if (f.fecha_fin) where.push(sql`p.opg_fecha_registro < (${f.fecha_fin}::date + 1)::timestamp at time zone 'America/Lima'`);
  if (f.pve_id) where.push(sql`o.pve_id = ${f.pve_id}`);
  // The same scope as the per-order calls: the project of the order's cost centre.
  if (f.scope.kind === 'none') where.push(sql`false`);
  if (f.scope.kind === 'project') where.push(sql`o.cec_id in (select cec_id from centro_costo where pry_id = ${f.scope.pry_id})`);
  const needsOrden = f.pve_id !== null || f.scope.kind === 'project';
  return {
    from: needsOrden ? sql`orden_pago p join orden o on o.ord_id = p.ord_id` : sql`orden_pago p`,
    where: where.length ? sql.join(where, sql` and `) : sql`true`,
  };
}

/** Payment orders across purchase orders, newest first: the page's ids first, then their rows joined. */
export async function bandeja(db: Executor, f: BandejaFilter): Promise<Paged<OrdenPagoRow>> {
  const { from, where } = conditions(f);
  const [data, [{ total }]] = await Promise.all([
    selectRows<OrdenPagoRow>(db, sql`
      select ${ROW_COLUMNS}
      from (select p.opg_id from ${from} where ${where} order by p.opg_id desc limit ${f.length} offset ${f.start}) page
        join orden_pago p on p.opg_id = page.opg_id
        ${ROW_JOINS}
      order by p.opg_id desc`),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from ${from} where ${where}`),
  ]);
  return { data, total: Number(total) };
}
