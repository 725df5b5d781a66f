/**
 * SUNAT's UBL 2.1 CreditNote (07) and DebitNote (08), customisation 2.0 (issue 23): the same issuer,
 * buyer, IGV and lines as the factura or boleta they modify (`factura.ts`), plus the reason
 * (cac:DiscrepancyResponse, catalogue 09 or 10) and the modified document (cac:BillingReference).
 * Unsigned, with the empty extension and cac:Signature the signer fills, like the invoice.
 */
import { montoEnLetras } from '../letras.ts';
import { serieNumero } from '../solicitud.ts';
import type { ComprobanteSolicitud, EmisorComprobantes } from '../tipos.ts';
import { el, nodo } from './escribir.ts';
import { SUNAT, UNECE, cabecera, catalogo, cliente, documento, emisor, firma, linea, referencia, totalImpuestos, totales } from './factura.ts';

export function notaUbl(emisorDoc: EmisorComprobantes, s: ComprobanteSolicitud): string {
  const n = s.nota;
  if (!n) throw new Error('Una nota de crédito o débito necesita el documento que modifica');
  const credito = s.tipo === 'nota_credito';
  const modificado = serieNumero({ serie: n.serie, numero: n.numero });
  const orden = referencia(s.orden, 20);
  const cuerpo = [
    ...cabecera(s),
    el('cbc:Note', montoEnLetras(s.total, s.moneda), { languageLocaleID: '1000' }),
    el('cbc:DocumentCurrencyCode', s.moneda, { listID: 'ISO 4217 Alpha', listName: 'Currency', listAgencyName: UNECE }),
    nodo('cac:DiscrepancyResponse', [
      el('cbc:ReferenceID', modificado),
      el('cbc:ResponseCode', n.motivo_codigo, credito
        ? { listAgencyName: SUNAT, listName: 'Tipo de nota de credito', listURI: catalogo('09') }
        : { listAgencyName: SUNAT, listName: 'Tipo de nota de debito', listURI: catalogo('10') }),
      el('cbc:Description', n.motivo.slice(0, 250)),
    ], 1),
    ...(orden ? [nodo('cac:OrderReference', [el('cbc:ID', orden)], 1)] : []),
    nodo('cac:BillingReference', [nodo('cac:InvoiceDocumentReference', [
      el('cbc:ID', modificado),
      el('cbc:DocumentTypeCode', n.tipo, { listAgencyName: SUNAT, listName: 'Tipo de Documento', listURI: catalogo('01') }),
    ], 2)], 1),
    firma(emisorDoc),
    emisor(emisorDoc),
    cliente(s),
    totalImpuestos(s),
    totales(s, credito ? 'cac:LegalMonetaryTotal' : 'cac:RequestedMonetaryTotal'),
    ...s.lineas.map((_, i) => linea(s, i, credito ? ['cac:CreditNoteLine', 'cbc:CreditedQuantity'] : ['cac:DebitNoteLine', 'cbc:DebitedQuantity'])),
  ];
  return documento(credito ? 'CreditNote' : 'DebitNote', cuerpo);
}
