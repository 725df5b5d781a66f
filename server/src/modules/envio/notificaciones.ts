import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.ts';
import { notificar, usuariosCon } from '../../platform/notificar.ts';

/**
 * Issue 25: a cancelled dispatch tells the users of dispatches (the module is not scoped by project, as its
 * screens), in the cancellation's transaction.
 */
export async function envioCancelado(tx: Tx, envId: number, actor: number): Promise<void> {
  const [v] = await selectRows<{ env_codigo: string; fecha: string }>(tx, sql`
    select env_codigo, to_char(env_fecha_hora_envio at time zone 'America/Lima', 'DD/MM/YYYY HH24:MI') as fecha from envio where env_id = ${envId}`);
  if (!v) return;
  await notificar(tx, {
    tipo: 'envio_cancelado',
    documento: { tipo: 'envio', id: envId, codigo: v.env_codigo },
    accion: `del ${v.fecha} fue cancelado`,
    enlace: `/envios?ver=${envId}`,
    actor,
    destinatarios: usuariosCon({ modulo: 'envio' }),
  });
}
