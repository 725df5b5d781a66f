import { describe, expect, it } from 'vitest';
import { EMISOR, boletaEjemplo, facturaCreditoAdelantoEjemplo, facturaCreditoEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { problemaSolicitud } from '../solicitud.ts';
import { facturaUbl, formaPago } from './factura.ts';

/** The form of payment a factura declares (issue 23; SUNAT R.S. 193-2020): Contado, or Credito with its cuotas. */
describe('FormaPago of a factura', () => {
  it('Contado: one PaymentTerms, as before, also when the request names no form (issued before issue 23)', () => {
    const contado = '<cac:PaymentTerms>\n    <cbc:ID>FormaPago</cbc:ID>\n    <cbc:PaymentMeansID>Contado</cbc:PaymentMeansID>\n  </cac:PaymentTerms>';
    expect(formaPago(facturaEjemplo())).toEqual([contado]);
    expect(formaPago({ ...facturaEjemplo(), forma_pago: 'Contado' })).toEqual([contado]);
  });

  it('Credito: the net pending amount, then Cuota001, Cuota002 with amount and due date, in that order, after the buyer', () => {
    const xml = facturaUbl(EMISOR, facturaCreditoEjemplo());
    const terminos = xml.match(/<cac:PaymentTerms>[\s\S]*?<\/cac:PaymentTerms>/g);
    expect(terminos).toEqual([
      '<cac:PaymentTerms>\n    <cbc:ID>FormaPago</cbc:ID>\n    <cbc:PaymentMeansID>Credito</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">4366.00</cbc:Amount>\n  </cac:PaymentTerms>',
      '<cac:PaymentTerms>\n    <cbc:ID>FormaPago</cbc:ID>\n    <cbc:PaymentMeansID>Cuota001</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">2183.00</cbc:Amount>\n'
        + '    <cbc:PaymentDueDate>2026-12-24</cbc:PaymentDueDate>\n  </cac:PaymentTerms>',
      '<cac:PaymentTerms>\n    <cbc:ID>FormaPago</cbc:ID>\n    <cbc:PaymentMeansID>Cuota002</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">2183.00</cbc:Amount>\n'
        + '    <cbc:PaymentDueDate>2027-01-23</cbc:PaymentDueDate>\n  </cac:PaymentTerms>',
    ]);
    expect(xml).not.toContain('>Contado<');
    // UBL order: after AccountingCustomerParty, before TaxTotal.
    expect(xml.indexOf('<cac:PaymentTerms>')).toBeGreaterThan(xml.indexOf('</cac:AccountingCustomerParty>'));
    expect(xml.lastIndexOf('</cac:PaymentTerms>')).toBeLessThan(xml.indexOf('<cac:TaxTotal>'));
  });

  it('after an advance the Credito amount is what is left (3366.00 of 4366.00), the total stays the document total', () => {
    const xml = facturaUbl(EMISOR, facturaCreditoAdelantoEjemplo());
    expect(xml).toContain('<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID>\n    <cbc:Amount currencyID="PEN">3366.00</cbc:Amount>');
    expect(xml).toContain('<cbc:PaymentMeansID>Cuota003</cbc:PaymentMeansID>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="PEN">4366.00</cbc:PayableAmount>');
  });

  it('in dollars the amounts carry USD', () => {
    const xml = facturaUbl(EMISOR, { ...facturaCreditoEjemplo(), moneda: 'USD' });
    expect(xml).toContain('<cbc:Amount currencyID="USD">4366.00</cbc:Amount>');
    expect(xml).not.toContain('currencyID="PEN"');
  });

  it('a boleta on credit declares no PaymentTerms: the boleta rules read them as a detracción (3128)', () => {
    const b = boletaEjemplo();
    const credito = { ...b, forma_pago: 'Credito' as const, cuotas: [{ monto: '566.40', fecha: '2026-12-24' }] };
    expect(problemaSolicitud(credito)).toBeNull();
    expect(facturaUbl(EMISOR, credito)).not.toContain('<cac:PaymentTerms>');
  });
});

describe('the request of a credit voucher', () => {
  const credito = facturaCreditoEjemplo;
  it('takes valid cuotas', () => {
    expect(problemaSolicitud(credito())).toBeNull();
    expect(problemaSolicitud(facturaCreditoAdelantoEjemplo())).toBeNull();
  });

  it('refuses cuotas that are missing, not positive, not after the issue date, out of order, too many, or above the total', () => {
    const con = (cuotas: { monto: string; fecha: string }[]) => problemaSolicitud({ ...credito(), cuotas });
    expect(problemaSolicitud({ ...credito(), cuotas: undefined })).toBe('Indique al menos una cuota del crédito');
    expect(con([])).toBe('Indique al menos una cuota del crédito');
    expect(con([{ monto: '0.00', fecha: '2026-12-24' }])).toBe('El monto de la cuota 1 debe ser mayor que cero, con hasta dos decimales');
    expect(con([{ monto: '10.005', fecha: '2026-12-24' }])).toBe('El monto de la cuota 1 debe ser mayor que cero, con hasta dos decimales');
    expect(con([{ monto: '100.00', fecha: '2026-12-24' }, { monto: '100.00', fecha: '2026-02-30' }])).toBe('La fecha de vencimiento de la cuota 2 no es válida');
    expect(con([{ monto: '100.00', fecha: '2026-11-24' }])).toBe('La cuota 1 debe vencer después de la fecha de emisión (24/11/2026)');
    expect(con([{ monto: '100.00', fecha: '2027-01-10' }, { monto: '100.00', fecha: '2026-12-24' }])).toBe('La cuota 2 debe vencer después de la cuota 1');
    expect(con([{ monto: '100.00', fecha: '2029-01-10' }])).toBe('La cuota 1 no puede vencer después del 24/11/2028 (dos años desde la emisión)');
    const muchas = Array.from({ length: 25 }, (_, i) => ({ monto: '1.00', fecha: `2027-${String((i % 12) + 1).padStart(2, '0')}-${String(Math.floor(i / 12) + 10)}` }));
    expect(con(muchas)).toBe('Se admiten como máximo 24 cuotas');
    expect(con([{ monto: '4366.01', fecha: '2026-12-24' }])).toBe('El monto pendiente de pago no puede superar el importe total del comprobante');
  });

  it('Contado takes no cuotas; an unknown form is refused', () => {
    expect(problemaSolicitud({ ...credito(), forma_pago: 'Contado' })).toBe('El comprobante de esta orden es al contado: no lleva cuotas');
    expect(problemaSolicitud({ ...credito(), forma_pago: 'Letras' as 'Credito' })).toBe('La forma de pago del comprobante no es válida');
  });
});
