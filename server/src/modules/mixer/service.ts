import type { MixerBuscarDatos, MixerDatos, MixerFila, MixerModificarDatos, MixerPagina } from '@obra/domain';
import { MIXER_MSG as M } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { PG, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { fromPageQuery, listPage, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

/**
 * The mixer fleet (spec 3 §2 "Mixers", §3 "Mixer", §7 "Mixers"): filters by id, plate, name and
 * status, paged 10 in SQL; register and modify with the plate unique ignoring case (mixer_placa_uq on
 * upper(plate); plates are stored upper case) and the capacity a decimal above 0 (mixer_capacidad_ck).
 */

const COLUMNS = sql`m.mix_id, m.mix_nombre, m.mix_placa, m.mix_capacidad::text as mix_capacidad, m.est_id, e.est_nombre, e.est_styles, m.mix_version`;

const LISTA: ListSpec = {
  name: 'mixer_list',
  from: sql`mixer m`,
  key: [{ expr: 'm.mix_id', type: 'int' }],
  desc: false,
  columns: COLUMNS,
  join: sql`join mixer m on m.mix_id = page.k0 join estado e on e.est_id = m.est_id`,
};

const fila = (r: MixerFila): MixerFila => ({ ...r, mix_id: Number(r.mix_id), est_id: Number(r.est_id), mix_version: Number(r.mix_version) });

export async function buscar(deps: Deps, f: MixerBuscarDatos): Promise<MixerPagina> {
  const where: SQL[] = [];
  if (f.mix_id) where.push(sql`m.mix_id = ${f.mix_id}`);
  if (f.mix_placa) where.push(sql`upper(m.mix_placa) like ${likePattern(f.mix_placa).toUpperCase()}`);
  if (f.mix_nombre) where.push(sql`lower(m.mix_nombre) like ${likePattern(f.mix_nombre)}`);
  if (f.est_id !== null) where.push(sql`m.est_id = ${f.est_id}`);
  const r = await listPage<MixerFila>(deps.database.db, LISTA, where, fromPageQuery(f.page));
  return { page: { list: r.data.map(fila), total: r.total, size: f.page.size, number: f.page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

export async function obtenerEn(db: Executor, mixId: number): Promise<MixerFila> {
  const [r] = await selectRows<MixerFila>(db, sql`select ${COLUMNS} from mixer m join estado e on e.est_id = m.est_id where m.mix_id = ${mixId}`);
  if (!r) throw notFound(M.notFound);
  return fila(r);
}

export const obtener = (deps: Deps, mixId: number) => obtenerEn(deps.database.db, mixId);

/** mixer_placa_uq refuses a plate already used (any case), also when two saves race. */
const placaRepetida = (placa: string) => (err: unknown): never => {
  if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(M.placaRepetida(placa));
  throw err;
};

export async function registrar(deps: Deps, d: MixerDatos): Promise<MixerFila> {
  const [r] = await selectRows<{ mix_id: number }>(deps.database.db, sql`
    insert into mixer (mix_nombre, mix_placa, mix_capacidad, est_id) values (${d.mix_nombre}, ${d.mix_placa}, ${d.mix_capacidad}, 1)
    returning mix_id`).catch(placaRepetida(d.mix_placa));
  return obtener(deps, Number(r.mix_id));
}

/**
 * Name, plate, capacity and status (activo 1 / inactivo 0) may change. A `mix_version` sent must be the
 * current one (409 otherwise). Dispatches already scheduled keep their mixer: an inactive mixer only
 * takes no new ones, and a lower capacity applies to new dispatches (business rule in the report).
 */
export async function modificar(deps: Deps, d: MixerModificarDatos): Promise<MixerFila> {
  const version = d.mix_version ?? null;
  const rows = await selectRows<{ mix_id: number }>(deps.database.db, sql`
    update mixer set mix_nombre = ${d.mix_nombre}, mix_placa = ${d.mix_placa}, mix_capacidad = ${d.mix_capacidad}, est_id = ${d.est_id},
      mix_version = mix_version + 1
    where mix_id = ${d.mix_id} and (${version}::int is null or mix_version = ${version}::int)
    returning mix_id`).catch(placaRepetida(d.mix_placa));
  if (rows.length === 0) {
    await obtener(deps, d.mix_id); // 404 when it does not exist
    throw conflict(M.version);
  }
  return obtener(deps, d.mix_id);
}
