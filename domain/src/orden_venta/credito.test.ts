import { describe, expect, it } from 'vitest';
import { comprobanteGenerable } from './estados.ts';
import {
  OrdenVentaGenerarComprobante, cuotaSiguiente, cuotasPorDefecto, formaPagoDe, montoPendiente, problemaCuotas, sumaCuotas, ventaACredito,
} from './credito.ts';

const orden = (over: Partial<{ coc_id: number; aprobada: boolean; ovt_total: string; ovt_pagado: string }> = {}) =>
  ({ coc_id: 2, aprobada: true, ovt_total: '1180.00', ovt_pagado: '0.00', ...over });

describe('credit sales (issue 23)', () => {
  it('Crédito and the Adelanto conditions are credit once approved; Contado and Caja chica never', () => {
    for (const coc of [2, 3, 4, 5]) expect(ventaACredito(orden({ coc_id: coc })), `coc ${coc}`).toBe(true);
    for (const coc of [1, 6]) expect(ventaACredito(orden({ coc_id: coc })), `coc ${coc}`).toBe(false);
    expect(ventaACredito(orden({ aprobada: false }))).toBe(false);
  });

  it('the voucher is Credito while something is unpaid, Contado once paid', () => {
    expect(formaPagoDe(orden())).toBe('Credito');
    expect(formaPagoDe(orden({ ovt_pagado: '180.00' }))).toBe('Credito');
    expect(formaPagoDe(orden({ ovt_pagado: '1180.00' }))).toBe('Contado');
    expect(formaPagoDe(orden({ coc_id: 1 }))).toBe('Contado');
    expect(montoPendiente(orden({ ovt_pagado: '180.10' }))).toBe('999.90');
  });

  it('an approved credit sale may be invoiced before payment; a cash one or an unapproved credit one only once paid', () => {
    const base = { ovt_comprobante: null, cli_especial: 0 };
    expect(comprobanteGenerable({ ...base, ...orden() })).toBe(true);
    expect(comprobanteGenerable({ ...base, ...orden({ aprobada: false }) })).toBe(false);
    expect(comprobanteGenerable({ ...base, ...orden({ coc_id: 1 }) })).toBe(false);
    expect(comprobanteGenerable({ ...base, ...orden({ coc_id: 1, ovt_pagado: '1180.00' }) })).toBe(true);
    expect(comprobanteGenerable({ ...base, ...orden(), ovt_comprobante: 'F001-00000001' })).toBe(false);
    expect(comprobanteGenerable({ ...base, ...orden(), cli_especial: 1 })).toBe(false);
  });

  it('default: one cuota for the whole pending amount, 30 days after the issue date (across a year end)', () => {
    expect(cuotasPorDefecto('999.9', '2026-12-15')).toEqual([{ monto: '999.90', fecha: '2027-01-14' }]);
  });

  it('a row added takes what the others leave, 30 days after the last', () => {
    expect(cuotaSiguiente([{ monto: '500.00', fecha: '2026-12-24' }], '1180.00', '2026-11-24')).toEqual({ monto: '680.00', fecha: '2027-01-23' });
    expect(cuotaSiguiente([{ monto: '1500.00', fecha: '2026-12-24' }], '1180.00', '2026-11-24')).toEqual({ monto: '0.00', fecha: '2027-01-23' });
    expect(cuotaSiguiente([], '1180.00', '2026-11-24')).toEqual({ monto: '1180.00', fecha: '2026-12-24' });
  });

  it('cuotas must add up to the pending amount exactly, in cents', () => {
    const cuotas = [{ monto: '590.00', fecha: '2026-12-24' }, { monto: '590', fecha: '2027-01-23' }];
    expect(sumaCuotas(cuotas)).toBe('1180.00');
    expect(problemaCuotas(cuotas, '2026-11-24', '1180.00')).toBeNull();
    expect(problemaCuotas(cuotas, '2026-11-24', '1180.01')).toBe('La suma de las cuotas (S/ 1,180.00) debe ser igual al saldo pendiente de pago (S/ 1,180.01)');
    expect(problemaCuotas(cuotas, '2026-11-24', null)).toBeNull();
  });

  it('the call takes cuotas as text or numbers and dates as YYYY-MM-DD or dd-mm-yyyy; none is the default', () => {
    const r = OrdenVentaGenerarComprobante.parse({ orden_venta: { ovt_id: '7', cuotas: [{ monto: 590, fecha: '24-12-2026' }, { monto: '590,5', fecha: '2027-01-23' }] } });
    expect(r.orden_venta).toEqual({ ovt_id: 7, cuotas: [{ monto: '590.00', fecha: '2026-12-24' }, { monto: '590.50', fecha: '2027-01-23' }] });
    expect(OrdenVentaGenerarComprobante.parse({ orden_venta: { ovt_id: 7 } }).orden_venta.cuotas).toBeNull();
    const malo = OrdenVentaGenerarComprobante.safeParse({ orden_venta: { ovt_id: 7, cuotas: 'dos' } });
    expect(malo.success ? null : malo.error.issues[0].message).toBe('Las cuotas no son válidas: indique el monto y la fecha de vencimiento de cada una');
    // A wrong amount passes the shape and is named by the checks, with its cuota's number.
    const texto = OrdenVentaGenerarComprobante.parse({ orden_venta: { ovt_id: 7, cuotas: [{ monto: 'mil', fecha: '2026-12-24' }] } });
    expect(problemaCuotas(texto.orden_venta.cuotas!, '2026-11-24', '1000.00')).toBe('El monto de la cuota 1 debe ser mayor que cero, con hasta dos decimales');
  });
});
