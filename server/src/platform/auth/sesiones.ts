import { randomBytes } from 'node:crypto';
import type { SesionFila } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Executor } from '../../db/client.ts';

/**
 * Sessions (table `sesion`, issue 26): a login opens one, named by its token's `sid`; the user lists and closes
 * theirs, an administrator closes all of a user's. A closed session's tokens stop working on every instance: the
 * access guard reads the user's closed sessions with their profile, which a trigger refreshes (migration 0030).
 */

/** Dispositivo: the browser's own description, cut to the column. */
const dispositivo = (userAgent: string | undefined) => (userAgent ?? '').replace(/\p{Cc}/gu, ' ').slice(0, 250);

export async function abrirSesion(db: Executor, s: { usuId: number; version: number; ip: string; userAgent: string | undefined; ttlSeconds: number }): Promise<string> {
  const sid = randomBytes(16).toString('hex');
  await db.execute(sql`
    insert into sesion (ses_id, usu_id, ses_ip, ses_dispositivo, ses_version, ses_expira)
    values (${sid}, ${s.usuId}, ${s.ip.slice(0, 64)}, ${dispositivo(s.userAgent)}, ${s.version}, now() + make_interval(secs => ${s.ttlSeconds}))`);
  return sid;
}

/** The session goes on under the user's new token version (their own password change); every other one ends. */
export async function renovarSesion(db: Executor, sid: string, usuId: number, version: number): Promise<void> {
  await db.execute(sql`update sesion set ses_version = ${version} where ses_id = ${sid} and usu_id = ${usuId}`);
}

/** A session as listed (times are Lima's `YYYY-MM-DD HH:MM:SS`); the route marks the caller's own. */
export type SesionGuardada = Omit<SesionFila, 'actual'>;

/**
 * A user's open sessions, the most recently used first: not closed, not expired, and under the user's current token
 * version (a password change, a deactivation or a role change ended the others without writing here).
 */
export function sesionesAbiertas(db: Executor, usuId: number): Promise<SesionGuardada[]> {
  return selectRows<SesionGuardada>(db, sql`
    select s.ses_id, s.ses_ip, s.ses_dispositivo,
      to_char(s.ses_inicio at time zone 'America/Lima', 'YYYY-MM-DD HH24:MI:SS') as ses_inicio,
      to_char(s.ses_ultimo_uso at time zone 'America/Lima', 'YYYY-MM-DD HH24:MI:SS') as ses_ultimo_uso
    from sesion s join usuario u on u.usu_id = s.usu_id
    where s.usu_id = ${usuId} and s.ses_cerrada is null and s.ses_expira > now() and s.ses_version = u.usu_token_version
    order by s.ses_ultimo_uso desc, s.ses_id`);
}

/** Closes one of the user's open sessions; false when it is not theirs or not open. */
export async function cerrarSesion(db: Executor, usuId: number, sid: string): Promise<boolean> {
  const rows = await selectRows<{ ses_id: string }>(db, sql`
    update sesion set ses_cerrada = now() where ses_id = ${sid} and usu_id = ${usuId} and ses_cerrada is null and ses_expira > now()
    returning ses_id`);
  return rows.length > 0;
}

/** Closes every open session of a user; the caller bumps the token version too, for tokens without a session. */
export async function cerrarSesiones(db: Executor, usuId: number): Promise<number> {
  const rows = await selectRows<{ ses_id: string }>(db, sql`
    update sesion set ses_cerrada = now() where usu_id = ${usuId} and ses_cerrada is null and ses_expira > now() returning ses_id`);
  return rows.length;
}

/**
 * Touches a session's last use and address at most once a minute per session and instance, without making the
 * request wait (a lost touch only makes 'último uso' a minute older).
 */
export function sessionToucher(db: Db, everyMs = 60_000) {
  const last = new Map<string, number>();
  return (sid: string, ip: string) => {
    const now = Date.now();
    const seen = last.get(sid);
    if (seen !== undefined && now - seen < everyMs) return;
    if (last.size >= 50_000) last.clear();
    last.set(sid, now);
    void db.execute(sql`update sesion set ses_ultimo_uso = now(), ses_ip = ${ip.slice(0, 64)} where ses_id = ${sid} and ses_cerrada is null`)
      .catch(() => last.delete(sid));
  };
}
