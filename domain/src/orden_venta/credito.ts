import { z } from 'zod';
import { CONDICION } from '../common/catalogs.ts';
import { formatDate, formatMoney, fromScaled, toScaled } from '../common/format.ts';
import { coercedIdSchema } from '../common/ids.ts';
import { isDate, toDate } from '../common/time.ts';
import { ORDEN_VENTA_MSG as M } from './mensajes.ts';

/**
 * Credit sales and their voucher (issue 23; docs/business-rules.md "Credit sales and their voucher").
 * Spec 3 issues the voucher once the order is fully paid; SUNAT wants it when the concrete is
 * delivered. An approved sale on a credit condition may therefore be invoiced from approval on,
 * declared 'Credito' with its instalments (cuotas) for what is still unpaid; cash sales keep the
 * spec's rule. Written once here: the screen's cuotas table and the server check the same rules.
 */

/**
 * Conditions that leave a balance to be paid after delivery: 'Crédito' and the three 'Adelanto'
 * ones (the advance is paid first, the rest after the pour, which is credit for that rest).
 * 'Contado' and 'Caja chica' are paid before the voucher.
 */
export const CONDICIONES_CREDITO: readonly number[] = [CONDICION.CREDITO, CONDICION.ADELANTO_50, CONDICION.ADELANTO_15, CONDICION.ADELANTO];

export type FormaPago = 'Contado' | 'Credito';

/** An instalment: its amount (2 decimals) and due date `YYYY-MM-DD`. */
export interface Cuota {
  monto: string;
  fecha: string;
}

/** Most instalments a voucher takes (two years of monthly payments). */
export const CUOTAS_MAX = 24;
/** The default instalment falls due this many days after the issue date. */
export const CUOTA_DIAS_DEFECTO = 30;
/** No instalment falls due later than this many years after the issue date (a mistyped year is caught). */
export const CUOTA_PLAZO_MAX_ANIOS = 2;

export const CREDITO_MSG = {
  sinAprobar: 'La venta al crédito debe aprobarse antes de generar su comprobante sin el pago total',
  contadoSinCuotas: 'El comprobante de esta orden es al contado: no lleva cuotas',
  sinCuotas: 'Indique al menos una cuota del crédito',
  maxCuotas: `Se admiten como máximo ${CUOTAS_MAX} cuotas`,
  cuotasInvalidas: 'Las cuotas no son válidas: indique el monto y la fecha de vencimiento de cada una',
  monto: (n: number) => `El monto de la cuota ${n} debe ser mayor que cero, con hasta dos decimales`,
  fecha: (n: number) => `La fecha de vencimiento de la cuota ${n} no es válida`,
  despuesEmision: (n: number, emision: string) => `La cuota ${n} debe vencer después de la fecha de emisión (${formatDate(emision)})`,
  plazo: (n: number, limite: string) => `La cuota ${n} no puede vencer después del ${formatDate(limite)} (dos años desde la emisión)`,
  orden: (n: number) => `La cuota ${n} debe vencer después de la cuota ${n - 1}`,
  suma: (suma: string, pendiente: string) =>
    `La suma de las cuotas (${formatMoney('S/', suma)}) debe ser igual al saldo pendiente de pago (${formatMoney('S/', pendiente)})`,
} as const;

const MONTO = /^\d{1,12}(\.\d{1,2})?$/;
const centimos = (monto: string) => toScaled(monto, 2) ?? 0n;
const texto = (c: bigint) => fromScaled(c, 2).replace(/,/g, '');

/** `fecha` (`YYYY-MM-DD`) plus `dias` days. */
export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Sold on credit: approved, on a credit condition. */
export const ventaACredito = (o: { coc_id: number; aprobada: boolean }) => o.aprobada && CONDICIONES_CREDITO.includes(o.coc_id);

/** How a voucher issued now declares its payment: 'Credito' when sold on credit and something is unpaid. */
export function formaPagoDe(o: { coc_id: number; aprobada: boolean; ovt_total: string; ovt_pagado: string }): FormaPago {
  return ventaACredito(o) && centimos(o.ovt_pagado) < centimos(o.ovt_total) ? 'Credito' : 'Contado';
}

/** The unpaid amount a credit voucher declares (SUNAT's "monto neto pendiente de pago"): total − paid. */
export const montoPendiente = (o: { ovt_total: string; ovt_pagado: string }) => texto(centimos(o.ovt_total) - centimos(o.ovt_pagado));

/** The default: one instalment for the whole pending amount, due `CUOTA_DIAS_DEFECTO` days after the issue date. */
export const cuotasPorDefecto = (pendiente: string, fechaEmision: string): Cuota[] =>
  [{ monto: texto(centimos(pendiente)), fecha: sumarDias(fechaEmision, CUOTA_DIAS_DEFECTO) }];

/** A row added to the table: what the others leave unpaid (or 0), due 30 days after the last one. */
export function cuotaSiguiente(cuotas: readonly Cuota[], pendiente: string, fechaEmision: string): Cuota {
  const resto = centimos(pendiente) - cuotas.reduce((s, c) => s + (MONTO.test(c.monto) ? centimos(c.monto) : 0n), 0n);
  const ultima = [...cuotas].reverse().find((c) => isDate(c.fecha))?.fecha ?? fechaEmision;
  return { monto: texto(resto > 0n ? resto : 0n), fecha: sumarDias(ultima, CUOTA_DIAS_DEFECTO) };
}

/** The sum of the instalments as a 2-decimal text; invalid amounts count as 0. */
export const sumaCuotas = (cuotas: readonly Cuota[]) => texto(cuotas.reduce((s, c) => s + (MONTO.test(c.monto) ? centimos(c.monto) : 0n), 0n));

/**
 * Why `cuotas` cannot go on a credit voucher issued on `fechaEmision`, or null: 1 to `CUOTAS_MAX`
 * instalments, each a positive amount with up to 2 decimals and a real date after the issue date
 * and within the plazo, in ascending order; and, when `pendiente` is given, adding up to it exactly.
 */
export function problemaCuotas(cuotas: readonly Cuota[], fechaEmision: string, pendiente: string | null): string | null {
  if (cuotas.length === 0) return CREDITO_MSG.sinCuotas;
  if (cuotas.length > CUOTAS_MAX) return CREDITO_MSG.maxCuotas;
  const hasta = new Date(`${fechaEmision}T00:00:00Z`);
  hasta.setUTCFullYear(hasta.getUTCFullYear() + CUOTA_PLAZO_MAX_ANIOS);
  const limite = hasta.toISOString().slice(0, 10);
  for (const [i, c] of cuotas.entries()) {
    const n = i + 1;
    if (!MONTO.test(c.monto) || centimos(c.monto) <= 0n) return CREDITO_MSG.monto(n);
    if (!isDate(c.fecha)) return CREDITO_MSG.fecha(n);
    if (c.fecha <= fechaEmision) return CREDITO_MSG.despuesEmision(n, fechaEmision);
    if (c.fecha > limite) return CREDITO_MSG.plazo(n, limite);
    if (i > 0 && c.fecha <= cuotas[i - 1].fecha) return CREDITO_MSG.orden(n);
  }
  if (pendiente !== null && sumaCuotas(cuotas) !== texto(centimos(pendiente))) return CREDITO_MSG.suma(sumaCuotas(cuotas), pendiente);
  return null;
}

/** A date as the screen or a client writes it: 'YYYY-MM-DD', 'dd-mm-yyyy', or an ISO timestamp (its Lima date). */
const fechaCuota = z.string().trim().transform((v) => {
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(v);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : toDate(v);
});
/** An amount as text or number ('1 180,5' is not one: the checks say which cuota is wrong). */
const montoCuota = z.union([z.string(), z.number()]).transform((v) => {
  const t = String(v).trim().replace(',', '.');
  return MONTO.test(t) ? texto(centimos(t)) : t;
});

/**
 * `/ordenVenta/generarComprobante {orden_venta:{ovt_id, cuotas?:[{monto, fecha}]}}`. The cuotas count
 * only for a credit sale (default: `cuotasPorDefecto`); the server checks them against the pending
 * amount it computes (`problemaCuotas`), never against a total the client sends.
 */
export const OrdenVentaGenerarComprobante = z.object({
  orden_venta: z.object({
    ovt_id: z.unknown()
      .refine((v) => v !== undefined && v !== null && v !== '', { error: M.ovtIdFalta, abort: true })
      .pipe(coercedIdSchema(M.ovtIdFalta)),
    cuotas: z.array(z.object({ monto: montoCuota, fecha: fechaCuota }, { error: CREDITO_MSG.cuotasInvalidas }), { error: CREDITO_MSG.cuotasInvalidas })
      .max(CUOTAS_MAX, CREDITO_MSG.maxCuotas)
      .nullish()
      .transform((v) => v ?? null),
  }, { error: M.ovtIdFalta }),
}, { error: M.ovtIdFalta });
export type OrdenVentaGenerarComprobante = z.input<typeof OrdenVentaGenerarComprobante>;
export type OrdenVentaGenerarComprobanteDatos = z.output<typeof OrdenVentaGenerarComprobante>['orden_venta'];
