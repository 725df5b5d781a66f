import { ROLE } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.ts';
import { notificar, usuariosCon } from '../../platform/notificar.ts';

/**
 * Issue 25: an approved payment order tells who deposits it (tesorería, with the module, in the order's project)
 * and who created it, in the approval's transaction.
 */
export async function pagoAprobado(tx: Tx, opgId: number, actor: number): Promise<void> {
  const [p] = await selectRows<{ ord_id: number; codigo: string }>(tx, sql`
    select p.ord_id, 'N° ' || p.opg_numero || ' ' || o.ord_codigo as codigo from orden_pago p join orden o on o.ord_id = p.ord_id where p.opg_id = ${opgId}`);
  if (!p) return;
  const proyecto = sql`select c.pry_id from orden o join centro_costo c on c.cec_id = o.cec_id where o.ord_id = ${p.ord_id}`;
  const tesoreria = usuariosCon({
    modulo: 'orden_pago', proyecto, y: sql`exists (select 1 from usuario_rol r where r.usu_id = u.usu_id and r.rol_id = ${ROLE.TESORERIA})`,
  });
  const creador = usuariosCon({ modulo: 'orden_pago', proyecto, conSuper: true, y: sql`u.usu_id = (select opg_creador from orden_pago where opg_id = ${opgId})` });
  await notificar(tx, {
    tipo: 'pago_aprobado',
    documento: { tipo: 'orden_pago', id: opgId, codigo: p.codigo },
    accion: 'fue aprobada',
    enlace: `/ordenPago/${p.ord_id}/ver/${opgId}`,
    actor,
    destinatarios: sql`${tesoreria} union ${creador}`,
  });
}
