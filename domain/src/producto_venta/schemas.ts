import { z } from 'zod';
import { decimalText } from '../common/decimal-text.ts';
import { idSchema } from '../common/ids.ts';
import { decimalMenorIgual, precioConIgv } from '../orden_venta/calculo.ts';

/**
 * Sale products and their two-level types (spec 3 §2 "Sales product catalogue", §3 "Sales
 * product", §5 "Sale product register/modify", §7 "Sale products"). Prices are without IGV:
 * `pvt_precio` the maximum (list) price, `pvt_precio_minimo` the floor a sales order may not go
 * under; the price with IGV is `precioConIgv(pvt_precio)`, shown and never stored.
 */
export const PVT_MSG = {
  /** Spec 3 §5 and §8, word for word: any field of the form missing. */
  falta: 'Falta ingresar datos para registrar el producto-venta',
  registrado: 'Se registró el producto de venta correctamente',
  modificado: 'Se modificó el producto de venta correctamente',
  vacio: 'No se encontraron Productos de venta',
  noEncontrado: 'No se encontró el producto de venta',
  nombreMax: 'El nombre no debe superar 200 caracteres',
  nombreRepetido: 'Ya existe un producto de venta con ese nombre',
  descripcionMax: 'La descripción no debe superar 500 caracteres',
  precio: 'El precio máximo debe ser un número mayor a 0 con hasta 2 decimales',
  precioMinimo: 'El precio mínimo debe ser un número mayor o igual a 0 con hasta 2 decimales',
  precioMaximo: 'El precio no debe superar 999 999 999 999.99',
  minimoMayor: 'El precio mínimo no puede ser mayor que el precio máximo',
  stock: 'El stock debe ser un número mayor o igual a 0 con hasta 4 decimales',
  stockMaximo: 'El stock no debe superar 9 999 999 999.9999',
  peso: 'El peso por unidad debe ser un número mayor a 0 con hasta 3 decimales (kg)',
  pesoMaximo: 'El peso por unidad no debe superar 999 999 999.999 kg',
  estado: 'El estado del producto de venta debe ser activo o inactivo',
  despachoMixer: 'Indique si el producto se despacha en mixer (sí o no)',
  version: 'Debe indicar la versión leída del producto de venta',
  grupoInvalido: 'El grupo seleccionado no existe',
  tipoInvalido: 'El tipo de producto no existe o está inactivo',
  tipoNivel: 'El tipo de producto debe ser de segundo nivel',
  tipoPadre: 'El tipo de producto no pertenece al tipo de primer nivel seleccionado',
  tipoPadreInvalido: 'El tipo de primer nivel no existe o está inactivo',
  marcaInvalida: 'La marca no existe o está inactiva',
  unidadInvalida: 'La unidad de medida no existe o está inactiva',
  /** Spec 3 §5 and §8, word for word. */
  busquedaVacia: 'Debe ingresar alguna referencia del producto',
} as const;

export const PVT_TIPO_MSG = {
  falta: 'Falta ingresar datos para registrar el tipo de producto',
  registrado: 'Se registró el tipo de producto correctamente',
  modificado: 'Se modificó el tipo de producto correctamente',
  noEncontrado: 'No se encontró el tipo de producto',
  nombreMax: 'El nombre del tipo no debe superar 100 caracteres',
  nombreRepetido: 'Ya existe un tipo de producto con ese nombre en el mismo nivel',
  padreInvalido: 'El tipo de primer nivel no existe o está inactivo',
  padreNoRaiz: 'Un tipo de segundo nivel solo puede pertenecer a un tipo de primer nivel',
  cambioNivel: 'No se puede cambiar el nivel de un tipo de producto; registre uno nuevo',
  estado: 'El estado del tipo de producto debe ser activo o inactivo',
} as const;

/** The catalogue's list answers at most this many products, by name (it pages on the client, spec 3 §2). */
export const PVT_BUSCAR_MAX = 500;
/** Products the order popup's search answers at most. */
export const PVT_RAPIDO_MAX = 20;

const F = PVT_MSG.falta;
const estado = (mensaje: string) => z.union([z.literal(1), z.literal(0)], { error: mensaje });

/** A required id: absent, null or empty answers the spec's missing-data text. */
const idRequerido = (falta: string, invalido: string) => z.unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: falta, abort: true })
  .pipe(idSchema(invalido));

const dinero = (invalido: string, positiva: boolean) =>
  decimalText({ decimales: 2, enteros: 12, positiva, faltan: F, invalido, maximo: PVT_MSG.precioMaximo });

const campos = {
  pti_id_parent: idRequerido(F, PVT_MSG.tipoPadreInvalido),
  pti_id: idRequerido(F, PVT_MSG.tipoInvalido),
  /**
   * The group (spec 3 §3 "Sales product" `pvt_grupo`, optional: spec 3 §5 requires the rest without it);
   * `pvg_id` is the product's own name of it, kept for the screens (issue 27). null: no group.
   */
  pvt_grupo: idSchema(PVT_MSG.grupoInvalido).nullish(),
  pvg_id: idSchema(PVT_MSG.grupoInvalido).nullish(),
  mar_id: idRequerido(F, PVT_MSG.marcaInvalida),
  unm_id: idRequerido(F, PVT_MSG.unidadInvalida),
  pvt_nombre: z.string({ error: F }).trim().min(1, { error: F, abort: true }).max(200, PVT_MSG.nombreMax).transform((s) => s.replace(/\s+/g, ' ')),
  // Non-null, as the spec asks; an empty description is a description nobody wrote yet.
  pvt_descripcion: z.string({ error: F }).trim().max(500, PVT_MSG.descripcionMax),
  pvt_precio_minimo: dinero(PVT_MSG.precioMinimo, false),
  pvt_precio: dinero(PVT_MSG.precio, true),
  pvt_stock: decimalText({ decimales: 4, enteros: 10, positiva: false, faltan: F, invalido: PVT_MSG.stock, maximo: PVT_MSG.stockMaximo }),
  /**
   * Weight per unit in kg (issue 23): the sender guide's gross weight is quantity × this (concrete
   * about 2 400 kg per m³). Optional: '' or null clears it; absent on a modification keeps it.
   */
  pvt_peso: z.preprocess((v) => (v === '' ? null : v),
    decimalText({ decimales: 3, enteros: 9, positiva: true, faltan: PVT_MSG.peso, invalido: PVT_MSG.peso, maximo: PVT_MSG.pesoMaximo }).nullish()),
  /**
   * Delivered by a mixer truck (issue 24): its order lines wait for dispatches. False for a service
   * (pumping), whose lines need no dispatch. Optional: register takes true when absent (the spec's
   * payloads do not name it), a modification that does not send it keeps it.
   */
  pvt_despacho_mixer: z.boolean({ error: PVT_MSG.despachoMixer }).optional(),
};

/** Minimum ≤ maximum, checked only when both prices were read. */
function preciosEnOrden(v: { pvt_precio_minimo?: unknown; pvt_precio?: unknown }, ctx: z.RefinementCtx) {
  if (typeof v.pvt_precio_minimo === 'string' && typeof v.pvt_precio === 'string' && !decimalMenorIgual(v.pvt_precio_minimo, v.pvt_precio)) {
    ctx.addIssue({ code: 'custom', path: ['pvt_precio_minimo'], message: PVT_MSG.minimoMayor });
  }
}
/**
 * The group under either name as `pvg_id` (the spec's `pvt_grupo` wins when both come): null clears it;
 * neither sent is no group on register and keeps the stored one on a modification.
 */
function unGrupo<T extends { pvt_grupo?: number | null; pvg_id?: number | null }>(v: T): Omit<T, 'pvt_grupo' | 'pvg_id'> & { pvg_id?: number | null } {
  const { pvt_grupo, pvg_id, ...rest } = v;
  const grupo = pvt_grupo !== undefined ? pvt_grupo : pvg_id;
  return grupo === undefined ? rest : { ...rest, pvg_id: grupo };
}
const siHayObjeto = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

/** `/productoVenta/registrar {producto_venta}`: a new product is activo unless `est_id` says 0. */
export const ProductoVentaRegistrar = z.object({
  producto_venta: z.object({
    ...campos,
    pvt_despacho_mixer: campos.pvt_despacho_mixer.default(true),
    est_id: estado(PVT_MSG.estado).optional().default(1),
  }, { error: F })
    .superRefine(preciosEnOrden, siHayObjeto)
    .transform((v) => ({ ...unGrupo(v), pvg_id: unGrupo(v).pvg_id ?? null })),
}, { error: F });
export type ProductoVentaRegistrar = z.input<typeof ProductoVentaRegistrar>;
/** What register and modify write; on a modification an absent `pvt_peso`, `pvt_despacho_mixer` or group keeps the stored one. */
export type ProductoVentaDatos = Omit<z.output<typeof ProductoVentaRegistrar>['producto_venta'], 'pvt_despacho_mixer' | 'pvg_id'>
  & { pvt_despacho_mixer?: boolean; pvg_id?: number | null };

/** `/productoVenta/modificar {producto_venta}` with the `pvt_version` it read (409 when stale). */
export const ProductoVentaModificar = z.object({
  producto_venta: z.object({
    pvt_id: idRequerido(F, PVT_MSG.noEncontrado),
    pvt_version: idSchema(PVT_MSG.version),
    ...campos,
    est_id: z.unknown().refine((v) => v !== undefined && v !== null, { error: F, abort: true }).pipe(estado(PVT_MSG.estado)),
  }, { error: F }).superRefine(preciosEnOrden, siHayObjeto).transform(unGrupo),
}, { error: F });
export type ProductoVentaModificar = z.input<typeof ProductoVentaModificar>;
export type ProductoVentaCambios = z.output<typeof ProductoVentaModificar>['producto_venta'];

/** `/productoVenta/obtener {producto_venta:{pvt_id}}`. */
export const ProductoVentaId = z.object({ producto_venta: z.object({ pvt_id: idSchema(PVT_MSG.noEncontrado) }) });

const textoFiltro = (max: number) => z.string().trim().max(max).nullish().transform((v) => v ?? '');

/** `/productoVenta/buscar {producto_venta:{pvt_search, pvt_nombre, est_id}}`: every word must be in the name. */
export const ProductoVentaBuscar = z.object({
  producto_venta: z.object({
    pvt_search: textoFiltro(200),
    pvt_nombre: textoFiltro(200),
    est_id: estado(PVT_MSG.estado).nullish().transform((v) => v ?? null),
  }).prefault({}),
});
export type ProductoVentaBuscar = z.input<typeof ProductoVentaBuscar>;
export type ProductoVentaFiltro = z.output<typeof ProductoVentaBuscar>['producto_venta'];

/** `/productoVenta/buscarRapido {producto_venta:{pvt_search}}`: the order popup's product search. */
export const ProductoVentaBuscarRapido = z.object({
  producto_venta: z.object({
    pvt_search: z.string({ error: PVT_MSG.busquedaVacia }).trim().min(1, PVT_MSG.busquedaVacia).max(200),
  }, { error: PVT_MSG.busquedaVacia }),
}, { error: PVT_MSG.busquedaVacia });
export type ProductoVentaBuscarRapido = z.input<typeof ProductoVentaBuscarRapido>;

/* ---------- types (/productoVentaTipo) ---------- */

const TF = PVT_TIPO_MSG.falta;

/** `/productoVentaTipo/buscar {producto_venta_tipo:{pti_parent}}`: null or absent parent lists level 1. */
export const ProductoVentaTipoBuscar = z.object({
  producto_venta_tipo: z.object({ pti_parent: idSchema(PVT_TIPO_MSG.padreInvalido).nullish().transform((v) => v ?? null) }).prefault({}),
});
export type ProductoVentaTipoBuscar = z.input<typeof ProductoVentaTipoBuscar>;

const tipoCampos = {
  pti_nombre: z.string({ error: TF }).trim().min(1, { error: TF, abort: true }).max(100, PVT_TIPO_MSG.nombreMax).transform((s) => s.replace(/\s+/g, ' ')),
  /** null: a level-1 type; a level-1 id: a level-2 type under it. */
  pti_parent: idSchema(PVT_TIPO_MSG.padreInvalido).nullish().transform((v) => v ?? null),
};

export const ProductoVentaTipoRegistrar = z.object({ producto_venta_tipo: z.object(tipoCampos, { error: TF }) }, { error: TF });
export type ProductoVentaTipoRegistrar = z.input<typeof ProductoVentaTipoRegistrar>;

export const ProductoVentaTipoModificar = z.object({
  producto_venta_tipo: z.object({
    pti_id: idSchema(PVT_TIPO_MSG.noEncontrado),
    ...tipoCampos,
    pti_estado: estado(PVT_TIPO_MSG.estado).optional(),
  }, { error: TF }),
}, { error: TF });
export type ProductoVentaTipoModificar = z.input<typeof ProductoVentaTipoModificar>;

export const ProductoVentaTipoId = z.object({ producto_venta_tipo: z.object({ pti_id: idSchema(PVT_TIPO_MSG.noEncontrado) }) });

/* ---------- rows ---------- */

/** A row of `/productoVenta/buscar` and `/productoVenta/buscarRapido` (spec 3 §7 "Sale products"). */
export interface ProductoVentaRow {
  pvt_id: number;
  pvt_nombre: string;
  pvt_precio: string;
  pvt_precio_minimo: string;
  /** `pvt_precio` × 1.18, 2 decimals (spec 3 §5). */
  pvt_precio_igv: string;
  pvt_stock: string;
  /** Weight per unit in kg, null when unknown (the guide's gross weight comes from it). */
  pvt_peso: string | null;
  /** Delivered by a mixer (issue 24); false for a service (pumping): its order lines need no dispatch. */
  pvt_despacho_mixer: boolean;
  unm_id: number;
  unm_simbolo: string;
  unm_descripcion: string;
  est_id: number;
  est_nombre: string;
}

/** One product for the popups: the row plus every field of the form, the names of its references and the version. */
export interface ProductoVenta extends ProductoVentaRow {
  pvt_descripcion: string;
  pti_id: number;
  pti_nombre: string;
  pti_id_parent: number;
  pti_parent_nombre: string;
  /** The group: `pvt_grupo` is the spec's name (spec 3 §3), `pvg_id` the product's; null when it has none. */
  pvt_grupo: number | null;
  pvg_id: number | null;
  pvg_nombre: string | null;
  mar_id: number;
  mar_nombre: string;
  pvt_version: number;
}

export interface ProductoVentaTipo {
  pti_id: number;
  pti_nombre: string;
  pti_parent: number | null;
  pti_estado: number;
}

/** The price with IGV of a row, from its maximum price (one function for the screen and the server). */
export const conPrecioIgv = <T extends { pvt_precio: string }>(row: T): T & { pvt_precio_igv: string } =>
  ({ ...row, pvt_precio_igv: precioConIgv(row.pvt_precio) });
