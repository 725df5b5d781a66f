import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { type ProjectScope, warehouseSql } from '../../platform/scope.ts';

/** The order scope of the lists: the project of the order's cost centre (alias `o`), as orden/queries.ts. */
function ordenScope(scope: ProjectScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`o.cec_id in (select cec_id from centro_costo where pry_id = ${scope.pry_id})`;
}

/** The payment order scope of /ordenPago/bandeja (alias `p`). */
function pagoScope(scope: ProjectScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'none') return sql`false`;
  return sql`p.ord_id in (select o.ord_id from orden o join centro_costo c on c.cec_id = o.cec_id where c.pry_id = ${scope.pry_id})`;
}

export interface ColaFiltro {
  /** As orden/estados.ts pending(): null none, 'all' (SUPER) or the gerencia user. */
  gerencia: number | 'all' | null;
  contabilidad: boolean;
  /** Payment orders: count OXA (to approve) and/or OPA (to deposit). */
  pagoAprobar: boolean;
  pagoDepositar: boolean;
  /** Transfers to confirm in the caller's warehouses (null: no module). */
  transferencias: boolean;
  compraExterna: number;
  creado: number;
  scope: ProjectScope;
}

export interface ColaConteos {
  orden_gerencia: number;
  orden_contabilidad: number;
  pago_aprobar: number;
  pago_depositar: number;
  transferencia_ingresar: number;
}

/** Every count of the queue in one round trip; each sub-select reads the same conditions as its list. */
export async function conteos(db: Executor, f: ColaFiltro): Promise<ColaConteos> {
  const gerencia = f.gerencia === null ? sql`0`
    : sql`(select count(*) from orden o where o.ore_id = 1 and not o.ord_rechazada
        ${f.gerencia === 'all' ? sql`` : sql`and o.ord_usu_gerencia = ${f.gerencia}`} and ${ordenScope(f.scope)})`;
  const contabilidad = f.contabilidad ? sql`(select count(*) from orden o where o.ore_id = 2 and ${ordenScope(f.scope)})` : sql`0`;
  const pago = (estado: string, on: boolean) =>
    on ? sql`(select count(*) from orden_pago p where p.opg_estado = ${estado} and ${pagoScope(f.scope)})` : sql`0`;
  const destino = warehouseSql(f.scope, sql`t.alm_destino`) ?? sql`true`;
  const transferencias = f.transferencias
    ? sql`(select count(*) from transferencia t where t.est_id = ${f.creado} and t.tfi_tipo <> ${f.compraExterna} and ${destino})`
    : sql`0`;
  const [r] = await selectRows<Record<keyof ColaConteos, string | number>>(db, sql`select
    ${gerencia} as orden_gerencia, ${contabilidad} as orden_contabilidad,
    ${pago('OXA', f.pagoAprobar)} as pago_aprobar, ${pago('OPA', f.pagoDepositar)} as pago_depositar,
    ${transferencias} as transferencia_ingresar`);
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as unknown as ColaConteos;
}
