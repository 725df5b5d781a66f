import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditoria } from '../db/schema/index.ts';

export type AuditEntry = Omit<typeof auditoria.$inferInsert, 'aud_id' | 'aud_fecha'>;

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditoria).values(entry);
}

/** Failed logins counted as DECISIONS §1 counts them, in the database so that every instance agrees. */
export interface LoginFailures {
  /** From this address, any account, in the last minute. */
  ip: number;
  /** For this account from this address, in the last minute. */
  cuentaIp: number;
  /** For this account from any address, in the last 15 minutes. */
  cuenta: number;
  /** Addresses those failures came from. */
  direcciones: number;
  /** Whether administrators were already alerted about this account in the last hour. */
  alertado: boolean;
}

export async function loginFailures(db: Executor, usuario: string, ip: string): Promise<LoginFailures> {
  const result = (await db.execute(sql`
    select
      (select count(*) from auditoria where aud_accion = 'login_fallido' and aud_ip = ${ip} and aud_fecha > now() - interval '1 minute')::int as ip,
      (select count(*) from auditoria where aud_accion = 'login_fallido' and aud_usuario = ${usuario} and aud_ip = ${ip} and aud_fecha > now() - interval '1 minute')::int as "cuentaIp",
      c.n::int as cuenta, c.d::int as direcciones,
      exists (select 1 from auditoria where aud_accion = 'login_alerta' and aud_usuario = ${usuario} and aud_fecha > now() - interval '1 hour') as alertado
    from (select count(*) as n, count(distinct aud_ip) as d from auditoria
          where aud_accion = 'login_fallido' and aud_usuario = ${usuario} and aud_fecha > now() - interval '15 minutes') c`)) as unknown as { rows: LoginFailures[] };
  return result.rows[0];
}

/** Active staff administrators' addresses (roles SUPER and ADMINISTRADOR): who is alerted about an account under attack. */
export async function administradores(db: Executor): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct u.usu_correo from usuario u join usuario_rol ur on ur.usu_id = u.usu_id
    where ur.rol_id in (0, 1) and u.usu_estado = 1 order by u.usu_correo`)) as unknown as { rows: { usu_correo: string }[] };
  return result.rows.map((r) => r.usu_correo);
}
