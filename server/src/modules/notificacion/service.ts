import { NOTIFICACION_MSG, NOTIFICACION_TIPOS, type AccessProfile, type NotificacionFiltro, type NotificacionPreferencia, type NotificacionTipo } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import * as q from './queries.ts';

/**
 * The caller's notifications (issue 25, docs/business-rules.md "Notificaciones (issue 25)"). Every call reads or
 * changes the caller's own rows only; another user's id answers 404, as one that does not exist.
 */
export async function buscar(deps: Deps, caller: AccessProfile, f: NotificacionFiltro) {
  const r = await q.buscar(deps.database.db, caller.usu_id, f, fromPageQuery(f.page));
  return { page: { list: r.data, total: r.total, size: f.page.size, number: f.page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

export const noLeidas = async (deps: Deps, caller: AccessProfile) => ({ no_leidas: await q.noLeidas(deps.database.db, caller.usu_id) });

export async function marcarLeida(deps: Deps, caller: AccessProfile, ntfId: number) {
  if (!(await q.marcarLeida(deps.database.db, caller.usu_id, ntfId))) throw notFound(NOTIFICACION_MSG.noEncontrada);
  return noLeidas(deps, caller);
}

export async function marcarTodas(deps: Deps, caller: AccessProfile) {
  return { marcadas: await q.marcarTodas(deps.database.db, caller.usu_id), no_leidas: 0 };
}

/** Each kind with the caller's choice, or its default (on for approvals). */
export async function preferencias(deps: Deps, caller: AccessProfile): Promise<NotificacionPreferencia[]> {
  const propias = new Map((await q.preferencias(deps.database.db, caller.usu_id)).map((p) => [p.npr_tipo, p.npr_correo]));
  return NOTIFICACION_TIPOS.map((t) => ({ tipo: t.tipo, etiqueta: t.etiqueta, correo: propias.get(t.tipo) ?? t.correo }));
}

export async function guardarPreferencias(deps: Deps, caller: AccessProfile, lista: { tipo: NotificacionTipo; correo: boolean }[]) {
  await deps.database.db.transaction(async (tx) => {
    for (const p of lista) await q.guardarPreferencia(tx, caller.usu_id, p.tipo, p.correo);
  });
  return preferencias(deps, caller);
}
