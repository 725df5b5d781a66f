import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../../db/client.ts';
import { notificar, usuariosCon } from '../../notificar.ts';

/**
 * Issue 25: SUNAT's final rejection of an e-voucher tells the users of sales (not scoped by project, as its
 * screens), in the transaction that stores the answer. Nobody caused it: no one is left out as the actor.
 */
export async function comprobanteRechazado(tx: Tx, ncoId: number): Promise<void> {
  const [c] = await selectRows<{ codigo: string; motivo: string | null; ovt_id: number | null }>(tx, sql`
    select nco_serie || '-' || lpad(nco_numero::text, 8, '0') as codigo, ovt_id,
      nullif(concat_ws(' ', nco_respuesta_codigo, nco_respuesta_texto), '') as motivo from comprobante where nco_id = ${ncoId}`);
  if (!c) return;
  await notificar(tx, {
    tipo: 'comprobante_rechazado',
    documento: { tipo: 'comprobante', id: ncoId, codigo: c.codigo },
    accion: `rechazado por SUNAT${c.motivo ? ` (${c.motivo.slice(0, 150)})` : ''}`,
    // The list opens the sales order's voucher panel (`?ver=` takes the sales order, as the header search).
    enlace: c.ovt_id ? `/comprobantes?ver=${c.ovt_id}` : '/comprobantes',
    actor: null,
    destinatarios: usuariosCon({ modulo: 'orden_venta' }),
  });
}
