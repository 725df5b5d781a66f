import type { AccessProfile, InventarioFiltro, InventarioRow } from '@obra/domain';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { projectScope } from '../../platform/scope.ts';
import { sendStreamedReport, type ReportColumn } from '../../platform/report-xlsx.ts';
import type { KardexRow } from './queries.ts';
import { inventarioBatches, kardexBatches, palEnScope } from './service.ts';

/**
 * The inventory's downloads (docs/business-rules.md "Inventory, kardex and stock renewal"): the
 * filtered inventory and an item's whole kardex as xlsx, written as they are read in batches by key
 * with the order reports' streaming writer, so memory stays flat for any number of rows.
 */

export const EXPORT_BATCH = 1000;
export const INVENTARIO_ARCHIVO = 'inventario.xlsx';
export const kardexArchivo = (palId: number) => `kardex-${palId}.xlsx`;

/** "project | warehouse", '*' on a project's main warehouse (spec 2 §2). */
export const almacenLabel = (r: { pry_nombre: string; alm_nombre: string; alm_tipo: number }) =>
  `${r.pry_nombre} | ${r.alm_nombre}${r.alm_tipo === 0 ? ' *' : ''}`;

const INVENTARIO_COLUMNS: ReportColumn<InventarioRow>[] = [
  { header: 'Almacén', width: 40, kind: 'text', value: almacenLabel },
  { header: 'Proyecto', width: 24, kind: 'text', value: (r) => r.pry_nombre },
  { header: 'Categoría', width: 22, kind: 'text', value: (r) => r.cat_nombre },
  { header: 'Tipo', width: 22, kind: 'text', value: (r) => r.tip_nombre },
  { header: 'Producto', width: 40, kind: 'text', value: (r) => r.prv_nombre },
  { header: 'Serie', width: 18, kind: 'text', value: (r) => r.pal_numero_serie || null },
  { header: 'Unidad', width: 8, kind: 'text', value: (r) => r.unm_simbolo },
  { header: 'Marca', width: 18, kind: 'text', value: (r) => r.mar_nombre ?? '-' },
  { header: 'Stock', width: 12, kind: 'qty', value: (r) => r.pal_stock },
  { header: 'Stock mínimo', width: 13, kind: 'qty', value: (r) => r.stm_minimo },
  { header: 'Costo promedio (S/)', width: 16, kind: 'qty', value: (r) => r.pal_costo_promedio },
  { header: 'Valor (S/)', width: 16, kind: 'money', value: (r) => r.pal_valor },
  { header: 'Estado', width: 11, kind: 'text', value: (r) => r.pal_estado_nombre },
];

const KARDEX_COLUMNS: ReportColumn<KardexRow>[] = [
  { header: 'N°', width: 8, kind: 'int', value: (r) => r.kdx_numero },
  { header: 'Fecha', width: 20, kind: 'datetime', value: (r) => r.kdx_fecha },
  { header: 'Glosa', width: 50, kind: 'text', value: (r) => r.kdx_glosa },
  { header: 'Cantidad', width: 12, kind: 'qty', value: (r) => r.kdx_cantidad },
  { header: 'Saldo', width: 12, kind: 'qty', value: (r) => r.kdx_saldo },
  { header: 'Costo unitario (S/)', width: 16, kind: 'qty', value: (r) => r.kdx_costo_unitario },
  { header: 'Valor (S/)', width: 16, kind: 'money', value: (r) => r.kdx_valor },
  { header: 'Saldo valorizado (S/)', width: 18, kind: 'money', value: (r) => r.kdx_saldo_valor },
  { header: 'Usuario', width: 28, kind: 'text', value: (r) => r.usu_nombre },
];

/** `/productoAlmacen/exportar`: the rows `buscar` pages for the same filters, all of them. */
export function exportarInventario(deps: Deps, caller: AccessProfile, f: InventarioFiltro, reply: FastifyReply, log: FastifyBaseLogger) {
  const scope = projectScope(caller);
  return sendStreamedReport(reply, log, {
    filename: INVENTARIO_ARCHIVO,
    sheet: 'Inventario',
    columns: INVENTARIO_COLUMNS,
    batches: inventarioBatches(deps, scope, f, EXPORT_BATCH),
    footer: async () => [],
  });
}

/** `/productoAlmacen/exportarKardex`: every line of an item's kardex, oldest first. */
export async function exportarKardex(deps: Deps, caller: AccessProfile, palId: number, reply: FastifyReply, log: FastifyBaseLogger) {
  await palEnScope(deps, caller, palId);
  return sendStreamedReport(reply, log, {
    filename: kardexArchivo(palId),
    sheet: 'Kardex',
    columns: KARDEX_COLUMNS,
    batches: kardexBatches(deps, palId, EXPORT_BATCH),
    footer: async () => [],
  });
}
