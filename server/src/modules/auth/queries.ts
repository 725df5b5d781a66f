import { sql } from 'drizzle-orm';
import { selectRows, type Executor, type Tx } from '../../db/client.ts';

/** Password reset links (`restablecimiento_password`, issue 26): only the token's SHA-256 is stored. */

/** Links asked for an account in the last hour: more than a few and no further mail goes out. */
export async function enlacesRecientes(db: Executor, usuId: number): Promise<number> {
  const [r] = await selectRows<{ n: number }>(db, sql`
    select count(*)::int as n from restablecimiento_password where usu_id = ${usuId} and rpw_fecha_registro > now() - interval '1 hour'`);
  return r.n;
}

/** A new link for an account, retiring the ones still unused (only the newest works). */
export async function insertarEnlace(tx: Tx, usuId: number, tokenHash: string, expira: Date, ip: string): Promise<void> {
  await tx.execute(sql`update restablecimiento_password set rpw_usado = true where usu_id = ${usuId} and not rpw_usado`);
  await tx.execute(sql`
    insert into restablecimiento_password (usu_id, rpw_token_hash, rpw_expira, rpw_ip)
    values (${usuId}, ${tokenHash}, ${expira.toISOString()}, ${ip})`);
}

export interface EnlaceBloqueado {
  rpw_id: number;
  usu_id: number;
  usu_correo: string;
  usu_nombre: string;
  usu_apellido: string;
  usu_estado: number;
  rpw_usado: boolean;
  vencido: boolean;
}

/** The link of a token with its account, locked until the reset commits (two uses at once: the second waits and finds it used). */
export async function bloquearEnlace(tx: Tx, tokenHash: string, now: Date): Promise<EnlaceBloqueado | undefined> {
  const [r] = await selectRows<EnlaceBloqueado>(tx, sql`
    select r.rpw_id, r.usu_id, u.usu_correo, u.usu_nombre, u.usu_apellido, u.usu_estado, r.rpw_usado, r.rpw_expira <= ${now.toISOString()} as vencido
    from restablecimiento_password r join usuario u on u.usu_id = r.usu_id
    where r.rpw_token_hash = ${tokenHash}
    for update of r`);
  return r;
}

/** Every link of the account is spent once one is used. */
export async function gastarEnlaces(tx: Tx, usuId: number): Promise<void> {
  await tx.execute(sql`update restablecimiento_password set rpw_usado = true where usu_id = ${usuId} and not rpw_usado`);
}
