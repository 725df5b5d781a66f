import { z } from 'zod';

/** The header's search box (issue 25, docs/business-rules.md "Búsqueda global (issue 25)"). */
export const BUSQUEDA_MSG = {
  corto: 'Escriba al menos 2 caracteres para buscar',
  largo: 'El texto de búsqueda no puede tener más de 100 caracteres',
} as const;

/** At most this many rows of each kind. */
export const BUSQUEDA_POR_TIPO = 5;

/** `/busqueda/global {busqueda:{texto}}`: the text trimmed, 2 to 100 characters. */
export const BusquedaGlobal = z.object({
  busqueda: z.object({
    texto: z.string({ error: BUSQUEDA_MSG.corto }).trim().min(2, BUSQUEDA_MSG.corto).max(100, BUSQUEDA_MSG.largo),
  }, { error: BUSQUEDA_MSG.corto }),
}, { error: BUSQUEDA_MSG.corto });
export type BusquedaGlobal = z.input<typeof BusquedaGlobal>;

/** The kinds, in the order the box shows them. */
export const BUSQUEDA_TIPOS = [
  { tipo: 'orden_compra', titulo: 'Órdenes de compra' },
  { tipo: 'orden_venta', titulo: 'Pedidos de venta' },
  { tipo: 'comprobante', titulo: 'Comprobantes electrónicos' },
  { tipo: 'envio', titulo: 'Despachos' },
  { tipo: 'transferencia', titulo: 'Transferencias' },
  { tipo: 'caja', titulo: 'Cajas chicas' },
  { tipo: 'proveedor', titulo: 'Proveedores' },
  { tipo: 'cliente', titulo: 'Clientes' },
  { tipo: 'producto', titulo: 'Productos' },
  { tipo: 'empleado', titulo: 'Empleados' },
] as const;
export type BusquedaTipo = (typeof BUSQUEDA_TIPOS)[number]['tipo'];

/** One match: `enlace` is the screen that shows the record (a path of the web app). */
export interface BusquedaFila {
  tipo: BusquedaTipo;
  id: number;
  codigo: string;
  titulo: string;
  detalle: string;
  enlace: string;
}

/** The reply: the kinds with at least one match, in BUSQUEDA_TIPOS order. */
export interface BusquedaGrupo {
  tipo: BusquedaTipo;
  titulo: string;
  filas: BusquedaFila[];
}
