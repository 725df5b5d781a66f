import { z } from 'zod';
import { CONDICIONES_COMERCIALES, METODOS_PAGO, MONEDAS, TIPOS_DOCUMENTO } from '../common/catalogs.ts';
import { MSG } from '../common/messages.ts';
import { RUC_MSG } from '../proveedor/ruc.ts';
import { OrdenCalculoItem } from './calculo.ts';

/**
 * Mass load of service orders from a spreadsheet (spec 1 §2.12 "Mass load", §7 `/orden/massive`).
 * One row per item; rows sharing 'N° Orden' form one order and must agree on every order-level
 * column. Catalogue names (currency, condition, method, document type) are resolved here; cost
 * centre, supplier, users and unit are resolved by the server against the database.
 */

/** Default delivery place of a new order (spec 1 §9: a fixed company address); the form and the load use it. */
export const LUGAR_ENTREGA_DEFECTO = 'Planta Lurín, Antigua Panamericana Sur km 36, Lurín, Lima';

/** At most this many item rows per file; larger loads are split by the user. */
export const MAX_ORDEN_CARGA_FILAS = 1000;

export const ORDEN_CARGA_MSG = {
  loaded: (n: number) => `Se cargo los items correctamente: ${n} ${n === 1 ? 'orden de servicio registrada' : 'órdenes de servicio registradas'}`,
  demasiadasFilas: `El archivo no debe tener más de ${MAX_ORDEN_CARGA_FILAS} filas de ítems`,
  moneda: 'Use PEN o S/ (soles), USD o $ (dólares)',
  catalogo: (que: string) => `No existe ${que}; vea la hoja "Valores válidos"`,
  fecha: 'Ingrese una fecha válida (dd-mm-aaaa)',
  precioPositivo: 'El precio unitario debe ser mayor que 0',
  distinto: (fila: number, orden: string) => `no coincide con la fila ${fila} de la orden ${orden}; los datos de la orden deben repetirse igual en cada fila`,
  centroCosto: (codigo: string) => `no existe el centro de costo "${codigo}" en su proyecto`,
  centroCostoInactivo: (codigo: string) => `el centro de costo "${codigo}" está inactivo`,
  proveedor: (ruc: string) => `no existe un proveedor con el RUC ${ruc}`,
  proveedorInactivo: (ruc: string) => `el proveedor con el RUC ${ruc} está inactivo`,
  usuario: (correo: string) => `no existe un usuario activo con el correo ${correo}`,
  unidad: (simbolo: string) => `no existe la unidad "${simbolo}"`,
  unidadInactiva: (simbolo: string) => `la unidad "${simbolo}" está inactiva`,
} as const;

/** Columns of the template, in order; `key` is the row property each is read into. */
export const ORDEN_CARGA_COLUMNS = [
  { header: 'N° Orden', key: 'orden', width: 10, note: 'Agrupa los ítems: las filas con el mismo número forman una orden (1, 2, 3...)', text: true },
  { header: 'Código centro de costo', key: 'centro_costo', width: 22, note: 'Código de un centro de costo activo de su proyecto (hoja "Valores válidos")', text: true },
  { header: 'RUC proveedor', key: 'ruc', width: 14, note: 'RUC de 11 dígitos de un proveedor activo', text: true },
  { header: 'Moneda', key: 'moneda', width: 10, note: 'PEN o S/ (soles); USD o $ (dólares)' },
  { header: 'Condición comercial', key: 'condicion', width: 20, note: 'Descripción o número (hoja "Valores válidos")' },
  { header: 'Adelanto (%)', key: 'adelanto', width: 12, note: 'Solo con la condición Adelanto: mayor que 0 y hasta 100' },
  { header: 'Método de pago', key: 'metodo_pago', width: 22, note: 'Descripción o número (hoja "Valores válidos")' },
  { header: 'Carta de crédito', key: 'carta_credito', width: 16, note: 'Obligatoria solo con el método Carta de crédito', text: true },
  { header: 'Tipo de documento', key: 'tipo_documento', width: 22, note: 'Descripción, código o número; Recibo por honorarios (RXH) aplica Retención en vez de Detracción' },
  { header: 'N° documento', key: 'numero_documento', width: 14, note: 'Número del comprobante (opcional)', text: true },
  { header: 'Fecha de pago', key: 'fecha_pago', width: 14, note: 'dd-mm-aaaa o una celda de fecha' },
  { header: 'Lugar de entrega', key: 'lugar_entrega', width: 30, note: `Vacío = ${LUGAR_ENTREGA_DEFECTO}` },
  { header: 'Referencia', key: 'referencia', width: 30, note: 'Obligatoria, máximo 200 caracteres' },
  { header: 'Observación', key: 'observacion', width: 30, note: 'Opcional, de la orden' },
  { header: 'Correo contabilidad', key: 'correo_contabilidad', width: 26, note: 'Correo de un usuario activo' },
  { header: 'Correo administración', key: 'correo_administracion', width: 26, note: 'Correo de un usuario activo' },
  { header: 'Correo gerencia', key: 'correo_gerencia', width: 26, note: 'Correo de un usuario activo; recibe la orden para aprobarla' },
  { header: 'Descripción', key: 'descripcion', width: 40, note: 'Descripción del servicio (obligatoria, máximo 500 caracteres)' },
  { header: 'Unidad', key: 'unidad', width: 10, note: 'Símbolo de la unidad: UND, GLB, M3... (hoja "Valores válidos")' },
  { header: 'Cantidad', key: 'cantidad', width: 10, note: 'Mayor que 0, hasta 4 decimales' },
  { header: 'Precio unitario', key: 'precio_unitario', width: 14, note: 'Mayor que 0, hasta 4 decimales, sin impuestos' },
] as const;

/** Columns that describe the order, not the item: equal on every row of one order. */
export const ORDEN_CARGA_CABECERA = [
  'centro_costo', 'ruc', 'moneda', 'condicion', 'adelanto', 'metodo_pago', 'carta_credito', 'tipo_documento', 'numero_documento',
  'fecha_pago', 'lugar_entrega', 'referencia', 'observacion', 'correo_contabilidad', 'correo_administracion', 'correo_gerencia',
] as const;

/** Lower case, no accents, single spaces: how names in the sheet are compared. */
export const foldText = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

const cell = z.string().trim();
const requiredCell = (max: number) => cell.min(1, MSG.required).max(max, `Máximo ${max} caracteres`).transform((s) => s.replace(/\s+/g, ' '));
const optionalCell = (max: number) => cell.max(max, `Máximo ${max} caracteres`);

/** A catalogue row named by its id, or by one of its texts ignoring case and accents. */
function catalogCell<T>(rows: readonly T[], id: (r: T) => number, names: (r: T) => string[], que: string) {
  return cell.transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: MSG.required });
      return z.NEVER;
    }
    const key = foldText(v);
    const hit = rows.find((r) => String(id(r)) === key || names(r).some((n) => foldText(n) === key));
    if (!hit) {
      ctx.addIssue({ code: 'custom', message: ORDEN_CARGA_MSG.catalogo(que) });
      return z.NEVER;
    }
    return id(hit);
  });
}

const moneda = cell.transform((v, ctx) => {
  const key = foldText(v);
  const hit = MONEDAS.find((m) => [m.mon_codigo, m.mon_simbolo, m.mon_descripcion].some((n) => foldText(n) === key));
  if (!hit) {
    ctx.addIssue({ code: 'custom', message: v === '' ? MSG.required : ORDEN_CARGA_MSG.moneda });
    return z.NEVER;
  }
  return hit.mon_id;
});

const isRealDate = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** dd-mm-aaaa (or with '/'), or yyyy-mm-dd as a date cell reads; the output is yyyy-mm-dd. */
const fecha = cell.transform((v, ctx) => {
  const dmy = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(v);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]].map(Number) : ymd ? [ymd[1], ymd[2], ymd[3]].map(Number) : [0, 0, 0];
  if (!isRealDate(y, m, d)) {
    ctx.addIssue({ code: 'custom', message: v === '' ? MSG.required : ORDEN_CARGA_MSG.fecha });
    return z.NEVER;
  }
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
});

const correo = cell.min(1, MSG.required).pipe(z.email(MSG.email)).transform((v) => v.toLowerCase());

/**
 * One sheet row as text cells, checked and converted. The order-level values come out in a
 * canonical form, so two rows that name the same thing differently ('S/' and 'PEN') agree.
 */
export const OrdenCargaRow = z.object({
  orden: requiredCell(20).transform((v) => v.toUpperCase()),
  /** Codes are unique ignoring case: upper-cased so that rows of one order compare equal. */
  centro_costo: requiredCell(20).transform((v) => v.toUpperCase()),
  ruc: cell.min(1, MSG.required).regex(/^\d{11}$/, RUC_MSG.length),
  moneda,
  condicion: catalogCell(CONDICIONES_COMERCIALES, (c) => c.coc_id, (c) => [c.coc_descripcion], 'esa condición comercial'),
  adelanto: optionalCell(10).transform((v) => v.replace(',', '.')),
  metodo_pago: catalogCell(METODOS_PAGO, (m) => m.mep_id, (m) => [m.mep_descripcion], 'ese método de pago'),
  carta_credito: optionalCell(60),
  tipo_documento: catalogCell(TIPOS_DOCUMENTO, (t) => t.tid_id, (t) => [t.tid_descripcion, t.tid_codigo], 'ese tipo de documento'),
  numero_documento: optionalCell(30),
  fecha_pago: fecha,
  lugar_entrega: optionalCell(250).transform((v) => v || LUGAR_ENTREGA_DEFECTO),
  referencia: requiredCell(200),
  observacion: optionalCell(1000),
  correo_contabilidad: correo,
  correo_administracion: correo,
  correo_gerencia: correo,
  descripcion: requiredCell(500),
  unidad: requiredCell(10),
  cantidad: OrdenCalculoItem.shape.cantidad,
  precio_unitario: OrdenCalculoItem.shape.precio_unitario.refine((v) => Number(v) > 0, ORDEN_CARGA_MSG.precioPositivo),
});
export type OrdenCargaRow = z.output<typeof OrdenCargaRow>;

/** An order the load created (the reply lists them). */
export interface OrdenCargada {
  id_orden: number;
  codigo: string;
  monto_con_impuesto: string;
  mon_simbolo: string;
  /** The 'N° Orden' the rows of this order carried. */
  orden: string;
  /** Sheet rows of its items. */
  filas: number[];
}
