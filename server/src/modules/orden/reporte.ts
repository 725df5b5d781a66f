import type { AccessProfile, OrdenPagosReporteDatos, OrdenReporteDatos } from '@obra/domain';
import { ORDER_TYPES, REPORTE_ARCHIVO, REPORTE_MSG, REPORTE_PAGOS_ARCHIVO, TIPO_REPORTE } from '@obra/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './reporte-queries.ts';
import { sendStreamedReport, type ReportColumn, type StreamedReport } from '../../platform/report-xlsx.ts';

/**
 * The order reports (spec 1 §2.9, §7; docs/business-rules.md "Order reports"): `/orden/report`
 * (one row per order or per line) and `/ordenCompra/generarReporte2` (orders against their
 * payment orders), both streamed as xlsx in batches of orders read by id.
 */

/** Orders per batch: one short query each, and about this many rows in flight. */
export const REPORTE_BATCH = 2000;
/**
 * Orders per batch of the lines report (three lines each in the bench's data): about as many rows
 * in flight as the orders report. A batch of 2 000 orders, 6 000 rows of lines, lived long enough
 * to reach V8's old generation, which then grew with the report's size (bench/RESULTS.md, the year report).
 */
export const REPORTE_BATCH_LINEAS = 700;

const tipoNombre = (tipo: number) => ORDER_TYPES.find((t) => t.id === tipo)?.descripcion ?? String(tipo);

/** Orders in `rows` (one or more rows each, in id order). */
function ordersIn(rows: { ord_id: number }[]): number {
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (i === 0 || rows[i].ord_id !== rows[i - 1].ord_id) n++;
  return n;
}

/**
 * The batches of rows of the orders meeting `where`, `size` orders at a time, each one
 * statement (keyset on the id). Every order of a batch gives at least one row (the product filter
 * of the lines report is also an order condition), so a batch with fewer orders is the last. The
 * next batch is read while the caller writes the current one, so on a database server reading and
 * writing overlap instead of adding up; at most two batches are held.
 */
async function* batches<R extends { ord_id: number }>(where: SQL, rowsOf: (b: q.Batch) => Promise<R[]>, size = REPORTE_BATCH): AsyncGenerator<R[]> {
  let next = rowsOf({ where, after: 0, limit: size });
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    const more = ordersIn(rows) === size;
    if (more) {
      next = rowsOf({ where, after: rows[rows.length - 1].ord_id, limit: size });
      // If the download stops before this batch is wanted, its failure has nobody to tell.
      next.catch(() => {});
      // Let the query leave (the pool hands out its connection asynchronously) before the caller
      // spends the CPU writing this batch; otherwise it would be sent only once the writing is done.
      await new Promise((resolve) => setImmediate(resolve));
    }
    yield rows;
    if (!more) return;
  }
}

const ordenColumns = <R extends q.OrdenCols>(): ReportColumn<R>[] => [
  { header: 'Código', width: 24, kind: 'text', value: (r) => r.codigo },
  { header: 'Tipo', width: 10, kind: 'text', value: (r) => tipoNombre(r.tipo_orden) },
  { header: 'Fecha', width: 12, kind: 'date', value: (r) => r.fecha },
  { header: 'Estado', width: 18, kind: 'text', value: (r) => r.estado },
  { header: 'Centro de costo', width: 36, kind: 'text', value: (r) => r.centro_costo },
  { header: 'Proveedor', width: 40, kind: 'text', value: (r) => r.proveedor },
  { header: 'RUC', width: 13, kind: 'text', value: (r) => r.ruc },
  { header: 'Moneda', width: 8, kind: 'text', value: (r) => r.moneda },
  { header: 'Condición', width: 14, kind: 'text', value: (r) => r.condicion },
  { header: 'Referencia', width: 40, kind: 'text', value: (r) => r.referencia },
];

const ORDEN_COLUMNS: ReportColumn<q.ReporteOrdenRow>[] = [
  ...ordenColumns<q.ReporteOrdenRow>(),
  { header: 'Base imponible', width: 15, kind: 'money', value: (r) => r.base },
  { header: 'IGV', width: 13, kind: 'money', value: (r) => r.igv },
  { header: 'Detracción', width: 13, kind: 'money', value: (r) => r.detraccion },
  { header: 'Retención', width: 13, kind: 'money', value: (r) => r.retencion },
  { header: 'Percepción', width: 13, kind: 'money', value: (r) => r.percepcion },
  { header: 'Otros impuestos', width: 15, kind: 'money', value: (r) => r.otros },
  { header: 'Total', width: 15, kind: 'money', value: (r) => r.total },
  { header: 'Registrado por', width: 26, kind: 'text', value: (r) => r.registrado_por },
  { header: 'Aprobado (Gerencia)', width: 26, kind: 'text', value: (r) => r.aprobado_gerencia },
  { header: 'Fecha aprobación (Gerencia)', width: 20, kind: 'datetime', value: (r) => r.fecha_gerencia },
  { header: 'Aprobado (Contabilidad)', width: 26, kind: 'text', value: (r) => r.aprobado_contabilidad },
  { header: 'Fecha aprobación (Contabilidad)', width: 20, kind: 'datetime', value: (r) => r.fecha_contabilidad },
];

const ITEM_COLUMNS: ReportColumn<q.ReporteItemRow>[] = [
  ...ordenColumns<q.ReporteItemRow>(),
  { header: 'N°', width: 5, kind: 'int', value: (r) => r.linea },
  { header: 'Marca', width: 16, kind: 'text', value: (r) => r.marca ?? '-' },
  { header: 'Descripción', width: 40, kind: 'text', value: (r) => r.descripcion },
  { header: 'UND', width: 7, kind: 'text', value: (r) => r.unidad },
  { header: 'Cantidad', width: 12, kind: 'qty', value: (r) => r.cantidad },
  { header: 'P.U.', width: 13, kind: 'qty', value: (r) => r.precio_unitario },
  { header: 'Subtotal', width: 15, kind: 'money', value: (r) => r.subtotal },
  { header: 'Categoría', width: 24, kind: 'text', value: (r) => r.categoria },
  { header: 'Tipo de producto', width: 20, kind: 'text', value: (r) => r.tipo_producto },
];

const PAGO_COLUMNS: ReportColumn<q.ReportePagoRow>[] = [
  ...ordenColumns<q.ReportePagoRow>(),
  { header: 'Total orden', width: 15, kind: 'money', value: (r) => r.total },
  { header: 'Total a pagar', width: 15, kind: 'money', value: (r) => r.pagable },
  { header: 'Órdenes de pago registradas', width: 16, kind: 'money', value: (r) => r.registrado },
  { header: 'Aprobadas', width: 15, kind: 'money', value: (r) => r.aprobado },
  { header: 'Depositadas', width: 15, kind: 'money', value: (r) => r.depositado },
  { header: 'Saldo', width: 15, kind: 'money', value: (r) => r.saldo },
  { header: '% pagado', width: 10, kind: 'pct', value: (r) => r.porcentaje },
];

/** A totals row: the label in the first column, the sums under their headers. */
function footerRow<R>(columns: ReportColumn<R>[], label: string, sums: Record<string, string>): (string | null)[] {
  return columns.map((c, i) => (i === 0 ? label : sums[c.header] ?? null));
}

const totalLabel = (moneda: string) => `Total ${moneda} (sin anuladas)`;

function range(desde: string | null, hasta: string | null): { desde: string; hasta: string } {
  // The schema already refused a missing or reversed range; this keeps the types honest.
  if (!desde || !hasta) throw badRequest(REPORTE_MSG.fechas);
  return { desde, hasta };
}

/**
 * The report of `f`, orders (tipo_reporte 1) or their lines (2), handed to `use` ready to stream
 * (the route sends it; bench/report-writers.ts feeds the same rows to the writers it compares).
 */
export function withOrdenReport<T>(db: Executor, f: q.ReporteFilter, tipoReporte: number, use: <R>(report: StreamedReport<R>) => T): T {
  const where = q.ordenWhere(f);
  if (tipoReporte === TIPO_REPORTE.ITEM) {
    return use({
      filename: REPORTE_ARCHIVO,
      sheet: 'Productos',
      columns: ITEM_COLUMNS,
      batches: batches(where, (b) => q.itemRows(db, b, f), REPORTE_BATCH_LINEAS),
      footer: async () => (await q.totalesItem(db, f)).map((t) => footerRow(ITEM_COLUMNS, totalLabel(t.moneda), { Subtotal: t.subtotal })),
    });
  }
  return use({
    filename: REPORTE_ARCHIVO,
    sheet: 'Órdenes',
    columns: ORDEN_COLUMNS,
    batches: batches(where, (b) => q.ordenRows(db, b)),
    footer: async () => (await q.totalesOrden(db, f)).map((t) => footerRow(ORDEN_COLUMNS, totalLabel(t.moneda), {
      'Base imponible': t.base, IGV: t.igv, Detracción: t.detraccion, Retención: t.retencion, Percepción: t.percepcion,
      'Otros impuestos': t.otros, Total: t.total,
    })),
  });
}

/** `/orden/report`: orders (tipo_reporte 1) or their lines (2) of the range, in the caller's scope. */
export function ordenReport(deps: Deps, caller: AccessProfile, input: OrdenReporteDatos | null | undefined, reply: FastifyReply, log: FastifyBaseLogger) {
  if (!input) throw badRequest(REPORTE_MSG.fechas);
  const f: q.ReporteFilter = {
    ...range(input.fecha_inicio, input.fecha_fin),
    tipos: input.tipo_ordenes,
    centros: input.centro_costos,
    proveedor: input.proveedor,
    categoria: input.categoria_producto,
    tipo: input.tipo_producto,
    scope: projectScope(caller),
  };
  return withOrdenReport(deps.database.db, f, input.tipo_reporte, (report) => sendStreamedReport(reply, log, report));
}

/**
 * `/ordenCompra/generarReporte2`: each order of the range paid through payment orders (credit or
 * advance conditions, or any order that has one), not anulado, with its payment orders summed by state.
 */
export function pagosReport(deps: Deps, caller: AccessProfile, input: OrdenPagosReporteDatos | null | undefined, reply: FastifyReply, log: FastifyBaseLogger) {
  if (!input) throw badRequest(REPORTE_MSG.fechas);
  const db = deps.database.db;
  const { desde, hasta } = range(input.orden_compra.fecha_inicio, input.orden_compra.fecha_fin);
  const where = q.pagosWhere(desde, hasta, projectScope(caller));
  return sendStreamedReport(reply, log, {
    filename: REPORTE_PAGOS_ARCHIVO,
    sheet: 'Órdenes y pagos',
    columns: PAGO_COLUMNS,
    batches: batches(where, (b) => q.pagoRows(db, b)),
    footer: async () => (await q.totalesPago(db, where)).map((t) => footerRow(PAGO_COLUMNS, `Total ${t.moneda}`, {
      'Total orden': t.total, 'Total a pagar': t.pagable, 'Órdenes de pago registradas': t.registrado, Aprobadas: t.aprobado, Depositadas: t.depositado, Saldo: t.saldo,
    })),
  });
}
