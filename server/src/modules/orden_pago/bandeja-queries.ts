import type { OpgEstado, OrdenPagoRow, Paged } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
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
}

/** Newest first; the page's ids are found on `orden_pago` alone, then their rows joined. */
const BANDEJA: ListSpec = {
  name: 'orden_pago_bandeja',
  from: sql`orden_pago p`,
  key: [{ expr: 'p.opg_id', type: 'int' }],
  desc: true,
  columns: ROW_COLUMNS,
  join: sql`join orden_pago p on p.opg_id = page.k0 ${ROW_JOINS}`,
};

/**
 * The inbox's conditions on `orden_pago p`: the default filter (one state, newest first) reads the
 * `orden_pago_estado_id_idx` index alone; supplier and project go through the payment order's order.
 */
function conditions(f: BandejaFilter): SQL[] {
  const where: SQL[] = [];
  if (f.estado) where.push(sql`p.opg_estado = ${f.estado}`);
  if (f.fecha_inicio) where.push(sql`p.opg_fecha_registro >= (${f.fecha_inicio}::date)::timestamp at time zone 'America/Lima'`);
  if (f.fecha_fin) where.push(sql`p.opg_fecha_registro < (${f.fecha_fin}::date + 1)::timestamp at time zone 'America/Lima'`);
  if (f.pve_id) where.push(sql`p.ord_id in (select ord_id from orden where pve_id = ${f.pve_id})`);
  // The same scope as the per-order calls: the project of the order's cost centre.
  if (f.scope.kind === 'none') where.push(sql`false`);
  if (f.scope.kind === 'project') {
    where.push(sql`p.ord_id in (select o.ord_id from orden o join centro_costo c on c.cec_id = o.cec_id where c.pry_id = ${f.scope.pry_id})`);
  }
  return where;
}

/** Payment orders across purchase orders, paged and counted by the shared list mechanism. */
export function bandeja(db: Executor, f: BandejaFilter, req: ListRequest): Promise<Paged<OrdenPagoRow>> {
  return listPage<OrdenPagoRow>(db, BANDEJA, conditions(f), req);
}
