import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { limaDate } from '../common/time.ts';

/**
 * What SUNAT's PLE 12.1 "Registro del Inventario Permanente en Unidades Físicas" needs from the master
 * data and the receipts (issue 23; docs/business-rules.md "SUNAT PLE 12.1"): the warehouse's
 * establishment code (field 4), the category's existence type (tabla 5, field 6) and the supplier's
 * document of a purchase (tabla 10, fields 11–13). One definition for the forms and the server.
 */

export const SUNAT_MSG = {
  establecimiento: 'El código de establecimiento SUNAT debe tener 4 dígitos (0000 el domicilio fiscal, 9999 un local de terceros)',
  tipoExistencia: 'Seleccione un tipo de existencia de la tabla 5 de SUNAT',
  categoriaNotFound: 'No se encontró la categoría',
  tipoExistenciaGuardado: 'Se actualizó el tipo de existencia de la categoría',
  docTipo: 'Seleccione el tipo de comprobante del proveedor',
  docSerie: 'Ingrese la serie del comprobante del proveedor',
  docNumero: 'Ingrese el número del comprobante del proveedor',
  docEnTransferencia: 'Una transferencia entre almacenes no lleva comprobante del proveedor',
  docEnRegistroOrden: 'El comprobante del proveedor de una orden de compra se ingresa al confirmar el ingreso',
  docRequerido: 'Ingrese el comprobante del proveedor con que llegaron los bienes: tipo, serie, número y fecha de emisión',
  docFecha: 'Ingrese la fecha de emisión del comprobante del proveedor',
  docFechaFutura: 'La fecha de emisión del comprobante del proveedor no puede ser posterior a hoy',
} as const;

/** Tabla 5 "Tipo de existencia". */
export const TIPOS_EXISTENCIA = [
  { codigo: '01', nombre: 'Mercaderías' },
  { codigo: '02', nombre: 'Productos terminados' },
  { codigo: '03', nombre: 'Materias primas' },
  { codigo: '04', nombre: 'Envases' },
  { codigo: '05', nombre: 'Materiales auxiliares' },
  { codigo: '06', nombre: 'Suministros' },
  { codigo: '07', nombre: 'Repuestos' },
  { codigo: '08', nombre: 'Embalajes' },
  { codigo: '09', nombre: 'Subproductos' },
  { codigo: '10', nombre: 'Desechos y desperdicios' },
  { codigo: '91', nombre: 'Otros 1' },
  { codigo: '92', nombre: 'Otros 2' },
  { codigo: '93', nombre: 'Otros 3' },
  { codigo: '94', nombre: 'Otros 4' },
  { codigo: '95', nombre: 'Otros 5' },
  { codigo: '96', nombre: 'Otros 6' },
  { codigo: '97', nombre: 'Otros 7' },
  { codigo: '98', nombre: 'Otros 8' },
  { codigo: '99', nombre: 'Otros' },
] as const;

const CODIGOS_EXISTENCIA: readonly string[] = TIPOS_EXISTENCIA.map((t) => t.codigo);
export const tipoExistenciaNombre = (codigo: string) => TIPOS_EXISTENCIA.find((t) => t.codigo === codigo)?.nombre ?? codigo;

/** A tabla 5 code. */
export const tipoExistenciaSchema = z.string({ error: SUNAT_MSG.tipoExistencia }).trim()
  .refine((v) => CODIGOS_EXISTENCIA.includes(v), SUNAT_MSG.tipoExistencia);

/** `/categoria-producto/modificarTipoExistencia {categoria_producto:{cat_id, cat_tipo_existencia}}`. */
export const CategoriaTipoExistencia = z.object({
  categoria_producto: z.object({ cat_id: idSchema(SUNAT_MSG.categoriaNotFound), cat_tipo_existencia: tipoExistenciaSchema }, { error: SUNAT_MSG.tipoExistencia }),
}, { error: SUNAT_MSG.tipoExistencia });
export type CategoriaTipoExistencia = z.input<typeof CategoriaTipoExistencia>;

/** A category as its existence-type list shows it (`/categoria-producto/tiposExistencia`). */
export interface CategoriaTipoExistenciaRow {
  cat_id: number;
  cat_nombre: string;
  cat_estado: number;
  cat_tipo_existencia: string;
}

/** Field 4's first four digits: the RUC annex code, 0000 the fiscal address, 9999 third-party premises. */
export const ESTABLECIMIENTO_PRINCIPAL = '0000';
export const establecimientoSchema = z.string({ error: SUNAT_MSG.establecimiento }).trim().regex(/^\d{4}$/, SUNAT_MSG.establecimiento);

/**
 * Tabla 10 types a goods receipt carries, with the series and number each takes (the PLE rules for payment
 * vouchers: physical series are 4 digits; electronic facturas F###, boletas B###, SEE-SOL E001/EB01; numbers up to 8
 * digits, liquidaciones physical up to 7). A DUA's series is the customs office (tabla 11) and its entry is an
 * import (tabla 12 '18'), not a national purchase ('02').
 */
export const DOCS_PROVEEDOR = [
  { codigo: '01', nombre: 'Factura', serie: /^(\d{4}|E001|F[A-Z0-9]{3})$/, numero: /^\d{1,8}$/,
    formato: 'serie F y 3 letras o números (electrónica), E001 o 4 dígitos (física); número de hasta 8 dígitos' },
  { codigo: '03', nombre: 'Boleta de venta', serie: /^(\d{4}|EB01|B[A-Z0-9]{3})$/, numero: /^\d{1,8}$/,
    formato: 'serie B y 3 letras o números (electrónica), EB01 o 4 dígitos (física); número de hasta 8 dígitos' },
  { codigo: '04', nombre: 'Liquidación de compra', serie: /^(\d{4}|E001)$/, numero: /^\d{1,8}$/,
    formato: 'serie E001 (electrónica) o 4 dígitos (física); número de hasta 8 dígitos (7 en la física)' },
  { codigo: '09', nombre: 'Guía de remisión remitente', serie: /^[A-Z0-9]{4}$/, numero: /^[A-Z0-9]{1,8}$/,
    formato: 'serie de 4 letras o números; número de hasta 8 caracteres' },
  { codigo: '12', nombre: 'Ticket de máquina registradora', serie: /^[A-Z0-9-]{1,20}$/, numero: /^\d{1,20}$/,
    formato: 'serie de la máquina registradora (hasta 20 caracteres); número de hasta 20 dígitos' },
  { codigo: '50', nombre: 'Declaración Única de Aduanas (importación)', serie: /^\d{3}$/, numero: /^\d{1,20}$/,
    formato: 'serie: código de 3 dígitos de la aduana; número de hasta 20 dígitos' },
] as const;

export const docProveedorNombre = (codigo: string) => DOCS_PROVEEDOR.find((d) => d.codigo === codigo)?.nombre ?? codigo;

export interface DocProveedor {
  tfi_doc_tipo: string;
  tfi_doc_serie: string;
  tfi_doc_numero: string;
  /** Its issue date 'YYYY-MM-DD' (PLE 12.1 field 10 of the purchase); '' without a document. */
  tfi_doc_fecha: string;
}

/** Whether any of the four fields was typed. */
export const tieneDocProveedor = (d: DocProveedor) => d.tfi_doc_tipo !== '' || d.tfi_doc_serie !== '' || d.tfi_doc_numero !== '' || d.tfi_doc_fecha !== '';

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const fechaValida = (v: string) => FECHA.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v && v >= '2000-01-01';

/**
 * The problem of a supplier document (type, series, number and issue date as typed), by field; none when all four
 * are empty. The date may not be later than `hoy` (Lima): the goods come with a document already issued.
 */
export function docProveedorErrores(d: DocProveedor, hoy = limaDate()): { campo: keyof DocProveedor; mensaje: string }[] {
  if (!tieneDocProveedor(d)) return [];
  const tipo = DOCS_PROVEEDOR.find((t) => t.codigo === d.tfi_doc_tipo);
  if (!tipo) return [{ campo: 'tfi_doc_tipo', mensaje: SUNAT_MSG.docTipo }];
  const errores: { campo: keyof DocProveedor; mensaje: string }[] = [];
  const invalido = `${tipo.nombre}: ${tipo.formato}`;
  if (!d.tfi_doc_serie) errores.push({ campo: 'tfi_doc_serie', mensaje: SUNAT_MSG.docSerie });
  else if (!tipo.serie.test(d.tfi_doc_serie)) errores.push({ campo: 'tfi_doc_serie', mensaje: `La serie no es válida para ${invalido}` });
  if (!d.tfi_doc_numero) errores.push({ campo: 'tfi_doc_numero', mensaje: SUNAT_MSG.docNumero });
  else if (!tipo.numero.test(d.tfi_doc_numero) || /^0+$/.test(d.tfi_doc_numero)
    || (tipo.codigo === '04' && !d.tfi_doc_serie.startsWith('E') && d.tfi_doc_numero.length > 7)) {
    errores.push({ campo: 'tfi_doc_numero', mensaje: `El número no es válido para ${invalido}` });
  }
  if (!fechaValida(d.tfi_doc_fecha)) errores.push({ campo: 'tfi_doc_fecha', mensaje: SUNAT_MSG.docFecha });
  else if (d.tfi_doc_fecha > hoy) errores.push({ campo: 'tfi_doc_fecha', mensaje: SUNAT_MSG.docFechaFutura });
  return errores;
}

const docTexto = z.string().trim().max(20, 'La serie y el número admiten hasta 20 caracteres').nullish().transform((v) => (v ?? '').toUpperCase());

/** The four fields of a receipt's supplier document, optional together (empty = none), checked by type. */
export const docProveedorCampos = {
  tfi_doc_tipo: z.string().trim().max(2, SUNAT_MSG.docTipo).nullish().transform((v) => v ?? ''),
  tfi_doc_serie: docTexto,
  tfi_doc_numero: docTexto,
  tfi_doc_fecha: z.string().trim().max(10, SUNAT_MSG.docFecha).nullish().transform((v) => v ?? ''),
};

export function refineDocProveedor(v: DocProveedor, ctx: z.RefinementCtx) {
  for (const e of docProveedorErrores(v)) ctx.addIssue({ code: 'custom', message: e.mensaje, path: [e.campo] });
}

/**
 * The receipt screens ask for the document whenever goods enter (the API keeps it optional, as the spec's payload
 * has none): a refinement of a payload schema whose `at` object carries the four fields.
 */
export function exigeDocProveedor<S extends z.ZodType>(schema: S, at: string, exigido: (payload: z.output<S>) => boolean) {
  return schema.superRefine((payload, ctx) => {
    const d = (payload as Record<string, DocProveedor>)[at];
    if (exigido(payload) && !tieneDocProveedor(d)) ctx.addIssue({ code: 'custom', message: SUNAT_MSG.docRequerido, path: [at, 'tfi_doc_tipo'] });
  });
}
