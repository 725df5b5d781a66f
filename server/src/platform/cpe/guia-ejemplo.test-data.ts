/**
 * Worked examples of sender guides (issue 23): 7 m³ of concrete from the plant in Lurín to a site
 * in Santiago de Surco on the company's mixer, its driver with DNI and licence, 16 800 kg gross
 * (7 × 2 400 kg); and the variants SUNAT's rules are checked against.
 */
import type { GuiaSolicitud } from './guias/guia.ts';

export function guiaEjemplo(): GuiaSolicitud {
  return {
    serie: 'T001',
    numero: 1,
    fecha_emision: '2026-11-24',
    hora_emision: '07:10:00',
    fecha_traslado: '2026-11-24',
    motivo_traslado: '01',
    peso_bruto: '16800.000',
    unidad_peso: 'KGM',
    destinatario: {
      tipo_documento: '6', numero_documento: '20601234565', nombre: 'Constructora Los Álamos & Asociados S.A.C.',
      direccion: 'Jr. Las Begonias 450 <Of. 3>, San Isidro, Lima',
    },
    conductor: { tipo_documento: '1', numero_documento: '40211873', nombre: 'Carlos', apellido: 'Huamaní Rojas', licencia: 'Q40211873' },
    vehiculo_placa: 'AXK-714',
    partida: { direccion: 'Av. Industrial 1250, Lurín, Lima', ubigeo: '150119' },
    llegada: { direccion: 'Av. Primavera 1450, Santiago de Surco', ubigeo: '150140' },
    lineas: [{ codigo: 'PV-3', descripcion: "Concreto premezclado f'c 210 kg/cm²", unidad: 'MTQ', cantidad: '7.0000' }],
    envio: 'ENV-2026-000001',
    orden: 'OV-1',
  };
}

/** To a person with DNI, in tonnes, a fractional load, a driver with carné de extranjería. */
export function guiaPersonaEjemplo(): GuiaSolicitud {
  const g = guiaEjemplo();
  return {
    ...g,
    numero: 27,
    peso_bruto: '6.120',
    unidad_peso: 'TNE',
    destinatario: { tipo_documento: '1', numero_documento: '45678912', nombre: 'Rosa Quispe Mamani', direccion: '' },
    conductor: { tipo_documento: '4', numero_documento: '001234567', nombre: 'José', apellido: 'Pérez Ñañez', licencia: 'k-12345678' },
    vehiculo_placa: 'b3t 208',
    lineas: [{ ...g.lineas[0], cantidad: '2.5500' }],
  };
}
