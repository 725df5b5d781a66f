import type { AuditoriaFila, AuditoriaFiltro, Paged } from '@obra/domain';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import { listPage, nombreDeUsuario, type ListRequest, type ListSpec } from '../../platform/list.ts';

/**
 * The audit log (issue 26), newest first, paged by the one list mechanism: each filter has its index (user, module,
 * document, each with the id descending; dates bound the id through the date index).
 */
const AUDITORIA: ListSpec = {
  name: 'auditoria_list',
  from: sql`auditoria a`,
  key: [{ expr: 'a.aud_id', type: 'int' }],
  desc: true,
  columns: sql`a.aud_id::float8 as aud_id, to_char(a.aud_fecha at time zone 'America/Lima', 'YYYY-MM-DD HH24:MI:SS') as aud_fecha, a.aud_accion,
    a.usu_id, coalesce(${nombreDeUsuario('a.usu_id')}, a.aud_usuario) as usuario, a.aud_ip, a.aud_metodo, a.aud_ruta, a.aud_modulo,
    a.aud_estado_http, a.aud_documento, a.aud_detalle`,
  join: sql`join auditoria a on a.aud_id = page.k0`,
};

export function buscar(db: Executor, f: AuditoriaFiltro, page: ListRequest): Promise<Paged<AuditoriaFila>> {
  const where: SQL[] = [];
  if (f.usu_id) where.push(sql`a.usu_id = ${f.usu_id}`);
  if (f.modulo) where.push(sql`a.aud_modulo = ${f.modulo}`);
  // A document by its name as shown ('000123-CC01-OC-2026'), whole or its beginning.
  if (f.documento) where.push(sql`a.aud_documento like ${`${f.documento.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.fecha_inicio) where.push(sql`a.aud_fecha >= (${f.fecha_inicio}::date)::timestamp at time zone 'America/Lima'`);
  if (f.fecha_fin) where.push(sql`a.aud_fecha < ((${f.fecha_fin}::date + 1)::timestamp at time zone 'America/Lima')`);
  return listPage<AuditoriaFila>(db, AUDITORIA, where, page);
}

/** Every account, by name, for the user filter. */
export function usuarios(db: Executor): Promise<{ usu_id: number; nombre: string }[]> {
  return selectRows(db, sql`select usu_id, usu_nombre || ' ' || usu_apellido as nombre from usuario order by usu_nombre, usu_apellido, usu_id`);
}
