/** The worked example of the tests: a factura of 10 m³ of concrete and 2 hours of pumping, IGV 18 %. */
import type { ComprobanteSolicitud, EmisorComprobantes } from './tipos.ts';

export const EMISOR: EmisorComprobantes = {
  ruc: '20547812361',
  razon_social: 'Concretera Andina S.A.C.',
  direccion: 'Av. Industrial 1250, Lurín, Lima',
  ubigeo: '150119',
};

export function facturaEjemplo(): ComprobanteSolicitud {
  return {
    tipo: 'factura',
    serie: 'F001',
    numero: 1,
    fecha_emision: '2026-11-24',
    hora_emision: '10:30:00',
    moneda: 'PEN',
    cliente: {
      tipo_documento: '6',
      numero_documento: '20601234565',
      nombre: 'Constructora Los Álamos & Asociados S.A.C.',
      direccion: 'Jr. Las Begonias 450 <Of. 3>, San Isidro, Lima',
      correo: 'compras@losalamos.pe',
    },
    lineas: [
      {
        codigo: 'PV-0002', descripcion: "Concreto premezclado f'c 210 kg/cm²", unidad: 'MTQ', cantidad: '10.0000',
        valor_unitario: '320.00', precio_unitario: '377.60', subtotal: '3200.00', igv: '576.00', total: '3776.00',
      },
      {
        codigo: 'PV-0010', descripcion: 'Servicio de bombeo de concreto', unidad: 'HUR', cantidad: '2.0000',
        valor_unitario: '250.00', precio_unitario: '295.00', subtotal: '500.00', igv: '90.00', total: '590.00',
      },
    ],
    subtotal: '3700.00',
    igv: '666.00',
    igv_tasa: '0.18',
    total: '4366.00',
    observaciones: 'Entrega en obra: Av. Javier Prado 2500',
    orden: 'OV-123',
  };
}

/** A boleta of 1 m³ to a person with DNI. */
export function boletaEjemplo(): ComprobanteSolicitud {
  const f = facturaEjemplo();
  return {
    ...f,
    tipo: 'boleta',
    serie: 'B001',
    numero: 42,
    cliente: { tipo_documento: '1', numero_documento: '45678912', nombre: 'Rosa Quispe Mamani', direccion: '' },
    lineas: [{ ...f.lineas[0], cantidad: '1.5000', subtotal: '480.00', igv: '86.40', total: '566.40' }],
    subtotal: '480.00',
    igv: '86.40',
    total: '566.40',
    observaciones: undefined,
    orden: 'OV-7',
  };
}
