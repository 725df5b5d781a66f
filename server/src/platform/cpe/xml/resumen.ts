/**
 * The summaries SUNAT takes by ticket (issue 23), UBL 2.0 with SUNAT's own schemas:
 * - 'RA' comunicación de baja (VoidedDocuments, customisation 1.0): facturas and their notes cancelled,
 *   one line each with the reason;
 * - 'RC' resumen diario (SummaryDocuments, customisation 1.1): boletas and their notes, here always
 *   with condition 3 (anular), their buyer and amounts as issued.
 * Unsigned, with the empty extension and cac:Signature the signer fills, like every other document.
 */
import { numeroTexto } from '../solicitud.ts';
import type { EmisorComprobantes, ResumenItem, ResumenSolicitud } from '../tipos.ts';
import { el, nodo } from './escribir.ts';
import { EXTENSIONES, firma } from './factura.ts';

const NS = {
  RA: 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1',
  RC: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1',
};

/** The issuer as UBL 2.0 summaries declare it: RUC, its type (6) and the legal name. */
function emisor(e: EmisorComprobantes): string {
  return nodo('cac:AccountingSupplierParty', [
    el('cbc:CustomerAssignedAccountID', e.ruc),
    el('cbc:AdditionalAccountID', '6'),
    nodo('cac:Party', [nodo('cac:PartyLegalEntity', [el('cbc:RegistrationName', e.razon_social)], 3)], 2),
  ], 1);
}

function lineaBaja(it: ResumenItem, i: number): string {
  return nodo('sac:VoidedDocumentsLine', [
    el('cbc:LineID', String(i + 1)),
    el('cbc:DocumentTypeCode', it.tipo),
    el('sac:DocumentSerialID', it.serie),
    el('sac:DocumentNumberID', String(it.numero)),
    el('sac:VoidReasonDescription', it.motivo.slice(0, 100)),
  ], 1);
}

function lineaResumen(it: ResumenItem, i: number): string {
  const m = { currencyID: it.moneda ?? 'PEN' };
  const doc = it.cliente_numero_documento?.trim() || '-';
  return nodo('sac:SummaryDocumentsLine', [
    el('cbc:LineID', String(i + 1)),
    el('cbc:DocumentTypeCode', it.tipo),
    el('cbc:ID', `${it.serie}-${numeroTexto(it.numero)}`),
    nodo('cac:AccountingCustomerParty', [
      el('cbc:CustomerAssignedAccountID', doc),
      el('cbc:AdditionalAccountID', it.cliente_tipo_documento ?? '0'),
    ], 2),
    ...(it.referencia ? [nodo('cac:BillingReference', [nodo('cac:InvoiceDocumentReference', [
      el('cbc:ID', `${it.referencia.serie}-${numeroTexto(it.referencia.numero)}`),
      el('cbc:DocumentTypeCode', it.referencia.tipo),
    ], 3)], 2)] : []),
    // Catalogue 19: 3 anulado.
    nodo('cac:Status', [el('cbc:ConditionCode', '3')], 2),
    el('sac:TotalAmount', it.total ?? '0.00', m),
    // Catalogue 11, 01: gravado.
    nodo('sac:BillingPayment', [el('cbc:PaidAmount', it.subtotal ?? '0.00', m), el('cbc:InstructionID', '01')], 2),
    nodo('cac:TaxTotal', [
      el('cbc:TaxAmount', it.igv ?? '0.00', m),
      nodo('cac:TaxSubtotal', [
        el('cbc:TaxAmount', it.igv ?? '0.00', m),
        nodo('cac:TaxCategory', [nodo('cac:TaxScheme', [el('cbc:ID', '1000'), el('cbc:Name', 'IGV'), el('cbc:TaxTypeCode', 'VAT')], 4)], 3),
      ], 2),
    ], 2),
  ], 1);
}

export function resumenUbl(e: EmisorComprobantes, r: ResumenSolicitud): string {
  const raiz = r.tipo === 'RA' ? 'VoidedDocuments' : 'SummaryDocuments';
  const cuerpo = [
    EXTENSIONES,
    el('cbc:UBLVersionID', '2.0'),
    el('cbc:CustomizationID', r.tipo === 'RA' ? '1.0' : '1.1'),
    el('cbc:ID', `${r.serie}-${r.numero}`),
    el('cbc:ReferenceDate', r.fecha_referencia),
    el('cbc:IssueDate', r.fecha_emision),
    firma(e),
    emisor(e),
    ...r.items.map((it, i) => (r.tipo === 'RA' ? lineaBaja(it, i) : lineaResumen(it, i))),
  ];
  const ns = [
    `xmlns="${NS[r.tipo]}"`,
    'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"',
    'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"',
    'xmlns:sac="urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1"',
  ].join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${raiz} ${ns}>\n${cuerpo.map((c) => `  ${c}`).join('\n')}\n</${raiz}>\n`;
}
