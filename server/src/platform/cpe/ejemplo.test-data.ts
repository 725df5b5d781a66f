/**
 * The worked examples of the tests: a factura of 10 m³ of concrete and 2 hours of pumping, IGV 18 %,
 * a boleta, and the cases SUNAT's rules are checked against (fractions, many lines, no buyer
 * document, dollars), whose amounts come from the domain's own sale calculation.
 */
import { precioConIgv, ventaTotales } from '@obra/domain';
import type { ComprobanteLinea, ComprobanteSolicitud, EmisorComprobantes } from './tipos.ts';

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

type LineaDato = Pick<ComprobanteLinea, 'codigo' | 'descripcion' | 'unidad' | 'cantidad' | 'valor_unitario'>;

/** `base` with `lineas`, every amount computed as a sales order computes it (ventaTotales). */
function conLineas(base: ComprobanteSolicitud, lineas: LineaDato[]): ComprobanteSolicitud {
  const t = ventaTotales(lineas.map((l) => ({ ovd_precio: l.valor_unitario, ovd_cantidad: l.cantidad })), base.igv_tasa);
  return {
    ...base,
    lineas: lineas.map((l, i) => ({
      ...l,
      precio_unitario: precioConIgv(l.valor_unitario, base.igv_tasa),
      subtotal: t.lineas[i].ovd_subtotal,
      igv: t.lineas[i].ovd_igv,
      total: t.lineas[i].ovd_total,
    })),
    subtotal: t.ovt_subtotal,
    igv: t.ovt_igv,
    total: t.ovt_total,
  };
}

/**
 * Fractional m³ and unit values whose price with IGV is not exact (84.75 × 1.18 = 100.005): every
 * amount is rounded to 2 decimals, so SUNAT's line checks (quantity × value) see small differences.
 */
export function facturaFraccionesEjemplo(): ComprobanteSolicitud {
  return conLineas({ ...facturaEjemplo(), numero: 2, orden: 'OV-124' }, [
    { codigo: '2', descripcion: "Concreto premezclado f'c 175 kg/cm²", unidad: 'MTQ', cantidad: '7.5000', valor_unitario: '84.75' },
    { codigo: '3', descripcion: "Concreto premezclado f'c 280 kg/cm²", unidad: 'MTQ', cantidad: '0.2500', valor_unitario: '287.29' },
    { codigo: '10', descripcion: 'Servicio de bombeo de concreto', unidad: 'HUR', cantidad: '1.5000', valor_unitario: '211.86' },
  ]);
}

/** Many lines in the units a sales order maps most (m³, hour, bag, kilogram, service), no discounts. */
export function facturaVariasLineasEjemplo(): ComprobanteSolicitud {
  return conLineas({ ...facturaEjemplo(), numero: 3, orden: 'OV-125', observaciones: undefined }, [
    { codigo: '2', descripcion: "Concreto premezclado f'c 210 kg/cm²", unidad: 'MTQ', cantidad: '12.0000', valor_unitario: '320.00' },
    { codigo: '10', descripcion: 'Servicio de bombeo de concreto', unidad: 'HUR', cantidad: '3.0000', valor_unitario: '250.00' },
    { codigo: '21', descripcion: 'Cemento portland tipo I (42.5 kg)', unidad: 'BG', cantidad: '40.0000', valor_unitario: '24.58' },
    { codigo: '22', descripcion: 'Aditivo acelerante de fragua', unidad: 'KGM', cantidad: '18.5000', valor_unitario: '7.63' },
    { codigo: '30', descripcion: 'Ensayo de resistencia a la compresión', unidad: 'ZZ', cantidad: '1.0000', valor_unitario: '150.00' },
  ]);
}

/** A boleta to a buyer without a document (allowed below S/ 700). */
export function boletaSinDocumentoEjemplo(): ComprobanteSolicitud {
  return conLineas({ ...boletaEjemplo(), numero: 43, orden: 'OV-8', cliente: { tipo_documento: '0', numero_documento: '', nombre: 'Cliente varios', direccion: '' } }, [
    { codigo: '2', descripcion: "Concreto premezclado f'c 210 kg/cm²", unidad: 'MTQ', cantidad: '0.5000', valor_unitario: '320.00' },
    { codigo: '40', descripcion: 'Flete a obra', unidad: 'ZZ', cantidad: '1.0000', valor_unitario: '42.37' },
  ]);
}

/** A factura in US dollars. */
export function facturaDolaresEjemplo(): ComprobanteSolicitud {
  return conLineas({ ...facturaEjemplo(), numero: 4, moneda: 'USD', orden: 'OV-126' }, [
    { codigo: '2', descripcion: "Concreto premezclado f'c 210 kg/cm²", unidad: 'MTQ', cantidad: '25.0000', valor_unitario: '86.49' },
    { codigo: '10', descripcion: 'Servicio de bombeo de concreto', unidad: 'HUR', cantidad: '4.0000', valor_unitario: '67.57' },
  ]);
}

/** A factura on credit in two instalments of the whole total (issue 23): 30 and 60 days. */
export function facturaCreditoEjemplo(): ComprobanteSolicitud {
  return {
    ...facturaEjemplo(),
    numero: 5,
    orden: 'OV-127',
    forma_pago: 'Credito',
    cuotas: [{ monto: '2183.00', fecha: '2026-12-24' }, { monto: '2183.00', fecha: '2027-01-23' }],
  };
}

/** A factura on credit after an advance of S/ 1,000.00 (condition 'Adelanto'): the S/ 3,366.00 left in three instalments. */
export function facturaCreditoAdelantoEjemplo(): ComprobanteSolicitud {
  return {
    ...facturaEjemplo(),
    numero: 6,
    orden: 'OV-128',
    forma_pago: 'Credito',
    cuotas: [{ monto: '1122.00', fecha: '2026-12-24' }, { monto: '1122.00', fecha: '2027-01-23' }, { monto: '1122.00', fecha: '2027-02-22' }],
  };
}
