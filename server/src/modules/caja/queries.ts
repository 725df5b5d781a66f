import type { CajaFila, Paged } from '@obra/domain';
import { CAJ_ESTADOS } from '@obra/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { caja, cajaHistorial } from '../../db/schema/index.ts';
import { listPage, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';
import type { ProjectScope } from '../../platform/scope.ts';
import { likePattern } from '../../platform/search.ts';

/** The only file of the petty cash module that touches the tables (spec 2 §3 "Petty cash"). */

/**
 * Who sees a cash box (DECISIONS §1 and docs/business-rules.md "Petty cash"): level 1 every one;
 * anyone else those of their project, and those where they are the requester, the manager or
 * the one who registered it (a manager of another project approves the cash boxes they manage).
 */
export interface CajaAlcance {
  scope: ProjectScope;
  usu_id: number;
}

/** The scope as a condition on `caja c` (undefined = no restriction). */
export function alcanceSql(a: CajaAlcance): SQL | undefined {
  if (a.scope.kind === 'all') return undefined;
  const propias = sql`(c.usu_solicitante = ${a.usu_id} or c.usu_gerente = ${a.usu_id} or c.usu_creador = ${a.usu_id})`;
  if (a.scope.kind === 'none') return propias;
  return sql`(c.pry_id = ${a.scope.pry_id} or ${propias})`;
}

const nombre = (alias: string) => sql.raw(`(${alias}.usu_nombre || ' ' || ${alias}.usu_apellido)`);
const nombreOpcional = (alias: string) => sql.raw(`case when ${alias}.usu_id is null then null else ${alias}.usu_nombre || ' ' || ${alias}.usu_apellido end`);
const lima = (expr: string) => sql.raw(`to_char(${expr} at time zone 'America/Lima', 'YYYY-MM-DD"T"HH24:MI:SS')`);

/** A list row before its display texts and flags, with what the server reads to compute them. */
export type FilaRow = Omit<CajaFila, 'caj_monto_text' | 'caj_url_pdf' | 'caj_opciones'> & {
  tiene_pdf: boolean;
  usu_creador: number;
  pry_id: number;
  ren_total: string;
  caj_fecha_deposito: string | null;
};

/** Columns of a row over `caja c` and FILA_JOINS. */
const FILA_COLUMNS = sql`c.caj_id, c.caj_codigo, c.caj_titulo, c.caj_descripcion, c.caj_monto::text as caj_monto,
  ${lima('c.caj_fecha_registro')} as caj_fecha_registro, c.caj_pdf_nombre, (c.caj_pdf_clave is not null) as tiene_pdf,
  c.cec_id, cc.cec_codigo, cc.cec_descripcion, c.tca_id, (select t.tca_nombre from tipo_caja t where t.tca_id = c.tca_id) as tca_nombre,
  c.mon_id, (select m.mon_simbolo from moneda m where m.mon_id = c.mon_id) as mon_simbolo,
  c.usu_gerente, ${nombreDeUsuario('c.usu_gerente')} as usu_gerente_nombre,
  c.usu_solicitante, ${nombreDeUsuario('c.usu_solicitante')} as usu_solicitante_nombre,
  c.usu_creador, ${nombreDeUsuario('c.usu_creador')} as usu_nombre_creador,
  c.caj_estado as est_id, e.edo_nombre as est_descripcion, e.edo_styles as est_styles, c.caj_version, c.pry_id,
  c.ren_total::text as ren_total, c.caj_fecha_deposito::text as caj_fecha_deposito`;

/** The lookups read for more than one column; the others are scalar subqueries of FILA_COLUMNS (docs/architecture.md "Lists"). */
const FILA_JOINS = sql`join centro_costo cc on cc.cec_id = c.cec_id
  join estado_documento e on e.edo_codigo = c.caj_estado`;

/** The row read (a fresh object of its own), its ids turned to numbers in place: a copy per row was a cost of the list (issue 28). */
const toFila = (r: FilaRow): FilaRow => Object.assign(r, {
  caj_id: Number(r.caj_id), cec_id: Number(r.cec_id), tca_id: Number(r.tca_id), mon_id: Number(r.mon_id), usu_gerente: Number(r.usu_gerente),
  usu_solicitante: Number(r.usu_solicitante), usu_creador: Number(r.usu_creador), caj_version: Number(r.caj_version), pry_id: Number(r.pry_id),
});

/** One cash box, or undefined when absent or outside the caller's scope. */
export async function fila(db: Executor, cajId: number, a: CajaAlcance): Promise<FilaRow | undefined> {
  const [r] = await selectRows<FilaRow>(db, sql`select ${FILA_COLUMNS} from caja c ${FILA_JOINS}
    where c.caj_id = ${cajId} and ${alcanceSql(a) ?? sql`true`}`);
  return r && toFila(r);
}

/** The list's filter (CajaFiltro, already checked). */
export interface Filtro {
  caj_codigo?: string | null;
  caj_estado?: string | null;
  cec_id?: number | null;
  tca_id?: number | null;
  caj_titulo?: string | null;
  fecha_inicio?: string | null;
  fecha_fin?: string | null;
  caj_id?: number | null;
}

/** The filter as conditions on `caja c`, the caller's scope included. Dates are Lima dates of registration. */
export function condiciones(f: Filtro, a: CajaAlcance): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [alcanceSql(a)];
  if (f.caj_id) where.push(sql`c.caj_id = ${f.caj_id}`);
  if (f.caj_codigo) where.push(sql`lower(c.caj_codigo) like ${likePattern(f.caj_codigo)}`);
  if (f.caj_estado) where.push(sql`c.caj_estado = ${f.caj_estado}`);
  if (f.cec_id) where.push(sql`c.cec_id = ${f.cec_id}`);
  if (f.tca_id) where.push(sql`c.tca_id = ${f.tca_id}`);
  if (f.caj_titulo) where.push(sql`lower(c.caj_titulo) like ${likePattern(f.caj_titulo)}`);
  if (f.fecha_inicio) where.push(sql`c.caj_fecha_registro >= (${f.fecha_inicio}::date)::timestamp at time zone 'America/Lima'`);
  if (f.fecha_fin) where.push(sql`c.caj_fecha_registro < (${f.fecha_fin}::date + 1)::timestamp at time zone 'America/Lima'`);
  return where;
}

/**
 * Newest first. Ids grow with registration time (the registration date is the insert's now()), so the
 * id alone orders the list and pages by key; the date range and project filters use their indexes.
 */
const LISTA: ListSpec = {
  name: 'caja_list',
  from: sql`caja c`,
  key: [{ expr: 'c.caj_id', type: 'int' }],
  desc: true,
  columns: FILA_COLUMNS,
  join: sql`join caja c on c.caj_id = page.k0 ${FILA_JOINS}`,
};

/** A page of the filtered list; `extra` narrows it further (the settlements' list: states with a settlement). */
export async function lista(db: Executor, f: Filtro, a: CajaAlcance, req: ListRequest, extra: SQL[] = []): Promise<Paged<FilaRow>> {
  const page = await listPage<FilaRow>(db, LISTA, [...condiciones(f, a), ...extra], req);
  return { ...page, data: page.data.map(toFila) };
}

/** A batch of the filtered list after the key `antesDe` (the report, newest first). */
export async function lote(db: Executor, f: Filtro, a: CajaAlcance, antesDe: number | null, size: number): Promise<FilaRow[]> {
  const where = condiciones(f, a).filter((c): c is SQL => c !== undefined);
  if (antesDe !== null) where.push(sql`c.caj_id < ${antesDe}`);
  const rows = await selectRows<FilaRow>(db, sql`select ${FILA_COLUMNS} from caja c ${FILA_JOINS}
    where ${where.length ? sql.join(where, sql` and `) : sql`true`} order by c.caj_id desc limit ${size}`);
  return rows.map(toFila);
}

/** What the detail adds to a row (spec 2 §2 "Petty cash detail"). */
export interface DetalleExtra {
  usu_correo: string;
  usu_dni: string;
  pry_nombre: string | null;
  caj_fecha_aprobacion: string | null;
  usu_aprobador_nombre: string | null;
  caj_numero_operacion: string;
  usu_depositante_nombre: string | null;
  caj_observacion: string;
  caj_monto_cierre: string | null;
  caj_fecha_cierre: string | null;
  caj_numero_operacion_cierre: string;
  usu_cierre_nombre: string | null;
  caj_voucher_nombre: string | null;
  tiene_voucher: boolean;
}

export async function detalle(db: Executor, cajId: number): Promise<DetalleExtra | undefined> {
  const [r] = await selectRows<DetalleExtra>(db, sql`
    select us.usu_correo, us.usu_dni, p.pry_nombre, ${lima('c.caj_fecha_aprobacion')} as caj_fecha_aprobacion,
      ${nombreOpcional('ua')} as usu_aprobador_nombre, c.caj_numero_operacion, ${nombreOpcional('ud')} as usu_depositante_nombre, c.caj_observacion,
      c.caj_monto_cierre::text as caj_monto_cierre, c.caj_fecha_cierre::text as caj_fecha_cierre, c.caj_numero_operacion_cierre,
      ${nombreOpcional('uc')} as usu_cierre_nombre, c.caj_voucher_nombre, (c.caj_voucher_clave is not null) as tiene_voucher
    from caja c join usuario us on us.usu_id = c.usu_solicitante
      left join proyecto p on p.pry_id = us.pry_id
      left join usuario ua on ua.usu_id = c.usu_aprobador
      left join usuario ud on ud.usu_id = c.usu_depositante
      left join usuario uc on uc.usu_id = c.usu_cierre
    where c.caj_id = ${cajId}`);
  return r;
}

export function historial(db: Executor, cajId: number) {
  return selectRows<{ cah_estado: string; est_descripcion: string; usu_nombre: string; cah_fecha: string; cah_observacion: string }>(db, sql`
    select h.cah_estado, e.edo_nombre as est_descripcion, ${nombre('u')} as usu_nombre, ${lima('h.cah_fecha')} as cah_fecha, h.cah_observacion
    from caja_historial h join estado_documento e on e.edo_codigo = h.cah_estado join usuario u on u.usu_id = h.usu_id
    where h.caj_id = ${cajId} order by h.cah_id`);
}

/** What an action checks, read under the row's lock. */
export interface CajaLocked {
  caj_id: number;
  caj_codigo: string;
  caj_estado: string;
  usu_gerente: number;
  usu_solicitante: number;
  usu_creador: number;
  pry_id: number;
  caj_version: number;
  caj_fecha_registro: string;
  caj_monto: string;
  caj_pdf_clave: string | null;
  ren_total: string;
  mon_simbolo: string;
  /** Lima date of the settlement's approval (the earliest date of a reimbursement or return). */
  ren_fecha_aprobacion: string | null;
}

/**
 * The cash box locked `FOR UPDATE`: every action takes this lock first, so of two simultaneous
 * approvals or deposits the second reads the first's state and is refused.
 */
export async function lock(db: Executor, cajId: number): Promise<CajaLocked | undefined> {
  const [r] = await selectRows<CajaLocked>(db, sql`
    select caj_id, caj_codigo, caj_estado, usu_gerente, usu_solicitante, usu_creador, pry_id, caj_version,
      to_char(caj_fecha_registro at time zone 'America/Lima', 'YYYY-MM-DD') as caj_fecha_registro, caj_monto::text as caj_monto, caj_pdf_clave,
      ren_total::text as ren_total, (select m.mon_simbolo from moneda m where m.mon_id = caja.mon_id) as mon_simbolo,
      to_char(ren_fecha_aprobacion at time zone 'America/Lima', 'YYYY-MM-DD') as ren_fecha_aprobacion
    from caja where caj_id = ${cajId} for update`);
  return r && {
    ...r, caj_id: Number(r.caj_id), usu_gerente: Number(r.usu_gerente), usu_solicitante: Number(r.usu_solicitante),
    usu_creador: Number(r.usu_creador), pry_id: Number(r.pry_id), caj_version: Number(r.caj_version),
  };
}

export async function insertCaja(db: Executor, v: typeof caja.$inferInsert): Promise<number> {
  const [r] = await db.insert(caja).values(v).returning({ id: caja.caj_id });
  return r.id;
}

/** Writes the given columns and moves the version on (a form opened before then fails to save). */
export async function updateCaja(db: Executor, cajId: number, v: Partial<typeof caja.$inferInsert>): Promise<number> {
  const [r] = await db.update(caja).set({ ...v, caj_version: sql`${caja.caj_version} + 1` })
    .where(eq(caja.caj_id, cajId)).returning({ version: caja.caj_version });
  return r.version;
}

export async function insertHistorial(db: Executor, v: typeof cajaHistorial.$inferInsert): Promise<void> {
  await db.insert(cajaHistorial).values(v);
}

export async function cuentaDocumentos(db: Executor, cajId: number): Promise<number> {
  const [r] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from rendicion_detalle where caj_id = ${cajId}`);
  return Number(r.n);
}

// ------------------------------------------------------------------ lookups and checks of a registration

/**
 * A user may approve cash boxes (docs/business-rules.md "Petty cash", issue 24): they hold option
 * `aprobar_caja` through one of their roles or as their own option. SUPER's "every option by rule" does
 * not make a system account a business approver: it is offered only when granted the option explicitly.
 */
const tieneOpcionAprobar = (alias: string) => sql.raw(`exists (select 1 from opcion o where o.opc_codigo = 'aprobar_caja' and o.opc_id in (
    select ro.opc_id from usuario_rol ur join rol_opcion ro on ro.rol_id = ur.rol_id where ur.usu_id = ${alias}.usu_id
    union select uo.opc_id from usuario_opcion uo where uo.usu_id = ${alias}.usu_id))`);

/** ... for a cash box of project `pryId`: active, internal, holding the option, and company-wide (level 1) or of that project. */
const apruebaEnProyecto = (alias: string, pryId: SQL | number) =>
  sql`(${sql.raw(alias)}.usu_estado = 1 and ${sql.raw(alias)}.tiu_id = 1 and ${tieneOpcionAprobar(alias)}
    and (${sql.raw(alias)}.usu_nivel = 1 or ${sql.raw(alias)}.pry_id = ${pryId}))`;

/** Internal users a project user may name as requester: those of their project (and themselves); level 1 any. */
const usuarioEnAlcance = (a: CajaAlcance) => (a.scope.kind === 'all' ? sql`true`
  : a.scope.kind === 'none' ? sql`u.usu_id = ${a.usu_id}`
    : sql`(u.pry_id = ${a.scope.pry_id} or u.usu_id = ${a.usu_id})`);

type Usuario = { usu_id: number; usu_nombre_completo: string };

/** Approvers of the caller's scope (the form asks `aprobadores` once the cost centre is chosen). */
export async function gerentes(db: Executor, scope: ProjectScope): Promise<Usuario[]> {
  const pry = scope.kind === 'project' ? sql`${scope.pry_id}` : sql`null`;
  const cond = scope.kind === 'all' ? sql`u.usu_estado = 1 and u.tiu_id = 1 and ${tieneOpcionAprobar('u')}` : apruebaEnProyecto('u', pry);
  const rows = await selectRows<Usuario>(db, sql`select u.usu_id, ${nombre('u')} as usu_nombre_completo from usuario u where ${cond} order by 2`);
  return rows.map((r) => ({ ...r, usu_id: Number(r.usu_id) }));
}

/**
 * Who may be named manager of a cash box of project `pryId`, the requester's own managers first (the
 * model has no manager link): the approvers assigned to the requester's project, then the manager of
 * the requester's latest cash box; then the other company-wide approvers, by name. The requester is
 * left out (nobody approves their own cash).
 */
export async function aprobadores(db: Executor, pryId: number, solicitante: number | null) {
  const rows = await selectRows<{ usu_id: number; usu_nombre_completo: string; pry_nombre: string | null; es_jefe: boolean }>(db, sql`
    with s as (select u.pry_id,
        (select c.usu_gerente from caja c where c.usu_solicitante = u.usu_id order by c.caj_id desc limit 1) as ultimo
      from usuario u where u.usu_id = ${solicitante})
    select u.usu_id, ${nombre('u')} as usu_nombre_completo,
      case when u.usu_nivel = 1 then null else (select p.pry_nombre from proyecto p where p.pry_id = u.pry_id) end as pry_nombre,
      coalesce((u.usu_nivel <> 1 and u.pry_id = s.pry_id) or u.usu_id = s.ultimo, false) as es_jefe
    from usuario u left join s on true
    where ${apruebaEnProyecto('u', pryId)} and u.usu_id is distinct from ${solicitante}
    order by 4 desc, (u.usu_nivel <> 1 and u.pry_id = s.pry_id) is true desc, (u.usu_id = s.ultimo) is true desc, 2`);
  return rows.map((r) => ({ ...r, usu_id: Number(r.usu_id), es_jefe: Boolean(r.es_jefe) }));
}

export async function usuarios(db: Executor, a: CajaAlcance): Promise<Usuario[]> {
  const rows = await selectRows<Usuario>(db, sql`select u.usu_id, ${nombre('u')} as usu_nombre_completo from usuario u
    where u.usu_estado = 1 and u.tiu_id = 1 and ${usuarioEnAlcance(a)} order by 2`);
  return rows.map((r) => ({ ...r, usu_id: Number(r.usu_id) }));
}

/** A cost centre's project, or undefined. */
export async function centroCosto(db: Executor, cecId: number): Promise<{ pry_id: number } | undefined> {
  const [r] = await selectRows<{ pry_id: number }>(db, sql`select pry_id from centro_costo where cec_id = ${cecId}`);
  return r && { pry_id: Number(r.pry_id) };
}

/** Active cost centres of the caller's scope (their project's; level 1 all). */
export async function centrosCosto(db: Executor, scope: ProjectScope) {
  const cond = scope.kind === 'all' ? sql`true` : scope.kind === 'none' ? sql`false` : sql`pry_id = ${scope.pry_id}`;
  const rows = await selectRows<{ cec_id: number; cec_codigo: string; cec_descripcion: string }>(db, sql`
    select cec_id, cec_codigo, cec_descripcion from centro_costo where cec_estado = 1 and ${cond} order by cec_codigo`);
  return rows.map((r) => ({ ...r, cec_id: Number(r.cec_id) }));
}

export async function lookups(db: Executor) {
  const [estados, tipos_caja, monedas, tipos_documento] = await Promise.all([
    selectRows<{ edo_codigo: string; edo_nombre: string; edo_styles: string }>(db, sql`
      select edo_codigo, edo_nombre, edo_styles from estado_documento where edo_codigo in (${sql.join(CAJ_ESTADOS.map((c) => sql`${c}`), sql`, `)})`),
    selectRows<{ tca_id: number; tca_nombre: string }>(db, sql`select tca_id, tca_nombre from tipo_caja order by tca_id`),
    selectRows<{ mon_id: number; mon_simbolo: string; mon_descripcion: string }>(db, sql`select mon_id, mon_simbolo, mon_descripcion from moneda order by mon_id`),
    selectRows<{ tid_id: number; tid_codigo: string; tid_descripcion: string }>(db, sql`select tid_id, tid_codigo, tid_descripcion from tipo_documento order by tid_id`),
  ]);
  // The states in the order of the machine (DECISIONS §5), not of the table.
  estados.sort((x, y) => CAJ_ESTADOS.indexOf(x.edo_codigo as never) - CAJ_ESTADOS.indexOf(y.edo_codigo as never));
  return { estados, tipos_caja, monedas, tipos_documento };
}

/** What a registration or edit names, as found: the cost centre (with its project and state) and whether each party qualifies. */
export interface Referencias {
  cec: { pry_id: number; cec_estado: number } | null;
  tca: boolean;
  mon: boolean;
  gerente: boolean;
  solicitante: boolean;
}

export async function referencias(db: Executor, d: { cec_id: number; tca_id: number; mon_id: number; usu_gerente: number; usu_solicitante: number }, a: CajaAlcance): Promise<Referencias> {
  const [r] = await selectRows<{ cec_pry: number | null; cec_estado: number | null; tca: boolean; mon: boolean; gerente: boolean; solicitante: boolean }>(db, sql`
    select (select pry_id from centro_costo where cec_id = ${d.cec_id}) as cec_pry,
      (select cec_estado from centro_costo where cec_id = ${d.cec_id}) as cec_estado,
      exists (select 1 from tipo_caja where tca_id = ${d.tca_id}) as tca,
      exists (select 1 from moneda where mon_id = ${d.mon_id}) as mon,
      exists (select 1 from usuario u where u.usu_id = ${d.usu_gerente}
        and ${apruebaEnProyecto('u', sql`(select pry_id from centro_costo where cec_id = ${d.cec_id})`)}) as gerente,
      exists (select 1 from usuario u where u.usu_id = ${d.usu_solicitante} and u.usu_estado = 1 and u.tiu_id = 1 and ${usuarioEnAlcance(a)}) as solicitante`);
  return {
    cec: r.cec_pry === null ? null : { pry_id: Number(r.cec_pry), cec_estado: Number(r.cec_estado) },
    tca: r.tca, mon: r.mon, gerente: r.gerente, solicitante: r.solicitante,
  };
}
