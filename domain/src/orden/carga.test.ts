import { describe, expect, it } from 'vitest';
import { LUGAR_ENTREGA_DEFECTO, ORDEN_CARGA_CABECERA, ORDEN_CARGA_COLUMNS, OrdenCargaRow } from './carga.ts';

const row = (over: Record<string, string> = {}) => ({
  orden: ' a ', centro_costo: 'cc-pl-01', ruc: '20553128472', moneda: 's/', condicion: 'CREDITO', adelanto: '', metodo_pago: '1',
  carta_credito: '', tipo_documento: 'rxh', numero_documento: '', fecha_pago: '5/1/2027', lugar_entrega: '', referencia: ' Servicio  de izaje ',
  observacion: '', correo_contabilidad: 'Rosa@Andina.pe', correo_administracion: 'a@b.pe', correo_gerencia: 'g@b.pe',
  descripcion: 'Izaje', unidad: 'und', cantidad: '2,5', precio_unitario: '10',
  ...over,
});

describe('OrdenCargaRow', () => {
  it('converts the cells to ids and canonical values', () => {
    expect(OrdenCargaRow.parse(row())).toMatchObject({
      orden: 'A', centro_costo: 'CC-PL-01', moneda: 1, condicion: 2, metodo_pago: 1, tipo_documento: 6, fecha_pago: '2027-01-05',
      lugar_entrega: LUGAR_ENTREGA_DEFECTO, referencia: 'Servicio de izaje', correo_contabilidad: 'rosa@andina.pe', cantidad: '2.5', precio_unitario: '10',
    });
    expect(OrdenCargaRow.parse(row({ moneda: 'Dólares', fecha_pago: '2027-02-28', tipo_documento: 'Boleta de venta' }))).toMatchObject({ moneda: 2, fecha_pago: '2027-02-28', tipo_documento: 2 });
  });

  it('refuses unknown catalogue names, impossible dates and non-positive prices', () => {
    const r = OrdenCargaRow.safeParse(row({ moneda: 'EUR', condicion: 'Trueque', fecha_pago: '29-02-2027', precio_unitario: '0', ruc: '2055', correo_gerencia: 'x' }));
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({
      ruc: 'El RUC debe tener 11 dígitos',
      moneda: 'Use PEN o S/ (soles), USD o $ (dólares)',
      condicion: 'No existe esa condición comercial; vea la hoja "Valores válidos"',
      fecha_pago: 'Ingrese una fecha válida (dd-mm-aaaa)',
      correo_gerencia: 'El campo debe ser un correo válido',
      precio_unitario: 'El precio unitario debe ser mayor que 0',
    });
  });

  it('names only template columns as order-level', () => {
    const keys = ORDEN_CARGA_COLUMNS.map((c) => c.key as string);
    expect(ORDEN_CARGA_CABECERA.every((k) => keys.includes(k))).toBe(true);
  });
});
