import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../client.ts';
import { categoriaProducto, marca, producto, tipoProducto, unidadMedida } from '../../schema/index.ts';
import type { DemoContext } from './context.ts';

/** Purchasing categories of a ready-mix concrete company and their product types. */
const CATEGORIAS: Record<string, string[]> = {
  'Materiales de construcción': ['Cemento', 'Agregados', 'Acero', 'Aditivos'],
  EPP: ['Cascos', 'Guantes', 'Botas', 'Lentes'],
  Herramientas: ['Eléctricas', 'Manuales'],
  Repuestos: ['Mixer', 'Bomba', 'Cargador'],
  'Combustibles y lubricantes': ['Combustibles', 'Lubricantes', 'Grasas'],
  'Útiles de oficina': ['Papelería', 'Tóner y tintas'],
  'Equipos de cómputo': ['Laptops', 'Impresoras', 'Periféricos'],
  Servicios: ['Mantenimiento', 'Transporte', 'Laboratorio'],
};

/**
 * SUNAT tabla 5 of each category (PLE 12.1 field 6), as the PCGE places them: cement, aggregates, steel and additives
 * are what the concrete is made of (03 materias primas); PPE, fuel, lubricants and office supplies are consumed
 * (06 suministros, PCGE 252); spare parts 07; tools and computers are fixed assets (PCGE 33: 'herramientas y unidades
 * de reemplazo', 'equipos diversos') kept in the warehouses to be assigned, not existencias (99 otros), and services
 * never enter stock (99).
 */
const TIPO_EXISTENCIA: Record<string, string> = {
  'Materiales de construcción': '03', EPP: '06', Herramientas: '99', Repuestos: '07', 'Combustibles y lubricantes': '06',
  'Útiles de oficina': '06', 'Equipos de cómputo': '99', Servicios: '99',
};

/** Units the products use; the units seed usually has them already. */
const UNIDADES: Record<string, string> = {
  UND: 'Unidad', KG: 'Kilogramo', M3: 'Metro cúbico', GLN: 'Galón', L: 'Litro', BLS: 'Bolsa', PAR: 'Par', CJA: 'Caja', PQT: 'Paquete',
};

interface Demo {
  nombre: string;
  cat: string;
  tip: string;
  marca?: string;
  unidad: keyof typeof UNIDADES;
  /** Serial number per unit. */
  serie?: boolean;
  /** Days it is expected back when assigned. */
  retorno?: number;
  reposicion?: boolean;
  stock?: string;
  deshabilitado?: boolean;
}

const MAT = 'Materiales de construcción';
const HER = 'Herramientas';
const COM = 'Combustibles y lubricantes';

const PRODUCTOS: Demo[] = [
  { nombre: 'Cemento Portland Tipo I 42.5 kg', cat: MAT, tip: 'Cemento', marca: 'Cemento Sol', unidad: 'BLS', reposicion: true, stock: '200' },
  { nombre: 'Cemento Extraforte ICo 42.5 kg', cat: MAT, tip: 'Cemento', marca: 'Cementos Pacasmayo', unidad: 'BLS', reposicion: true, stock: '100' },
  { nombre: 'Cemento Andino Tipo V 42.5 kg', cat: MAT, tip: 'Cemento', marca: 'UNACEM', unidad: 'BLS', stock: '50' },
  { nombre: 'Arena gruesa', cat: MAT, tip: 'Agregados', unidad: 'M3', reposicion: true, stock: '80' },
  { nombre: 'Arena fina', cat: MAT, tip: 'Agregados', unidad: 'M3', stock: '20' },
  { nombre: 'Piedra chancada 1/2"', cat: MAT, tip: 'Agregados', unidad: 'M3', reposicion: true, stock: '120' },
  { nombre: 'Piedra chancada 3/4"', cat: MAT, tip: 'Agregados', unidad: 'M3', reposicion: true, stock: '60.5' },
  { nombre: 'Fierro corrugado 1/2" x 9 m', cat: MAT, tip: 'Acero', marca: 'Aceros Arequipa', unidad: 'UND', reposicion: true, stock: '300' },
  { nombre: 'Fierro corrugado 3/8" x 9 m', cat: MAT, tip: 'Acero', marca: 'Aceros Arequipa', unidad: 'UND', stock: '150' },
  { nombre: 'Alambre negro recocido N° 16', cat: MAT, tip: 'Acero', marca: 'Aceros Arequipa', unidad: 'KG', stock: '25.5' },
  { nombre: 'Aditivo plastificante Sikament 290N', cat: MAT, tip: 'Aditivos', marca: 'Sika', unidad: 'L', reposicion: true, stock: '1000' },
  { nombre: 'Aditivo acelerante Sika Rapid-1', cat: MAT, tip: 'Aditivos', marca: 'Sika', unidad: 'L', stock: '200' },
  { nombre: 'Aditivo retardante de fragua', cat: MAT, tip: 'Aditivos', marca: 'Chema', unidad: 'GLN', stock: '55' },
  { nombre: 'Casco de seguridad H-700 blanco', cat: 'EPP', tip: 'Cascos', marca: '3M', unidad: 'UND', reposicion: true, stock: '20' },
  { nombre: 'Guantes de nitrilo', cat: 'EPP', tip: 'Guantes', marca: 'Steelpro', unidad: 'PAR', reposicion: true, stock: '100' },
  { nombre: 'Guantes de cuero reforzado', cat: 'EPP', tip: 'Guantes', unidad: 'PAR', stock: '40' },
  { nombre: 'Botas de seguridad punta de acero', cat: 'EPP', tip: 'Botas', marca: 'Steelpro', unidad: 'PAR', reposicion: true, stock: '15' },
  { nombre: 'Botas de jebe punta de acero', cat: 'EPP', tip: 'Botas', unidad: 'PAR', deshabilitado: true },
  { nombre: 'Lentes de seguridad claros', cat: 'EPP', tip: 'Lentes', marca: '3M', unidad: 'UND', reposicion: true, stock: '30' },
  { nombre: 'Taladro percutor GSB 550', cat: HER, tip: 'Eléctricas', marca: 'Bosch', unidad: 'UND', serie: true, retorno: 30 },
  { nombre: 'Rotomartillo GBH 2-26', cat: HER, tip: 'Eléctricas', marca: 'Bosch', unidad: 'UND', serie: true, retorno: 30 },
  { nombre: 'Amoladora angular 9" GA9020', cat: HER, tip: 'Eléctricas', marca: 'Makita', unidad: 'UND', serie: true, retorno: 30 },
  { nombre: 'Vibradora para concreto GX160', cat: HER, tip: 'Eléctricas', marca: 'Honda', unidad: 'UND', serie: true, retorno: 60 },
  { nombre: 'Carretilla buggy 5 p3', cat: HER, tip: 'Manuales', marca: 'Truper', unidad: 'UND', retorno: 90, stock: '4' },
  { nombre: 'Pala punta redonda', cat: HER, tip: 'Manuales', marca: 'Truper', unidad: 'UND', retorno: 60, stock: '10' },
  { nombre: 'Martillo de uña 16 oz', cat: HER, tip: 'Manuales', marca: 'Stanley', unidad: 'UND', retorno: 30 },
  { nombre: 'Wincha de 5 m', cat: HER, tip: 'Manuales', marca: 'Stanley', unidad: 'UND', retorno: 30 },
  { nombre: 'Filtro de aceite para mixer', cat: 'Repuestos', tip: 'Mixer', marca: 'Fleetguard', unidad: 'UND', reposicion: true, stock: '6' },
  { nombre: 'Rodillo de apoyo de tambor mixer', cat: 'Repuestos', tip: 'Mixer', unidad: 'UND', stock: '2' },
  { nombre: 'Pistón de bomba de concreto', cat: 'Repuestos', tip: 'Bomba', marca: 'Putzmeister', unidad: 'UND', stock: '2' },
  { nombre: 'Manguera para concreto 5" x 3 m', cat: 'Repuestos', tip: 'Bomba', unidad: 'UND', stock: '4' },
  { nombre: 'Filtro de aire para cargador frontal 950H', cat: 'Repuestos', tip: 'Cargador', marca: 'Caterpillar', unidad: 'UND', stock: '3' },
  { nombre: 'Uña de cucharón para cargador frontal', cat: 'Repuestos', tip: 'Cargador', marca: 'Caterpillar', unidad: 'UND' },
  { nombre: 'Petróleo Diesel B5', cat: COM, tip: 'Combustibles', marca: 'Petroperú', unidad: 'GLN', reposicion: true, stock: '500' },
  { nombre: 'Aceite de motor 15W-40', cat: COM, tip: 'Lubricantes', marca: 'Mobil', unidad: 'GLN', reposicion: true, stock: '20' },
  { nombre: 'Aceite hidráulico ISO 68', cat: COM, tip: 'Lubricantes', marca: 'Mobil', unidad: 'GLN', stock: '15' },
  { nombre: 'Grasa multipropósito EP2', cat: COM, tip: 'Grasas', marca: 'Repsol', unidad: 'KG', stock: '12.5' },
  { nombre: 'Papel bond A4 75 g x 500 hojas', cat: 'Útiles de oficina', tip: 'Papelería', marca: 'Chamex', unidad: 'PQT', reposicion: true, stock: '10' },
  { nombre: 'Lapicero azul punta fina', cat: 'Útiles de oficina', tip: 'Papelería', marca: 'Faber-Castell', unidad: 'CJA', stock: '2' },
  { nombre: 'Tóner 85A negro', cat: 'Útiles de oficina', tip: 'Tóner y tintas', marca: 'HP', unidad: 'UND', stock: '2' },
  { nombre: 'Laptop ThinkPad E14', cat: 'Equipos de cómputo', tip: 'Laptops', marca: 'Lenovo', unidad: 'UND', serie: true, retorno: 365 },
  { nombre: 'Impresora multifuncional L3250', cat: 'Equipos de cómputo', tip: 'Impresoras', marca: 'Epson', unidad: 'UND', serie: true },
  { nombre: 'Mouse inalámbrico M170', cat: 'Equipos de cómputo', tip: 'Periféricos', marca: 'Logitech', unidad: 'UND', retorno: 365 },
  { nombre: 'Mantenimiento preventivo de mixer', cat: 'Servicios', tip: 'Mantenimiento', unidad: 'UND' },
  { nombre: 'Flete de agregados', cat: 'Servicios', tip: 'Transporte', unidad: 'M3' },
  { nombre: 'Ensayo de compresión de probetas', cat: 'Servicios', tip: 'Laboratorio', unidad: 'UND' },
];

const lower = (s: string) => s.toLowerCase();

/** Ids by lower-cased name; rows another seed already added are reused, missing ones are added. */
async function brandIds(tx: Tx, names: string[]): Promise<Map<string, number>> {
  await tx.insert(marca).values(names.map((mar_nombre) => ({ mar_nombre }))).onConflictDoNothing();
  const rows = await tx.select({ id: marca.mar_id, nombre: marca.mar_nombre }).from(marca)
    .where(inArray(sql`lower(${marca.mar_nombre})`, names.map(lower)));
  return new Map(rows.map((r) => [lower(r.nombre), r.id]));
}

async function unitIds(tx: Tx): Promise<Map<string, number>> {
  const symbols = Object.keys(UNIDADES);
  await tx.insert(unidadMedida).values(symbols.map((s) => ({ unm_simbolo: s, unm_descripcion: UNIDADES[s] }))).onConflictDoNothing();
  const rows = await tx.select({ id: unidadMedida.unm_id, simbolo: unidadMedida.unm_simbolo }).from(unidadMedida)
    .where(inArray(sql`lower(${unidadMedida.unm_simbolo})`, symbols.map(lower)));
  return new Map(rows.map((r) => [lower(r.simbolo), r.id]));
}

/** Demo master data of this area; runs inside the demo seed's transaction. */
export async function seedProductos(tx: Tx, _ctx: DemoContext): Promise<void> {
  const typeIds = new Map<string, { cat_id: number; tip_id: number }>();
  for (const [cat_nombre, tipos] of Object.entries(CATEGORIAS)) {
    const [cat] = await tx.insert(categoriaProducto).values({ cat_nombre, cat_tipo_existencia: TIPO_EXISTENCIA[cat_nombre] }).returning();
    const rows = await tx.insert(tipoProducto).values(tipos.map((tip_nombre) => ({ cat_id: cat.cat_id, tip_nombre }))).returning();
    rows.forEach((t) => typeIds.set(`${cat_nombre}/${t.tip_nombre}`, { cat_id: cat.cat_id, tip_id: t.tip_id }));
  }
  const brands = await brandIds(tx, [...new Set(PRODUCTOS.flatMap((p) => (p.marca ? [p.marca] : [])))]);
  const units = await unitIds(tx);
  await tx.insert(producto).values(PRODUCTOS.map((p) => {
    const ref = typeIds.get(`${p.cat}/${p.tip}`);
    const unm = units.get(lower(p.unidad));
    const mar = p.marca ? brands.get(lower(p.marca)) : null;
    if (!ref || !unm || mar === undefined) throw new Error(`Producto demo mal definido: ${p.nombre}`);
    return {
      prv_nombre: p.nombre, cat_id: ref.cat_id, tip_id: ref.tip_id, mar_id: mar, unm_id: unm,
      prv_item: p.serie ? 1 : 0, prv_retornable: p.retorno ? 1 : 0, prv_retorno_estimado: p.retorno ?? null,
      prv_reposicion: p.reposicion ? 1 : 0, prv_stock_minimo: p.stock ?? '0', prv_estado: p.deshabilitado ? 0 : 1,
    };
  }));
}
