import { limaDate, ROLE, TFI_TIPO, type AccessProfile } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { registrarEn } from '../../../modules/transferencia/service.ts';
import { selectRows, type Tx } from '../../client.ts';
import type { DemoContext } from './context.ts';

/**
 * Demo stock: three external purchases (transfer type 3) registered by inventario@andina.pe through the
 * transfers service, so the stock enters through the ledger with its kardex lines like any other entry
 * (DECISIONS §3). Some products stay below their minimum (stock renewal has rows), some units carry serials.
 * The first non-serialised product ('Cemento Portland Tipo I') is left without stock: the ledger tests use it.
 * Each purchase carries the supplier's document (tabla 10 type, series, number), as the PLE 12.1 book reports it,
 * and its unit costs in soles without IGV (the valued kardex and PLE 13.1, docs/business-rules.md "Kardex valorizado").
 * With the purchase history (demo/ordenes-compra.ts) this is the opening stock, dated `apertura`, before its first order;
 * without it, today.
 */
const COSTOS: Record<string, string> = {
  'Cemento Extraforte ICo 42.5 kg': '24.58', 'Fierro corrugado 1/2" x 9 m': '38.90', 'Fierro corrugado 3/8" x 9 m': '22.40',
  'Casco de seguridad H-700 blanco': '18.50', 'Guantes de nitrilo': '4.2373', 'Guantes de cuero reforzado': '9.75',
  'Botas de seguridad punta de acero': '84.75', 'Lentes de seguridad claros': '6.78', 'Petróleo Diesel B5': '13.05',
  'Aceite de motor 15W-40': '31.36', 'Filtro de aceite para mixer': '118.64', 'Carretilla buggy 5 p3': '245.76',
  'Pala punta redonda': '27.12', 'Martillo de uña 16 oz': '22.03', 'Taladro percutor GSB 550': '254.24',
  'Laptop ThinkPad E14': '3389.83', 'Arena gruesa': '55.08', 'Arena fina': '59.32', 'Piedra chancada 1/2"': '67.80',
  'Piedra chancada 3/4"': '63.56', 'Alambre negro recocido N° 16': '5.93', 'Vibradora para concreto GX160': '2118.64',
};
const COMPRAS: { almacen: string; guia: string; doc: [string, string, string]; lineas: [string, string, string?][] }[] = [
  {
    almacen: 'Almacén Central', guia: 'T001-000120', doc: ['01', 'F001', '00004521'],
    lineas: [
      ['Cemento Extraforte ICo 42.5 kg', '120'],
      ['Fierro corrugado 1/2" x 9 m', '250'],
      ['Casco de seguridad H-700 blanco', '30'],
      ['Guantes de nitrilo', '80'],
      ['Botas de seguridad punta de acero', '12'],
      ['Lentes de seguridad claros', '25'],
      ['Petróleo Diesel B5', '400'],
      ['Aceite de motor 15W-40', '18'],
      ['Filtro de aceite para mixer', '4'],
      ['Carretilla buggy 5 p3', '3'],
      ['Pala punta redonda', '12'],
      ['Martillo de uña 16 oz', '6'],
      ['Taladro percutor GSB 550', '1', 'BSH-550-0001'],
      ['Taladro percutor GSB 550', '1', 'BSH-550-0002'],
      ['Laptop ThinkPad E14', '1', 'PF-3K9X21'],
    ],
  },
  {
    almacen: 'Almacén de Agregados', guia: 'T001-000121', doc: ['09', 'T001', '000121'],
    lineas: [['Arena gruesa', '60'], ['Arena fina', '15'], ['Piedra chancada 1/2"', '90'], ['Piedra chancada 3/4"', '45.5']],
  },
  {
    almacen: 'Almacén de Obra Miraflores', guia: 'T001-000122', doc: ['03', 'B002', '00000315'],
    lineas: [
      ['Cemento Extraforte ICo 42.5 kg', '40'],
      ['Fierro corrugado 3/8" x 9 m', '100'],
      ['Alambre negro recocido N° 16', '20'],
      ['Casco de seguridad H-700 blanco', '10'],
      ['Guantes de cuero reforzado', '20'],
      ['Vibradora para concreto GX160', '1', 'HND-GX160-7781'],
    ],
  },
];

export async function seedStock(tx: Tx, ctx: DemoContext, apertura?: Date): Promise<void> {
  const usu_id = ctx.userIds.get('inventario@andina.pe');
  if (!usu_id) return;
  const inventario: AccessProfile = {
    usu_id, usu_nivel: 1, pry_id: null, tiu_id: 1, pve_id: null, cli_id: null, roleIds: [ROLE.INVENTARIO], modules: ['transferencia_items'], options: [],
  };
  const almacenes = new Map((await selectRows<{ alm_id: number; alm_nombre: string }>(tx, sql`select alm_id, alm_nombre from almacen`))
    .map((a) => [a.alm_nombre, Number(a.alm_id)]));
  const productos = new Map((await selectRows<{ prv_id: number; prv_nombre: string }>(tx, sql`select prv_id, prv_nombre from producto`))
    .map((p) => [p.prv_nombre, Number(p.prv_id)]));
  const today = limaDate(apertura);
  for (const c of COMPRAS) {
    const alm = almacenes.get(c.almacen);
    if (!alm) continue;
    await registrarEn(tx, inventario, {
      tfi_tipo: TFI_TIPO.COMPRA_EXTERNA, ord_id: null, alm_origen: null, alm_destino: alm, tfi_fecha_estimada_llegada: today,
      tfi_guia_remision: c.guia, tfi_notas: 'Stock inicial de la demostración',
      tfi_doc_tipo: c.doc[0], tfi_doc_serie: c.doc[1], tfi_doc_numero: c.doc[2], tfi_doc_fecha: today,
      detalle: c.lineas.flatMap(([nombre, cantidad, serie]) => {
        const prv_id = productos.get(nombre);
        return prv_id ? [{ prv_id, oci_id: null, pal_id: null, tid_cantidad: cantidad, pal_numero_serie: serie ?? '', tid_costo_unitario: COSTOS[nombre] ?? null }] : [];
      }),
    }, apertura);
  }
}
