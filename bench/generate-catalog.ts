/**
 * The master data of the bench: `scale` suppliers (each with one or two bank accounts) and
 * `scale` purchasing products over categories, types, brands and units.
 */
import { rucCheckDigit } from '@obra/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../server/src/db/client.ts';
import * as t from '../server/src/db/schema/index.ts';
import { PROJECT_PLACES, type Random } from './names.ts';

const BATCH = 1000;
/** Generated suppliers' e-mails end with this; setup.ts counts them to decide whether to fill. */
export const BENCH_SUPPLIER_DOMAIN = 'proveedor.bench.pe';

/**
 * A unique valid RUC per n: prefix 20 (company), body 9xxxxxxx from the same bijection as the
 * DNIs (7919 is prime to 10⁷), then the check digit. The 209… range stays clear of the demo.
 */
export function benchRuc(n: number): string {
  const first10 = `20${90_000_000 + ((n * 7919) % 10_000_000)}`;
  return `${first10}${rucCheckDigit(first10)}`;
}

const TRADES = [
  ['Cementos', 'Cemento y concreto'], ['Agregados', 'Arena, piedra y hormigón'], ['Aceros', 'Acero de construcción'],
  ['Ferretería', 'Ferretería y herramientas'], ['Transportes', 'Transporte de carga'], ['Combustibles', 'Combustibles y lubricantes'],
  ['Maquinarias', 'Alquiler de maquinaria pesada'], ['Seguridad', 'Equipos de protección personal'], ['Aditivos', 'Aditivos para concreto'],
  ['Repuestos', 'Repuestos de mixers y bombas'], ['Servicios', 'Servicios generales'], ['Electricidad', 'Materiales eléctricos'],
] as const;
const COMPANY_WORDS = ['Andino', 'del Sur', 'del Norte', 'Pacífico', 'Inca', 'Lima', 'Central', 'Los Andes', 'Perú', 'Unión', 'Real', 'Integral'] as const;
const COMPANY_FORMS = ['S.A.C.', 'S.A.', 'E.I.R.L.', 'S.R.L.'] as const;
const BANK_IDS_WITH_CODES = ['002', '003', '011', '009'] as const;

async function bankIdsByCode(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db.select({ id: t.banco.ban_id, code: t.banco.ban_codigo }).from(t.banco);
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function fillSuppliers(db: Db, count: number, random: Random): Promise<{ suppliers: number; accounts: number }> {
  const banks = await bankIdsByCode(db);
  const bankCodes = BANK_IDS_WITH_CODES.filter((c) => banks.has(c));
  let accounts = 0;
  await db.transaction(async (tx) => {
    for (let from = 0; from < count; from += BATCH) {
      const rows: (typeof t.proveedor.$inferInsert)[] = [];
      for (let i = from; i < Math.min(count, from + BATCH); i++) {
        const n = i + 1;
        const [trade, especialidad] = random.pick(TRADES);
        const place = random.pick(PROJECT_PLACES);
        const razon = `${trade} ${random.pick(COMPANY_WORDS)} ${place} ${n} ${random.pick(COMPANY_FORMS)}`;
        rows.push({
          pve_ruc: benchRuc(n),
          pve_razon_social: razon,
          pve_direccion: `Av. ${place} ${random.int(100, 4999)}, ${place}`,
          pve_correo: `ventas${n}@${BENCH_SUPPLIER_DOMAIN}`,
          pve_telefono: `9${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
          pve_especialidad: especialidad,
          pve_cuenta_detraccion: `00-${String(random.int(0, 999)).padStart(3, '0')}-${String(random.int(0, 999_999)).padStart(6, '0')}`,
          pve_es_activo: random.next() < 0.92,
          pve_es_critico: random.next() < 0.1,
          pve_es_nacional: true,
          pai_id: null,
        });
      }
      const inserted = await tx.insert(t.proveedor).values(rows).returning({ pve_id: t.proveedor.pve_id });
      if (bankCodes.length === 0) continue;
      const cuentas = inserted.flatMap(({ pve_id }) => {
        const n = random.next() < 0.4 ? 2 : 1;
        return Array.from({ length: n }, (_, k) => {
          const code = random.pick(bankCodes);
          const number = String(random.int(0, 99_999_999)).padStart(8, '0') + String(random.int(0, 9999)).padStart(4, '0');
          return {
            pve_id, ban_id: banks.get(code)!, mon_id: k === 0 ? 1 : 2, tcu_id: random.next() < 0.8 ? 1 : 2,
            cpv_cuenta: number.slice(0, 13), cpv_cci: `${code}${String(random.int(0, 999)).padStart(3, '0')}${number}${String(k).padStart(2, '0')}`,
          };
        });
      });
      await tx.insert(t.cuentaProveedor).values(cuentas);
      accounts += cuentas.length;
    }
  });
  return { suppliers: count, accounts };
}

const CATALOG: Record<string, Record<string, readonly string[]>> = {
  'Materiales de construcción': {
    Cemento: ['Cemento Portland Tipo I', 'Cemento Portland Tipo V', 'Cemento puzolánico IP'],
    Agregados: ['Arena gruesa', 'Arena fina', 'Piedra chancada 1/2"', 'Piedra chancada 3/4"', 'Hormigón'],
    Acero: ['Fierro corrugado 1/2"', 'Fierro corrugado 3/8"', 'Alambre negro N°16', 'Clavos 3"'],
    Aditivos: ['Aditivo plastificante', 'Aditivo acelerante', 'Aditivo retardante', 'Curador de concreto'],
  },
  'Equipos de protección personal': {
    Cascos: ['Casco de seguridad', 'Barbiquejo'], Guantes: ['Guantes de nitrilo', 'Guantes de cuero'],
    Botas: ['Botas de seguridad punta de acero', 'Botas de jebe'], Lentes: ['Lentes de seguridad claros', 'Lentes oscuros'],
  },
  Herramientas: {
    Eléctricas: ['Taladro percutor', 'Amoladora angular', 'Rotomartillo', 'Vibrador de concreto'],
    Manuales: ['Martillo', 'Pala recta', 'Carretilla', 'Nivel de burbuja', 'Wincha 5 m'],
  },
  Repuestos: {
    Mixer: ['Filtro de aceite mixer', 'Rodillo de tambor', 'Bomba hidráulica mixer'],
    Bomba: ['Codo de bomba 5"', 'Abrazadera de tubería 5"', 'Pistón de bomba'],
    Cargador: ['Cuchilla de cargador', 'Filtro de aire cargador'],
  },
  'Combustibles y lubricantes': { Combustibles: ['Petróleo Diesel B5', 'Gasolina 90'], Lubricantes: ['Aceite 15W40', 'Grasa multipropósito'] },
  'Útiles de oficina': { Papelería: ['Papel bond A4', 'Archivador de palanca'], Consumibles: ['Tóner de impresora', 'Cinta de embalaje'] },
};
const SIZES = ['', 'x 1 und', 'x 10 und', 'x 25 kg', 'x 42.5 kg', 'x 1 gln', 'x 5 gln', 'talla M', 'talla L', '12 mm', '20 mm'] as const;
const BRAND_NAMES = ['Sol', 'Pacasmayo', 'Aceros Arequipa', 'Siderperú', 'Sika', 'Chema', 'Bosch', 'Makita', 'Stanley', 'Truper', '3M', 'Caterpillar', 'Komatsu', 'Pavco', 'Celima'] as const;
const UNITS = [['UND', 'Unidad'], ['KG', 'Kilogramo'], ['M3', 'Metro cúbico'], ['GLN', 'Galón'], ['BLS', 'Bolsa'], ['PAR', 'Par'], ['CJA', 'Caja']] as const;

/** Brands, units, categories and types the products use, found by name or added. */
async function catalogIds(tx: Tx) {
  await tx.insert(t.marca).values(BRAND_NAMES.map((mar_nombre) => ({ mar_nombre }))).onConflictDoNothing();
  await tx.insert(t.unidadMedida).values(UNITS.map(([unm_simbolo, unm_descripcion]) => ({ unm_simbolo, unm_descripcion }))).onConflictDoNothing();
  const brandIds = (await tx.select({ id: t.marca.mar_id }).from(t.marca)).map((r) => r.id);
  const unitIds = (await tx.select({ id: t.unidadMedida.unm_id }).from(t.unidadMedida)).map((r) => r.id);
  const types: { cat_id: number; tip_id: number; names: readonly string[] }[] = [];
  for (const [categoria, tipos] of Object.entries(CATALOG)) {
    await tx.insert(t.categoriaProducto).values({ cat_nombre: categoria }).onConflictDoNothing();
    const [{ cat_id }] = await tx.select({ cat_id: t.categoriaProducto.cat_id }).from(t.categoriaProducto)
      .where(sql`lower(${t.categoriaProducto.cat_nombre}) = lower(${categoria})`);
    for (const [tipo, names] of Object.entries(tipos)) {
      await tx.insert(t.tipoProducto).values({ cat_id, tip_nombre: tipo }).onConflictDoNothing();
      const [{ tip_id }] = await tx.select({ tip_id: t.tipoProducto.tip_id }).from(t.tipoProducto)
        .where(sql`${t.tipoProducto.cat_id} = ${cat_id} and lower(${t.tipoProducto.tip_nombre}) = lower(${tipo})`);
      types.push({ cat_id, tip_id, names });
    }
  }
  return { brandIds, unitIds, types };
}

export async function fillProducts(db: Db, count: number, random: Random): Promise<number> {
  await db.transaction(async (tx) => {
    const { brandIds, unitIds, types } = await catalogIds(tx);
    for (let from = 0; from < count; from += BATCH) {
      const rows: (typeof t.producto.$inferInsert)[] = [];
      for (let i = from; i < Math.min(count, from + BATCH); i++) {
        const type = random.pick(types);
        const size = random.pick(SIZES);
        // The reference number keeps name + brand unique, as in a real catalogue with codes.
        const nombre = `${random.pick(type.names)}${size ? ` ${size}` : ''} ref. ${String(i + 1).padStart(6, '0')}`;
        const retornable = random.next() < 0.15 ? 1 : 0;
        rows.push({
          prv_nombre: nombre,
          cat_id: type.cat_id,
          tip_id: type.tip_id,
          mar_id: random.next() < 0.8 ? random.pick(brandIds) : null,
          unm_id: random.pick(unitIds),
          prv_item: retornable && random.next() < 0.5 ? 1 : 0,
          prv_retornable: retornable,
          prv_retorno_estimado: retornable ? random.pick([7, 15, 30, 60]) : null,
          prv_reposicion: random.next() < 0.3 ? 1 : 0,
          prv_stock_minimo: String(random.int(0, 50)),
          prv_estado: random.next() < 0.93 ? 1 : 0,
        });
      }
      await tx.insert(t.producto).values(rows);
    }
  });
  return count;
}
