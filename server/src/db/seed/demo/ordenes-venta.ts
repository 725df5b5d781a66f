import { OrdenVentaRegistrar, ROLE, formatFechaHoraLima, ventaSaldo, type AccessProfile } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { aprobarEn, registrarEn } from '../../../modules/orden_venta/service.ts';
import { registrarEn as pagarEn } from '../../../modules/orden_venta/pago-service.ts';
import { selectRows, type Tx } from '../../client.ts';
import type { DemoContext } from './context.ts';

/**
 * Demo sales orders of the plant over the last six days (so the list's default window shows them),
 * registered, paid and approved through the sales order services with the demo clients, sellers and
 * products (seeded before, found by name): one paid and ready for its factura, one paid by a special
 * client (no e-voucher), one with its advance paid, a credit sale approved, a boleta for a person and
 * two waiting in creado. No voucher is issued here: the seed has no company configuration, and
 * issuing one is what the screen demonstrates.
 */

type Linea = [producto: string, precio: string, cantidad: string];

interface Demo {
  dias: number;
  cliente: string;
  direccion: string;
  vendedor: string | null;
  tid: 1 | 2;
  coc: number;
  contacto: [nombre: string, telefono: string, correo: string, dni: string];
  lineas: Linea[];
  /** Delivery: days after registration and Lima time. */
  entrega: [dias: number, hora: string];
  observaciones: string;
  /** Payments: half of the total or the whole balance, with their description. */
  pagos?: [parte: 'mitad' | 'saldo', descripcion: string][];
  aprobar?: true;
}

const FC = (n: number) => `Concreto premezclado f'c ${n} kg/cm²`;

const ORDENES: Demo[] = [
  {
    dias: 6, cliente: 'Constructora Los Andes del Pacífico S.A.C.', direccion: 'Obra Residencial Monterrico', vendedor: 'Luis Alberto Paredes Gómez',
    tid: 1, coc: 1, contacto: ['Ing. Rosa Paredes Villanueva', '987 110 245', 'rparedes@losandespacifico.pe', '40215873'],
    lineas: [[FC(210), '295.00', '24'], ['Servicio de bomba pluma (por hora)', '400.00', '4']], entrega: [1, '08:00'],
    observaciones: 'Vaciado de losa del sexto piso; ingreso de mixers por la Av. Primavera',
    pagos: [['mitad', 'Adelanto 50 % - transferencia BCP'], ['saldo', 'Saldo - transferencia BCP']],
  },
  {
    dias: 5, cliente: 'Inmobiliaria Miraflores Real Estate S.A.C.', direccion: 'Edificio Alcanfores', vendedor: 'María Fernanda Chávez Ruiz',
    tid: 1, coc: 3, contacto: ['Arq. Diego Salinas Cornejo', '998 445 902', 'dsalinas@miraflores-re.pe', '42781536'],
    lineas: [["Concreto bombeable f'c 280 kg/cm²", '360.00', '36'], ['Servicio de bombeo de concreto (por m³)', '27.00', '36']], entrega: [2, '07:30'],
    observaciones: 'Placas y vigas del sótano 2; coordinar con el residente de obra',
    pagos: [['mitad', 'Adelanto 50 % - depósito BBVA']],
  },
  {
    dias: 4, cliente: 'Consorcio Vial Lima Norte', direccion: 'Puente Chillón', vendedor: 'José Antonio Quispe Mamani',
    tid: 1, coc: 2, contacto: ['Ing. Marco Antonio Huerta', '955 302 118', 'mhuerta@consorciovialnorte.pe', '09458712'],
    lineas: [["Concreto para pavimentos f'c 280 kg/cm²", '340.00', '60']], entrega: [3, '06:30'],
    observaciones: 'Losa de aproximación del puente; crédito a 30 días aprobado por gerencia', aprobar: true,
  },
  {
    dias: 3, cliente: 'Inmobiliaria Andina del Grupo S.A.C.', direccion: 'Planta Lurín', vendedor: null,
    tid: 1, coc: 1, contacto: ['Sr. Ernesto Valdivia Luna', '(01) 430-2200', 'proyectos@inmobiliariaandina.pe', '07458123'],
    lineas: [[FC(175), '270.00', '15'], ['Aditivo acelerante de fragua', '44.00', '6']], entrega: [1, '10:00'],
    observaciones: 'Veredas y sardineles de la planta (empresa del grupo)',
    pagos: [['saldo', 'Liquidación interna del grupo']],
  },
  {
    dias: 2, cliente: 'María Elena Quispe Condori', direccion: 'Casa', vendedor: 'Carmen Rosa Huertas Vílchez',
    tid: 2, coc: 1, contacto: ['María Elena Quispe Condori', '991 402 337', 'mariaelena.quispe@hotmail.com', '41827365'],
    lineas: [[FC(210), '305.00', '6.5']], entrega: [3, '09:00'], observaciones: 'Techo del segundo piso; acceso por pasaje angosto',
  },
  {
    dias: 1, cliente: 'Edificaciones y Proyectos Sur Chico S.A.C.', direccion: 'Condominio Lurín', vendedor: 'Ricardo Manuel Torres León',
    tid: 1, coc: 1, contacto: ['Ing. Karen Mendoza Alarcón', '987 221 450', 'karen.mendoza@surchico.pe', '44120987'],
    lineas: [[FC(245), '315.00', '18'], ['Arena gruesa', '60.00', '15']], entrega: [2, '13:00'], observaciones: 'Cimentación del bloque C',
  },
  {
    dias: 0, cliente: 'Huamaní Flores Teófilo', direccion: 'Obra Pamplona', vendedor: 'Luis Alberto Paredes Gómez',
    tid: 1, coc: 1, contacto: ['Teófilo Huamaní Flores', '956 781 204', 'thuamani.obras@gmail.com', '42815963'],
    lineas: [[FC(210), '305.00', '4.5']], entrega: [2, '13:00'], observaciones: 'Columnas y vigas del tercer piso',
    pagos: [['saldo', 'Pago al contado en caja de planta']],
  },
];

const HORA = 3_600_000;
const DIA = 24 * HORA;

const porNombre = async (tx: Tx, query: ReturnType<typeof sql>) => {
  const [r] = await selectRows<{ id: number }>(tx, query);
  return r ? Number(r.id) : undefined;
};

function perfil(ctx: DemoContext, correo: string, roleIds: number[]): AccessProfile | null {
  const usu_id = ctx.userIds.get(correo);
  return usu_id === undefined ? null : { usu_id, usu_nivel: 1, pry_id: null, tiu_id: 1, pve_id: null, cli_id: null, roleIds, modules: ['orden_venta'], options: [] };
}

/** Runs inside the demo seed's transaction, after the clients and the sales master data. */
export async function seedOrdenesVenta(tx: Tx, ctx: DemoContext, now = new Date()): Promise<void> {
  const ventas = perfil(ctx, 'administracion@andina.pe', [ROLE.ADMINISTRADOR]);
  const gerencia = perfil(ctx, 'gerencia@andina.pe', [ROLE.GERENCIA]);
  const tesoreria = perfil(ctx, 'tesoreria@andina.pe', [ROLE.TESORERIA]);
  if (!ventas || !gerencia || !tesoreria) return;
  // Oldest first, so that ids grow with the sale date as they do in use.
  for (const o of ORDENES) {
    const cli_id = await porNombre(tx, sql`select cli_id as id from cliente where cli_nombre = ${o.cliente}`);
    const cde_id = cli_id && await porNombre(tx, sql`select cde_id as id from cliente_direccion_envio where cli_id = ${cli_id} and cde_alias = ${o.direccion} and cde_estado = 1`);
    const ven_id = o.vendedor ? await porNombre(tx, sql`select ven_id as id from vendedor where ven_nombre = ${o.vendedor}`) : null;
    const productos = await Promise.all(o.lineas.map(([nombre]) => porNombre(tx, sql`select pvt_id as id from producto_venta where pvt_nombre = ${nombre} and est_id = 1`)));
    if (!cli_id || !cde_id || ven_id === undefined || productos.some((p) => p === undefined)) continue;
    const venta = new Date(now.getTime() - o.dias * DIA - 3 * HORA);
    const entrega = `${formatFechaHoraLima(new Date(venta.getTime() + o.entrega[0] * DIA)).slice(0, 10)} ${o.entrega[1]}`;
    const [nombre, telefono, correo, dni] = o.contacto;
    const datos = OrdenVentaRegistrar.parse({
      orden_venta: {
        cli_id, cde_id, ven_id, tid_id: o.tid, coc_id: o.coc, ovt_nombre_contacto: nombre, ovt_telefono_contacto: telefono, ovt_correo_contacto: correo,
        ovt_documento_identidad_contacto: dni, ovt_observaciones: o.observaciones, ovt_fecha_entrega: entrega,
        lista_orden_venta_detalle: o.lineas.map(([, precio, cantidad], i) => ({ pvt_id: productos[i], ovd_precio: precio, ovd_cantidad: cantidad })),
      },
    }).orden_venta;
    const ovtId = await registrarEn(tx, ventas, datos, venta);
    if (o.aprobar) await aprobarEn(tx, gerencia, { ovt_id: ovtId, coc_id: o.coc }, new Date(venta.getTime() + 2 * HORA));
    for (const [i, [parte, descripcion]] of (o.pagos ?? []).entries()) {
      const [r] = await selectRows<{ total: string; pagado: string }>(tx, sql`select ovt_total::text as total, ovt_pagado::text as pagado from orden_venta where ovt_id = ${ovtId}`);
      const saldo = ventaSaldo(r.total, r.pagado);
      // Half of the total in whole cents (no floats); an odd cent stays in the balance.
      const mitad = BigInt(r.total.replace('.', '')) / 2n;
      const monto = parte === 'saldo' ? saldo : `${mitad / 100n}.${String(mitad % 100n).padStart(2, '0')}`;
      const fecha = new Date(Math.min(venta.getTime() + (i + 1) * HORA, now.getTime() - HORA));
      await pagarEn(tx, tesoreria, { ovt_id: ovtId, ovp_fecha_pago: fecha.toISOString(), ovp_descripcion: descripcion, ovp_monto: monto });
    }
  }
}
