import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.ts';
import { notificar, usuariosCon } from '../../platform/notificar.ts';

/** Issue 25: an approved settlement tells its owner (the cash box's requester), in the approval's transaction. */
export async function rendicionAprobada(tx: Tx, cajId: number, actor: number): Promise<void> {
  const [c] = await selectRows<{ caj_codigo: string }>(tx, sql`select caj_codigo from caja where caj_id = ${cajId}`);
  if (!c) return;
  await notificar(tx, {
    tipo: 'rendicion_aprobada',
    documento: { tipo: 'caja', id: cajId, codigo: c.caj_codigo },
    accion: 'su rendición fue aprobada',
    enlace: `/caja/view/${cajId}`,
    actor,
    // The owner sees their own cash box whatever their project (caja/service.ts `visible`): only the module is asked.
    destinatarios: usuariosCon({ modulo: 'caja', conSuper: true, y: sql`u.usu_id = (select usu_solicitante from caja where caj_id = ${cajId})` }),
  });
}
