import type { Tx } from '../../client.ts';
import type { DemoContext } from './context.ts';

/** Demo master data of this area; runs inside the demo seed's transaction. */
export async function seedEmpleados(_tx: Tx, _ctx: DemoContext): Promise<void> {
  // Rows go here.
}
