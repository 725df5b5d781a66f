import type { EnvioBloque, EnvioFila, EnvioHistorialFila, Paged } from '@obra/domain';
import { ENV } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { listPage, type ListRequest, type ListSpec } from '../../platform/list.ts';
import { likePattern } from '../../platform/search.ts';

/**
 * The dispatch tables (spec 3 §3 "Dispatch"): the list, one dispatch with its history and guides,
 * the day timeline and its version. Times leave as Lima 'YYYY-MM-DDTHH:mm:ss'.
 */

export const lima = (expr: string) => sql.raw(`to_char(${expr} at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')`);

/** The filter shared by the list and the timeline (EnvioBuscar / EnvioxMixers, already checked). */
export interface Filtro {
  ovt_id?: number | null;
  est_id: number | null;
  cli_search: string | null;
  ubi_id: string | null;
  env_fecha_inicio: string | null;
  env_fecha_fin: string | null;
  ovt_hora_inicio: string | null;
  ovt_hora_fin: string | null;
  /** Inicio's work queue (issue 25): 'hoy' today's unfinished dispatches, 'atrasados' those past their planned time. */
  pendientes?: EnvioPendiente | null;
}

export type EnvioPendiente = 'hoy' | 'atrasados';

/**
 * The dispatches of Inicio's work queue, as conditions on `envio v` (docs/business-rules.md "Inicio: pendientes").
 * 'hoy': loading on today's Lima date, neither completado nor cancelado. 'atrasados': the planned time of the
 * next state passed and the dispatch is still before it (programado past its loading, en carguío past its
 * departure, en ruta past its delivery, descargando or en retorno past its return). Both read envio_estado_idx
 * (few dispatches are active) or envio_carguio_idx.
 */
export function pendienteSql(kind: EnvioPendiente): SQL {
  if (kind === 'hoy') {
    return sql`v.est_id not in (${ENV.COMPLETADO}, ${ENV.CANCELADO})
      and v.env_fecha_hora_carguio >= ((now() at time zone 'America/Lima')::date)::timestamp at time zone 'America/Lima'
      and v.env_fecha_hora_carguio < ((now() at time zone 'America/Lima')::date + 1)::timestamp at time zone 'America/Lima'`;
  }
  return sql`((v.est_id = ${ENV.PROGRAMADO} and v.env_fecha_hora_carguio < now())
    or (v.est_id = ${ENV.EN_CARGUIO} and v.env_fecha_hora_salida < now())
    or (v.est_id = ${ENV.EN_RUTA} and v.env_fecha_hora_envio < now())
    or (v.est_id in (${ENV.DESCARGANDO}, ${ENV.EN_RETORNO}) and v.env_fecha_hora_retorno < now()))`;
}

/**
 * Conditions on `envio v`. Dates are Lima dates of the loading time (the timeline's and the index's
 * column); hours are the Lima time of the delivery; client and district are the order's.
 */
export function condiciones(f: Filtro): SQL[] {
  const w: SQL[] = [];
  if (f.ovt_id) w.push(sql`v.ovt_id = ${f.ovt_id}`);
  if (f.est_id !== null) w.push(sql`v.est_id = ${f.est_id}`);
  if (f.pendientes) w.push(pendienteSql(f.pendientes));
  if (f.cli_search) {
    w.push(sql`v.ovt_id in (select o.ovt_id from orden_venta o where o.cli_id in (
      select cli_id from cliente where lower(cli_documento_identidad || ' ' || cli_nombre) like ${likePattern(f.cli_search)}))`);
  }
  if (f.ubi_id) w.push(sql`v.ovt_id in (select o.ovt_id from orden_venta o where o.ubi_id = ${f.ubi_id})`);
  if (f.env_fecha_inicio) w.push(sql`v.env_fecha_hora_carguio >= (${f.env_fecha_inicio}::date)::timestamp at time zone 'America/Lima'`);
  if (f.env_fecha_fin) w.push(sql`v.env_fecha_hora_carguio < (${f.env_fecha_fin}::date + 1)::timestamp at time zone 'America/Lima'`);
  const hora = sql`(v.env_fecha_hora_envio at time zone 'America/Lima')::time`;
  if (f.ovt_hora_inicio) w.push(sql`${hora} >= ${f.ovt_hora_inicio}::time`);
  if (f.ovt_hora_fin) w.push(sql`${hora} <= ${f.ovt_hora_fin}::time`);
  return w;
}

/**
 * A row over `envio v`, its sale `o`, line `d` and state `e`; unit, client, district and mixer are
 * scalar subqueries (docs/architecture.md "Lists").
 */
const COLUMNAS = sql`v.env_id, v.env_codigo, v.ovt_id, v.ovd_id, d.ovd_producto,
  (select p.pvt_nombre from producto_venta p where p.pvt_id = d.pvt_id) as pvt_nombre, v.env_cantidad::text as env_cantidad,
  (select um.unm_simbolo from producto_venta p join unidad_medida um on um.unm_id = p.unm_id where p.pvt_id = d.pvt_id) as unm_simbolo,
  (select c.cli_nombre from cliente c where c.cli_id = o.cli_id) as cli_nombre, o.ubi_id,
  (select ub.ubi_nombre from ubigeo ub where ub.ubi_id = o.ubi_id) as ubi_nombre, o.ovt_direccion_envio as cde_direccion,
  v.mix_id, (select m.mix_nombre from mixer m where m.mix_id = v.mix_id) as mix_nombre,
  ${lima('v.env_fecha_hora_envio')} as env_fecha_hora_envio, ${lima('v.env_fecha_hora_carguio')} as env_fecha_hora_carguio,
  ${lima('v.env_fecha_hora_salida')} as env_fecha_hora_salida, ${lima('v.env_fecha_hora_retorno')} as env_fecha_hora_retorno,
  v.env_frecuencia, v.est_id, e.est_nombre, e.est_styles, v.env_version,
  exists (select 1 from guia_remision g where g.env_id = v.env_id) as tiene_guia,
  (select p.pvt_peso::text from producto_venta p where p.pvt_id = d.pvt_id) as pvt_peso`;

const JOINS = sql`join orden_venta o on o.ovt_id = v.ovt_id join orden_venta_detalle d on d.ovd_id = v.ovd_id
  join estado e on e.est_id = v.est_id`;

export type FilaRow = Omit<EnvioFila, 'puede_cambiar_estado' | 'puede_cancelar' | 'puede_reprogramar' | 'puede_generar_guia' | 'pide_guia' | 'guia_tardia' | 'siguiente_estado' | 'peso_bruto_sugerido'>;

const INTS = ['env_id', 'ovt_id', 'ovd_id', 'mix_id', 'env_frecuencia', 'est_id', 'env_version'] as const;
/** The row read (a fresh object of its own), its ids turned to numbers in place: a copy per row was a cost of the list (issue 28). */
const fila = (r: FilaRow): FilaRow => {
  for (const k of INTS) r[k] = Number(r[k]);
  return r;
};

/** Newest loading first; envio_carguio_idx (loading, id) serves both the order and the date range. */
const LISTA: ListSpec = {
  name: 'envio_list',
  from: sql`envio v`,
  key: [{ expr: 'v.env_fecha_hora_carguio', type: 'timestamp' }, { expr: 'v.env_id', type: 'int' }],
  desc: true,
  columns: COLUMNAS,
  join: sql`join envio v on v.env_id = page.k1 ${JOINS}`,
};

export async function lista(db: Executor, f: Filtro, req: ListRequest): Promise<Paged<FilaRow>> {
  const page = await listPage<FilaRow>(db, LISTA, condiciones(f), req);
  return { ...page, data: page.data.map(fila) };
}

export async function uno(db: Executor, envId: number): Promise<FilaRow | undefined> {
  const [r] = await selectRows<FilaRow>(db, sql`select ${COLUMNAS} from envio v ${JOINS} where v.env_id = ${envId}`);
  return r && fila(r);
}

export async function historial(db: Executor, envId: number): Promise<EnvioHistorialFila[]> {
  const rows = await selectRows<EnvioHistorialFila>(db, sql`
    select h.est_id, e.est_nombre, ${lima('h.hee_fecha_registro')} as hee_fecha_registro, u.usu_nombre || ' ' || u.usu_apellido as usu_nombre
    from envio_historial h join estado e on e.est_id = h.est_id join usuario u on u.usu_id = h.usu_id
    where h.env_id = ${envId} order by h.hee_id`);
  return rows.map((r) => ({ ...r, est_id: Number(r.est_id) }));
}

// ------------------------------------------------------------------ timeline

export interface MixerRow { mix_id: number; mix_nombre: string; mix_placa: string; mix_capacidad: string }
export type BloqueRow = EnvioBloque & { mix_id: number };

/** The day's range in Lima as SQL bounds. */
const desde = (fecha: string) => sql`(${fecha}::date)::timestamp at time zone 'America/Lima'`;
const hasta = (fecha: string) => sql`(${fecha}::date + 1)::timestamp at time zone 'America/Lima'`;

/**
 * The blocks of a day: dispatches whose loading falls on it (envio_carguio_idx), with the filters;
 * cancelled ones only when the status filter asks for them.
 */
export async function bloques(db: Executor, fecha: string, f: Filtro): Promise<BloqueRow[]> {
  const w = condiciones({ ...f, env_fecha_inicio: null, env_fecha_fin: null });
  w.push(sql`v.env_fecha_hora_carguio >= ${desde(fecha)}`, sql`v.env_fecha_hora_carguio < ${hasta(fecha)}`);
  if (f.est_id === null) w.push(sql`v.est_id <> ${ENV.CANCELADO}`);
  const rows = await selectRows<BloqueRow>(db, sql`
    select v.env_id, v.env_codigo, v.ovt_id, v.mix_id, c.cli_nombre, ub.ubi_nombre, o.ovt_direccion_envio as cde_direccion,
      v.env_cantidad::text as env_cantidad, ${lima('v.env_fecha_hora_carguio')} as env_fecha_hora_carguio,
      ${lima('v.env_fecha_hora_salida')} as env_fecha_hora_salida, ${lima('v.env_fecha_hora_envio')} as env_fecha_hora_envio,
      ${lima('v.env_fecha_hora_retorno')} as env_fecha_hora_retorno, v.est_id, e.est_nombre, e.est_styles
    from envio v join orden_venta o on o.ovt_id = v.ovt_id join cliente c on c.cli_id = o.cli_id
      join ubigeo ub on ub.ubi_id = o.ubi_id join estado e on e.est_id = v.est_id
    where ${sql.join(w, sql` and `)}
    order by v.env_fecha_hora_carguio, v.env_id`);
  return rows.map((r) => ({ ...r, env_id: Number(r.env_id), ovt_id: Number(r.ovt_id), mix_id: Number(r.mix_id), est_id: Number(r.est_id) }));
}

/** Active mixers, plus inactive ones that still hold a dispatch that day (their blocks must show somewhere). */
export async function mixersDelDia(db: Executor, mixIds: number[]): Promise<MixerRow[]> {
  const rows = await selectRows<MixerRow>(db, sql`
    select mix_id, mix_nombre, mix_placa, mix_capacidad::text as mix_capacidad from mixer
    where est_id = 1 or mix_id = any(${`{${mixIds.join(',')}}`}::int[]) order by mix_nombre, mix_id`);
  return rows.map((r) => ({ ...r, mix_id: Number(r.mix_id) }));
}

/**
 * A fingerprint of the day: every dispatch loading that day (id and version; every change bumps
 * env_version, a reschedule to another day drops the id) and the mixers' versions. Cheap: an index
 * range of one day and the small mixer table.
 */
export async function versionDia(db: Executor, fecha: string): Promise<string> {
  const [r] = await selectRows<{ v: string }>(db, sql`
    select md5(coalesce((select string_agg(v.env_id || ':' || v.env_version, ',' order by v.env_id) from envio v
      where v.env_fecha_hora_carguio >= ${desde(fecha)} and v.env_fecha_hora_carguio < ${hasta(fecha)}), '')
      || '|' || coalesce((select string_agg(m.mix_id || ':' || m.mix_version, ',' order by m.mix_id) from mixer m), '')) as v`);
  return r.v;
}
