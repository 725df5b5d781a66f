import { describe, expect, it } from 'vitest';
import { formatFechaHoraLima, parseFechaHoraLima } from './fecha.ts';
import { ORDEN_VENTA_MSG as M } from './mensajes.ts';
import { OrdenVentaBuscar, OrdenVentaModificar, OrdenVentaPagoRegistrar, OrdenVentaRegistrar } from './schemas.ts';

const orden = (over: Record<string, unknown> = {}) => ({
  cli_id: 1, cde_id: 2, ven_id: 3, tid_id: 1, coc_id: 1, ovt_nombre_contacto: 'Luis Paredes', ovt_telefono_contacto: '987654321',
  ovt_correo_contacto: 'lparedes@obra.pe', ovt_documento_identidad_contacto: '45879632', ovt_fecha_entrega: '25-11-2026 13:00',
  lista_orden_venta_detalle: [{ pvt_id: 7, ovd_precio: '310.00', ovd_cantidad: '8.5' }], ...over,
});
const error = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe('fecha', () => {
  it("reads 'dd-mm-yyyy HH:mm' as Lima time and writes it back", () => {
    expect(parseFechaHoraLima('25-11-2026 13:00')).toBe('2026-11-25T18:00:00.000Z');
    expect(parseFechaHoraLima('25/11/2026 13:00')).toBe('2026-11-25T18:00:00.000Z');
    expect(parseFechaHoraLima('2026-11-25T13:00')).toBe('2026-11-25T18:00:00.000Z');
    expect(parseFechaHoraLima('2026-11-25T18:00:00Z')).toBe('2026-11-25T18:00:00.000Z');
    expect(formatFechaHoraLima('2026-11-25T18:00:00.000Z')).toBe('25-11-2026 13:00');
    expect(formatFechaHoraLima(new Date('2026-01-01T04:30:00Z'))).toBe('31-12-2025 23:30');
  });

  it('refuses what is not a real date and time', () => {
    for (const t of ['30-02-2026 10:00', '25-11-2026 24:00', '25-11-2026 10:60', '2026/11/25', '', 'mañana']) expect(parseFechaHoraLima(t)).toBeNull();
  });
});

describe('OrdenVentaRegistrar', () => {
  it('accepts the form, ignores the amounts and the registrar, defaults the frequency', () => {
    const r = OrdenVentaRegistrar.parse({ orden_venta: orden({ ovt_total: '1.00', ovt_registrador: 99 }) }).orden_venta;
    expect(r.ovt_fecha_entrega).toBe('2026-11-25T18:00:00.000Z');
    expect(r.lista_orden_venta_detalle).toEqual([{ pvt_id: 7, ovd_precio: '310', ovd_cantidad: '8.5', env_frecuencia: 60 }]);
    expect(r.mon_id).toBe(1);
    expect(r.ovt_referencia_envio).toBeNull();
  });

  it("answers 'Falta ingresar datos para registrar la orden de venta' for each missing field and for no lines", () => {
    for (const campo of ['cli_id', 'cde_id', 'tid_id', 'coc_id', 'ovt_nombre_contacto', 'ovt_telefono_contacto', 'ovt_correo_contacto',
      'ovt_documento_identidad_contacto', 'ovt_fecha_entrega', 'lista_orden_venta_detalle']) {
      expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ [campo]: undefined }) })), campo).toBe(M.falta);
      expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ [campo]: '' }) })), campo).toBe(M.falta);
    }
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ lista_orden_venta_detalle: [] }) }))).toBe(M.falta);
    expect(error(OrdenVentaRegistrar.safeParse({}))).toBe(M.falta);
  });

  it('refuses a repeated product, a zero quantity, a bad price and a voucher type other than FACTURA or BOLETA', () => {
    const l = { pvt_id: 7, ovd_precio: '310', ovd_cantidad: '1' };
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ lista_orden_venta_detalle: [l, { ...l }] }) }))).toBe('El producto ya ha sido agregado');
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ lista_orden_venta_detalle: [{ ...l, ovd_cantidad: '0' }] }) }))).toBe(M.cantidad);
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ lista_orden_venta_detalle: [{ ...l, ovd_precio: '-1' }] }) }))).toBe(M.precio);
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ tid_id: 3 }) }))).toBe(M.tipoComprobante);
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ ovt_fecha_entrega: '31-02-2026 13:00' }) }))).toBe(M.fechaEntrega);
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ ovt_correo_contacto: 'sin-arroba' }) }))).toBe(M.correo);
    expect(error(OrdenVentaRegistrar.safeParse({ orden_venta: orden({ mon_id: 2 }) }))).toBe(M.moneda);
  });
});

describe('OrdenVentaModificar', () => {
  it('takes FACTURA or BOLETA and needs the id and version', () => {
    expect(OrdenVentaModificar.safeParse({ orden_venta: orden({ ovt_id: 5, ovt_version: 1, tid_id: 2 }) }).success).toBe(true);
    expect(error(OrdenVentaModificar.safeParse({ orden_venta: orden({ ovt_id: 5, ovt_version: 1, tid_id: 3 }) }))).toBe(M.tipoComprobante);
    expect(error(OrdenVentaModificar.safeParse({ orden_venta: orden({ ovt_version: 1 }) }))).toBe(M.falta);
    expect(error(OrdenVentaModificar.safeParse({ orden_venta: orden({ ovt_id: 5 }) }))).toBe(M.falta);
  });
});

describe('OrdenVentaBuscar and OrdenVentaPagoRegistrar', () => {
  it('reads the filters, empty as none', () => {
    const f = OrdenVentaBuscar.parse({ orden_venta: { cli_search: ' ', ovt_id: '', est_id: '11', ovt_fecha_inicio: '18-11-2026', ovt_fecha_fin: '2026-11-27T05:00:00Z' } }).orden_venta;
    expect(f).toMatchObject({ cli_search: null, ovt_id: null, est_id: 11, ovt_fecha_inicio: '2026-11-18', ovt_fecha_fin: '2026-11-27', fecha_por: 'venta' });
    expect(f.page).toMatchObject({ number: 1, size: 10 });
    expect(error(OrdenVentaBuscar.safeParse({ orden_venta: { ovt_fecha_inicio: '2026-11-20', ovt_fecha_fin: '2026-11-19' } }))).toBe(M.rangoFechas);
    expect(error(OrdenVentaBuscar.safeParse({ orden_venta: { ovt_hora_inicio: '25:00' } }))).toBe(M.hora);
    expect(OrdenVentaBuscar.parse({}).orden_venta.page.number).toBe(1);
  });

  it('a payment: date and time or a date alone (noon), a positive amount, a description', () => {
    const p = (over: Record<string, unknown>) => OrdenVentaPagoRegistrar.safeParse({ orden_venta_pago: { ovt_id: 1, ovp_fecha_pago: '20-11-2026 10:15', ovp_descripcion: 'Depósito BCP', ovp_monto: '500', ...over } });
    expect(p({}).data?.orden_venta_pago.ovp_fecha_pago).toBe('2026-11-20T15:15:00.000Z');
    expect(p({ ovp_fecha_pago: '2026-11-20' }).data?.orden_venta_pago.ovp_fecha_pago).toBe('2026-11-20T17:00:00.000Z');
    expect(error(p({ ovp_monto: '0' }))).toBe(M.montoPago);
    expect(error(p({ ovp_monto: '1.005' }))).toBe(M.montoPago);
    expect(error(p({ ovp_descripcion: ' ' }))).toBe(M.descripcionPago);
    expect(error(p({ ovt_id: undefined }))).toBe(M.pagoFalta);
  });
});
