import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toScaled } from '../common/format.ts';
import { RUC_MSG } from '../proveedor/ruc.ts';
import {
  RENDICION_MSG, RendicionLinea, cajUrlPdf, claveCentroCosto, claveDocumento, claveTipoDocumento, dniRucProblem, fechaDocumento,
  marcarRepetidos, normalizarNumero, normalizarSerie, rendicionTotales, revisarLinea, saldoTexto, type RendicionLineaEntrada,
} from './rendicion.ts';

const ctx = { desde: '2026-11-01', hasta: '2026-11-24', cec_id: 7, tid_id: 1 };
const linea = (over: Partial<RendicionLineaEntrada> = {}) => RendicionLinea.parse({
  red_fecha: '05/11/2026', red_dni_ruc: '20100070970', red_razon_social: 'Ferretería Lima SAC', red_descripcion: 'Clavos',
  cec_codigo: 'CC-PL-01', tid_descripcion: 'Factura', red_serie: 'f001', red_numero: '000123', red_importe: '12,5', ...over,
});

describe('revisarLinea', () => {
  it('accepts a good line and normalises it: ISO date, series upper case, number without zeros, amount with 2 decimals', () => {
    const r = revisarLinea(linea(), 3, ctx);
    expect(r).toMatchObject({
      red_item: 3, red_fecha: '2026-11-05', red_serie: 'F001', red_numero: '123', red_importe: '12.50', red_importe_text: '12.50',
      cec_id: 7, red_tipo_documento: 1, cec_flag: false, tid_flag: false, red_errores: [],
    });
  });

  it('reads numbers from a spreadsheet as text and trims texts', () => {
    const r = revisarLinea(linea({ red_dni_ruc: 12345678, red_importe: 1234.5, red_razon_social: '  Juan Pérez  ' }), 1, ctx);
    expect(r).toMatchObject({ red_dni_ruc: '12345678', red_importe: '1234.50', red_importe_text: '1,234.50', red_razon_social: 'Juan Pérez', red_errores: [] });
  });

  it('flags an unknown cost centre or document type, with their messages', () => {
    const r = revisarLinea(linea({ cec_codigo: 'XX-99', tid_descripcion: 'Vale' }), 1, { ...ctx, cec_id: null, tid_id: null });
    expect(r.cec_flag).toBe(true);
    expect(r.tid_flag).toBe(true);
    expect(r.red_errores).toEqual(['El centro de costo XX-99 no existe o no está activo', 'El tipo de documento Vale no existe']);
    const vacia = revisarLinea(linea({ cec_codigo: '', tid_descripcion: '' }), 1, { ...ctx, cec_id: null, tid_id: null });
    expect(vacia.red_errores).toEqual(['Ingrese el centro de costo', 'Ingrese el tipo de documento']);
    const otro = revisarLinea(linea(), 1, { ...ctx, cec_id: null, cec_mensaje: RENDICION_MSG.centroOtroProyecto('CC-PL-01') });
    expect(otro.red_errores).toEqual(['El centro de costo CC-PL-01 no es del proyecto de la caja']);
  });

  it('refuses a RUC with a wrong check digit, a DNI that is not 8 digits and anything else', () => {
    expect(revisarLinea(linea({ red_dni_ruc: '20100070971' }), 1, ctx).red_errores).toEqual([RUC_MSG.checkDigit]);
    expect(revisarLinea(linea({ red_dni_ruc: '1234567' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.dniRuc]);
    expect(revisarLinea(linea({ red_dni_ruc: '123456789' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.dniRuc]);
    expect(revisarLinea(linea({ red_dni_ruc: '1234567A' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.dniRuc]);
    expect(revisarLinea(linea({ red_dni_ruc: '' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.dniRuc]);
    expect(revisarLinea(linea({ red_dni_ruc: '30100070970' }), 1, ctx).red_errores).toEqual([RUC_MSG.prefix]);
  });

  it('accepts dates dd/mm/yyyy, dd-mm-yyyy, ISO and timestamps within the cash life only, limits included', () => {
    for (const f of ['1/11/2026', '01-11-2026', '2026-11-01', '2026-11-01T00:00:00.000Z']) {
      expect(revisarLinea(linea({ red_fecha: f }), 1, ctx).red_errores).toEqual([]);
    }
    expect(revisarLinea(linea({ red_fecha: '24/11/2026' }), 1, ctx).red_errores).toEqual([]);
    const fuera = 'La fecha debe estar entre 01/11/2026 y 24/11/2026';
    expect(RENDICION_MSG.fechaFuera(ctx.desde, ctx.hasta)).toBe(fuera);
    expect(revisarLinea(linea({ red_fecha: '31/10/2026' }), 1, ctx).red_errores).toEqual([fuera]);
    expect(revisarLinea(linea({ red_fecha: '25/11/2026' }), 1, ctx).red_errores).toEqual([fuera]);
    for (const f of ['31/02/2026', '2026/11/05', '5 nov 2026', '', '11/05/26']) {
      expect(revisarLinea(linea({ red_fecha: f }), 1, ctx).red_errores, f).toEqual([RENDICION_MSG.fecha]);
    }
  });

  it('refuses an amount ≤ 0, with more than 2 decimals or not a number', () => {
    for (const v of ['0', '0.00', '-5', '1.234', 'abc', '', '1e3', '1,234.50']) {
      expect(revisarLinea(linea({ red_importe: v }), 1, ctx).red_errores, v).toEqual([RENDICION_MSG.importe]);
    }
    expect(revisarLinea(linea({ red_importe: '0.01' }), 1, ctx).red_importe).toBe('0.01');
  });

  it('refuses a missing business name, long texts, a bad series or number', () => {
    expect(revisarLinea(linea({ red_razon_social: ' ' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.razonSocial]);
    expect(revisarLinea(linea({ red_razon_social: 'x'.repeat(201) }), 1, ctx).red_errores).toEqual([RENDICION_MSG.razonSocialMaxima]);
    expect(revisarLinea(linea({ red_descripcion: 'x'.repeat(301) }), 1, ctx).red_errores).toEqual([RENDICION_MSG.descripcionMaxima]);
    expect(revisarLinea(linea({ red_serie: 'F-001' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.serie]);
    expect(revisarLinea(linea({ red_serie: 'F0010000001' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.serie]);
    expect(revisarLinea(linea({ red_numero: '12A' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.numero]);
    expect(revisarLinea(linea({ red_numero: '' }), 1, ctx).red_errores).toEqual([RENDICION_MSG.numero]);
  });

  it('lists every problem of a line', () => {
    const r = revisarLinea(linea({ red_fecha: 'x', red_dni_ruc: '1', red_razon_social: '', red_importe: '0' }), 1, { ...ctx, cec_id: null, tid_id: null });
    expect(r.red_errores).toHaveLength(6);
  });
});

describe('normalizers and keys', () => {
  it('compares cost centre codes ignoring case, spaces and dots', () => {
    expect(claveCentroCosto(' CC 01.2 ')).toBe(claveCentroCosto('cc012'));
    expect(claveCentroCosto('CC-PL-01')).toBe('cc-pl-01');
  });

  it('compares document types ignoring case and accents', () => {
    expect(claveTipoDocumento(' Guía de Remisión ')).toBe('guia de remision');
    expect(claveTipoDocumento('FACTURA')).toBe(claveTipoDocumento('factura'));
  });

  it('keeps series upper case without spaces and numbers without leading zeros', () => {
    expect(normalizarSerie(' b 001 ')).toBe('B001');
    expect(normalizarNumero('000123')).toBe('123');
    expect(normalizarNumero('0')).toBe('0');
    expect(normalizarNumero('000')).toBe('0');
    expect(normalizarNumero(' 12 3 ')).toBe('123');
  });

  it('reads dates or answers null', () => {
    expect(fechaDocumento('5/1/2026')).toBe('2026-01-05');
    expect(fechaDocumento('29/02/2028')).toBe('2028-02-29');
    expect(fechaDocumento('29/02/2026')).toBeNull();
    expect(dniRucProblem('12345678')).toBeNull();
    expect(dniRucProblem('20100070970')).toBeNull();
  });

  it('the same document is the same key whatever zeros and case it was typed with', () => {
    const a = revisarLinea(linea({ red_serie: 'f001', red_numero: '00077' }), 1, ctx);
    const b = revisarLinea(linea({ red_serie: 'F001 ', red_numero: '77' }), 2, ctx);
    expect(claveDocumento(a)).toBe(claveDocumento(b));
  });
});

describe('marcarRepetidos', () => {
  it('marks the second and later copies with the row of the first; other documents are left alone', () => {
    const ls = [
      revisarLinea(linea(), 1, ctx),
      revisarLinea(linea({ red_numero: '124' }), 2, ctx),
      revisarLinea(linea({ red_numero: '123' }), 3, ctx),
      revisarLinea(linea({ red_numero: '0123' }), 4, ctx),
      revisarLinea(linea({ red_numero: '123' }), 5, { ...ctx, tid_id: 2 }),
      revisarLinea(linea({ red_numero: '123', red_dni_ruc: '12345678' }), 6, ctx),
    ];
    marcarRepetidos(ls);
    expect(ls.map((l) => l.red_errores)).toEqual([[], [], [RENDICION_MSG.repetidoEnGrilla(1)], [RENDICION_MSG.repetidoEnGrilla(1)], [], []]);
  });

  it('does not compare lines without a document type', () => {
    const ls = [revisarLinea(linea(), 1, { ...ctx, tid_id: null }), revisarLinea(linea(), 2, { ...ctx, tid_id: null })];
    marcarRepetidos(ls);
    expect(ls[1].red_errores).toEqual([RENDICION_MSG.tipoDocumento('Factura')]);
  });
});

const centimos = fc.bigInt({ min: 1n, max: 99_999_999_999n });
const texto = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

describe('rendicionTotales', () => {
  it('total = sum of documents, balance = amount − total, exactly (no float drift)', () => {
    fc.assert(fc.property(centimos, fc.array(centimos, { maxLength: 60 }), (monto, importes) => {
      const t = rendicionTotales(texto(monto), importes.map(texto));
      const suma = importes.reduce((s, c) => s + c, 0n);
      expect(toScaled(t.ren_total, 2)).toBe(suma);
      expect(toScaled(t.ren_saldo, 2)).toBe(monto - suma);
      expect(t.ren_total).not.toContain(',');
      expect(t.saldo_a_favor).toBe(monto - suma < 0n ? 'solicitante' : monto - suma > 0n ? 'empresa' : null);
    }));
  });

  it('adds the classic float traps exactly', () => {
    expect(rendicionTotales('1.00', ['0.10', '0.20'])).toEqual({ ren_total: '0.30', ren_saldo: '0.70', saldo_a_favor: 'empresa' });
    expect(rendicionTotales('100', Array(10).fill('10.10'))).toEqual({ ren_total: '101.00', ren_saldo: '-1.00', saldo_a_favor: 'solicitante' });
    expect(rendicionTotales('50.00', [])).toEqual({ ren_total: '0.00', ren_saldo: '50.00', saldo_a_favor: 'empresa' });
    expect(rendicionTotales('12345678901.99', ['12345678901.99'])).toEqual({ ren_total: '12345678901.99', ren_saldo: '0.00', saldo_a_favor: null });
  });

  it('shows a negative balance as owed to the requester', () => {
    expect(saldoTexto('S/', '-12.00')).toBe('S/ 12.00 a favor del solicitante');
    expect(saldoTexto('US$', '1234.5')).toBe('US$ 1,234.50');
    expect(saldoTexto('S/', '0.00')).toBe('S/ 0.00');
  });

  it('offers the PDF path only when a PDF is attached', () => {
    expect(cajUrlPdf({ caj_pdf_clave: null })).toBeNull();
    expect(cajUrlPdf({ caj_pdf_clave: 'rendiciones/x.pdf' })).toBe('/api/rendicion/descargarPdf');
  });
});
