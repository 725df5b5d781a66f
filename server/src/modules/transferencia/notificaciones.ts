import { TFI_TIPO } from '@obra/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notificar, usuariosCon } from '../../platform/notificar.ts';

/**
 * Issue 25: a transfer that waits to be confirmed at its destination (by purchase order, or between warehouses;
 * an external purchase enters at once) tells the users of transfers whose warehouse scope holds the destination,
 * in the registration's transaction.
 */
export async function transferenciaEnviada(tx: Tx, t: { tfi_id: number; tfi_codigo: string; tfi_tipo: number; alm_destino: number; almacen: string }, actor: number) {
  if (t.tfi_tipo === TFI_TIPO.COMPRA_EXTERNA) return;
  await notificar(tx, {
    tipo: 'transferencia_enviada',
    documento: { tipo: 'transferencia', id: t.tfi_id, codigo: t.tfi_codigo },
    accion: `enviada a ${t.almacen}, por confirmar`,
    enlace: `/transferencia?ver=${t.tfi_id}`,
    actor,
    destinatarios: usuariosCon({ modulo: 'transferencia_items', proyecto: sql`select pry_id from almacen where alm_id = ${t.alm_destino}` }),
  });
}
