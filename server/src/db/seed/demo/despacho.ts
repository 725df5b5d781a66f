import { ENV, OVT, ROLE, limaDate, toScaled, type AccessProfile } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../client.ts';
import { programarEn } from '../../../modules/envio/programacion.ts';
import type { DemoContext } from './context.ts';

/**
 * Demo fleet and dispatches (issue 14): six mixers 'Mixer 01'..'Mixer 06' of 7 to 9 m³, four drivers
 * with DNI and licence (what the sender guide declares, issue 23), and a few dispatches today and tomorrow (Lima) on two of the demo's paid sales orders, scheduled
 * through the same service as the screen (times recomputed, balances lowered, orders en_despacho).
 * One of today's is moved on to en_ruta without a guide, as a dispatch that left before issue 23 did.
 */

const MIXERS: [nombre: string, placa: string, capacidad: string][] = [
  ['Mixer 01', 'AXK-714', '8.00'], ['Mixer 02', 'B3T-208', '9.00'], ['Mixer 03', 'C5M-431', '7.00'],
  ['Mixer 04', 'D2R-957', '8.50'], ['Mixer 05', 'F8L-362', '9.00'], ['Mixer 06', 'H4P-825', '7.50'],
];

/** [name, surname, the mixer usually driven, DNI, licence (class A-IIIc: a Q and the DNI, as Peru issues them)]. */
const CONDUCTORES: [nombre: string, apellido: string, placa: string, dni: string, licencia: string][] = [
  ['Carlos', 'Huamaní Rojas', 'AXK-714', '40211873', 'Q40211873'], ['Miguel', 'Condori Apaza', 'B3T-208', '42987110', 'Q42987110'],
  ['Jorge', 'Salazar Ñique', 'C5M-431', '45120336', 'Q45120336'], ['Luis', 'Mendoza Quispe', 'D2R-957', '47005921', 'Q47005921'],
];

/** [days from today, departure HH:mm, minutes to the delivery]. */
const HORARIOS: [dias: number, salida: string, viaje: number][] = [[0, '07:30', 40], [0, '09:00', 35], [0, '11:00', 45], [1, '08:00', 40], [1, '10:30', 30]];

const ESCALA = 4;

export async function seedDespacho(tx: Tx, ctx: DemoContext, now = new Date()): Promise<void> {
  const mixIds: number[] = [];
  for (const [nombre, placa, capacidad] of MIXERS) {
    const [r] = await selectRows<{ id: number }>(tx, sql`insert into mixer (mix_nombre, mix_placa, mix_capacidad) values (${nombre}, ${placa}, ${capacidad}) returning mix_id as id`);
    mixIds.push(Number(r.id));
  }
  for (const [nombre, apellido, placa, dni, licencia] of CONDUCTORES) {
    await tx.execute(sql`insert into conductor (cdt_nombre, cdt_apellido, cdt_placa, cdt_tipo_documento, cdt_numero_documento, cdt_licencia)
      values (${nombre}, ${apellido}, ${placa}, '1', ${dni}, ${licencia})`);
  }
  const usuId = ctx.userIds.get('gerencia@andina.pe') ?? ctx.userIds.get('admin@andina.pe');
  if (usuId === undefined) return;
  const caller: AccessProfile = { usu_id: usuId, usu_nivel: 1, pry_id: null, tiu_id: 1, pve_id: null, cli_id: null, roleIds: [ROLE.GERENCIA], modules: ['envio'], options: [] };

  // Lines measured in m³ of products a mixer carries (not the pumping service, issue 24) of two paid orders of ordinary clients, oldest first. The other orders keep
  // their payment states (creado, aprobado, pago parcial, the special client's pagado) for the sales
  // screens, and the approved credit sale is left for trying the schedule popup.
  const lineas = await selectRows<{ ovt_id: number; ovd_id: number; saldo: string }>(tx, sql`
    with ordenes as (select o.ovt_id from orden_venta o join cliente c on c.cli_id = o.cli_id
      where o.est_id = ${OVT.PAGADO} and c.cli_especial = 0 order by o.ovt_id limit 2)
    select d.ovt_id, d.ovd_id, d.ovd_saldo_envio::text as saldo from orden_venta_detalle d
      join producto_venta p on p.pvt_id = d.pvt_id join unidad_medida u on u.unm_id = p.unm_id
    where d.ovt_id in (select ovt_id from ordenes) and upper(u.unm_simbolo) in ('M3', 'M³') and p.pvt_despacho_mixer and d.ovd_saldo_envio > 0
    order by d.ovt_id, d.ovd_id`);
  const hoy = new Date(`${limaDate(now)}T00:00:00-05:00`).getTime();
  let h = 0;
  const ids: number[] = [];
  for (const l of lineas) {
    let saldo = toScaled(l.saldo, ESCALA) ?? 0n;
    // Up to two dispatches per line, each at most 7 m³ (the smallest mixer), on the next mixer and time.
    for (let k = 0; k < 2 && saldo > 0n && h < HORARIOS.length; k++, h++) {
      const q = saldo > 70_000n ? 70_000n : saldo;
      saldo -= q;
      const [dias, salida, viaje] = HORARIOS[h];
      const [hh, mm] = salida.split(':').map(Number);
      const s = new Date(hoy + dias * 86_400_000 + (hh * 60 + mm) * 60_000);
      const cantidad = (Number(q) / 10 ** ESCALA).toString();
      ids.push(...await programarEn(tx, caller, [{
        env_id: null, ovt_id: Number(l.ovt_id), ovd_id: Number(l.ovd_id), mix_id: mixIds[h % mixIds.length], env_cantidad: cantidad,
        env_fecha_hora_salida: s.toISOString(), env_fecha_hora_envio: new Date(s.getTime() + viaje * 60_000).toISOString(), env_frecuencia: 60,
      }], false, now));
    }
  }
  // The first one on its way: loading and en_ruta in the history, so its guide can be generated.
  if (ids.length) {
    for (const est of [ENV.EN_CARGUIO, ENV.EN_RUTA]) {
      await tx.execute(sql`update envio set est_id = ${est}, env_version = env_version + 1 where env_id = ${ids[0]}`);
      await tx.execute(sql`insert into envio_historial (env_id, est_id, usu_id, hee_fecha_registro) values (${ids[0]}, ${est}, ${usuId}, ${now.toISOString()})`);
    }
  }
}
