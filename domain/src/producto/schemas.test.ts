import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCTO_MSG, ProductoFields, ProductoImportRow, decimalText, productoEstadoNombre } from './schemas.ts';

const base = { prv_nombre: 'Casco de seguridad', cat_id: 1, tip_id: 2, unm_id: 3 };
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('decimalText', () => {
  it('keeps any amount of NUMERIC(14,2) exactly, as text with two decimals', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }), (cents) => {
      const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
      expect(decimalText(text)).toBe(text);
    }));
    expect(decimalText('5')).toBe('5.00');
    expect(decimalText('007,5')).toBe('7.50');
    expect(decimalText(0.1)).toBe('0.10');
    expect(decimalText('')).toBe('0.00');
    expect(decimalText(null)).toBe('0.00');
  });

  it('refuses negatives, more than two decimals, exponents and text', () => {
    for (const bad of ['-1', '1.234', '1e3', 1e-7, 'diez', '1.2.3', '1000000000000']) expect(decimalText(bad), String(bad)).toBeNull();
  });
});

describe('ProductoFields', () => {
  it('fills defaults and clears the estimated return of a non-returnable product', () => {
    expect(ProductoFields.parse({ ...base, prv_retorno_estimado: 30, prv_item: true })).toEqual({
      ...base, prv_descripcion: '', mar_id: null, prv_item: 1, prv_reposicion: 0, prv_retornable: 0, prv_retorno_estimado: null, prv_stock_minimo: '0.00',
    });
  });

  it('needs the estimated return of a returnable product and reports it with the other problems', () => {
    const r = ProductoFields.safeParse({ ...base, prv_nombre: '', prv_retornable: 1, prv_stock_minimo: '-2' });
    expect(messages(r)).toEqual([PRODUCTO_MSG.nombre, PRODUCTO_MSG.stockMinimo, PRODUCTO_MSG.retornoRequerido]);
    expect(ProductoFields.parse({ ...base, prv_retornable: 1, prv_retorno_estimado: 30 }).prv_retorno_estimado).toBe(30);
  });
});

describe('ProductoImportRow', () => {
  const row = { nombre: 'Pala', categoria: 'Herramientas', tipo: 'Manuales', marca: '', unidad: 'UND', serie: '', retornable: 'Sí', retorno: '60', reposicion: 'no', stock_minimo: '3' };

  it('reads SI/NO in any case and accent, empty cells as their defaults', () => {
    expect(ProductoImportRow.parse(row)).toMatchObject({ marca: null, serie: 0, retornable: 1, retorno: 60, reposicion: 0, stock_minimo: '3.00' });
    expect(ProductoImportRow.parse({ ...row, retornable: '', retorno: '60' }).retorno).toBeNull();
  });

  it('names every problem of a row', () => {
    const r = ProductoImportRow.safeParse({ ...row, serie: 'quizá', retorno: '', stock_minimo: 'x' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['serie', PRODUCTO_MSG.siNo], ['stock_minimo', PRODUCTO_MSG.stockMinimo], ['retorno', 'Es obligatorio cuando el producto es retornable'],
    ]);
  });
});

it('names the status as the screen shows it', () => {
  expect(productoEstadoNombre(0)).toBe('Deshabilitado');
  expect(productoEstadoNombre(1)).toBe('Habilitado');
});
