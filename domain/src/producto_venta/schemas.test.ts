import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { precioConIgv } from '../orden_venta/calculo.ts';
import { VENDEDOR_MSG, VendedorRegistrar, vendedorDocumentoProblema } from '../vendedor/schemas.ts';
import { PVT_MSG, ProductoVentaModificar, ProductoVentaRegistrar, conPrecioIgv } from './schemas.ts';

const producto = (over: Record<string, unknown> = {}) => ({
  producto_venta: {
    pti_id_parent: 1, pti_id: 2, pvg_id: 1, mar_id: 3, unm_id: 4, pvt_nombre: "Concreto f'c 210", pvt_descripcion: '',
    pvt_precio_minimo: '281', pvt_precio: '305', pvt_stock: '0', ...over,
  },
});
const mensaje = (input: unknown) => ProductoVentaRegistrar.safeParse(input).error?.issues[0].message;

describe('sale product payload', () => {
  it('reads prices and stock as exact decimal text and defaults the status to activo', () => {
    expect(ProductoVentaRegistrar.parse(producto({ pvt_precio: '305.10', pvt_stock: '2,5' })).producto_venta)
      .toMatchObject({ pvt_precio: '305.1', pvt_precio_minimo: '281', pvt_stock: '2.5', est_id: 1 });
  });

  it('answers the spec\'s text for any missing field, an empty description being a description', () => {
    for (const field of ['pti_id_parent', 'pti_id', 'mar_id', 'unm_id', 'pvt_nombre', 'pvt_descripcion', 'pvt_precio', 'pvt_precio_minimo', 'pvt_stock']) {
      expect(mensaje(producto({ [field]: undefined })), field).toBe(PVT_MSG.falta);
      expect(mensaje(producto({ [field]: null })), field).toBe(PVT_MSG.falta);
    }
    expect(mensaje(producto({ pvt_precio: '' }))).toBe(PVT_MSG.falta);
    expect(ProductoVentaRegistrar.safeParse(producto({ pvt_descripcion: '' })).success).toBe(true);
    // The group is not among spec 3's required fields (issue 27).
    expect(ProductoVentaRegistrar.safeParse(producto({ pvg_id: undefined })).success).toBe(true);
  });

  it('accepts a minimum up to the maximum and refuses one above it, for any prices (fast-check)', () => {
    const cents = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(fc.property(cents, cents, (a, b) => {
      const text = (c: number) => (c / 100).toFixed(2);
      const ok = ProductoVentaRegistrar.safeParse(producto({ pvt_precio_minimo: text(a), pvt_precio: text(b) })).success;
      expect(ok).toBe(a <= b);
    }));
    expect(mensaje(producto({ pvt_precio_minimo: '305.01' }))).toBe(PVT_MSG.minimoMayor);
  });

  it('goes by mixer unless it says otherwise (issue 24); a modify without the field keeps what is stored', () => {
    expect(ProductoVentaRegistrar.parse(producto()).producto_venta.pvt_despacho_mixer).toBe(true);
    expect(ProductoVentaRegistrar.parse(producto({ pvt_despacho_mixer: false })).producto_venta.pvt_despacho_mixer).toBe(false);
    expect(mensaje(producto({ pvt_despacho_mixer: 'no' }))).toBe(PVT_MSG.despachoMixer);
    const modificar = { producto_venta: { ...producto().producto_venta, pvt_id: 5, pvt_version: 1, est_id: 1 } };
    expect(ProductoVentaModificar.parse(modificar).producto_venta.pvt_despacho_mixer).toBeUndefined();
  });

  it('adds the price with IGV of the maximum price', () => {
    expect(conPrecioIgv({ pvt_precio: '305.00' }).pvt_precio_igv).toBe('359.90');
    expect(precioConIgv('62.00')).toBe('73.16');
  });
});

describe('seller document', () => {
  it('takes a DNI of 8 digits or a valid RUC, with spaces typed in it', () => {
    expect(vendedorDocumentoProblema('41235678')).toBeNull();
    expect(vendedorDocumentoProblema('10442185765')).toBeNull();
    expect(vendedorDocumentoProblema('123456789')).toBe(VENDEDOR_MSG.documentoFormato);
    expect(vendedorDocumentoProblema('10442185766')).toBe('El RUC no es válido: el dígito verificador no corresponde');
    const parsed = VendedorRegistrar.parse({ vendedor: { ven_nombre: ' Ana  Ruiz ', ven_documento_identidad: '4123 5678', ven_capacidad: '', ven_placa: null } });
    expect(parsed.vendedor).toEqual({ ven_nombre: 'Ana Ruiz', ven_documento_identidad: '41235678', ven_correo: '', ven_telefono: '' });
  });
});
