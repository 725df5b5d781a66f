import type { ProductoFields, ProductoImportRow as ImportRow, ProductoRow } from '@obra/domain';
import { PRODUCTO_IMPORT_COLUMNS, PRODUCTO_MSG, ProductoImportRow } from '@obra/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categoriaProducto, tipoProducto } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { PG, conflict, pgErrorCode } from '../../platform/errors.ts';
import type { CheckedFile } from '../../platform/files.ts';
import { parseRows, readXlsxRows, rowsInError, templateWorkbook, type RowError, type SheetRow, type XlsxColumn } from '../../platform/xlsx.ts';
import { lookups } from '../app/queries.ts';
import * as q from './queries.ts';

/**
 * Product load from a spreadsheet (spec 3 "Purchasing product catalogue"; spec 1 §7
 * `/producto/import-products`). All or nothing: any row in error and nothing is written.
 */

const COLUMNS: XlsxColumn[] = [...PRODUCTO_IMPORT_COLUMNS];
export const TEMPLATE_FILENAME = 'plantilla-productos.xlsx';

/** The template: the load sheet first (the one read back), then the valid names to copy from. */
export async function template(deps: Deps): Promise<Buffer> {
  const db = deps.database.db;
  const wb = await templateWorkbook('Productos', COLUMNS);
  const [tipos, marcas, unidades] = await Promise.all([activeTypes(db), lookups.marcas(db), lookups.unidades_medida(db)]);
  const ws = wb.addWorksheet('Valores válidos');
  ws.columns = [
    { header: 'Categoría', key: 'cat', width: 30 }, { header: 'Tipo', key: 'tip', width: 26 }, { header: '', key: 'gap1', width: 3 },
    { header: 'Unidad', key: 'unm', width: 10 }, { header: 'Descripción', key: 'unmd', width: 22 }, { header: '', key: 'gap2', width: 3 },
    { header: 'Marca', key: 'mar', width: 26 },
  ];
  ws.getRow(1).font = { bold: true };
  const n = Math.max(tipos.length, marcas.length, unidades.length);
  for (let i = 0; i < n; i++) {
    ws.addRow({
      cat: tipos[i]?.cat_nombre, tip: tipos[i]?.tip_nombre,
      unm: unidades[i]?.unm_simbolo, unmd: unidades[i]?.unm_descripcion,
      mar: marcas[i]?.mar_nombre,
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function activeTypes(db: Executor) {
  return db.select({ cat_nombre: categoriaProducto.cat_nombre, tip_nombre: tipoProducto.tip_nombre })
    .from(tipoProducto).innerJoin(categoriaProducto, eq(categoriaProducto.cat_id, tipoProducto.cat_id))
    .where(eq(categoriaProducto.cat_estado, 1)).orderBy(asc(categoriaProducto.cat_nombre), asc(tipoProducto.tip_nombre));
}

const byClave = <T extends { clave: string }>(rows: T[], key: (r: T) => string = (r) => r.clave) => new Map(rows.map((r) => [key(r), r]));

/** A name the sheet gave, checked against what the database holds under it. */
function resolve(ref: q.NamedRef | undefined, column: string, what: string, name: string, errors: string[]): number | null {
  if (!ref) errors.push(`${column}: no existe ${what} "${name}"`);
  else if (ref.estado !== 1) errors.push(`${column}: ${what} "${ref.nombre}" está inactiva`);
  else return ref.id;
  return null;
}

interface Candidate { fila: number; fields: ProductoFields; marca: string | null }

/** A cell's name as the form would save it: trimmed, inner runs of spaces as one. */
const clean = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ');

/**
 * Resolves names to ids and reports every problem as a row error. Names are checked on every
 * row, also one whose other cells failed, so one pass over the file shows all that is wrong.
 */
async function toProducts(db: Executor, sheet: SheetRow[], parsed: Map<number, ImportRow>, errors: RowError[]): Promise<Candidate[]> {
  const cells = sheet.map((r) => ({ fila: r.fila, cat: clean(r.values.categoria), tip: clean(r.values.tipo), mar: clean(r.values.marca), unm: clean(r.values.unidad) }));
  const names = (pick: (c: (typeof cells)[number]) => string) => [...new Set(cells.map(pick).filter((n) => n !== ''))];
  const [cats, marcas, unidades] = await Promise.all([
    q.categoriasByName(db, names((c) => c.cat)),
    q.marcasByName(db, names((c) => c.mar)),
    q.unidadesBySymbol(db, names((c) => c.unm)),
  ]);
  const catBy = byClave(cats);
  const typeKey = (catId: number, nombre: string) => `${catId}\u0000${nombre}`;
  const pairs = new Map<string, { cat_id: number; nombre: string }>();
  for (const c of cells) {
    const cat = catBy.get(c.cat);
    if (cat && c.tip !== '') pairs.set(typeKey(cat.id, c.tip), { cat_id: cat.id, nombre: c.tip });
  }
  const tipBy = byClave(await q.tiposByName(db, [...pairs.values()]), (t) => typeKey(t.cat_id, t.clave));
  const marBy = byClave(marcas);
  const unmBy = byClave(unidades);

  const candidates: Candidate[] = [];
  const firstRow = new Map<string, number>();
  for (const c of cells) {
    const problems: string[] = [];
    const cat = c.cat === '' ? undefined : catBy.get(c.cat);
    const catId = c.cat === '' ? null : resolve(cat, 'Categoría', 'la categoría', c.cat, problems);
    let tipId: number | null = null;
    if (cat && c.tip !== '') {
      const tip = tipBy.get(typeKey(cat.id, c.tip));
      if (!tip) problems.push(`Tipo: no existe el tipo "${c.tip}" en la categoría "${cat.nombre}"`);
      else if (tip.estado !== 1) problems.push(`Tipo: el tipo "${tip.nombre}" está inactivo`);
      else tipId = tip.id;
    }
    const marId = c.mar === '' ? null : resolve(marBy.get(c.mar), 'Marca', 'la marca', c.mar, problems);
    const unmId = c.unm === '' ? null : resolve(unmBy.get(c.unm), 'Unidad', 'la unidad', c.unm, problems);
    problems.forEach((mensaje) => errors.push({ fila: c.fila, mensaje }));
    const v = parsed.get(c.fila);
    if (!v || problems.length > 0 || catId === null || tipId === null || unmId === null) continue;

    const key = `${v.nombre.toLowerCase()}\u0000${marId ?? 0}`;
    const first = firstRow.get(key);
    if (first !== undefined) {
      errors.push({ fila: c.fila, mensaje: `Nombre: el producto "${v.nombre}" con la misma marca ya está en la fila ${first}` });
      continue;
    }
    firstRow.set(key, c.fila);
    candidates.push({
      fila: c.fila,
      marca: v.marca,
      fields: {
        prv_nombre: v.nombre, prv_descripcion: '', cat_id: catId, tip_id: tipId, mar_id: marId, unm_id: unmId,
        prv_item: v.serie, prv_reposicion: v.reposicion, prv_retornable: v.retornable, prv_retorno_estimado: v.retorno,
        prv_stock_minimo: v.stock_minimo,
      },
    });
  }
  return candidates;
}

export async function importProducts(deps: Deps, file: CheckedFile): Promise<ProductoRow[]> {
  const db = deps.database.db;
  const sheet = await readXlsxRows(file.buffer, COLUMNS);
  const { valid, errors } = parseRows(sheet, ProductoImportRow, COLUMNS);
  const candidates = await toProducts(db, sheet, new Map(valid.map((r) => [r.fila, r.value])), errors);

  const pairKey = (nombre: string, marId: number) => `${nombre}\u0000${marId}`;
  const existing = new Set((await q.existingProducts(db, candidates.map((c) => ({ nombre: c.fields.prv_nombre, mar_id: c.fields.mar_id ?? 0 }))))
    .map((e) => pairKey(e.clave, Number(e.mar_id))));
  for (const c of candidates) {
    if (existing.has(pairKey(c.fields.prv_nombre, c.fields.mar_id ?? 0))) {
      const brand = c.marca === null ? 'sin marca' : `con la marca "${c.marca}"`;
      errors.push({ fila: c.fila, mensaje: `Nombre: ya existe el producto "${c.fields.prv_nombre}" ${brand}` });
    }
  }
  if (errors.length > 0) throw rowsInError(errors);

  try {
    return await db.transaction(async (tx) => q.findByIds(tx, await q.insertMany(tx, candidates.map((c) => c.fields))));
  } catch (err) {
    // Someone registered one of the names while the file was being checked.
    if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(`${PRODUCTO_MSG.nameTaken}; no se cargó ningún registro`);
    throw err;
  }
}
