import { AJUSTE_DIRECCION_PUBLICA, NOTIFICACION_DOCUMENTOS, NOTIFICACION_TIPOS, ROLE, type NotificacionTipo } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../db/client.ts';

/**
 * Notifications (issue 25, docs/business-rules.md "Notificaciones (issue 25)"). A transition calls `notificar` with
 * its own transaction: the rows (and the mail of those who want it, queued in the outbox as 'pendiente') commit or
 * roll back with the transition. Recipients are computed in SQL from the same rules as the screens (module, option,
 * project scope, read-only role); the actor never hears of their own action.
 */
export interface Evento {
  tipo: NotificacionTipo;
  documento: { tipo: string; id: number; codigo: string };
  /** What happened, as the bell says it after the document's name: 'espera su aprobación (gerencia)'. */
  accion: string;
  /** The screen that opens the document. */
  enlace: string;
  /** Who caused it; null for the system. */
  actor: number | null;
  /** A select of `usu_id`s (see `usuariosCon`, `usuarioSi`); inactive, unconfirmed and supplier accounts are dropped here. */
  destinatarios: SQL;
}

export const documentoNombre = (tipo: string) => NOTIFICACION_DOCUMENTOS[tipo] ?? tipo;

const porDefecto = (tipo: NotificacionTipo) => NOTIFICACION_TIPOS.find((t) => t.tipo === tipo)?.correo ?? false;

/** Whether `u` (alias of usuario) wants `tipo`'s mail: their choice, else the kind's default. */
export const quiereCorreo = (tipo: NotificacionTipo, u = sql`u`): SQL =>
  sql`coalesce((select p.npr_correo from notificacion_preferencia p where p.usu_id = ${u}.usu_id and p.npr_tipo = ${tipo}), ${porDefecto(tipo)})`;

/** The base of links in mail: the stored public address (Ajustes), else the path alone. */
const base = sql`coalesce((select rtrim(aju_valor, '/') from ajuste where aju_clave = ${AJUSTE_DIRECCION_PUBLICA}), '')`;

interface Filtro {
  modulo: string;
  /** An option the user must hold (through a role or granted to them). */
  opcion?: string;
  /** The document's project (an SQL expression); null = the module is not scoped by project. Level 1 users see every project. */
  proyecto?: SQL | null;
  /** SUPER holds every module by rule; it is told of broadcast events only when named (false by default). */
  conSuper?: boolean;
  /** A condition on the user (alias u) on top: e.g. their id. */
  y?: SQL;
}

/**
 * Users who may act on the document as its screen allows: the module through a role (SUPER's by rule when
 * `conSuper`), not read-only (VISUALIZADOR without SUPER), the option, and the project.
 */
export function usuariosCon(f: Filtro): SQL {
  const rol = (id: number) => sql`exists (select 1 from usuario_rol r where r.usu_id = u.usu_id and r.rol_id = ${id})`;
  const modulo = sql`exists (select 1 from usuario_rol ur join rol_modulo rm on rm.rol_id = ur.rol_id join modulo m on m.mod_id = rm.mod_id
    where ur.usu_id = u.usu_id and m.mod_codigo = ${f.modulo})`;
  const opcion = f.opcion ? sql`exists (select 1 from opcion o where o.opc_codigo = ${f.opcion} and o.opc_id in (
      select ro.opc_id from usuario_rol ur join rol_opcion ro on ro.rol_id = ur.rol_id where ur.usu_id = u.usu_id
      union all select uo.opc_id from usuario_opcion uo where uo.usu_id = u.usu_id))` : sql`true`;
  const puede = sql`(${modulo} and ${opcion} and not ${rol(ROLE.VISUALIZADOR)})`;
  const acceso = f.conSuper ? sql`(${rol(ROLE.SUPER)} or ${puede})` : puede;
  const proyecto = f.proyecto ? sql`(u.usu_nivel = 1 or u.pry_id = (${f.proyecto}))` : sql`true`;
  return sql`select u.usu_id from usuario u where ${acceso} and ${proyecto} and ${f.y ?? sql`true`}`;
}

const SIN_AVISOS = 'obra.sin_avisos';

/**
 * The demo seed replays a history through the same transitions: it writes that history, not news, so no
 * notification or mail comes of it (a setting local to the seed's transaction).
 */
export async function sinAvisos(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config(${SIN_AVISOS}, 'on', true)`);
}

/** Creates the event's notifications and queues its mails; returns how many users were told. */
export async function notificar(tx: Executor, e: Evento): Promise<number> {
  const asunto = `${documentoNombre(e.documento.tipo)} ${e.documento.codigo}: ${e.accion}`;
  const rows = await selectRows<{ n: number }>(tx, sql`
    with d as (
      select u.usu_id, u.usu_correo, ${quiereCorreo(e.tipo)} as correo from usuario u
      where u.usu_id in (${e.destinatarios}) and u.usu_estado = 1 and u.usu_confirmado and not (u.tiu_id = 3 and u.pve_id is not null)
        and u.usu_id is distinct from ${e.actor}::int and coalesce(current_setting(${SIN_AVISOS}, true), '') <> 'on'),
    c as (
      insert into correo_salida (cos_para, cos_asunto, cos_texto, cos_estado)
      select d.usu_correo, ${asunto}, ${`${asunto}.\n\nÁbralo en Obra: `} || ${base} || ${e.enlace}
        || ${'\n\nPuede elegir qué avisos le llegan por correo en su menú → Notificaciones.'}, 'pendiente'
      from d where d.correo
      returning cos_id, cos_para),
    n as (
      insert into notificacion (usu_id, ntf_tipo, ntf_documento_tipo, ntf_documento_id, ntf_codigo, ntf_accion, ntf_enlace, usu_actor, cos_id)
      select d.usu_id, ${e.tipo}, ${e.documento.tipo}, ${e.documento.id}, ${e.documento.codigo}, ${e.accion}, ${e.enlace}, ${e.actor}::int, c.cos_id
      from d left join c on c.cos_para = d.usu_correo
      returning ntf_id)
    select count(*)::int as n from n`);
  return Number(rows[0]?.n ?? 0);
}
