import { z } from 'zod';
import { pageFields } from '../common/envelope.ts';

/**
 * Price search over past order items (spec 1 §1, §2.12 "Price search", §7 `/orden/item/search {search}`).
 * An empty text lists the newest items, so the screen opens on the latest prices.
 */
export const PrecioSearch = z.object({
  search: z.string().trim().max(100, 'El texto de búsqueda no debe superar 100 caracteres').nullish().transform((v) => (v ?? '').replace(/\s+/g, ' ')),
  ...pageFields,
});
export type PrecioSearch = z.input<typeof PrecioSearch>;
export type PrecioSearchDatos = z.output<typeof PrecioSearch>;

export const PRECIO_MSG = {
  empty: 'No se encontraron precios',
} as const;

/** One past order item with its price (amounts are decimal texts). */
export interface PrecioItemRow {
  id_orden_item: number;
  descripcion: string;
  /** Brand name, or null when the item has none. */
  marca: string | null;
  unidad: string;
  cantidad: string;
  precio_unitario: string;
  moneda: string;
  fecha_orden: string;
  proveedor: string;
  ruc: string;
  id_orden: number;
  codigo: string;
  tipo_orden: number;
  estado: string;
}
