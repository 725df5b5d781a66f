import { EST } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../client.ts';
import { marca, productoVenta, productoVentaTipo, unidadMedida, vendedor } from '../../schema/index.ts';

/**
 * Demo sellers and sale products of a Lima ready-mix plant. Prices are soles without IGV as a
 * plant of Lima quotes them in 2026 (concrete per m³ placed by chute, pumping apart); the minimum
 * price is the floor the sales desk may negotiate down to, about 8 % under the list price.
 * Concrete is produced to order, so its stock stays 0; additives and aggregates keep a yard stock.
 */

/** Five active sellers (one an agent with his own RUC) and one who left (inactivo). */
const VENDEDORES = [
  { ven_nombre: 'Luis Alberto Paredes Gómez', ven_documento_identidad: '41235678', ven_correo: 'lparedes@andina.pe', ven_telefono: '987 654 321' },
  { ven_nombre: 'María Fernanda Chávez Ruiz', ven_documento_identidad: '43561278', ven_correo: 'mchavez@andina.pe', ven_telefono: '+51 976 543 210' },
  { ven_nombre: 'José Antonio Quispe Mamani', ven_documento_identidad: '45871236', ven_correo: 'jquispe@andina.pe', ven_telefono: '965 432 109' },
  { ven_nombre: 'Carmen Rosa Huertas Vílchez', ven_documento_identidad: '46712389', ven_correo: 'chuertas@andina.pe', ven_telefono: '954 321 098' },
  { ven_nombre: 'Ricardo Manuel Torres León', ven_documento_identidad: '10442185765', ven_correo: 'rtorres.ventas@gmail.com', ven_telefono: '943 210 987' },
  { ven_nombre: 'Pedro Pablo Salinas Ortiz', ven_documento_identidad: '42987651', ven_correo: 'psalinas@andina.pe', ven_telefono: '932 109 876', est_id: EST.inactivo },
];

/** Level 1 → its level-2 types. */
const TIPOS: Record<string, string[]> = {
  Concreto: ['Estructural', 'Bombeable', 'Pavimentos'],
  Servicios: ['Bombeo'],
  Aditivos: ['Acelerantes', 'Plastificantes'],
  Agregados: ['Arena', 'Piedra'],
};

/** The plant's own brand for what it produces and extracts. */
const MARCA_PROPIA = 'Concretera Andina';

interface Demo {
  nombre: string;
  descripcion: string;
  tipo: [string, string];
  /** pvg_id of PRODUCTO_VENTA_GRUPOS: 1 concreto premezclado, 2 servicios, 3 aditivos, 4 agregados. */
  grupo: number;
  marca: string;
  unidad: 'M3' | 'HR' | 'GLN';
  precio: string;
  minimo: string;
  stock?: string;
  inactivo?: true;
  /** kg per unit, for the sender guide's gross weight (issue 23); none for services. */
  peso?: string;
  /** Not carried by a mixer (issue 24): a service (pumping) whose order lines need no dispatch. */
  sinMixer?: true;
}

/** Fresh normal-weight concrete: about 2 400 kg per m³. */
const CONCRETO_KG_M3 = '2400';

const estructural = (fc: number, precio: string, minimo: string, uso: string): Demo => ({
  nombre: `Concreto premezclado f'c ${fc} kg/cm²`,
  descripcion: `Concreto premezclado f'c ${fc} kg/cm², slump 4", piedra 1/2", cemento tipo I; ${uso}`,
  tipo: ['Concreto', 'Estructural'], grupo: 1, marca: MARCA_PROPIA, unidad: 'M3', precio, minimo, peso: CONCRETO_KG_M3,
});

const PRODUCTOS: Demo[] = [
  { ...estructural(140, '268.00', '246.00', 'solados y rellenos'), inactivo: true },
  estructural(175, '285.00', '262.00', 'cimientos corridos, sobrecimientos y falsos pisos'),
  estructural(210, '305.00', '281.00', 'losas, vigas y columnas de vivienda'),
  estructural(245, '325.00', '299.00', 'losas y placas de edificios de mediana altura'),
  estructural(280, '345.00', '317.00', 'elementos estructurales de edificios y muros de contención'),
  estructural(350, '398.00', '366.00', 'alta resistencia: columnas de edificios altos y elementos pretensados'),
  { nombre: "Concreto bombeable f'c 210 kg/cm²", descripcion: 'Slump 6" a 8", piedra 1/2", para colocación con bomba en losas y placas',
    tipo: ['Concreto', 'Bombeable'], grupo: 1, marca: MARCA_PROPIA, unidad: 'M3', precio: '332.00', minimo: '305.00', peso: CONCRETO_KG_M3 },
  { nombre: "Concreto bombeable f'c 280 kg/cm²", descripcion: 'Slump 6" a 8", piedra 1/2", para colocación con bomba en estructuras',
    tipo: ['Concreto', 'Bombeable'], grupo: 1, marca: MARCA_PROPIA, unidad: 'M3', precio: '372.00', minimo: '342.00', peso: CONCRETO_KG_M3 },
  { nombre: "Concreto para pavimentos f'c 280 kg/cm²", descripcion: 'Módulo de rotura 40 kg/cm², slump 3", para pisos industriales y pistas',
    tipo: ['Concreto', 'Pavimentos'], grupo: 1, marca: MARCA_PROPIA, unidad: 'M3', precio: '352.00', minimo: '324.00', peso: CONCRETO_KG_M3 },
  { nombre: 'Servicio de bombeo de concreto (por m³)', descripcion: 'Bomba estacionaria con hasta 60 m de tubería; mínimo 15 m³ por vaciado',
    tipo: ['Servicios', 'Bombeo'], grupo: 2, marca: MARCA_PROPIA, unidad: 'M3', precio: '28.00', minimo: '25.50', sinMixer: true },
  { nombre: 'Servicio de bomba pluma (por hora)', descripcion: 'Bomba telescópica de 36 m con operador; incluye traslado en Lima Metropolitana',
    tipo: ['Servicios', 'Bombeo'], grupo: 2, marca: MARCA_PROPIA, unidad: 'HR', precio: '420.00', minimo: '386.00', sinMixer: true },
  { nombre: 'Aditivo acelerante de fragua', descripcion: 'Acelerante sin cloruros para desencofrado temprano y vaciados en clima frío',
    tipo: ['Aditivos', 'Acelerantes'], grupo: 3, marca: 'Sika', unidad: 'GLN', precio: '46.00', minimo: '42.00', stock: '120', peso: '4.5' },
  { nombre: 'Aditivo plastificante reductor de agua', descripcion: 'Plastificante que reduce hasta 10 % de agua de mezcla y mejora la trabajabilidad',
    tipo: ['Aditivos', 'Plastificantes'], grupo: 3, marca: 'Chema', unidad: 'GLN', precio: '39.00', minimo: '36.00', stock: '85.5', peso: '4.4' },
  { nombre: 'Arena gruesa', descripcion: 'Arena gruesa lavada de cantera, puesta en obra en volquete de 15 m³',
    tipo: ['Agregados', 'Arena'], grupo: 4, marca: MARCA_PROPIA, unidad: 'M3', precio: '62.00', minimo: '57.00', stock: '480', peso: '1600' },
  { nombre: 'Piedra chancada 1/2"', descripcion: 'Piedra chancada de 1/2" (huso 67), puesta en obra en volquete de 15 m³',
    tipo: ['Agregados', 'Piedra'], grupo: 4, marca: MARCA_PROPIA, unidad: 'M3', precio: '78.00', minimo: '72.00', stock: '365', peso: '1500' },
];

const idBy = async (tx: Tx, query: ReturnType<typeof sql>) => (await selectRows<{ id: number }>(tx, query))[0].id;

/** Runs inside the demo seed's transaction, after the catalogue (brands and units). */
export async function seedVentasMaestros(tx: Tx): Promise<void> {
  await tx.insert(vendedor).values(VENDEDORES);

  await tx.insert(marca).values({ mar_nombre: MARCA_PROPIA }).onConflictDoNothing();
  await tx.insert(unidadMedida).values([
    { unm_simbolo: 'M3', unm_descripcion: 'Metro cúbico' }, { unm_simbolo: 'HR', unm_descripcion: 'Hora' }, { unm_simbolo: 'GLN', unm_descripcion: 'Galón' },
  ]).onConflictDoNothing();

  const tipos = new Map<string, number>();
  for (const [nivel1, hijos] of Object.entries(TIPOS)) {
    const [padre] = await tx.insert(productoVentaTipo).values({ pti_nombre: nivel1 }).returning({ id: productoVentaTipo.pti_id });
    const rows = await tx.insert(productoVentaTipo).values(hijos.map((pti_nombre) => ({ pti_nombre, pti_parent: padre.id }))).returning({ id: productoVentaTipo.pti_id });
    hijos.forEach((h, i) => tipos.set(`${nivel1}/${h}`, rows[i].id));
  }

  const marcas = new Map<string, number>();
  const unidades = new Map<string, number>();
  for (const p of PRODUCTOS) {
    if (!marcas.has(p.marca)) marcas.set(p.marca, await idBy(tx, sql`select mar_id as id from marca where lower(mar_nombre) = lower(${p.marca})`));
    if (!unidades.has(p.unidad)) unidades.set(p.unidad, await idBy(tx, sql`select unm_id as id from unidad_medida where lower(unm_simbolo) = lower(${p.unidad})`));
  }
  await tx.insert(productoVenta).values(PRODUCTOS.map((p) => ({
    pvt_nombre: p.nombre, pvt_descripcion: p.descripcion, pvt_precio: p.precio, pvt_precio_minimo: p.minimo, pvt_stock: p.stock ?? '0', pvt_peso: p.peso ?? null,
    pvt_despacho_mixer: !p.sinMixer,
    pvg_id: p.grupo, pti_id: tipos.get(p.tipo.join('/'))!, mar_id: marcas.get(p.marca)!, unm_id: unidades.get(p.unidad)!,
    est_id: p.inactivo ? EST.inactivo : EST.activo,
  })));
}
