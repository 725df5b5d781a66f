import type { Executor } from '../db/client.ts';
import { correoSalida } from '../db/schema/index.ts';

export async function insertOutbox(db: Executor, row: typeof correoSalida.$inferInsert): Promise<void> {
  await db.insert(correoSalida).values(row);
}
