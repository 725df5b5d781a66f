/**
 * The demo's purchase history (demo/ordenes-compra.ts replays it): a year of what a ready-mix plant and a building
 * site buy, oldest first. Prices in the order's currency without IGV; quantities in the product's unit.
 */

/** A demo product's name (on a service order, or a description with its unit symbol), quantity and unit price. */
export type Linea = [producto: string, cantidad: string, precio: string, unidad?: string];

export interface CompraDemo {
  /** Registered this many days before the seed (Lima days). */
  dias: number;
  cec: string;
  /** Razón social of a demo supplier. */
  proveedor: string;
  referencia: string;
  observacion?: string;
  lineas: Linea[];
  /** contado: paid by treasury on issue (/orden/pay); credito: one payment order after the goods; adelanto: 50 % on issue, the rest after. */
  condicion: 'contado' | 'credito' | 'adelanto';
  /** Receiving warehouse of a purchase order; none on a service order. */
  almacen?: string;
  /** A service order (OS): no goods, paid once the service is done. */
  servicio?: true;
  /** Soles per dollar of an order in dollars. */
  usd?: string;
  /** Days from the order to the goods (or the service), 4 unless said. */
  entrega?: number;
  /** Delivered in two: 60 % first, the rest this many days later. */
  parcial?: number;
  /** Credit days: the payment order is deposited this many days after the order (30 unless said). */
  plazo?: number;
  /** Serials of a serialised product's units, by product name. */
  series?: Record<string, string[]>;
  /** Where it stops regardless of the dates: waiting for gerencia, for contabilidad, or cancelled. */
  hasta?: 'creado' | 'gerencia' | 'anulado';
}

const CEMENTOS = 'Cementos Andinos del Pacífico S.A.A.';
const CANTERA = 'Canteras y Agregados Lurín S.A.C.';
const ADITIVOS = 'Aditivos y Químicos para Concreto del Perú S.A.C.';
const GRIFO = 'Grifos y Combustibles Panamericana Sur S.A.C.';
const EQUIPOS = 'Alquiler de Equipos Pesados Rímac S.A.C.';
const FLETE = 'Quispe Mamani Teodoro';
const EPP = 'Protección Industrial Segura S.A.C.';
const FERRETERIA = 'Ferretería Industrial Villa El Salvador E.I.R.L.';
const SIDERURGICA = 'Corporación Siderúrgica del Centro S.A.';
const MIXERS = 'Repuestos y Servicios para Mixers S.A.C.';
const LABORATORIO = 'Laboratorio de Ensayos de Materiales Geocontrol S.A.C.';
/** The supplier with a portal account (proveedor@andina.pe): its orders show in the portal. */
const ACEROS = 'Aceros y Materiales del Sur S.A.C.';

const CENTRAL = 'Almacén Central';
const AGREGADOS = 'Almacén de Agregados';
const OBRA = 'Almacén de Obra Miraflores';

const CEMENTO_I = 'Cemento Portland Tipo I 42.5 kg';
const CEMENTO_ICO = 'Cemento Extraforte ICo 42.5 kg';
const ARENA_GRUESA = 'Arena gruesa';
const PIEDRA_12 = 'Piedra chancada 1/2"';
const PIEDRA_34 = 'Piedra chancada 3/4"';
const FIERRO_12 = 'Fierro corrugado 1/2" x 9 m';
const FIERRO_38 = 'Fierro corrugado 3/8" x 9 m';
const ALAMBRE = 'Alambre negro recocido N° 16';
const SIKAMENT = 'Aditivo plastificante Sikament 290N';
const DIESEL = 'Petróleo Diesel B5';
const ACEITE = 'Aceite de motor 15W-40';
const GRASA = 'Grasa multipropósito EP2';
const CASCO = 'Casco de seguridad H-700 blanco';
const NITRILO = 'Guantes de nitrilo';
const BOTAS = 'Botas de seguridad punta de acero';
const LENTES = 'Lentes de seguridad claros';
const FILTRO_MIXER = 'Filtro de aceite para mixer';
const WINCHA = 'Wincha de 5 m';
const ENSAYO = 'Ensayo de compresión de probetas';

export const COMPRAS: CompraDemo[] = [
  { dias: 333, cec: 'CC-PL-01', proveedor: CEMENTOS, referencia: 'Cemento para la producción de concreto premezclado', condicion: 'credito', almacen: CENTRAL,
    lineas: [[CEMENTO_I, '600', '24.20']] },
  { dias: 322, cec: 'CC-PL-01', proveedor: CANTERA, referencia: 'Agregados para la producción del mes', condicion: 'credito', almacen: AGREGADOS, parcial: 6,
    lineas: [[ARENA_GRUESA, '180', '55.08'], [PIEDRA_12, '150', '67.80']] },
  { dias: 305, cec: 'CC-PL-02', proveedor: MIXERS, referencia: 'Repuestos para el mantenimiento de mixers', condicion: 'credito', almacen: CENTRAL, entrega: 6,
    lineas: [[FILTRO_MIXER, '8', '118.64'], ['Rodillo de apoyo de tambor mixer', '2', '1450.00']] },
  { dias: 290, cec: 'CC-MF-01', proveedor: SIDERURGICA, referencia: 'Acero para la cimentación y las placas del sótano', condicion: 'adelanto', almacen: OBRA, usd: '3.7410', entrega: 7,
    observacion: 'Precio en dólares según cotización COT-2291; entrega en obra con guía de remisión',
    lineas: [[FIERRO_12, '400', '10.35'], [FIERRO_38, '250', '5.95'], [ALAMBRE, '100', '1.58']] },
  { dias: 276, cec: 'CC-PL-01', proveedor: GRIFO, referencia: 'Combustible para la flota de mixers y el cargador', condicion: 'contado', almacen: CENTRAL,
    lineas: [[DIESEL, '1500', '12.88']] },
  { dias: 262, cec: 'CC-PL-03', proveedor: LABORATORIO, referencia: 'Ensayos de resistencia a la compresión de probetas', condicion: 'credito', servicio: true, entrega: 10,
    lineas: [[ENSAYO, '120', '25.00']] },
  { dias: 248, cec: 'CC-MF-01', proveedor: CEMENTOS, referencia: 'Cemento para el vaciado de placas y losas', condicion: 'credito', almacen: OBRA,
    lineas: [[CEMENTO_ICO, '400', '24.58']] },
  { dias: 236, cec: 'CC-PL-01', proveedor: ADITIVOS, referencia: 'Aditivos para concreto bombeable', condicion: 'credito', almacen: CENTRAL, entrega: 5,
    lineas: [[SIKAMENT, '2000', '8.90'], ['Aditivo retardante de fragua', '40', '42.37']] },
  { dias: 224, cec: 'CC-MF-02', proveedor: EPP, referencia: 'EPP para el personal de obra', condicion: 'contado', almacen: OBRA, entrega: 3,
    lineas: [[CASCO, '25', '18.50'], [NITRILO, '120', '4.2373'], [BOTAS, '20', '84.75'], [LENTES, '40', '6.78']] },
  { dias: 212, cec: 'CC-PL-02', proveedor: EQUIPOS, referencia: 'Alquiler de cargador frontal para el patio de agregados', condicion: 'credito', servicio: true, entrega: 12,
    lineas: [['Alquiler de cargador frontal 950H con operador', '96', '185.00', 'HR']] },
  { dias: 200, cec: 'CC-PL-01', proveedor: CANTERA, referencia: 'Agregados para la producción del mes', condicion: 'credito', almacen: AGREGADOS, parcial: 5,
    lineas: [[ARENA_GRUESA, '200', '55.08'], [PIEDRA_34, '120', '63.56']] },
  { dias: 190, cec: 'CC-PL-01', proveedor: CEMENTOS, referencia: 'Cemento para la producción de concreto premezclado', condicion: 'adelanto', almacen: CENTRAL, entrega: 5,
    lineas: [[CEMENTO_I, '800', '24.35']] },
  { dias: 178, cec: 'CC-PL-04', proveedor: FERRETERIA, referencia: 'Útiles de oficina de la administración de planta', condicion: 'contado', almacen: CENTRAL, entrega: 2,
    lineas: [['Papel bond A4 75 g x 500 hojas', '40', '15.25'], ['Tóner 85A negro', '4', '245.00'], ['Lapicero azul punta fina', '6', '21.19']] },
  { dias: 166, cec: 'CC-MF-03', proveedor: FERRETERIA, referencia: 'Herramientas eléctricas para instalaciones', condicion: 'credito', almacen: OBRA,
    series: { 'Rotomartillo GBH 2-26': ['GBH226-4410871', 'GBH226-4410872'], 'Amoladora angular 9" GA9020': ['GA9020-88213'] },
    lineas: [['Rotomartillo GBH 2-26', '2', '889.83'], ['Amoladora angular 9" GA9020', '1', '420.34'], [WINCHA, '10', '18.64']] },
  { dias: 155, cec: 'CC-PL-02', proveedor: GRIFO, referencia: 'Lubricantes para el mantenimiento de la flota', condicion: 'credito', almacen: CENTRAL, entrega: 3,
    lineas: [[ACEITE, '30', '31.36'], ['Aceite hidráulico ISO 68', '20', '28.81'], [GRASA, '25', '16.95']] },
  { dias: 148, cec: 'CC-MF-01', proveedor: SIDERURGICA, referencia: 'Acero para las columnas de los pisos 3 y 4', condicion: 'credito', almacen: OBRA, hasta: 'anulado',
    observacion: 'Anulada: el proveedor no podía entregar antes de tres semanas; se compró a otro proveedor',
    lineas: [[FIERRO_12, '350', '39.40']] },
  { dias: 140, cec: 'CC-MF-01', proveedor: ACEROS, referencia: 'Acero para las columnas de los pisos 3 y 4', condicion: 'credito', almacen: OBRA, entrega: 3,
    lineas: [[FIERRO_12, '350', '38.90'], [FIERRO_38, '200', '22.40']] },
  { dias: 128, cec: 'CC-PL-01', proveedor: GRIFO, referencia: 'Combustible para la flota de mixers y el cargador', condicion: 'contado', almacen: CENTRAL,
    lineas: [[DIESEL, '1800', '13.10']] },
  { dias: 118, cec: 'CC-PL-02', proveedor: MIXERS, referencia: 'Repuestos para la bomba de concreto', condicion: 'adelanto', almacen: CENTRAL, entrega: 8,
    lineas: [['Pistón de bomba de concreto', '2', '2180.00'], ['Manguera para concreto 5" x 3 m', '4', '685.00']] },
  { dias: 108, cec: 'CC-PL-01', proveedor: ADITIVOS, referencia: 'Aditivos importados para concreto de alta resistencia', condicion: 'credito', almacen: CENTRAL, usd: '3.7185', entrega: 6,
    lineas: [['Aditivo acelerante Sika Rapid-1', '600', '3.20'], [SIKAMENT, '1500', '2.38']] },
  { dias: 100, cec: 'CC-PL-02', proveedor: MIXERS, referencia: 'Mantenimiento preventivo de tres mixers', condicion: 'credito', servicio: true, entrega: 5,
    lineas: [['Mantenimiento preventivo de mixer', '3', '1850.00']] },
  { dias: 92, cec: 'CC-MF-02', proveedor: CEMENTOS, referencia: 'Cemento para tarrajeo y contrapisos', condicion: 'credito', almacen: OBRA,
    lineas: [[CEMENTO_ICO, '300', '24.70']] },
  { dias: 84, cec: 'CC-PL-01', proveedor: CANTERA, referencia: 'Agregados para la producción del mes', condicion: 'credito', almacen: AGREGADOS, parcial: 5,
    lineas: [['Arena fina', '60', '59.32'], [PIEDRA_12, '180', '67.80'], [ARENA_GRUESA, '150', '55.50']] },
  { dias: 76, cec: 'CC-PL-03', proveedor: FERRETERIA, referencia: 'Herramientas manuales para el laboratorio y el patio', condicion: 'contado', almacen: CENTRAL, entrega: 2,
    lineas: [['Carretilla buggy 5 p3', '4', '245.76'], ['Pala punta redonda', '12', '27.12'], ['Martillo de uña 16 oz', '6', '22.03']] },
  { dias: 68, cec: 'CC-PL-01', proveedor: GRIFO, referencia: 'Combustible para la flota de mixers y el cargador', condicion: 'contado', almacen: CENTRAL,
    lineas: [[DIESEL, '1600', '13.45']] },
  { dias: 60, cec: 'CC-MF-01', proveedor: ACEROS, referencia: 'Cemento y alambre para el vaciado del piso 5', condicion: 'credito', almacen: OBRA, entrega: 3,
    lineas: [[CEMENTO_I, '500', '24.50'], [ALAMBRE, '80', '5.93']] },
  { dias: 53, cec: 'CC-PL-02', proveedor: FLETE, referencia: 'Flete de agregados de la cantera a la planta', condicion: 'credito', servicio: true, entrega: 10, plazo: 60,
    lineas: [['Flete de agregados', '300', '18.00']] },
  { dias: 46, cec: 'CC-MF-03', proveedor: EPP, referencia: 'EPP de reposición para instalaciones', condicion: 'credito', almacen: OBRA, entrega: 5,
    lineas: [['Guantes de cuero reforzado', '60', '9.75'], [CASCO, '20', '18.50'], [LENTES, '30', '6.78']] },
  { dias: 40, cec: 'CC-PL-01', proveedor: CEMENTOS, referencia: 'Cemento para la producción de concreto premezclado', condicion: 'adelanto', almacen: CENTRAL, entrega: 5, parcial: 7,
    lineas: [[CEMENTO_I, '900', '24.60']] },
  { dias: 33, cec: 'CC-PL-02', proveedor: MIXERS, referencia: 'Filtros y uñas de cucharón para la flota', condicion: 'credito', almacen: CENTRAL,
    lineas: [[FILTRO_MIXER, '12', '121.19'], ['Filtro de aire para cargador frontal 950H', '3', '312.00'], ['Uña de cucharón para cargador frontal', '8', '189.00']] },
  { dias: 27, cec: 'CC-MF-01', proveedor: SIDERURGICA, referencia: 'Acero para la losa del piso 6', condicion: 'credito', almacen: OBRA, entrega: 5,
    lineas: [[FIERRO_12, '300', '39.80'], [FIERRO_38, '150', '22.90']] },
  { dias: 20, cec: 'CC-PL-01', proveedor: CANTERA, referencia: 'Agregados para la producción del mes', condicion: 'credito', almacen: AGREGADOS, parcial: 18,
    lineas: [[ARENA_GRUESA, '220', '56.00'], [PIEDRA_34, '160', '64.00']] },
  { dias: 13, cec: 'CC-PL-01', proveedor: GRIFO, referencia: 'Combustible para la flota de mixers y el cargador', condicion: 'contado', almacen: CENTRAL,
    lineas: [[DIESEL, '1700', '13.60']] },
  { dias: 8, cec: 'CC-PL-03', proveedor: LABORATORIO, referencia: 'Ensayos de resistencia a la compresión de probetas', condicion: 'credito', servicio: true, entrega: 6,
    lineas: [[ENSAYO, '150', '25.00']] },
  { dias: 5, cec: 'CC-MF-02', proveedor: FERRETERIA, referencia: 'Vibradora y winchas para el vaciado de losas', condicion: 'credito', almacen: OBRA, entrega: 3,
    series: { 'Vibradora para concreto GX160': ['GCAKT-1120458'] },
    lineas: [['Vibradora para concreto GX160', '1', '2118.64'], [WINCHA, '6', '18.64']] },
  { dias: 3, cec: 'CC-PL-01', proveedor: ADITIVOS, referencia: 'Aditivos para concreto bombeable', condicion: 'credito', almacen: CENTRAL,
    lineas: [[SIKAMENT, '1800', '8.95']] },
  { dias: 2, cec: 'CC-PL-02', proveedor: GRIFO, referencia: 'Lubricantes para el mantenimiento de la flota', condicion: 'credito', almacen: CENTRAL, hasta: 'gerencia',
    lineas: [[ACEITE, '25', '31.90'], [GRASA, '20', '17.20']] },
  { dias: 2, cec: 'CC-MF-01', proveedor: CEMENTOS, referencia: 'Cemento para el vaciado de la losa del piso 7', condicion: 'credito', almacen: OBRA, hasta: 'creado',
    lineas: [[CEMENTO_ICO, '350', '24.90']] },
  { dias: 1, cec: 'CC-MF-02', proveedor: EPP, referencia: 'EPP para el personal nuevo de acabados', condicion: 'contado', almacen: OBRA, hasta: 'creado',
    lineas: [[BOTAS, '15', '84.75'], [NITRILO, '100', '4.2373']] },
  { dias: 1, cec: 'CC-PL-01', proveedor: CANTERA, referencia: 'Piedra chancada para la producción de la semana', condicion: 'credito', almacen: AGREGADOS, hasta: 'creado',
    lineas: [[PIEDRA_12, '200', '68.50']] },
];
