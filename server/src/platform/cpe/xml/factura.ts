/**
 * SUNAT's UBL 2.1 Invoice (customisation 2.0) of a factura (01) or boleta (03) sold "gravado" with
 * IGV: the issuer and buyer, the IGV breakdown, the totals, the amount in words (legend 1000) and
 * one InvoiceLine per line. Elements follow UBL's required order.
 *
 * Unsigned: the text has an empty ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent first
 * and a cac:Signature that names the signature `firma/firmar.ts` puts there (`firmarXml`), a separate
 * step done with the issuer's certificate. An accredited provider (Nubefact) signs on its own.
 */
import { sumaCuotas } from '@obra/domain';
import { CODIGO_TIPO, cantidadTexto, documentoCliente, porcentajeTexto, serieNumero } from '../solicitud.ts';
import { montoEnLetras } from '../letras.ts';
import type { ComprobanteSolicitud, EmisorComprobantes } from '../tipos.ts';
import { FIRMA_ID } from '../firma/firmar.ts';
import { el, nodo } from './escribir.ts';

export const SUNAT = 'PE:SUNAT';
export const UNECE = 'United Nations Economic Commission for Europe';
export const catalogo = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;

/**
 * A reference as SUNAT's rules take it: letters and digits only, up to `max` (OrderReference/ID
 * observation 4233, a boleta's SellersItemIdentification/ID observation 4269). 'OV-123' → 'OV123'.
 */
export const referencia = (texto: string, max: number) => texto.replace(/[^0-9A-Za-z]/g, '').slice(0, max);

/** Where the signature will be (filled by the signer) and who signs: the issuer. */
export const EXTENSIONES = nodo('ext:UBLExtensions', [nodo('ext:UBLExtension', ['<ext:ExtensionContent/>'], 2)], 1);

export function firma(e: EmisorComprobantes): string {
  return nodo('cac:Signature', [
    el('cbc:ID', FIRMA_ID),
    nodo('cac:SignatoryParty', [
      nodo('cac:PartyIdentification', [el('cbc:ID', e.ruc)], 3),
      nodo('cac:PartyName', [el('cbc:Name', e.razon_social)], 3),
    ], 2),
    nodo('cac:DigitalSignatureAttachment', [nodo('cac:ExternalReference', [el('cbc:URI', `#${FIRMA_ID}`)], 3)], 2),
  ], 1);
}

function documentoId(tipo: string, numero: string): string {
  return el('cbc:ID', numero, { schemeID: tipo, schemeName: 'Documento de Identidad', schemeAgencyName: SUNAT, schemeURI: catalogo('06') });
}

/** The IGV tax scheme (catalogue 05: 1000 IGV VAT). */
function esquemaIgv(s: number): string {
  return nodo('cac:TaxScheme', [
    el('cbc:ID', '1000', { schemeName: 'Codigo de tributos', schemeAgencyName: SUNAT, schemeURI: catalogo('05') }),
    el('cbc:Name', 'IGV'),
    el('cbc:TaxTypeCode', 'VAT'),
  ], s);
}

export function emisor(e: EmisorComprobantes): string {
  return nodo('cac:AccountingSupplierParty', [nodo('cac:Party', [
    nodo('cac:PartyIdentification', [documentoId('6', e.ruc)], 3),
    nodo('cac:PartyName', [el('cbc:Name', e.razon_social)], 3),
    nodo('cac:PartyLegalEntity', [
      el('cbc:RegistrationName', e.razon_social),
      nodo('cac:RegistrationAddress', [
        el('cbc:ID', e.ubigeo, { schemeName: 'Ubigeos', schemeAgencyName: 'PE:INEI' }),
        // 0000: the fiscal address itself, no annexed establishment.
        el('cbc:AddressTypeCode', '0000', { listAgencyName: SUNAT, listName: 'Establecimientos anexos' }),
        nodo('cac:AddressLine', [el('cbc:Line', e.direccion)], 5),
        nodo('cac:Country', [el('cbc:IdentificationCode', 'PE', { listID: 'ISO 3166-1', listAgencyName: UNECE, listName: 'Country' })], 5),
      ], 4),
    ], 3),
  ], 2)], 1);
}

export function cliente(s: ComprobanteSolicitud): string {
  const c = s.cliente;
  const entidad = [el('cbc:RegistrationName', c.nombre)];
  if (c.direccion.trim()) entidad.push(nodo('cac:RegistrationAddress', [nodo('cac:AddressLine', [el('cbc:Line', c.direccion)], 5)], 4));
  return nodo('cac:AccountingCustomerParty', [nodo('cac:Party', [
    nodo('cac:PartyIdentification', [documentoId(c.tipo_documento, documentoCliente(s))], 3),
    nodo('cac:PartyLegalEntity', entidad, 3),
  ], 2)], 1);
}

/** The line element and its quantity's: InvoiceLine/InvoicedQuantity, CreditNoteLine/CreditedQuantity, DebitNoteLine/DebitedQuantity. */
export type EtiquetasLinea = [string, string];

export function linea(s: ComprobanteSolicitud, i: number, [etiqueta, cantidad]: EtiquetasLinea = ['cac:InvoiceLine', 'cbc:InvoicedQuantity']): string {
  const l = s.lineas[i];
  const m = { currencyID: s.moneda };
  const codigo = referencia(l.codigo, 29);
  return nodo(etiqueta, [
    el('cbc:ID', String(i + 1)),
    el(cantidad, cantidadTexto(l.cantidad), { unitCode: l.unidad, unitCodeListID: 'UN/ECE rec 20', unitCodeListAgencyName: UNECE }),
    el('cbc:LineExtensionAmount', l.subtotal, m),
    nodo('cac:PricingReference', [nodo('cac:AlternativeConditionPrice', [
      el('cbc:PriceAmount', l.precio_unitario, m),
      // Catalogue 16, 01: unit price including taxes.
      el('cbc:PriceTypeCode', '01', { listName: 'Tipo de Precio', listAgencyName: SUNAT, listURI: catalogo('16') }),
    ], 3)], 2),
    nodo('cac:TaxTotal', [
      el('cbc:TaxAmount', l.igv, m),
      nodo('cac:TaxSubtotal', [
        el('cbc:TaxableAmount', l.subtotal, m),
        el('cbc:TaxAmount', l.igv, m),
        nodo('cac:TaxCategory', [
          el('cbc:Percent', porcentajeTexto(s.igv_tasa)),
          // Catalogue 07, 10: gravado – operación onerosa.
          el('cbc:TaxExemptionReasonCode', '10', { listAgencyName: SUNAT, listName: 'Afectacion del IGV', listURI: catalogo('07') }),
          esquemaIgv(5),
        ], 4),
      ], 3),
    ], 2),
    nodo('cac:Item', [
      el('cbc:Description', l.descripcion),
      ...(codigo ? [nodo('cac:SellersItemIdentification', [el('cbc:ID', codigo)], 3)] : []),
    ], 2),
    nodo('cac:Price', [el('cbc:PriceAmount', l.valor_unitario, m)], 2),
  ], 1);
}

/** What every UBL 2.1 voucher and note opens with: the signature's place, versions, number, issue date and time. */
export function cabecera(s: ComprobanteSolicitud): string[] {
  return [
    EXTENSIONES,
    el('cbc:UBLVersionID', '2.1'),
    el('cbc:CustomizationID', '2.0', { schemeAgencyName: SUNAT }),
    el('cbc:ID', serieNumero(s)),
    el('cbc:IssueDate', s.fecha_emision),
    el('cbc:IssueTime', s.hora_emision),
  ];
}

/** The document as UBL 2.1 XML text (UTF-8, LF line ends, two-space indentation). */
export function facturaUbl(emisorDoc: EmisorComprobantes, s: ComprobanteSolicitud): string {
  const orden = referencia(s.orden, 20);
  const cuerpo = [
    ...cabecera(s),
    // listID 0101 (catalogue 51): venta interna.
    el('cbc:InvoiceTypeCode', CODIGO_TIPO[s.tipo], {
      listAgencyName: SUNAT, listName: 'Tipo de Documento', listURI: catalogo('01'),
      listID: '0101', name: 'Tipo de Operacion', listSchemeURI: catalogo('51'),
    }),
    el('cbc:Note', montoEnLetras(s.total, s.moneda), { languageLocaleID: '1000' }),
    el('cbc:DocumentCurrencyCode', s.moneda, { listID: 'ISO 4217 Alpha', listName: 'Currency', listAgencyName: UNECE }),
    el('cbc:LineCountNumeric', String(s.lineas.length)),
    ...(orden ? [nodo('cac:OrderReference', [el('cbc:ID', orden)], 1)] : []),
    firma(emisorDoc),
    emisor(emisorDoc),
    cliente(s),
    // Only facturas declare it: the boleta rules read PaymentTerms/PaymentMeansID as a detracción code (3128, 3033, 3035).
    ...(s.tipo === 'factura' ? formaPago(s) : []),
    totalImpuestos(s),
    totales(s, 'cac:LegalMonetaryTotal'),
    ...s.lineas.map((_, i) => linea(s, i)),
  ];
  return documento('Invoice', cuerpo);
}

/**
 * The form of payment as SUNAT's rules since 2021 want it (R.S. 193-2020/SUNAT): 'Contado' alone; or
 * 'Credito' with the net pending amount, then one PaymentTerms per instalment, Cuota001, Cuota002 ...
 * with its amount and due date (observations 3249-3256, 3265-3267 otherwise).
 */
export function formaPago(s: ComprobanteSolicitud): string[] {
  const termino = (medio: string, resto: string[] = []) => nodo('cac:PaymentTerms', [el('cbc:ID', 'FormaPago'), el('cbc:PaymentMeansID', medio), ...resto], 1);
  if (s.forma_pago !== 'Credito' || !s.cuotas?.length) return [termino('Contado')];
  const m = { currencyID: s.moneda };
  return [
    termino('Credito', [el('cbc:Amount', sumaCuotas(s.cuotas), m)]),
    ...s.cuotas.map((c, i) => termino(`Cuota${String(i + 1).padStart(3, '0')}`, [el('cbc:Amount', c.monto, m), el('cbc:PaymentDueDate', c.fecha)])),
  ];
}

/** The document's IGV: one TaxSubtotal, everything gravado. */
export function totalImpuestos(s: ComprobanteSolicitud): string {
  const m = { currencyID: s.moneda };
  return nodo('cac:TaxTotal', [
    el('cbc:TaxAmount', s.igv, m),
    nodo('cac:TaxSubtotal', [
      el('cbc:TaxableAmount', s.subtotal, m),
      el('cbc:TaxAmount', s.igv, m),
      nodo('cac:TaxCategory', [esquemaIgv(4)], 3),
    ], 2),
  ], 1);
}

/** LegalMonetaryTotal (Invoice, CreditNote) or RequestedMonetaryTotal (DebitNote). */
export function totales(s: ComprobanteSolicitud, etiqueta: string): string {
  const m = { currencyID: s.moneda };
  return nodo(etiqueta, [
    el('cbc:LineExtensionAmount', s.subtotal, m),
    el('cbc:TaxInclusiveAmount', s.total, m),
    el('cbc:PayableAmount', s.total, m),
  ], 1);
}

/** The XML text of a UBL 2.1 document whose root is `raiz` (Invoice, CreditNote, DebitNote) in its own namespace. */
export function documento(raiz: string, cuerpo: string[]): string {
  const ns = [
    `xmlns="urn:oasis:names:specification:ubl:schema:xsd:${raiz}-2"`,
    'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"',
    'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"',
  ].join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${raiz} ${ns}>\n${cuerpo.map((c) => `  ${c}`).join('\n')}\n</${raiz}>\n`;
}
