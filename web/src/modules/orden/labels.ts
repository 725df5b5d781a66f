import { TIPO_ORDEN } from '@obra/domain';

/** Order types (spec 1 §9): 1 compra, 2 servicio. */
export const TIPO_ORDEN_NOMBRE: Record<number, string> = { [TIPO_ORDEN.COMPRA]: 'Compra', [TIPO_ORDEN.SERVICIO]: 'Servicio' };

/** The view's title (spec 1 §2.10). */
export const tituloOrden = (tipo: number) => (tipo === TIPO_ORDEN.SERVICIO ? 'Orden de Servicio' : 'Orden de Compra');

/** Commercial conditions, discount types and payment options of the order form (spec 1 §3, §9). */
export const TIPO_DESCUENTO_OPTIONS = [
  { value: 1, label: 'Porcentaje (%)' },
  { value: 2, label: 'Monto' },
];
