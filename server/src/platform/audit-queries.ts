import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditoria } from '../db/schema/index.ts';

export type AuditEntry = Omit<typeof auditoria.$inferInsert, 'aud_id' | 'aud_fecha'>;

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditoria).values(entry);
}

/** Failed logins in the last minute for this account or this address (DECISIONS §1). */
export async function recentLoginFailures(db: Executor, usuario: string, ip: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditoria)
    .where(and(
      eq(auditoria.aud_accion, 'login_fallido'),
      gt(auditoria.aud_fecha, sql`now() - interval '1 minute'`),
      or(eq(auditoria.aud_usuario, usuario), eq(auditoria.aud_ip, ip)),
    ));
  return Number(row.n);
}
