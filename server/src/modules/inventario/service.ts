import type {
  AccessProfile, AsignacionHistorialRow, InventarioFiltro, InventarioRapidoRow, InventarioRow, KardexPagina, Paged, PageQuery, RenovacionRow,
} from '@obra/domain';
import { ESTADOS, EST, INVENTARIO_MSG, estadoStock } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { fromPageQuery, type ListRequest } from '../../platform/list.ts';
import { assertInProject, projectScope, type ProjectScope } from '../../platform/scope.ts';
import * as q from './queries.ts';

/**
 * The inventory (spec 2 §2, §7 "Inventory"; docs/business-rules.md "Inventory, kardex and stock
 * renewal"): stock rows in the caller's scope (DECISIONS §1: corporate users every warehouse, the
 * others their project's, nobody's without a project), an item's kardex, its assignment history,
 * minimum stock, and the stock renewal list of spec 1 §2.12.
 */

/** A list reply with the spec's message for a user without a project (spec 2 §6). */
export interface Lookup<T> { data: T; message: string }

const withEstado = (r: q.PalRow): InventarioRow => ({ ...r, ...estadoStock(r.pal_stock, r.prv_estado) });

/** `/productoAlmacen/buscar`: the filtered inventory, 10 a page by default. */
export async function buscar(deps: Deps, caller: AccessProfile, f: InventarioFiltro, page: PageQuery): Promise<Lookup<Paged<InventarioRow>>> {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return { data: { data: [], total: 0, total_exacto: true }, message: INVENTARIO_MSG.noProject };
  const r = await q.inventario(deps.database.db, { ...f, scope }, fromPageQuery(page));
  return { data: { ...r, data: r.data.map(withEstado) }, message: '' };
}

/** The filtered inventory in batches of `size` rows, in the list's order (the xlsx export). */
export async function* inventarioBatches(deps: Deps, scope: ProjectScope, f: InventarioFiltro, size: number): AsyncGenerator<InventarioRow[]> {
  let after: q.PalKey | null = null;
  for (;;) {
    const rows = await q.inventarioBatch(deps.database.db, { ...f, scope }, after, size);
    if (rows.length) yield rows.map(withEstado);
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { alm_id: last.alm_id, prv_id: last.prv_id, pal_numero_serie: last.pal_numero_serie };
  }
}

/** A warehouse in the caller's scope, else 404 (its existence is not revealed). */
export async function almacenEnScope(deps: Deps, scope: ProjectScope, almId: number) {
  const alm = await q.findAlmacen(deps.database.db, almId);
  if (!alm) throw notFound(INVENTARIO_MSG.almacenNotFound);
  assertInProject(scope, alm.pry_id, 'el almacén');
  return alm;
}

/** `/productoAlmacen/buscarRapido`: rows with stock of one warehouse of the caller's scope, for product pickers. */
export async function buscarRapido(deps: Deps, caller: AccessProfile, f: { prv_nombre: string; alm_id: number }): Promise<Lookup<InventarioRapidoRow[]>> {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return { data: [], message: INVENTARIO_MSG.noProject };
  await almacenEnScope(deps, scope, f.alm_id);
  return { data: await q.rapido(deps.database.db, f.alm_id, f.prv_nombre), message: '' };
}

/** A stock row in the caller's scope, with its line count; 404 otherwise. */
export async function palEnScope(deps: Deps, caller: AccessProfile, palId: number) {
  const pal = await q.findPal(deps.database.db, palId);
  if (!pal) throw notFound(INVENTARIO_MSG.notFound);
  assertInProject(projectScope(caller), pal.pry_id, 'el registro de stock');
  return pal;
}

/**
 * `/productoAlmacen/obtenerKardex`: page `number` of the item's kardex in chronological order. Lines
 * are numbered per stock row (kdx_numero, gap-free, set by the ledger), so page n is the key range
 * ((n-1)·size, n·size] and its opening balance is the balance before its first line. A page past the
 * end answers the last one.
 */
export async function kardex(deps: Deps, caller: AccessProfile, palId: number, page: PageQuery): Promise<KardexPagina> {
  const { pal_lineas: total, ...pal } = await palEnScope(deps, caller, palId);
  const last = Math.max(1, Math.ceil(total / page.size));
  const number = Math.min(page.number, last);
  const desde = (number - 1) * page.size;
  const list = await q.kardexRange(deps.database.db, palId, desde, page.size);
  const first = list[0];
  return {
    page_result: { list },
    page: { number, size: page.size, total },
    pdd_saldo_inicial: first ? saldoAntes(first.kdx_saldo, first.kdx_cantidad) : '0',
    pal: withEstado(pal),
  };
}

/** The balance before a line: its balance after, less its signed quantity (decimal text, exact). */
export function saldoAntes(saldo: string, cantidad: string): string {
  return trimDecimal(addScaled(saldo, cantidad, -1n));
}

const SCALE = 4;
const toUnits = (t: string): bigint => {
  const [int, frac = ''] = t.replace('-', '').split('.');
  const v = BigInt(int + frac.padEnd(SCALE, '0').slice(0, SCALE));
  return t.startsWith('-') ? -v : v;
};
const addScaled = (a: string, b: string, sign: bigint) => toUnits(a) + sign * toUnits(b);
function trimDecimal(units: bigint): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(SCALE + 1, '0');
  const int = digits.slice(0, -SCALE);
  const frac = digits.slice(-SCALE).replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Every line of an item's kardex in batches of `size`, by key (the xlsx export). */
export async function* kardexBatches(deps: Deps, palId: number, size: number): AsyncGenerator<q.KardexRow[]> {
  for (let desde = 0; ; desde += size) {
    const rows = await q.kardexRange(deps.database.db, palId, desde, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

const estado = (codigo: keyof typeof EST) => {
  const e = ESTADOS.find((s) => s.est_id === EST[codigo])!;
  return { est_id: e.est_id as number | null, est_nombre: e.est_nombre as string, est_styles: e.est_styles as string };
};

/**
 * The status of an assignment line as the item's history shows it: eliminado when the assignment
 * was deleted, devuelto when nothing is left to return, por devolver when the product's return days
 * have passed with a balance, else asignado.
 */
function estadoAsignacion(r: q.AsignacionHistRaw) {
  if (r.asi_estado === EST.eliminado) return estado('eliminado');
  if (Number(r.aid_saldo) === 0) return { est_id: null, est_nombre: 'Devuelto', est_styles: 'default' };
  if (r.vencida) return estado('por_devolver');
  return estado('asignado');
}

/** `/productoAlmacen/historialAsignaciones`: the item's assignment lines, newest first, paged. */
export async function historialAsignaciones(deps: Deps, caller: AccessProfile, palId: number, page: PageQuery): Promise<Paged<AsignacionHistorialRow>> {
  await palEnScope(deps, caller, palId);
  const r = await q.asignaciones(deps.database.db, palId, fromPageQuery(page));
  return {
    ...r,
    data: r.data.map((raw) => {
      const { asi_estado: _estado, vencida: _vencida, ...row } = raw;
      return { ...row, ...estadoAsignacion(raw) };
    }),
  };
}

/**
 * `/productoAlmacen/stockMinimo`: the minimum of a product in a warehouse of the caller's scope
 * (option editar_stock_minimo, checked by the route). Set from the inventory's rows, so the warehouse
 * must hold a stock row of the product; null goes back to the product's own minimum.
 */
export async function guardarMinimo(deps: Deps, caller: AccessProfile, v: { alm_id: number; prv_id: number; stm_minimo: string | null }) {
  const db = deps.database.db;
  await almacenEnScope(deps, projectScope(caller), v.alm_id);
  if (!(await q.hasPar(db, v.alm_id, v.prv_id))) throw notFound(INVENTARIO_MSG.minimoSinStock);
  await q.setMinimo(db, v.alm_id, v.prv_id, v.stm_minimo, caller.usu_id);
  return { alm_id: v.alm_id, prv_id: v.prv_id, stm_minimo: v.stm_minimo };
}

/**
 * `/inventario/pending` (spec 1 §2.12 "Renew stock"): products in warehouses of the caller's scope
 * whose stock is below their minimum, by warehouse and product.
 */
export async function pendientes(deps: Deps, caller: AccessProfile, req: ListRequest): Promise<Lookup<Paged<RenovacionRow>>> {
  const scope = projectScope(caller);
  if (scope.kind === 'none') return { data: { data: [], total: 0, total_exacto: true }, message: INVENTARIO_MSG.noProject };
  return { data: await q.renovacion(deps.database.db, scope, req), message: '' };
}
