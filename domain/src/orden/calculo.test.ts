import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import {
  IMPUESTOS_DEFECTO,
  ORDEN_CALCULO_MSG,
  ORI_TIPO,
  OrdenCalculoError,
  OrdenCalculoInput,
  calculateOrder,
  defaultTaxes,
  type ImpuestoOrden,
  type OriTipo,
} from './calculo.ts';

const tax = (ori_tipo: OriTipo, valor?: string): ImpuestoOrden => ({ ...IMPUESTOS_DEFECTO[ori_tipo], ...(valor === undefined ? {} : { valor }) });
const COMPRA = defaultTaxes({ tipo_orden: 1, es_importacion: false }); // IGV 0.18, Percepción 0
const SERVICIO = defaultTaxes({ tipo_orden: 2, tid_id: 1 }); // IGV 0.18, Detracción 0.12
const SERVICIO_RXH = defaultTaxes({ tipo_orden: 2, tid_id: 6 }); // IGV 0.18, Retención 0.08
const IMPORTACION = defaultTaxes({ tipo_orden: 1, es_importacion: true }); // + Ad. Valorem, Aduana, Transporte, Seguro

type Example = {
  name: string;
  input: Parameters<typeof calculateOrder>[0];
  lineas: string[];
  subtotal: string;
  descuento: string;
  descontado: string;
  impuestos: string[];
  total: string;
};

/** Worked by hand from spec 1 §9; every figure is derived in the comment above it. */
const EXAMPLES: Example[] = [
  {
    name: 'purchase order with IGV',
    // 10 × 25.50 = 255.00; 3 × 12.345 = 37.035 → 37.04 (half-up); subtotal 292.04
    // IGV 0.18 × 292.04 = 52.5672 → 52.57; Percepción 0 → 0.00; total 292.04 + 52.57 = 344.61
    input: { items: [{ cantidad: 10, precio_unitario: '25.50' }, { cantidad: 3, precio_unitario: '12.345' }], impuestos: COMPRA },
    lineas: ['255.00', '37.04'], subtotal: '292.04', descuento: '0.00', descontado: '292.04', impuestos: ['52.57', '0.00'], total: '344.61',
  },
  {
    name: '10% discount',
    // 4 × 250 = 1000.00; 2 × 37.5 = 75.00; subtotal 1075.00; 10% = 107.50; discounted 967.50
    // IGV 0.18 × 967.50 = 174.15; total 967.50 + 174.15 = 1141.65
    input: { items: [{ cantidad: 4, precio_unitario: 250 }, { cantidad: 2, precio_unitario: 37.5 }], descuento: 10, tipo_descuento: 1, impuestos: COMPRA },
    lineas: ['1000.00', '75.00'], subtotal: '1075.00', descuento: '107.50', descontado: '967.50', impuestos: ['174.15', '0.00'], total: '1141.65',
  },
  {
    name: 'value discount',
    // 5 × 99.99 = 499.95; discount 49.95 → 450.00; IGV 0.18 × 450 = 81.00; total 531.00
    input: { items: [{ cantidad: 5, precio_unitario: '99.99' }], descuento: '49.95', tipo_descuento: 2, impuestos: COMPRA },
    lineas: ['499.95'], subtotal: '499.95', descuento: '49.95', descontado: '450.00', impuestos: ['81.00', '0.00'], total: '531.00',
  },
  {
    name: 'Percepción 2% on the discounted subtotal × (1 + IGV)',
    // 100 × 8.40 = 840.00; 5% = 42.00; discounted 798.00; IGV 0.18 × 798 = 143.64
    // Percepción 0.02 × 798 × 1.18 = 0.02 × 941.64 = 18.8328 → 18.83; total 798 + 143.64 + 18.83 = 960.47
    input: { items: [{ cantidad: 100, precio_unitario: '8.40' }], descuento: 5, tipo_descuento: 1, impuestos: [tax(ORI_TIPO.IGV), tax(ORI_TIPO.PERCEPCION, '0.02')] },
    lineas: ['840.00'], subtotal: '840.00', descuento: '42.00', descontado: '798.00', impuestos: ['143.64', '18.83'], total: '960.47',
  },
  {
    name: 'service order with Detracción 12%, whole-number rounding',
    // subtotal 1234.56; IGV 0.18 × 1234.56 = 222.2208 → 222.22
    // Detracción 0.12 × 1234.56 × 1.18 = 0.12 × 1456.7808 = 174.813696 → 175 → -175.00; total 1234.56 + 222.22 − 175 = 1281.78
    input: { items: [{ cantidad: 1, precio_unitario: '1234.56' }], impuestos: SERVICIO },
    lineas: ['1234.56'], subtotal: '1234.56', descuento: '0.00', descontado: '1234.56', impuestos: ['222.22', '-175.00'], total: '1281.78',
  },
  {
    name: 'Detracción is on the UNdiscounted subtotal',
    // subtotal 1234.56; value discount 234.56 → 1000.00; IGV 180.00
    // Detracción still 0.12 × 1234.56 × 1.18 = 174.813696 → -175.00; total 1000 + 180 − 175 = 1005.00
    input: { items: [{ cantidad: 1, precio_unitario: '1234.56' }], descuento: '234.56', tipo_descuento: 2, impuestos: SERVICIO },
    lineas: ['1234.56'], subtotal: '1234.56', descuento: '234.56', descontado: '1000.00', impuestos: ['180.00', '-175.00'], total: '1005.00',
  },
  {
    name: 'Detracción exactly at .5 rounds half-up (away from zero)',
    // 625.00 × 1.18 = 737.50; × 0.12 = 88.5 → 89 → -89.00; IGV 0.18 × 625 = 112.50; total 625 + 112.50 − 89 = 648.50
    input: { items: [{ cantidad: 2, precio_unitario: '312.5' }], impuestos: SERVICIO },
    lineas: ['625.00'], subtotal: '625.00', descuento: '0.00', descontado: '625.00', impuestos: ['112.50', '-89.00'], total: '648.50',
  },
  {
    name: 'service order RXH with Retención 8%',
    // 8 × 156.25 = 1250.00; IGV 225.00; Retención 0.08 × 1250 × 1.18 = 0.08 × 1475 = 118.00 → -118.00
    // total 1250 + 225 − 118 = 1357.00
    input: { items: [{ cantidad: 8, precio_unitario: '156.25' }], impuestos: SERVICIO_RXH },
    lineas: ['1250.00'], subtotal: '1250.00', descuento: '0.00', descontado: '1250.00', impuestos: ['225.00', '-118.00'], total: '1357.00',
  },
  {
    name: 'Retención rounded to the cent',
    // 333.33; IGV 0.18 × 333.33 = 59.9994 → 60.00
    // Retención 0.08 × 333.33 × 1.18 = 0.08 × 393.3294 = 31.466352 → 31.47 → -31.47; total 333.33 + 60 − 31.47 = 361.86
    input: { items: [{ cantidad: 1, precio_unitario: '333.33' }], impuestos: SERVICIO_RXH },
    lineas: ['333.33'], subtotal: '333.33', descuento: '0.00', descontado: '333.33', impuestos: ['60.00', '-31.47'], total: '361.86',
  },
  {
    name: 'Retención without an IGV row uses (1 + 0)',
    // 1250.00; Retención 0.08 × 1250 × 1 = 100.00 → -100.00; total 1150.00
    input: { items: [{ cantidad: 8, precio_unitario: '156.25' }], impuestos: [tax(ORI_TIPO.RETENCION)] },
    lineas: ['1250.00'], subtotal: '1250.00', descuento: '0.00', descontado: '1250.00', impuestos: ['-100.00'], total: '1150.00',
  },
  {
    name: 'import purchase order with the four import rows',
    // 2 × 4500 = 9000.00; 1 × 1000 = 1000.00; subtotal 10000.00; 2% = 200.00; discounted 9800.00
    // IGV 1764.00; Percepción 0.00; Ad. Valorem 0.11 × 9800 = 1078.00; Aduana 0.003 × 9800 = 29.40
    // Transporte 0.01 × 9800 = 98.00; Seguro 0.001 × 9800 = 9.80
    // total 9800 + 1764 + 0 + 1078 + 29.40 + 98 + 9.80 = 12779.20
    input: { items: [{ cantidad: 2, precio_unitario: 4500 }, { cantidad: 1, precio_unitario: 1000 }], descuento: 2, tipo_descuento: 1, impuestos: IMPORTACION },
    lineas: ['9000.00', '1000.00'], subtotal: '10000.00', descuento: '200.00', descontado: '9800.00',
    impuestos: ['1764.00', '0.00', '1078.00', '29.40', '98.00', '9.80'], total: '12779.20',
  },
  {
    name: 'import rows each rounded to the cent',
    // 1234.57; IGV 222.2226 → 222.22; Ad. Valorem 135.8027 → 135.80; Aduana 3.70371 → 3.70
    // Transporte 12.3457 → 12.35; Seguro 1.23457 → 1.23
    // total 1234.57 + 222.22 + 0 + 135.80 + 3.70 + 12.35 + 1.23 = 1609.87
    input: { items: [{ cantidad: 1, precio_unitario: '1234.57' }], impuestos: IMPORTACION },
    lineas: ['1234.57'], subtotal: '1234.57', descuento: '0.00', descontado: '1234.57',
    impuestos: ['222.22', '0.00', '135.80', '3.70', '12.35', '1.23'], total: '1609.87',
  },
  {
    name: 'half-up on lines, discount and IGV where floats go wrong',
    // 1 × 0.125 = 0.125 → 0.13 (not banker's 0.12); 3 × 0.335 = 1.005 → 1.01 (float 1.00499…); 1 × 1.005 → 1.01
    // subtotal 0.13 + 1.01 + 1.01 = 2.15; 10% = 0.215 → 0.22; discounted 1.93; IGV 0.18 × 1.93 = 0.3474 → 0.35
    // total 1.93 + 0.35 = 2.28
    input: { items: [{ cantidad: 1, precio_unitario: 0.125 }, { cantidad: 3, precio_unitario: '0.335' }, { cantidad: 1, precio_unitario: 1.005 }], descuento: 10, impuestos: [tax(ORI_TIPO.IGV)] },
    lineas: ['0.13', '1.01', '1.01'], subtotal: '2.15', descuento: '0.22', descontado: '1.93', impuestos: ['0.35'], total: '2.28',
  },
  {
    name: 'IGV exactly at half a cent',
    // 1 × 10.25; IGV 0.18 × 10.25 = 1.845 → 1.85; total 12.10
    input: { items: [{ cantidad: 1, precio_unitario: '10.25' }], impuestos: [tax(ORI_TIPO.IGV)] },
    lineas: ['10.25'], subtotal: '10.25', descuento: '0.00', descontado: '10.25', impuestos: ['1.85'], total: '12.10',
  },
  {
    name: 'many lines with 3-decimal prices: each line rounded before summing',
    // 3 × 1.005 = 3.015 → 3.02; 7 × 2.335 = 16.345 → 16.35; 0.5 × 19.999 = 9.9995 → 10.00
    // 1.25 × 3.333 = 4.16625 → 4.17; 12 × 0.125 = 1.5 → 1.50; subtotal 35.04 (unrounded sum 35.02575)
    // IGV 0.18 × 35.04 = 6.3072 → 6.31; total 41.35
    input: {
      items: [
        { cantidad: 3, precio_unitario: '1.005' }, { cantidad: 7, precio_unitario: '2.335' }, { cantidad: '0.5', precio_unitario: '19.999' },
        { cantidad: '1.25', precio_unitario: '3.333' }, { cantidad: 12, precio_unitario: '0.125' },
      ],
      impuestos: [tax(ORI_TIPO.IGV)],
    },
    lineas: ['3.02', '16.35', '10.00', '4.17', '1.50'], subtotal: '35.04', descuento: '0.00', descontado: '35.04', impuestos: ['6.31'], total: '41.35',
  },
  {
    name: 'no items: every amount is 0.00',
    input: { items: [], impuestos: SERVICIO },
    lineas: [], subtotal: '0.00', descuento: '0.00', descontado: '0.00', impuestos: ['0.00', '0.00'], total: '0.00',
  },
];

describe('calculateOrder, worked examples (spec 1 §9)', () => {
  it.each(EXAMPLES)('$name', (ex) => {
    const r = calculateOrder(ex.input);
    expect(r.lineas.map((l) => l.importe)).toEqual(ex.lineas);
    expect(r.subtotal).toBe(ex.subtotal);
    expect(r.descuento_aplicado).toBe(ex.descuento);
    expect(r.subtotal_descontado).toBe(ex.descontado);
    expect(r.impuestos.map((t) => t.valor_aplicado)).toEqual(ex.impuestos);
    expect(r.total).toBe(ex.total);
  });

  it('keeps each tax row as given, with its applied amount', () => {
    const r = calculateOrder({ items: [{ cantidad: 1, precio_unitario: '1234.56' }], impuestos: [{ descripcion: ' IGV ', valor: 0.18, ori_tipo: 1 }, { descripcion: 'Detracción', valor: '0.120', ori_tipo: 2 }] });
    expect(r.impuestos).toEqual([
      { descripcion: 'IGV', valor: '0.18', ori_tipo: 1, valor_aplicado: '222.22' },
      { descripcion: 'Detracción', valor: '0.12', ori_tipo: 2, valor_aplicado: '-175.00' },
    ]);
  });

  it('accepts a comma as decimal point and defaults discount 0, type 1, no taxes', () => {
    expect(calculateOrder({ items: [{ cantidad: '2,5', precio_unitario: ' 10,10 ' }] })).toEqual({
      lineas: [{ importe: '25.25' }], subtotal: '25.25', descuento_aplicado: '0.00', subtotal_descontado: '25.25', impuestos: [], total: '25.25',
    });
  });

  it('a 100% or whole-subtotal discount leaves 0.00 to tax', () => {
    expect(calculateOrder({ items: [{ cantidad: 3, precio_unitario: '9.99' }], descuento: 100, impuestos: COMPRA }).total).toBe('0.00');
    const r = calculateOrder({ items: [{ cantidad: 3, precio_unitario: '9.99' }], descuento: '29.97', tipo_descuento: 2, impuestos: SERVICIO });
    // Detracción stays on the undiscounted 29.97: 0.12 × 29.97 × 1.18 = 4.243752 → -4.00
    expect([r.subtotal_descontado, r.impuestos[1].valor_aplicado, r.total]).toEqual(['0.00', '-4.00', '-4.00']);
  });
});

describe('calculateOrder, refused input', () => {
  const base = { items: [{ cantidad: 2, precio_unitario: 50 }], impuestos: COMPRA };
  const refusal = (input: unknown) => {
    try {
      calculateOrder(input as Parameters<typeof calculateOrder>[0]);
    } catch (e) {
      expect(e).toBeInstanceOf(OrdenCalculoError);
      return { message: (e as OrdenCalculoError).message, path: (e as OrdenCalculoError).path.join('.') };
    }
    return null;
  };

  it('throws OrdenCalculoError with the Spanish message and the field', () => {
    expect(refusal({ ...base, descuento: 100.5 })).toEqual({ message: ORDEN_CALCULO_MSG.descuentoPorcentaje, path: 'descuento' });
    expect(refusal({ ...base, descuento: -1 })).toEqual({ message: ORDEN_CALCULO_MSG.descuentoNegativo, path: 'descuento' });
    expect(refusal({ ...base, descuento: '100.01', tipo_descuento: 2 })).toEqual({ message: ORDEN_CALCULO_MSG.descuentoMayorSubtotal, path: 'descuento' });
    expect(refusal({ ...base, descuento: '1.005', tipo_descuento: 2 })).toEqual({ message: ORDEN_CALCULO_MSG.descuentoDecimales, path: 'descuento' });
    expect(refusal({ ...base, descuento: '12.34567' })).toEqual({ message: ORDEN_CALCULO_MSG.descuentoPorcentajeDecimales, path: 'descuento' });
    expect(refusal({ ...base, tipo_descuento: 3 })).toEqual({ message: ORDEN_CALCULO_MSG.tipoDescuento, path: 'tipo_descuento' });
    expect(refusal({ ...base, items: [{ cantidad: 0, precio_unitario: 1 }] })).toEqual({ message: ORDEN_CALCULO_MSG.cantidadPositiva, path: 'items.0.cantidad' });
    expect(refusal({ ...base, items: [{ cantidad: '1.00001', precio_unitario: 1 }] })).toEqual({ message: ORDEN_CALCULO_MSG.cantidadDecimales, path: 'items.0.cantidad' });
    expect(refusal({ ...base, items: [{ cantidad: 1e12, precio_unitario: 1 }] })).toEqual({ message: ORDEN_CALCULO_MSG.cantidadMaxima, path: 'items.0.cantidad' });
    expect(refusal({ ...base, items: [{ cantidad: 1, precio_unitario: '-0.01' }] })).toEqual({ message: ORDEN_CALCULO_MSG.precioNegativo, path: 'items.0.precio_unitario' });
    expect(refusal({ ...base, items: [{ cantidad: 1, precio_unitario: 1e-7 }] })).toEqual({ message: ORDEN_CALCULO_MSG.number, path: 'items.0.precio_unitario' });
    expect(refusal({ ...base, items: [{ cantidad: 1, precio_unitario: '1.23456' }] })).toEqual({ message: ORDEN_CALCULO_MSG.precioDecimales, path: 'items.0.precio_unitario' });
    expect(refusal({ ...base, items: [{ cantidad: 'diez', precio_unitario: 1 }] })).toEqual({ message: ORDEN_CALCULO_MSG.number, path: 'items.0.cantidad' });
    expect(refusal({ ...base, items: [{ cantidad: ' ', precio_unitario: 1 }] })).toEqual({ message: MSG.required, path: 'items.0.cantidad' });
    // NaN is what an emptied number input gives: 'required'
    expect(refusal({ ...base, items: [{ cantidad: 1, precio_unitario: NaN }] })).toEqual({ message: MSG.required, path: 'items.0.precio_unitario' });
    expect(refusal({ ...base, items: [{ cantidad: 1 }] })).toEqual({ message: MSG.required, path: 'items.0.precio_unitario' });
    expect(refusal({ ...base, impuestos: [tax(ORI_TIPO.IGV, '18')] })).toEqual({ message: ORDEN_CALCULO_MSG.tasa, path: 'impuestos.0.valor' });
    expect(refusal({ ...base, impuestos: [tax(ORI_TIPO.IGV, '0.1234567')] })).toEqual({ message: ORDEN_CALCULO_MSG.tasaDecimales, path: 'impuestos.0.valor' });
    expect(refusal({ ...base, impuestos: [{ descripcion: 'ISC', valor: '0.1', ori_tipo: 9 }] })).toEqual({ message: ORDEN_CALCULO_MSG.tipoImpuesto, path: 'impuestos.0.ori_tipo' });
    expect(refusal({ ...base, impuestos: [tax(ORI_TIPO.IGV), tax(ORI_TIPO.IGV, '0.10')] })).toEqual({ message: ORDEN_CALCULO_MSG.impuestoRepetido('IGV'), path: 'impuestos.1.ori_tipo' });
    expect(refusal({ ...base, impuestos: [{ descripcion: '', valor: '0.1', ori_tipo: 1 }] })).toEqual({ message: MSG.required, path: 'impuestos.0.descripcion' });
    expect(refusal(base)).toBeNull();
  });

  it('lists every problem through the schema, with the discount checked once the fields are valid', () => {
    const r = OrdenCalculoInput.safeParse({ items: [{ cantidad: 0, precio_unitario: -1 }], descuento: 5, tipo_descuento: 2, impuestos: [{ descripcion: '', valor: 2, ori_tipo: 1 }] });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      `items.0.cantidad: ${ORDEN_CALCULO_MSG.cantidadPositiva}`,
      `items.0.precio_unitario: ${ORDEN_CALCULO_MSG.precioNegativo}`,
      `impuestos.0.descripcion: ${MSG.required}`,
      `impuestos.0.valor: ${ORDEN_CALCULO_MSG.tasa}`,
    ]);
    const ok = OrdenCalculoInput.parse({ items: [{ cantidad: '1.50', precio_unitario: 3 }], impuestos: [{ descripcion: 'IGV', valor: '0.180', ori_tipo: 1 }] });
    expect(ok).toEqual({ items: [{ cantidad: '1.5', precio_unitario: '3' }], descuento: '0', tipo_descuento: 1, impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }] });
  });
});

describe('defaultTaxes (spec 1 §9, DECISIONS §4)', () => {
  const rows = (o: Parameters<typeof defaultTaxes>[0]) => defaultTaxes(o).map((t) => `${t.ori_tipo} ${t.descripcion} ${t.valor}`);
  const IMPORT_ROWS = ['5 Ad. Valorem 0.11', '6 Servicio de Aduana 0.003', '7 Transporte a almacén 0.01', '8 Seguro de transporte 0.001'];

  it('purchase order: IGV and Percepción 0, whatever the receipt type', () => {
    for (const tid_id of [null, 1, 6]) {
      expect(rows({ tipo_orden: 1, es_importacion: false, tid_id })).toEqual(['1 IGV 0.18', '3 Percepción 0']);
      expect(rows({ tipo_orden: 1, es_importacion: 0, tid_id })).toEqual(['1 IGV 0.18', '3 Percepción 0']);
    }
  });

  it('import purchase order: also the four import taxes', () => {
    for (const es_importacion of [true, 1] as const) {
      expect(rows({ tipo_orden: 1, es_importacion, tid_id: 1 })).toEqual(['1 IGV 0.18', '3 Percepción 0', ...IMPORT_ROWS]);
      expect(rows({ tipo_orden: 1, es_importacion, tid_id: 6 })).toEqual(['1 IGV 0.18', '3 Percepción 0', ...IMPORT_ROWS]);
    }
  });

  it('service order: Retención 0.08 with RXH (tid_id 6), Detracción 0.12 otherwise; never import rows', () => {
    for (const es_importacion of [false, true]) {
      expect(rows({ tipo_orden: 2, es_importacion, tid_id: 6 })).toEqual(['1 IGV 0.18', '4 Retención 0.08']);
      for (const tid_id of [null, undefined, 1, 2, 10]) expect(rows({ tipo_orden: 2, es_importacion, tid_id })).toEqual(['1 IGV 0.18', '2 Detracción 0.12']);
    }
  });

  it('returns fresh rows the form may edit, valid calculation input', () => {
    const a = defaultTaxes({ tipo_orden: 2 });
    a[0].valor = '0.10';
    expect(defaultTaxes({ tipo_orden: 2 })[0].valor).toBe('0.18');
    expect(IMPUESTOS_DEFECTO[ORI_TIPO.IGV].valor).toBe('0.18');
    expect(OrdenCalculoInput.safeParse({ items: [], impuestos: IMPORTACION }).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

/** Exact cents of a "-12.34" text as a BigInt. */
const cents = (money: string): bigint => {
  expect(money).toMatch(/^-?\d+\.\d{2}$/);
  return BigInt(money.replace('.', ''));
};
/** A non-negative integer scaled by 10^places as decimal text: (12345n, 4) → '1.2345'. */
const scaled = (n: bigint, places: number): string => {
  const s = n.toString().padStart(places + 1, '0');
  return places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`;
};
/** num / den rounded half-up, for num ≥ 0 and den > 0. */
const divHalfUp = (num: bigint, den: bigint): bigint => (2n * num + den) / (2n * den);

const arbItem = fc.record({
  cantidad: fc.bigInt({ min: 1n, max: 100_000_000n }), // 0.0001 .. 10000.0000
  precio: fc.bigInt({ min: 0n, max: 1_000_000_000n }), // 0.0000 .. 100000.0000
  asNumber: fc.boolean(),
});
const arbTaxes = fc
  .uniqueArray(fc.record({ ori_tipo: fc.constantFrom<OriTipo>(1, 2, 3, 4, 5, 6, 7, 8), rate: fc.bigInt({ min: 0n, max: 1_000_000n }) }), { selector: (t) => t.ori_tipo, maxLength: 8 });
const arbOrder = fc.record({
  items: fc.array(arbItem, { maxLength: 8 }),
  tipo_descuento: fc.constantFrom<1 | 2>(1, 2),
  pct: fc.bigInt({ min: 0n, max: 1_000_000n }), // 0.0000 .. 100.0000 percent
  valueShare: fc.double({ min: 0, max: 1, noNaN: true }),
  taxes: arbTaxes,
});
type ArbOrder = typeof arbOrder extends fc.Arbitrary<infer T> ? T : never;

/** The input of an arbitrary order; a value discount is a share of the subtotal, in cents. */
function toInput(o: ArbOrder) {
  const items = o.items.map((i) => {
    const cantidad = scaled(i.cantidad, 4);
    const precio_unitario = scaled(i.precio, 4);
    return i.asNumber ? { cantidad: Number(cantidad), precio_unitario: Number(precio_unitario) } : { cantidad, precio_unitario };
  });
  const subtotal = reference(o.items, 1, 0n, []).subtotal;
  const valueCents = BigInt(Math.floor(Number(subtotal) * o.valueShare));
  const descuento = o.tipo_descuento === 1 ? scaled(o.pct, 4) : scaled(valueCents, 2);
  const impuestos = o.taxes.map((t) => ({ ...IMPUESTOS_DEFECTO[t.ori_tipo], valor: scaled(t.rate, 6) }));
  return { items, descuento, tipo_descuento: o.tipo_descuento, impuestos, valueCents };
}

/**
 * An independent implementation in BigInt cents: quantities and prices scaled by 10^4, rates by
 * 10^6, percentages by 10^4; every rounding is an explicit integer half-up division.
 */
function reference(items: { cantidad: bigint; precio: bigint }[], tipo: 1 | 2, discount: bigint, taxes: { ori_tipo: OriTipo; rate: bigint }[]) {
  const lineas = items.map((i) => divHalfUp(i.cantidad * i.precio, 1_000_000n)); // 10^8 → cents
  const subtotal = lineas.reduce((s, l) => s + l, 0n);
  const descuento = tipo === 1 ? divHalfUp(subtotal * discount, 1_000_000n) : discount; // pct × 10^4 × 100
  const descontado = subtotal - descuento;
  const igv = taxes.find((t) => t.ori_tipo === 1)?.rate ?? 0n;
  const applied = taxes.map((t) => {
    if (t.ori_tipo === 3) return divHalfUp(descontado * t.rate * (1_000_000n + igv), 10n ** 12n);
    if (t.ori_tipo === 2) return -divHalfUp(subtotal * t.rate * (1_000_000n + igv), 10n ** 14n) * 100n; // whole soles
    if (t.ori_tipo === 4) return -divHalfUp(subtotal * t.rate * (1_000_000n + igv), 10n ** 12n);
    return divHalfUp(descontado * t.rate, 1_000_000n);
  });
  const total = applied.reduce((s, a) => s + a, descontado);
  return { lineas, subtotal, descuento, descontado, applied, total };
}

const moneyFields = (r: ReturnType<typeof calculateOrder>) => [
  ...r.lineas.map((l) => l.importe), r.subtotal, r.descuento_aplicado, r.subtotal_descontado, ...r.impuestos.map((t) => t.valor_aplicado), r.total,
];

describe('calculateOrder, properties', () => {
  it('matches an independent BigInt-cents half-up implementation', () => {
    fc.assert(fc.property(arbOrder, (o) => {
      const input = toInput(o);
      const r = calculateOrder(input);
      const ref = reference(o.items, o.tipo_descuento, o.tipo_descuento === 1 ? o.pct : input.valueCents, o.taxes);
      expect(r.lineas.map((l) => cents(l.importe))).toEqual(ref.lineas);
      expect([r.subtotal, r.descuento_aplicado, r.subtotal_descontado, r.total].map(cents)).toEqual([ref.subtotal, ref.descuento, ref.descontado, ref.total]);
      expect(r.impuestos.map((t) => cents(t.valor_aplicado))).toEqual(ref.applied);
    }), { numRuns: 500 });
  });

  it('total = discounted subtotal + Σ applied taxes to the cent, and subtotal = Σ lines', () => {
    fc.assert(fc.property(arbOrder, (o) => {
      const r = calculateOrder(toInput(o));
      expect(cents(r.total)).toBe(r.impuestos.reduce((s, t) => s + cents(t.valor_aplicado), cents(r.subtotal_descontado)));
      expect(cents(r.subtotal)).toBe(r.lineas.reduce((s, l) => s + cents(l.importe), 0n));
      expect(cents(r.subtotal_descontado)).toBe(cents(r.subtotal) - cents(r.descuento_aplicado));
    }));
  });

  it('every amount has exactly 2 decimals and no negative zero', () => {
    fc.assert(fc.property(arbOrder, (o) => {
      for (const m of moneyFields(calculateOrder(toInput(o)))) {
        expect(m).toMatch(/^-?\d+\.\d{2}$/);
        expect(m).not.toBe('-0.00');
      }
    }));
  });

  it('Detracción is a whole number, never positive; Retención never positive', () => {
    fc.assert(fc.property(arbOrder, (o) => {
      for (const t of calculateOrder(toInput(o)).impuestos) {
        if (t.ori_tipo === ORI_TIPO.DETRACCION) expect(t.valor_aplicado).toMatch(/^-?\d+\.00$/);
        if (t.ori_tipo === ORI_TIPO.DETRACCION || t.ori_tipo === ORI_TIPO.RETENCION) expect(cents(t.valor_aplicado) <= 0n).toBe(true);
      }
    }));
  });

  it('a larger quantity on a line never lowers the subtotal, nor the total without Detracción/Retención', () => {
    const arb = fc.record({
      o: arbOrder.filter((o) => o.items.length > 0),
      line: fc.nat(),
      extra: fc.bigInt({ min: 1n, max: 100_000_000n }),
    });
    fc.assert(fc.property(arb, ({ o, line, extra }) => {
      const taxes = o.taxes.filter((t) => t.ori_tipo !== ORI_TIPO.DETRACCION && t.ori_tipo !== ORI_TIPO.RETENCION);
      const before = toInput({ ...o, taxes });
      const k = line % o.items.length;
      const bigger = o.items.map((i, j) => (j === k ? { ...i, cantidad: i.cantidad + extra } : i));
      // the same discount as before (a value discount keeps its amount)
      const after = { ...toInput({ ...o, taxes, items: bigger }), descuento: before.descuento };
      const r0 = calculateOrder(before);
      const r1 = calculateOrder(after);
      expect(cents(r1.subtotal) >= cents(r0.subtotal)).toBe(true);
      expect(cents(r1.total) >= cents(r0.total)).toBe(true);
    }));
  });

  it('no discount and no taxes: total = subtotal', () => {
    fc.assert(fc.property(arbOrder, (o) => {
      const { items } = toInput(o);
      const r = calculateOrder({ items, descuento: 0, tipo_descuento: o.tipo_descuento, impuestos: [] });
      expect(r.total).toBe(r.subtotal);
      expect(r.subtotal_descontado).toBe(r.subtotal);
    }));
  });
});
