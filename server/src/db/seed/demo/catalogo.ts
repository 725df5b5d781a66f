import type { Tx } from '../../client.ts';
import { centroCosto, marca, unidadMedida } from '../../schema/index.ts';
import type { DemoContext } from './context.ts';

/** Brands a Peruvian ready-mix company buys: cement, steel, additives, machinery, tools, finishes. */
const MARCAS = [
  'Cementos Pacasmayo', 'UNACEM', 'Cemento Sol', 'Aceros Arequipa', 'Siderperú', 'Sika', 'Chema', 'Z Aditivos',
  'Caterpillar', 'Komatsu', '3M', 'Stanley', 'Truper', 'Bosch', 'Makita', 'Celima', 'Pavco', 'Indeco',
];

const UNIDADES = [
  ['UND', 'Unidad'], ['KG', 'Kilogramo'], ['TN', 'Tonelada'], ['M3', 'Metro cúbico'], ['M2', 'Metro cuadrado'],
  ['M', 'Metro lineal'], ['GLN', 'Galón'], ['L', 'Litro'], ['BLS', 'Bolsa'], ['PAR', 'Par'], ['CJA', 'Caja'],
  ['RLL', 'Rollo'], ['PZA', 'Pieza'], ['JGO', 'Juego'], ['HR', 'Hora'],
] as const;

/** Cost centres per demo project; the last one of Miraflores is closed (inactive). */
const CENTROS = [
  { pry: 'PRY-001', codigo: 'CC-PL-01', descripcion: 'Producción de concreto premezclado' },
  { pry: 'PRY-001', codigo: 'CC-PL-02', descripcion: 'Mantenimiento de flota de mixers y bombas' },
  { pry: 'PRY-001', codigo: 'CC-PL-03', descripcion: 'Laboratorio de control de calidad' },
  { pry: 'PRY-001', codigo: 'CC-PL-04', descripcion: 'Administración de planta' },
  { pry: 'PRY-002', codigo: 'CC-MF-01', descripcion: 'Estructuras y vaciado de concreto' },
  { pry: 'PRY-002', codigo: 'CC-MF-02', descripcion: 'Acabados y arquitectura' },
  { pry: 'PRY-002', codigo: 'CC-MF-03', descripcion: 'Instalaciones eléctricas y sanitarias' },
  { pry: 'PRY-002', codigo: 'CC-MF-04', descripcion: 'Movimiento de tierras y excavación', estado: 0 },
];

/** Demo master data of this area; runs inside the demo seed's transaction. */
export async function seedCatalogo(tx: Tx, ctx: DemoContext): Promise<void> {
  // Names are unique ignoring case; another seed may already have added some of them.
  await tx.insert(marca).values(MARCAS.map((mar_nombre) => ({ mar_nombre }))).onConflictDoNothing();
  await tx.insert(unidadMedida).values(UNIDADES.map(([unm_simbolo, unm_descripcion]) => ({ unm_simbolo, unm_descripcion }))).onConflictDoNothing();
  await tx.insert(centroCosto).values(CENTROS.map((c) => ({
    cec_codigo: c.codigo, cec_descripcion: c.descripcion, pry_id: ctx.projectIds.get(c.pry)!, cec_estado: c.estado ?? 1,
  }))).onConflictDoNothing();
}
