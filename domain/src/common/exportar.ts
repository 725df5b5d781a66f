import { z } from 'zod';

/**
 * Exporting a list to xlsx (issue 25, docs/business-rules.md "Exportar listas"): every paged list's
 * route has a sibling `<ruta>/exportar` that takes the list's own request (`consulta`, filters and
 * all) and the screen's visible columns (`exportar.columnas`), and answers the file, streamed.
 * The server walks every matching row by key through the list's own handler, so the rows and
 * fields are those the list would show the caller; a column names a field of the list's rows,
 * never SQL.
 */

/** Rows a file holds at most; past them the file ends with a line saying so. */
export const EXPORTAR_MAX_FILAS = 100_000;

/** How a column's cells are written: `money` a number shown with 2 decimals, `date` dd/mm/yyyy. */
export const EXPORTAR_TIPOS = ['text', 'money', 'number', 'int', 'date', 'datetime'] as const;
export type ExportarTipo = (typeof EXPORTAR_TIPOS)[number];

const M = {
  campo: 'El campo de una columna a exportar no es válido',
  columnas: 'Indique entre 1 y 40 columnas a exportar',
  nombre: 'El nombre del archivo solo admite minúsculas, números y guiones',
  titulo: 'El título de una columna debe tener entre 1 y 80 caracteres',
  tipo: 'El tipo de una columna a exportar no es válido',
};

/** A field of a list row: `codigo`, or a nested `proveedor.nombre`. */
const Campo = z.string().max(100).regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*){0,3}$/, M.campo);

export const ExportarColumna = z.object({
  titulo: z.string(M.titulo).trim().min(1, M.titulo).max(80, M.titulo),
  /** One field, or a few joined by `separador` (a cell showing 'origen → destino'). */
  campo: z.union([Campo, z.array(Campo).min(1, M.campo).max(4, M.campo)], M.campo),
  separador: z.string().max(5).optional(),
  tipo: z.enum(EXPORTAR_TIPOS, M.tipo),
  /** A code's text as the screen shows it (`{true: 'Activo', false: 'Inactivo'}`, `{1: 'Compra'}`). */
  valores: z.record(z.string().max(60), z.string().max(200)).refine((v) => Object.keys(v).length <= 300, M.tipo).optional(),
  /** Width in characters. */
  ancho: z.number().int().min(4).max(100).optional(),
});
export type ExportarColumna = z.output<typeof ExportarColumna>;

export const ExportarLista = z.object({
  /** The file's name before its date: 'ordenes' → ordenes-27-11-2026.xlsx. */
  nombre: z.string(M.nombre).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, M.nombre),
  /** The sheet's name (the screen's title). */
  hoja: z.string().max(100).optional(),
  columnas: z.array(ExportarColumna, M.columnas).min(1, M.columnas).max(40, M.columnas),
});
export type ExportarLista = z.output<typeof ExportarLista>;

/** The file name of an export made on a Lima date `YYYY-MM-DD`: ordenes-27-11-2026.xlsx. */
export const exportarArchivo = (nombre: string, limaDia: string): string =>
  `${nombre}-${limaDia.split('-').reverse().join('-')}.xlsx`;
