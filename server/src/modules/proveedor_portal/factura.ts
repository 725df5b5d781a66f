import { PORTAL_MSG, type FacturaXmlLinea } from '@obra/domain';
import Decimal from 'decimal.js';
import { badRequest } from '../../platform/errors.ts';
import { parseXmlAsync, path, XmlError, type XmlElement } from './xml.ts';

/**
 * The supplier's invoice (issue 15, beyond the spec): a PDF and the XML it sent to SUNAT, both
 * checked on their content before anything is stored.
 */

const UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** SUNAT's catalogue 01: 01 factura. */
const TIPO_FACTURA = '01';

export interface FacturaXml {
  /** Series and number as written in cbc:ID: `F001-123`. */
  numero: string;
  serie: string;
  /** The number as a number: F001-00000123 and F001-123 are one invoice. */
  correlativo: number;
  fecha_emision: string;
  moneda: string;
  /** Without IGV: LegalMonetaryTotal/LineExtensionAmount (or TaxExclusiveAmount). */
  subtotal: string;
  /** TaxTotal/TaxAmount of the document (0.00 when absent). */
  igv: string;
  total: string;
  ruc_emisor: string;
  ruc_cliente: string;
  lineas: FacturaXmlLinea[];
}


/** More lines than this is not an invoice for one order. */
const MAX_LINEAS = 1000;
const MONTO = /^\d{1,12}(\.\d{1,2})?$/;
const CANTIDAD = /^\d{1,12}(\.\d{1,10})?$/;

/** A PDF: it starts with the PDF header and ends with its end-of-file marker (not truncated). */
export function checkPdf(buf: Buffer): void {
  const start = buf.subarray(0, 1024).toString('latin1');
  const end = buf.subarray(Math.max(0, buf.length - 2048)).toString('latin1');
  if (!/^%PDF-\d\.\d/.test(start) || !end.includes('%%EOF')) throw badRequest(PORTAL_MSG.facturaPdfTipo);
}

const texto = (el: XmlElement | undefined) => el?.text.trim() ?? '';

/** The party's RUC: UBL 2.1 (PartyIdentification) or UBL 2.0 (CustomerAssignedAccountID). */
function rucDe(party: XmlElement | undefined): string {
  return texto(path(party, [[CAC, 'Party'], [CAC, 'PartyIdentification'], [CBC, 'ID']]))
    || texto(path(party, [[CBC, 'CustomerAssignedAccountID']]));
}

/**
 * Reads a SUNAT electronic invoice: well-formed XML whose root is a UBL Invoice, of type 01, with
 * its number, date, currency, payable amount and both parties' RUC. Anything else is refused
 * with the reason in Spanish.
 */
export async function readFacturaXml(buf: Buffer): Promise<FacturaXml> {
  let root: XmlElement;
  try {
    root = await parseXmlAsync(buf);
  } catch (err) {
    if (err instanceof XmlError) throw badRequest(`El archivo XML no es válido: ${err.message}`);
    throw err;
  }
  if (root.local !== 'Invoice' || root.ns !== UBL_INVOICE) {
    throw badRequest('El archivo XML no es una factura electrónica UBL (su elemento raíz debe ser Invoice)');
  }
  const tipo = texto(path(root, [[CBC, 'InvoiceTypeCode']]));
  if (tipo !== TIPO_FACTURA) throw badRequest(PORTAL_MSG.facturaTipo);
  const numero = texto(path(root, [[CBC, 'ID']])).toUpperCase();
  if (!/^[A-Z0-9]{4}-\d{1,8}$/.test(numero)) throw badRequest('El XML no tiene un número de factura válido (serie y número, por ejemplo F001-123)');
  const fecha = texto(path(root, [[CBC, 'IssueDate']]));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) throw badRequest('El XML no tiene una fecha de emisión válida');
  const moneda = texto(path(root, [[CBC, 'DocumentCurrencyCode']])).toUpperCase();
  if (!/^[A-Z]{3}$/.test(moneda)) throw badRequest('El XML no indica la moneda de la factura');
  const total = texto(path(root, [[CAC, 'LegalMonetaryTotal'], [CBC, 'PayableAmount']]));
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(total)) throw badRequest('El XML no tiene un importe total válido');
  const ruc_emisor = rucDe(path(root, [[CAC, 'AccountingSupplierParty']]));
  const ruc_cliente = rucDe(path(root, [[CAC, 'AccountingCustomerParty']]));
  if (!/^\d{11}$/.test(ruc_emisor)) throw badRequest('El XML no indica el RUC del emisor');
  const lineas = leerLineas(root);
  const subtotal = texto(path(root, [[CAC, 'LegalMonetaryTotal'], [CBC, 'LineExtensionAmount']]))
    || texto(path(root, [[CAC, 'LegalMonetaryTotal'], [CBC, 'TaxExclusiveAmount']]))
    || lineas.reduce((a, l) => a.plus(l.importe), new Decimal(0)).toFixed(2);
  if (!MONTO.test(subtotal)) throw badRequest('El XML no tiene un valor de venta (sin IGV) válido');
  const igv = texto(path(root, [[CAC, 'TaxTotal'], [CBC, 'TaxAmount']])) || '0.00';
  if (!MONTO.test(igv)) throw badRequest('El XML no tiene un importe de IGV válido');
  const [serie, correlativo] = numero.split('-');
  return {
    numero, serie, correlativo: Number(correlativo), fecha_emision: fecha, moneda, subtotal, igv, total, ruc_emisor, ruc_cliente, lineas,
  };
}

/** The cac:InvoiceLine elements: quantity, value without IGV, description and unit price. */
function leerLineas(root: XmlElement): FacturaXmlLinea[] {
  const lineas = root.children.filter((c) => c.ns === CAC && c.local === 'InvoiceLine');
  if (lineas.length > MAX_LINEAS) throw badRequest(`El XML tiene más de ${MAX_LINEAS} líneas`);
  return lineas.map((l, i) => {
    const n = i + 1;
    const cantidadEl = path(l, [[CBC, 'InvoicedQuantity']]);
    const cantidad = texto(cantidadEl);
    if (!CANTIDAD.test(cantidad)) throw badRequest(`La línea ${n} del XML no tiene una cantidad válida`);
    const importe = texto(path(l, [[CBC, 'LineExtensionAmount']]));
    if (!MONTO.test(importe)) throw badRequest(`La línea ${n} del XML no tiene un valor de venta válido`);
    const precioXml = texto(path(l, [[CAC, 'Price'], [CBC, 'PriceAmount']]));
    if (precioXml && !CANTIDAD.test(precioXml)) throw badRequest(`La línea ${n} del XML no tiene un precio unitario válido`);
    const precio = precioXml || (new Decimal(cantidad).isZero() ? '0' : new Decimal(importe).div(cantidad).toDecimalPlaces(4).toString());
    const item = path(l, [[CAC, 'Item']]);
    const descripcion = (item?.children ?? []).filter((c) => c.ns === CBC && c.local === 'Description').map((c) => c.text.trim()).join(' ').slice(0, 500);
    return { id: texto(path(l, [[CBC, 'ID']])) || String(n), descripcion, cantidad, unidad: cantidadEl?.attrs.get('unitCode') ?? '', importe, precio };
  });
}

/** The name SUNAT gives an invoice's files: `RUC-01-SERIE-NUMERO.ext`. */
export const nombreFactura = (f: FacturaXml, ext: 'pdf' | 'xml') => `${f.ruc_emisor}-${TIPO_FACTURA}-${f.numero}.${ext}`;
