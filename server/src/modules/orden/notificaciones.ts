import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.ts';
import { notificar, usuariosCon } from '../../platform/notificar.ts';

/**
 * Issue 25: an order that starts waiting for an approval tells who gives it, in the transition's transaction.
 * Gerencia: the order's gerencia user, if they still hold the option and the project (SUPER too when named);
 * contabilidad: every holder of its option in the order's project (docs/business-rules.md "Notificaciones").
 */
export async function ordenPorAprobar(tx: Tx, ordId: number, nivel: 'gerencia' | 'contabilidad', actor: number): Promise<void> {
  const [o] = await selectRows<{ ord_codigo: string }>(tx, sql`select ord_codigo from orden where ord_id = ${ordId}`);
  if (!o) return;
  const proyecto = sql`select c.pry_id from orden o join centro_costo c on c.cec_id = o.cec_id where o.ord_id = ${ordId}`;
  const destinatarios = nivel === 'gerencia'
    ? usuariosCon({
      modulo: 'orden_compra', opcion: 'aprobar_orden_compra', proyecto, conSuper: true,
      y: sql`u.usu_id = (select ord_usu_gerencia from orden where ord_id = ${ordId})`,
    })
    : usuariosCon({ modulo: 'orden_compra', opcion: 'aprobar_orden_compra_contable', proyecto });
  await notificar(tx, {
    tipo: 'orden_por_aprobar',
    documento: { tipo: 'orden_compra', id: ordId, codigo: o.ord_codigo },
    accion: `espera su aprobación (${nivel})`,
    enlace: `/orden/approve/${ordId}`,
    actor,
    destinatarios,
  });
}

/** Who the order waits for at gerencia, or null when it does not wait there (another state, or rejected). */
export async function esperaGerencia(tx: Tx, ordId: number): Promise<number | null> {
  const [r] = await selectRows<{ usu: number }>(tx, sql`select ord_usu_gerencia as usu from orden where ord_id = ${ordId} and ore_id = 1 and not ord_rechazada`);
  return r ? Number(r.usu) : null;
}
