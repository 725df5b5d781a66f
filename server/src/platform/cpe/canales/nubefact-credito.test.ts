import { describe, expect, it } from 'vitest';
import { boletaEjemplo, facturaCreditoEjemplo, facturaEjemplo } from '../ejemplo.test-data.ts';
import { cuerpoNubefact } from './nubefact.ts';

/** A credit sale through Nubefact (issue 23): their `condiciones_de_pago` and `venta_al_credito`. */
describe('Nubefact body of a credit sale', () => {
  it('a credit factura sends its cuotas numbered from 1, due dates dd-mm-yyyy, amounts as text', () => {
    expect(cuerpoNubefact(facturaCreditoEjemplo())).toMatchObject({
      tipo_de_comprobante: 1,
      total: '4366.00',
      condiciones_de_pago: 'Crédito en 2 cuotas',
      venta_al_credito: [
        { cuota: 1, fecha_de_pago: '24-12-2026', importe: '2183.00' },
        { cuota: 2, fecha_de_pago: '23-01-2027', importe: '2183.00' },
      ],
    });
  });

  it('a cash factura sends neither; a credit boleta only the printed condition (no FormaPago on boletas)', () => {
    const contado = cuerpoNubefact(facturaEjemplo());
    expect(contado).not.toHaveProperty('venta_al_credito');
    expect(contado).not.toHaveProperty('condiciones_de_pago');
    const boleta = cuerpoNubefact({ ...boletaEjemplo(), forma_pago: 'Credito', cuotas: [{ monto: '566.40', fecha: '2026-12-24' }] });
    expect(boleta).toMatchObject({ tipo_de_comprobante: 2, condiciones_de_pago: 'Crédito en 1 cuota' });
    expect(boleta).not.toHaveProperty('venta_al_credito');
  });
});
