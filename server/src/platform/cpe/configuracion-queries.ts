import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emisorCpe } from '../../db/schema/index.ts';

/** The issuer's settings row (issue 22): the only file of `cpe/` that touches `emisor_cpe`. */

export type EmisorRow = typeof emisorCpe.$inferSelect;

export async function leerEmisor(db: Executor): Promise<EmisorRow | undefined> {
  const [r] = await db.select().from(emisorCpe).where(eq(emisorCpe.emi_id, 1));
  return r;
}

/** The row locked for a change (the settings screen, the certificate upload). */
export async function bloquearEmisor(db: Executor): Promise<EmisorRow | undefined> {
  const [r] = await db.select().from(emisorCpe).where(eq(emisorCpe.emi_id, 1)).for('update');
  return r;
}

/** The first settings, from the environment; a row already there is left alone (two instances starting at once). */
export async function crearEmisor(db: Executor, v: typeof emisorCpe.$inferInsert): Promise<void> {
  await db.insert(emisorCpe).values({ ...v, emi_id: 1 }).onConflictDoNothing();
}

/** A change; every change advances the version, so each instance opens the secrets again. */
export async function actualizarEmisor(db: Executor, v: Partial<typeof emisorCpe.$inferInsert>, version: number): Promise<boolean> {
  const r = await db.update(emisorCpe).set({ ...v, emi_version: version + 1, emi_modificado_en: new Date() })
    .where(eq(emisorCpe.emi_id, 1)).returning({ v: emisorCpe.emi_version });
  return r.length === 1;
}

/** The demo's test certificate, only where there is still none (of two readers at once, the first stores it). */
export async function guardarCertificadoDemo(db: Executor, v: Partial<typeof emisorCpe.$inferInsert>): Promise<void> {
  await db.update(emisorCpe).set({ ...v, emi_version: sql`${emisorCpe.emi_version} + 1`, emi_modificado_en: new Date() })
    .where(and(eq(emisorCpe.emi_id, 1), isNull(emisorCpe.emi_certificado)));
}
