import type { ConductorBuscarDatos, ConductorDatos, ConductorFila, ConductorModificarDatos } from '@obra/domain';
import { CONDUCTOR_MSG as M } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { fromPageQuery, listPage, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

/**
 * Drivers (spec 3 §3 "Driver", §7 "Drivers", module envio): name, surname and plate, and (issue 23) the
 * identity document and licence the sender guide declares. The quick search
 * (the guide popup's) needs some text — the schema answers 'Debe ingresar alguna referencia del
 * conductor' — and lists only active drivers; the maintenance screen lists all, paged 10.
 */

const COLUMNAS = sql`c.cdt_id, c.cdt_nombre, c.cdt_apellido, c.cdt_placa, c.cdt_estado, c.cdt_nombre || ' ' || c.cdt_apellido as cdt_nombre_completo,
  c.cdt_tipo_documento, c.cdt_numero_documento, c.cdt_licencia`;
const fila = (r: ConductorFila): ConductorFila => ({ ...r, cdt_id: Number(r.cdt_id), cdt_estado: Number(r.cdt_estado) });

const LISTA: ListSpec = {
  name: 'conductor_list',
  from: sql`conductor c`,
  key: [{ expr: 'c.cdt_id', type: 'int' }],
  desc: false,
  columns: COLUMNAS,
  join: sql`join conductor c on c.cdt_id = page.k0`,
};

export async function buscar(deps: Deps, f: ConductorBuscarDatos) {
  const where: SQL[] = [];
  // conductor_nombre_trgm indexes this very expression.
  if (f.cdt_search) {
    where.push(sql`lower(c.cdt_nombre || ' ' || c.cdt_apellido || ' ' || c.cdt_placa || ' ' || c.cdt_licencia || ' ' || c.cdt_numero_documento) like ${likePattern(f.cdt_search)}`);
  }
  if (f.busquedaRapida) {
    where.push(sql`c.cdt_estado = 1`);
    const rows = await selectRows<ConductorFila>(deps.database.db, sql`select ${COLUMNAS} from conductor c where ${sql.join(where, sql` and `)} order by c.cdt_nombre, c.cdt_apellido limit 20`);
    return rows.map(fila);
  }
  const r = await listPage<ConductorFila>(deps.database.db, LISTA, where, fromPageQuery(f.page));
  return { page: { list: r.data.map(fila), total: r.total, size: f.page.size, number: f.page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

async function obtenerEn(db: Executor, cdtId: number): Promise<ConductorFila> {
  const [r] = await selectRows<ConductorFila>(db, sql`select ${COLUMNAS} from conductor c where c.cdt_id = ${cdtId}`);
  if (!r) throw notFound(M.notFound);
  return fila(r);
}

export const obtener = (deps: Deps, cdtId: number) => obtenerEn(deps.database.db, cdtId);

export async function registrar(deps: Deps, d: ConductorDatos): Promise<ConductorFila> {
  const [r] = await selectRows<{ cdt_id: number }>(deps.database.db, sql`
    insert into conductor (cdt_nombre, cdt_apellido, cdt_placa, cdt_tipo_documento, cdt_numero_documento, cdt_licencia)
    values (${d.cdt_nombre}, ${d.cdt_apellido}, ${d.cdt_placa}, ${d.cdt_tipo_documento ?? '1'}, ${d.cdt_numero_documento ?? ''}, ${d.cdt_licencia ?? ''})
    returning cdt_id`);
  return obtener(deps, Number(r.cdt_id));
}

export async function modificar(deps: Deps, d: ConductorModificarDatos): Promise<ConductorFila> {
  const rows = await selectRows<{ cdt_id: number }>(deps.database.db, sql`
    update conductor set cdt_nombre = ${d.cdt_nombre}, cdt_apellido = ${d.cdt_apellido}, cdt_placa = ${d.cdt_placa},
      cdt_tipo_documento = coalesce(${d.cdt_tipo_documento ?? null}, cdt_tipo_documento),
      cdt_numero_documento = coalesce(${d.cdt_numero_documento ?? null}, cdt_numero_documento), cdt_licencia = coalesce(${d.cdt_licencia ?? null}, cdt_licencia),
      cdt_estado = coalesce(${d.cdt_estado ?? null}::int, cdt_estado)
    where cdt_id = ${d.cdt_id} returning cdt_id`);
  if (rows.length === 0) throw notFound(M.notFound);
  return obtener(deps, d.cdt_id);
}
