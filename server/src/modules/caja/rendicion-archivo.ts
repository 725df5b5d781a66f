import { RENDICION_MAX_LINEAS, RENDICION_MSG, RendicionLinea, type RendicionLineaDatos } from '@obra/domain';
import { XLSX_UPLOAD, readXlsxRows, templateWorkbook, type XlsxColumn } from '../../platform/xlsx.ts';
import type { TipoDocumentoRow } from './rendicion-queries.ts';

/**
 * The settlement's spreadsheet (spec 2 §2 "Settlement screen": Cargar Masivo, Descargar Plantilla):
 * the template `plantillas/rendicion/documentos.xlsx` and the reading of a filled copy into lines.
 * Reading checks nothing of the business: the lines go through the same checks as the grid's.
 */

export const PLANTILLA_RUTA = '/plantillas/rendicion/documentos.xlsx';
export const PLANTILLA_ARCHIVO = 'documentos.xlsx';
const HOJA = 'Documentos';

/** A .xlsx of at most 5 MB, checked on content; anything else answers the settlement's own message. */
export const RENDICION_XLSX = { ...XLSX_UPLOAD, typeMessage: RENDICION_MSG.archivoTipo };

/** N° is only a guide for the user: lines are numbered in the order of the rows, so it is not read. */
const NUMERO: XlsxColumn = { header: 'N°', key: 'red_item', width: 6, note: 'Opcional: los documentos se numeran en el orden de las filas.' };

/**
 * The columns read, keyed as the grid's line (`RendicionLinea`). Date, DNI/RUC, series and number
 * are text cells, so '05/11/2026' is not turned into a month-first date by an English Excel and a
 * DNI keeps its leading zeros.
 */
export const COLUMNAS: XlsxColumn[] = [
  { header: 'Fecha (dd/mm/aaaa)', key: 'red_fecha', width: 14, text: true, note: 'Fecha del comprobante, dd/mm/aaaa.' },
  { header: 'DNI/RUC', key: 'red_dni_ruc', width: 14, text: true, note: 'DNI de 8 dígitos o RUC de 11 dígitos.' },
  { header: 'Razón social', key: 'red_razon_social', width: 36, note: 'Obligatoria, hasta 200 caracteres.' },
  { header: 'Descripción', key: 'red_descripcion', width: 40, note: 'Opcional, hasta 300 caracteres.' },
  { header: 'Centro de costo', key: 'cec_codigo', width: 16, note: 'Código del centro de costo tal como figura en el sistema.' },
  { header: 'Tipo de documento', key: 'tid_descripcion', width: 26, note: 'Nombre de la lista o código SUNAT (01 Factura, 03 Boleta...).' },
  { header: 'Serie', key: 'red_serie', width: 10, text: true, note: 'Hasta 10 letras o dígitos, por ejemplo F001.' },
  { header: 'Número', key: 'red_numero', width: 14, text: true, note: 'Solo dígitos, hasta 20.' },
  { header: 'Importe', key: 'red_importe', width: 14, note: 'Mayor que 0, hasta 2 decimales, en la moneda de la caja.' },
];

/** Rows of the sheet that get the document type list. */
const FILAS_VALIDADAS = RENDICION_MAX_LINEAS + 1;

const instrucciones = (tipos: TipoDocumentoRow[]) => [
  ['Plantilla de documentos de la rendición de caja chica'],
  [],
  [`Llene la hoja "${HOJA}", una fila por comprobante, sin cambiar los títulos de las columnas. No deje filas de ejemplo.`],
  ['N°: opcional; los documentos se numeran en el orden de las filas.'],
  ['Fecha: dd/mm/aaaa (por ejemplo 05/11/2026). Debe estar entre la fecha de registro de la caja y hoy.'],
  ['DNI/RUC: DNI de 8 dígitos o RUC de 11 dígitos (se revisa su dígito verificador). Las celdas son de texto para no perder ceros a la izquierda.'],
  ['Razón social: obligatoria, hasta 200 caracteres. Descripción: opcional, hasta 300 caracteres.'],
  ['Centro de costo: el código tal como figura en el sistema (por ejemplo CC-PL-01); no importan mayúsculas, espacios ni puntos. Debe estar activo y ser del proyecto de la caja.'],
  ['Tipo de documento: uno de la lista de abajo, por su nombre o por su código SUNAT.'],
  ['Serie: hasta 10 letras o dígitos (F001). Número: solo dígitos, hasta 20; los ceros a la izquierda no cuentan (000123 es el 123).'],
  ['Importe: mayor que 0, con hasta 2 decimales (12.50), en la moneda de la caja.'],
  ['Un mismo documento (DNI/RUC, tipo, serie y número) se rinde una sola vez: ni repetido en el archivo ni rendido en otra caja.'],
  [`Hasta ${RENDICION_MAX_LINEAS} documentos. Al cargar el archivo los documentos pasan a la grilla con las filas con errores marcadas; se guardan con "Registrar Documentos".`],
  [],
  ['Código SUNAT', 'Tipo de documento'],
  ...tipos.map((t) => [t.tid_codigo, t.tid_descripcion]),
];

/**
 * The template: the sheet the load reads (headers with notes, text columns, a list of document
 * types on its column) without example rows, so nothing is loaded by mistake, and the instructions.
 */
export async function plantilla(tipos: TipoDocumentoRow[]): Promise<Buffer> {
  const wb = await templateWorkbook(HOJA, [NUMERO, ...COLUMNAS]);
  const ws = wb.getWorksheet(HOJA)!;
  const lista = tipos.map((t) => t.tid_descripcion).join(',');
  const col = String.fromCharCode(65 + 1 + COLUMNAS.findIndex((c) => c.key === 'tid_descripcion'));
  // An inline list is the form every spreadsheet program reads; Excel caps it at 255 characters.
  if (lista.length <= 255 && !tipos.some((t) => t.tid_descripcion.includes(','))) {
    // exceljs 4 has the method but not its type.
    (ws as unknown as { dataValidations: { add(range: string, v: object): void } }).dataValidations.add(`${col}2:${col}${FILAS_VALIDADAS}`, {
      type: 'list', allowBlank: true, formulae: [`"${lista}"`],
      showErrorMessage: true, errorStyle: 'warning', errorTitle: 'Tipo de documento', error: 'Elija un tipo de la lista o escriba su código SUNAT',
    });
  }
  const hoja = wb.addWorksheet('Instrucciones');
  hoja.getColumn(1).width = 16;
  hoja.getColumn(2).width = 40;
  const filas = instrucciones(tipos);
  for (const fila of filas) hoja.addRow(fila);
  hoja.getRow(1).font = { bold: true, size: 13 };
  hoja.getRow(filas.findIndex((f) => f[0] === 'Código SUNAT') + 1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Excel's day 0 (1900 date system), in ms since 1970. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date cell that reached the text column as Excel's serial day number (a date pasted from another
 * sheet keeps its value, not its look): 5 digits are the years 1927 to 2173, as `YYYY-MM-DD`.
 */
const fechaDeSerie = (v: string) => (/^\d{5}$/.test(v) ? new Date(EXCEL_EPOCH + Number(v) * 86_400_000).toISOString().slice(0, 10) : v);

/** A filled template's rows as lines, with their sheet row numbers; an empty file answers `archivoVacio`. */
export async function leerArchivo(buffer: Buffer): Promise<{ fila: number; linea: RendicionLineaDatos }[]> {
  const rows = await readXlsxRows(buffer, COLUMNAS, { rows: RENDICION_MAX_LINEAS, message: RENDICION_MSG.maxLineas }, RENDICION_MSG.archivoVacio);
  return rows.map((r) => ({ fila: r.fila, linea: RendicionLinea.parse({ ...r.values, red_fecha: fechaDeSerie(r.values.red_fecha) }) }));
}
