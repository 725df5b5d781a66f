import { z } from 'zod';
import { PAGE_SIZE } from '../common/catalogs.ts';
import { PageQuery, pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { Id, coercedIdSchema, idSchema } from '../common/ids.ts';

/** Texts of the purchasing product catalogue (spec 3 "Purchasing product catalogue", §5, §8). */
export const PRODUCTO_MSG = {
  registered: 'Se registró el producto correctamente',
  modified: 'Se modificó el producto correctamente',
  disabled: 'Se deshabilitó el producto',
  enabled: 'Se habilitó el producto',
  imported: (n: number) => `Se cargo los items correctamente: ${n} ${n === 1 ? 'producto' : 'productos'}`,
  empty: 'No se encontraron Productos',
  notFound: 'No se encontró el producto',
  nameTaken: 'Ya existe un producto con ese nombre y esa marca',
  nombre: 'Ingrese el nombre del producto',
  nombreMax: 'El nombre no debe superar 200 caracteres',
  descripcionMax: 'La descripción no debe superar 400 caracteres',
  categoria: 'Seleccione la categoría',
  tipo: 'Seleccione el tipo de producto',
  unidad: 'Seleccione la unidad de medida',
  categoriaInvalida: 'La categoría no existe o está inactiva',
  tipoInvalido: 'El tipo de producto no existe o está inactivo',
  tipoFueraDeCategoria: 'El tipo de producto no pertenece a la categoría seleccionada',
  marcaInvalida: 'La marca no existe o está inactiva',
  unidadInvalida: 'La unidad de medida no existe o está inactiva',
  retornoRequerido: 'Ingrese el retorno estimado (días) del producto retornable',
  retorno: 'El retorno estimado debe ser un número entero de días entre 1 y 3650',
  stockMinimo: 'El stock mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales',
  siNo: 'Debe ser SI o NO',
  busquedaVacia: 'Debe ingresar alguna referencia del producto',
  version: 'Debe indicar la versión leída del producto',
  estado: 'El estado del producto debe ser 0 (Deshabilitado) o 1 (Habilitado)',
} as const;

/** prv_estado: 0 Deshabilitado, anything else Habilitado (spec 3 "Purchasing product catalogue"). */
export const PRODUCTO_ESTADO = { DESHABILITADO: 0, HABILITADO: 1 } as const;
export const productoEstadoNombre = (estado: number) => (estado === PRODUCTO_ESTADO.DESHABILITADO ? 'Deshabilitado' : 'Habilitado');

/** Days an item may stay out; ten years is past any real loan. */
export const RETORNO_MAX_DIAS = 3650;

const NUMERIC_14_2 = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * A quantity of NUMERIC(14,2) as text ('12.50'): never through binary floating point
 * (DECISIONS §2). A number is taken by its decimal text, so 1e-7 or 0.1+0.2 are refused.
 */
export function decimalText(raw: string | number | null | undefined): string | null {
  if (raw === null || raw === undefined) return '0.00';
  const text = String(raw).trim().replace(',', '.');
  if (text === '') return '0.00';
  if (!NUMERIC_14_2.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

const stockMinimo = z
  .union([z.string(), z.number(), z.null()], { error: PRODUCTO_MSG.stockMinimo })
  .optional()
  .transform((v, ctx) => {
    const text = decimalText(v);
    if (text === null) {
      ctx.addIssue({ code: 'custom', message: PRODUCTO_MSG.stockMinimo });
      return z.NEVER;
    }
    return text;
  });

/** Names compare ignoring case (index producto_nombre_marca_uq); inner runs of spaces count as one. */
const nombre = z
  .string({ error: PRODUCTO_MSG.nombre })
  .trim()
  .min(1, PRODUCTO_MSG.nombre)
  .max(200, PRODUCTO_MSG.nombreMax)
  .transform((s) => s.replace(/\s+/g, ' '));

const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .default(0)
  .transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0));

const id = idSchema;

const retorno = z
  .number({ error: PRODUCTO_MSG.retorno })
  .int(PRODUCTO_MSG.retorno)
  .min(1, PRODUCTO_MSG.retorno)
  .max(RETORNO_MAX_DIAS, PRODUCTO_MSG.retorno)
  .nullable()
  .default(null);

const fields = {
  prv_nombre: nombre,
  prv_descripcion: z.string().trim().max(400, PRODUCTO_MSG.descripcionMax).default(''),
  cat_id: id(PRODUCTO_MSG.categoria),
  tip_id: id(PRODUCTO_MSG.tipo),
  mar_id: idSchema(PRODUCTO_MSG.marcaInvalida).nullable().default(null),
  unm_id: id(PRODUCTO_MSG.unidad),
  prv_item: flag,
  prv_reposicion: flag,
  prv_retornable: flag,
  prv_retorno_estimado: retorno,
  prv_stock_minimo: stockMinimo,
};

/** A returnable product needs its estimated return; a non-returnable one keeps none (spec 3 §5). */
function returnRule<T extends { prv_retornable?: 0 | 1; prv_retorno_estimado?: number | null }>(v: T, ctx: z.RefinementCtx) {
  if (v.prv_retornable === 1 && (v.prv_retorno_estimado === null || v.prv_retorno_estimado === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['prv_retorno_estimado'], message: PRODUCTO_MSG.retornoRequerido });
  }
}
/**
 * Runs the cross-field rule even when other fields failed, so a form or a sheet row shows
 * every problem at once; skipped when one of `keys` itself failed, and when the value is not
 * an object at all (a missing wrapper), where the rule would read a field of undefined.
 */
const unlessFailed = (...keys: string[]) => ({
  when: (payload: { value: unknown; issues: { path?: PropertyKey[] }[] }) =>
    typeof payload.value === 'object' && payload.value !== null
    && !payload.issues.some((i) => (i.path?.length ?? 0) === 0 || keys.includes(String(i.path?.[0]))),
});
const clearReturn = <T extends { prv_retornable: 0 | 1; prv_retorno_estimado: number | null }>(v: T): T =>
  ({ ...v, prv_retorno_estimado: v.prv_retornable === 1 ? v.prv_retorno_estimado : null });

const returnFields = unlessFailed('prv_retornable', 'prv_retorno_estimado');
export const ProductoFields = z.object(fields).superRefine(returnRule, returnFields).transform(clearReturn);
export type ProductoFields = z.output<typeof ProductoFields>;

/** `/productoVendor/registrar {producto}`: also how a product is duplicated (a copy saved as new). */
export const ProductoRegistrar = z.object({ producto: ProductoFields });
export type ProductoRegistrar = z.input<typeof ProductoRegistrar>;

/**
 * `/productoVendor/modificar {producto}` with the `prv_version` it read (409 when stale). A
 * `prv_estado` sent is applied (1 enables a disabled product again, as `habilitar` does); absent,
 * the status stays.
 */
export const ProductoModificar = z.object({
  producto: z
    .object({
      ...fields,
      prv_id: Id,
      prv_version: idSchema(PRODUCTO_MSG.version),
      prv_estado: z.union([z.literal(0), z.literal(1)], { error: PRODUCTO_MSG.estado }).optional(),
    })
    .superRefine(returnRule, returnFields)
    .transform(clearReturn),
});
export type ProductoModificar = z.input<typeof ProductoModificar>;

/** obtener, deshabilitar and habilitar: `{producto: {prv_id}}`. */
export const ProductoId = z.object({ producto: z.object({ prv_id: idSchema(PRODUCTO_MSG.notFound) }) });
export type ProductoId = z.input<typeof ProductoId>;

const optionalId = Id.nullable().optional().transform((v) => v ?? null);
const optionalFlag = z.union([z.literal(0), z.literal(1)]).nullable().optional().transform((v) => v ?? null);

/** Filters shared by the catalogue screen, the spec 1 list and the index lookup. */
const filterFields = {
  prv_nombre: z.string().trim().max(200).default(''),
  cat_id: optionalId,
  tip_id: optionalId,
  mar_id: optionalId,
  prv_retornable: optionalFlag,
  /** null: every status; the catalogue shows disabled products too, so they can be enabled again. */
  prv_estado: optionalFlag,
};
export const ProductoFilter = z.object(filterFields);
export type ProductoFilter = z.output<typeof ProductoFilter>;

/** `/productoVendor/buscar {producto:{filters, page:{number,size}}}`: page numbers start at 1. */
export const ProductoBuscar = z.object({
  producto: z.object({
    ...filterFields,
    page: PageQuery,
  }),
});
export type ProductoBuscar = z.input<typeof ProductoBuscar>;

/**
 * `/productoVendor/buscarIndice {producto:{prv_id, filters, page:{size}}}`: where a product sits in
 * the list `buscar` would answer for the same filters, so the screen can open that page.
 */
export const ProductoBuscarIndice = z.object({
  producto: z.object({
    ...filterFields,
    prv_id: Id,
    page: z.object({ size: z.number().int().min(1).max(100).default(PAGE_SIZE) }).default({ size: PAGE_SIZE }),
  }),
});
export type ProductoBuscarIndice = z.input<typeof ProductoBuscarIndice>;

/** `/productoVendor/buscarRapido {producto:{prv_nombre}}`: active products for pickers. */
export const ProductoBuscarRapido = z.object({
  producto: z.object({ prv_nombre: z.string({ error: PRODUCTO_MSG.busquedaVacia }).trim().min(1, PRODUCTO_MSG.busquedaVacia).max(200) }),
});
export type ProductoBuscarRapido = z.input<typeof ProductoBuscarRapido>;
export const BUSCAR_RAPIDO_MAX = 20;

/** `/productoVendor/getTiposProductoxCategoria {cat_id}`. */
export const TiposPorCategoria = z.object({ cat_id: id(PRODUCTO_MSG.categoria) });

/** Spec 1 §7: `POST /producto/list {search,length,start,categoria,tipo}` → {data,total}. */
export const ProductoList = z.object({
  search: z.string().trim().max(200).default(''),
  categoria: optionalId,
  tipo: optionalId,
  ...pageFields,
});
export type ProductoList = z.input<typeof ProductoList>;

/** Spec 1 §7: `GET /tipo-producto/get-categoria?id_categoria=`. */
export const TipoPorCategoriaQuery = z.object({ id_categoria: coercedIdSchema(PRODUCTO_MSG.categoria) });

/** A row of the catalogue list (spec 3 §3 "Product"). */
export interface ProductoRow {
  prv_id: number;
  prv_nombre: string;
  prv_estado: number;
  cat_id: number;
  cat_nombre: string;
  tip_id: number;
  tip_nombre: string;
  mar_id: number | null;
  mar_nombre: string | null;
  unm_id: number;
  unm_simbolo: string;
  prv_item: number;
  prv_reposicion: number;
  prv_retornable: number;
  prv_retorno_estimado: number | null;
  prv_stock_minimo: string;
}

/** One product to edit: the row plus what only the form shows, and the version to send back. */
export interface Producto extends ProductoRow {
  prv_descripcion: string;
  unm_descripcion: string;
  prv_version: number;
}

export interface CategoriaOption { cat_id: number; cat_nombre: string }
export interface TipoOption { tip_id: number; tip_nombre: string; cat_id: number }
export interface MarcaOption { mar_id: number; mar_nombre: string }
export interface UnidadOption { unm_id: number; unm_simbolo: string; unm_descripcion: string }

/* ---------- XLSX import (spec 3 "import of products from an XLSX file") ---------- */

/** Columns of the template, in order; `key` is the row property each is read into. */
export const PRODUCTO_IMPORT_COLUMNS = [
  { header: 'Nombre', key: 'nombre', width: 45, note: 'Nombre del producto (obligatorio, máximo 200 caracteres)' },
  { header: 'Categoría', key: 'categoria', width: 28, note: 'Nombre de una categoría existente (hoja "Valores válidos")' },
  { header: 'Tipo', key: 'tipo', width: 24, note: 'Tipo de producto de esa categoría (hoja "Valores válidos")' },
  { header: 'Marca', key: 'marca', width: 22, note: 'Nombre de una marca existente; vacío si no tiene marca' },
  { header: 'Unidad', key: 'unidad', width: 10, note: 'Símbolo de la unidad de medida: UND, KG, M3, GLN...' },
  { header: 'Serie', key: 'serie', width: 8, note: 'SI si cada unidad lleva número de serie; vacío = NO' },
  { header: 'Retornable', key: 'retornable', width: 12, note: 'SI si se asigna y se devuelve; vacío = NO' },
  { header: 'Retorno estimado (días)', key: 'retorno', width: 24, note: 'Días enteros; obligatorio si es retornable' },
  { header: 'Reposición', key: 'reposicion', width: 12, note: 'SI si se repone al bajar del stock mínimo; vacío = NO' },
  { header: 'Stock mínimo', key: 'stock_minimo', width: 14, note: 'Número mayor o igual a 0, hasta 2 decimales; vacío = 0' },
] as const;

const text = z.string().trim();
const requiredText = (max: number) => text.min(1, MSG.required).max(max, `Máximo ${max} caracteres`).transform((s) => s.replace(/\s+/g, ' '));

const siNo = text.transform((v, ctx): 0 | 1 => {
  const n = v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  if (n === '' || n === 'NO' || n === 'N' || n === '0') return 0;
  if (n === 'SI' || n === 'S' || n === '1') return 1;
  ctx.addIssue({ code: 'custom', message: PRODUCTO_MSG.siNo });
  return z.NEVER;
});

const retornoCell = text.transform((v, ctx): number | null => {
  if (v === '') return null;
  const days = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!(days >= 1 && days <= RETORNO_MAX_DIAS)) {
    ctx.addIssue({ code: 'custom', message: PRODUCTO_MSG.retorno });
    return z.NEVER;
  }
  return days;
});

const stockCell = text.transform((v, ctx) => {
  const value = decimalText(v);
  if (value === null) {
    ctx.addIssue({ code: 'custom', message: PRODUCTO_MSG.stockMinimo });
    return z.NEVER;
  }
  return value;
});

/**
 * One sheet row as the template's cells (text), checked and converted. Category, type, brand
 * and unit stay names here: the server resolves them ignoring case.
 */
export const ProductoImportRow = z
  .object({
    nombre: requiredText(200),
    categoria: requiredText(100),
    tipo: requiredText(100),
    marca: text.max(100, 'Máximo 100 caracteres').transform((s) => (s === '' ? null : s.replace(/\s+/g, ' '))),
    unidad: requiredText(10),
    serie: siNo,
    retornable: siNo,
    retorno: retornoCell,
    reposicion: siNo,
    stock_minimo: stockCell,
  })
  .superRefine((v, ctx) => {
    if (v.retornable === 1 && v.retorno === null) ctx.addIssue({ code: 'custom', path: ['retorno'], message: 'Es obligatorio cuando el producto es retornable' });
  }, unlessFailed('retornable', 'retorno'))
  .transform((v) => ({ ...v, retorno: v.retornable === 1 ? v.retorno : null }));
export type ProductoImportRow = z.output<typeof ProductoImportRow>;
