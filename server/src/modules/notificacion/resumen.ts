import { limaDate, NOTIFICACION_MSG } from '@obra/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { loadProfileById } from '../../platform/auth/access.ts';
import { quiereCorreo, usuariosCon } from '../../platform/notificar.ts';
import { pendientes } from '../inicio/service.ts';

/**
 * Issue 25: the approvers' daily summary at 08:00 Lima. In-process on every instance, no leader: each user's summary
 * of a day is claimed with a row of `tarea_diaria` (INSERT ... ON CONFLICT DO NOTHING) in the transaction that queues
 * its mail, so of several instances, or two runners racing, exactly one queues it. The outbox's sender
 * (platform/mail.ts) sends it afterwards, as every queued message.
 */
export const TAREA_RESUMEN = 'resumen_diario';
const HORA_RESUMEN = 8;
/** How often the summary is looked for. */
const INTERVALO_RESUMEN_MS = 60_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface ResumenDiario {
  /** Every minute the summary once it is 08:00 in Lima. */
  start(log: Log): void;
  /** Stops; a run in progress finishes first. */
  stop(): Promise<void>;
  /** Queues the day's summaries not yet claimed and wakes the outbox's sender; how many users it claimed. Tests call it with their clock. */
  resumir(): Promise<number>;
}

/** The hour in Lima (UTC-5 all year). */
const horaLima = (at: Date) => (at.getUTCHours() + 24 - 5) % 24;

/** Approvers: whoever may approve purchase orders (either level) or payment orders, and wants the summary. */
const aprobadores = sql`(${usuariosCon({ modulo: 'orden_compra', opcion: 'aprobar_orden_compra' })}
  union ${usuariosCon({ modulo: 'orden_compra', opcion: 'aprobar_orden_compra_contable' })}
  union ${usuariosCon({ modulo: 'orden_pago', opcion: 'aprobar_orden_pago' })})`;

export function crearResumenDiario(deps: Deps, o: { now?: () => Date; intervaloMs?: number } = {}): ResumenDiario {
  const now = o.now ?? (() => new Date());
  const db = deps.database.db;
  let timer: NodeJS.Timeout | undefined;
  let corriendo: Promise<void> | null = null;
  let log: Log = { warn: () => undefined, error: () => undefined };

  async function resumir(): Promise<number> {
    const at = now();
    if (horaLima(at) < HORA_RESUMEN) return 0;
    const hoy = limaDate(at);
    const candidatos = await selectRows<{ usu_id: number; usu_correo: string; nombre: string }>(db, sql`
      select u.usu_id, u.usu_correo, u.usu_nombre as nombre from usuario u
      where u.usu_id in ${aprobadores} and u.usu_estado = 1 and u.usu_confirmado and ${quiereCorreo(TAREA_RESUMEN)}
        and not exists (select 1 from tarea_diaria t where t.tad_tarea = ${TAREA_RESUMEN} and t.tad_fecha = ${hoy}::date and t.usu_id = u.usu_id)
      order by u.usu_id`);
    const base = (await deps.ajustes.direccionPublica()).url;
    let reclamados = 0;
    for (const c of candidatos) {
      const perfil = await loadProfileById(db, c.usu_id);
      // The same lines, counts and links as the user's own Inicio (inicio/service.ts): what they can act on.
      const lineas = perfil ? await pendientes(deps, perfil) : [];
      const texto = lineas.length === 0 ? null
        : `Buenos días, ${c.nombre}. Esto espera por usted hoy, ${hoy.split('-').reverse().join('/')}:\n\n`
          + lineas.map((l) => `- ${l.titulo}: ${l.cantidad}\n  ${base}${l.enlace}`).join('\n')
          + '\n\nPuede dejar de recibir este resumen en su menú → Notificaciones.';
      const claimed = await db.transaction(async (tx) => {
        const [r] = await selectRows<{ usu_id: number }>(tx, sql`insert into tarea_diaria (tad_tarea, tad_fecha, usu_id)
          values (${TAREA_RESUMEN}, ${hoy}::date, ${c.usu_id}) on conflict do nothing returning usu_id`);
        if (!r) return false;
        if (texto) {
          await tx.execute(sql`with c as (insert into correo_salida (cos_para, cos_asunto, cos_texto, cos_estado)
              values (${c.usu_correo}, ${`Pendientes de hoy en Obra (${lineas.reduce((s, l) => s + l.cantidad, 0)})`}, ${texto}, 'pendiente') returning cos_id)
            update tarea_diaria set cos_id = (select cos_id from c) where tad_tarea = ${TAREA_RESUMEN} and tad_fecha = ${hoy}::date and usu_id = ${c.usu_id}`);
        }
        return true;
      });
      if (claimed) reclamados++;
    }
    if (reclamados > 0) deps.mailer.despertar();
    return reclamados;
  }

  /** One run at a time per process; a tick that finds it running skips. */
  function ciclo(): Promise<void> {
    corriendo ??= (async () => {
      try {
        await resumir();
      } catch (err) {
        log.error({ err }, `notificaciones: ${NOTIFICACION_MSG.falloTarea}`);
      } finally {
        corriendo = null;
      }
    })();
    return corriendo;
  }

  return {
    start(l) {
      log = l;
      timer ??= setInterval(() => void ciclo(), o.intervaloMs ?? INTERVALO_RESUMEN_MS).unref();
      void ciclo();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await corriendo;
    },
    resumir,
  };
}
