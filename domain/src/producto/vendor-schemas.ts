import type { PageReply } from '../common/envelope.ts';
import type { CategoriaOption, MarcaOption, ProductoRow, UnidadOption } from './schemas.ts';

/**
 * What the `/productoVendor/*` calls answer (spec 3 §7 "Purchasing products"). Their payloads are
 * the product's own schemas (schemas.ts): the form, the spec 1 list and these calls share one
 * set of field rules; only the wrappers and the reply shapes are spec 3's.
 */

/** `/productoVendor/cargarOpciones`: the three selects of the form in one reply, by list name. */
export interface ProductoOpciones {
  categorias: CategoriaOption[];
  marcas: MarcaOption[];
  unidades_medida: UnidadOption[];
}

/**
 * `/productoVendor/buscar`: the spec 3 page `{list, total, size, number}` (as `/pedidoItems/paginar`
 * and `/cliente/buscar`). `total_exacto` and `siguiente` are the list mechanism's extras
 * (docs/architecture.md "Lists"): a capped count, and the key to ask the next page by.
 */
export type ProductoVendorPagina = PageReply<ProductoRow>;

/**
 * `/productoVendor/buscarIndice` (the spec names the call only): where a product sits in the list
 * `buscar` answers for the same filters — 0-based position, 1-based page of the asked size and the
 * list's total — so a screen can open the page holding a product it just saved. null when the
 * filters leave the product out.
 */
export interface ProductoIndice {
  indice: number;
  page: number;
  total: number;
}
