import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';

/** The second factor's tables (migration 0031, issue 26); see segundo-factor.ts. */

export interface EstadoSegundoFactor {
  activo: boolean;
  requerido: boolean;
  codigos_restantes: number;
}

/** Whether the user's factor is active, whether one of their roles requires it, and unused recovery codes. */
export async function estado(db: Executor, usuId: number): Promise<EstadoSegundoFactor> {
  const [r] = await selectRows<EstadoSegundoFactor>(db, sql`
    select coalesce((select usf_activo from usuario_segundo_factor where usu_id = ${usuId}), false) as activo,
      exists (select 1 from usuario_rol ur join rol r on r.rol_id = ur.rol_id where ur.usu_id = ${usuId} and r.rol_requiere_segundo_factor and r.rol_estado = 1) as requerido,
      (select count(*)::int from usuario_codigo_recuperacion where usu_id = ${usuId} and ucr_usado is null) as codigos_restantes`);
  return r;
}

export async function secreto(db: Executor, usuId: number) {
  const [r] = await selectRows<{ usf_secreto: string; usf_activo: boolean; usf_paso: number }>(db, sql`
    select usf_secreto, usf_activo, usf_paso::float8 as usf_paso from usuario_segundo_factor where usu_id = ${usuId}`);
  return r;
}

/** A new secret awaiting its first code (an active one is never replaced here). */
export async function guardarSecreto(db: Executor, usuId: number, sellado: string): Promise<void> {
  await db.execute(sql`
    insert into usuario_segundo_factor (usu_id, usf_secreto) values (${usuId}, ${sellado})
    on conflict (usu_id) do update set usf_secreto = excluded.usf_secreto, usf_paso = 0, usf_fecha_alta = now()
    where not usuario_segundo_factor.usf_activo`);
}

/** Accepts a time step once: only when it is later than the last accepted (two requests with one code: one wins). */
export async function avanzarPaso(db: Executor, usuId: number, paso: number): Promise<boolean> {
  const rows = await selectRows<{ usu_id: number }>(db, sql`
    update usuario_segundo_factor set usf_paso = ${paso} where usu_id = ${usuId} and usf_paso < ${paso} returning usu_id`);
  return rows.length > 0;
}

export async function activar(db: Executor, usuId: number): Promise<void> {
  await db.execute(sql`update usuario_segundo_factor set usf_activo = true where usu_id = ${usuId}`);
}

export async function reemplazarCodigos(db: Executor, usuId: number, hashes: string[]): Promise<void> {
  await db.execute(sql`delete from usuario_codigo_recuperacion where usu_id = ${usuId}`);
  for (const h of hashes) await db.execute(sql`insert into usuario_codigo_recuperacion (usu_id, ucr_hash) values (${usuId}, ${h})`);
}

/** Spends a recovery code of an active factor; false when unknown or already used. */
export async function gastarRecuperacion(db: Executor, usuId: number, hash: string): Promise<boolean> {
  const rows = await selectRows<{ ucr_id: number }>(db, sql`
    update usuario_codigo_recuperacion set ucr_usado = now()
    where usu_id = ${usuId} and ucr_hash = ${hash} and ucr_usado is null
      and exists (select 1 from usuario_segundo_factor where usu_id = ${usuId} and usf_activo)
    returning ucr_id`);
  return rows.length > 0;
}

export async function insertarNavegador(db: Executor, usuId: number, hash: string, dias: number): Promise<void> {
  await db.execute(sql`
    insert into navegador_recordado (nar_hash, usu_id, nar_expira) values (${hash}, ${usuId}, now() + make_interval(days => ${dias}))`);
}

export async function navegadorRecordado(db: Executor, usuId: number, hash: string): Promise<boolean> {
  const rows = await selectRows<{ n: number }>(db, sql`
    select 1 as n from navegador_recordado where nar_hash = ${hash} and usu_id = ${usuId} and nar_expira > now()`);
  return rows.length > 0;
}

/** The factor, its codes and remembered browsers of a user, gone. */
export async function borrar(db: Executor, usuId: number): Promise<void> {
  await db.execute(sql`delete from usuario_codigo_recuperacion where usu_id = ${usuId}`);
  await db.execute(sql`delete from navegador_recordado where usu_id = ${usuId}`);
  await db.execute(sql`delete from usuario_segundo_factor where usu_id = ${usuId}`);
}
