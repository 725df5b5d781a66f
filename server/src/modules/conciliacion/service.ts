import {
  AJUSTE_TOLERANCIA_MONTO, AJUSTE_TOLERANCIA_PORCENTAJE, CONCILIACION_MSG, TOLERANCIA_PREDETERMINADA,
  type AccessProfile, type Conciliacion, type Tolerancia,
} from '@obra/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { projectScope, type ProjectScope } from '../../platform/scope.ts';
import * as q from './queries.ts';

/**
 * The three-way match of a purchase order (issue 25): `/ordenCompra/conciliacion`, for staff with
 * the purchasing module, on orders of their project (another project's answers 404, DECISIONS §1);
 * suppliers lack the module (403). Flags are information: nothing is blocked by them.
 */

/** The tolerance saved in Administración → Ajustes, or the default while none was. */
export async function tolerancia(deps: Deps): Promise<Tolerancia> {
  const filas = await deps.ajustes.filas();
  const pct = filas.get(AJUSTE_TOLERANCIA_PORCENTAJE);
  const monto = filas.get(AJUSTE_TOLERANCIA_MONTO);
  if (!pct && !monto) return { ...TOLERANCIA_PREDETERMINADA, origen: 'predeterminada', aju_fecha: null, usuario: null };
  const ultimo = [pct, monto].filter((f) => f !== undefined).sort((a, b) => (a.aju_fecha < b.aju_fecha ? 1 : -1))[0];
  return {
    porcentaje: pct?.aju_valor || null, monto: monto?.aju_valor || null, origen: 'ajuste',
    aju_fecha: ultimo?.aju_fecha ?? null, usuario: ultimo?.usuario ?? null,
  };
}

/** Saves both keys ('' = that limit unused); the caller checked the access and the values. */
export async function guardarTolerancia(deps: Deps, tx: Executor, usuId: number, v: { porcentaje: string | null; monto: string | null }) {
  await deps.ajustes.guardar(tx, AJUSTE_TOLERANCIA_PORCENTAJE, v.porcentaje ?? '', usuId);
  await deps.ajustes.guardar(tx, AJUSTE_TOLERANCIA_MONTO, v.monto ?? '', usuId);
  // Every kept flag was judged with the old tolerance.
  await q.marcarTodas(tx);
}

/** Orders computed per statement, and at most how many statements a reader runs before it counts. */
const LOTE = 500;
const LOTES_POR_LECTURA = 4;

/**
 * Computes again the orders whose match changed since (normally the few written since the last reader), so the count
 * and the list's filter read current flags. A reader computes at most LOTES_POR_LECTURA × LOTE; after a tolerance
 * change marks them all, the background refresh (`crearRefrescoConciliacion`, every instance) computes the rest within minutes.
 */
export async function refrescar(deps: Deps, lotes = LOTES_POR_LECTURA): Promise<number> {
  const tol = await tolerancia(deps);
  let total = 0;
  for (let i = 0; i < lotes; i++) {
    const n = await q.refrescarObservadas(deps.database.db, tol, LOTE);
    total += n;
    if (n < LOTE) break;
  }
  return total;
}

export async function obtener(deps: Deps, caller: AccessProfile, ordId: number): Promise<Conciliacion> {
  const db = deps.database.db;
  const o = await q.ordenEnAlcance(db, ordId, projectScope(caller));
  if (!o) throw notFound(CONCILIACION_MSG.ordenNoEncontrada);
  const tol = await tolerancia(deps);
  const [c, facturas] = await Promise.all([q.conciliacion(db, o.ord_id, tol), q.facturas(db, o.ord_id)]);
  if (!c) throw notFound(CONCILIACION_MSG.ordenNoEncontrada);
  return {
    ord_id: Number(o.ord_id), ord_codigo: o.ord_codigo, ord_tipo_orden: Number(o.ord_tipo_orden), moneda: o.mon_codigo, mon_simbolo: o.mon_simbolo,
    tolerancia: { porcentaje: tol.porcentaje, monto: tol.monto, monto_en_moneda: c.tol_monto },
    total_pedido: c.total_pedido, subtotal_pedido: c.subtotal_pedido, valor_recibido: c.valor_recibido,
    total_facturado: c.total_facturado, subtotal_facturado: c.subtotal_facturado,
    lineas: c.lineas, facturas: facturas.map((f) => ({ ...f, ofa_id: Number(f.ofa_id) })), marcas: c.marcas,
    observada: c.marcas.length > 0 || c.lineas.some((l) => l.marcas.length > 0),
  };
}

/** For Inicio's work queue: the orders of the caller's scope with a flag. */
export async function contarObservadas(deps: Deps, caller: AccessProfile): Promise<number> {
  await refrescar(deps);
  return q.contarObservadas(deps.database.db, projectScope(caller));
}

/** The order list's filter 'con observaciones' (opened from the queue): the flagged orders of the scope, current. */
export async function observadas(deps: Deps, scope: ProjectScope): Promise<SQL> {
  await refrescar(deps);
  return q.observadasSql(scope);
}

/** The background refresh: every few seconds on every instance, the marked orders until none is left. */
export function crearRefrescoConciliacion(deps: Deps, intervaloMs = 30_000) {
  let timer: NodeJS.Timeout | undefined;
  let corriendo: Promise<unknown> | null = null;
  let log: Pick<FastifyBaseLogger, 'error'> = { error: () => undefined };
  const ronda = () => {
    corriendo ??= refrescar(deps, Number.MAX_SAFE_INTEGER)
      .catch((err: unknown) => log.error({ err }, 'conciliación: no se pudieron calcular las órdenes marcadas'))
      .finally(() => { corriendo = null; });
  };
  return {
    start(l: Pick<FastifyBaseLogger, 'error'>) {
      log = l;
      timer ??= setInterval(ronda, intervaloMs).unref();
      ronda();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await corriendo;
    },
  };
}
