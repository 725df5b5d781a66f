import { ROLE, type AccessProfile } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { aprobarEn, registrarEn, transicionEn } from '../../../modules/pedido_items/service.ts';
import { selectRows, type Tx } from '../../client.ts';
import type { DemoContext } from './context.ts';

/**
 * Demo purchase requests, registered and moved through the purchase request service (the same rules, codes and
 * checks as the screen): one of each of CREADO, POR_APROBAR and ELIMINADO, and two APROBADO (one approved below
 * what was asked) that the order form's 'Desde pedido' offers. Planta Lurín's are asked by almacen@, Miraflores' by
 * estandar@; logistica@ is their logistics person and gerencia@ approves. The demo's purchase history
 * (ordenes-compra.ts) buys nothing from them: their approved quantities are all still to buy.
 */

type Paso = 'solicitar' | 'aprobar' | 'eliminar';

interface Demo {
  solicitante: 'almacen@andina.pe' | 'estandar@andina.pe';
  almacen: string;
  cec: string;
  notas: string;
  /** Product name, requested quantity, approved quantity (when approved). */
  lineas: [string, string, string?][];
  pasos: Paso[];
}

const PEDIDOS: Demo[] = [
  {
    solicitante: 'almacen@andina.pe', almacen: 'Almacén Central', cec: 'CC-PL-01', notas: 'Reposición de cemento y agregados para la producción de la semana',
    lineas: [['Cemento Portland Tipo I 42.5 kg', '400', '300'], ['Arena gruesa', '60', '60'], ['Piedra chancada 1/2"', '80', '50']],
    pasos: ['solicitar', 'aprobar'],
  },
  {
    solicitante: 'estandar@andina.pe', almacen: 'Almacén de Obra Miraflores', cec: 'CC-MF-01', notas: 'Acero para las columnas del piso 6',
    lineas: [['Fierro corrugado 1/2" x 9 m', '250', '250'], ['Fierro corrugado 3/8" x 9 m', '120', '120'], ['Alambre negro recocido N° 16', '40', '40']],
    pasos: ['solicitar', 'aprobar'],
  },
  {
    solicitante: 'almacen@andina.pe', almacen: 'Almacén de Agregados', cec: 'CC-PL-02', notas: 'Repuestos para el mantenimiento de mixers',
    lineas: [['Filtro de aceite para mixer', '12'], ['Rodillo de apoyo de tambor mixer', '4']],
    pasos: ['solicitar'],
  },
  {
    solicitante: 'estandar@andina.pe', almacen: 'Almacén de Obra Miraflores', cec: 'CC-MF-02', notas: 'EPP para el personal nuevo de acabados',
    lineas: [['Casco de seguridad H-700 blanco', '15'], ['Guantes de nitrilo', '30'], ['Lentes de seguridad claros', '15']],
    pasos: [],
  },
  {
    solicitante: 'almacen@andina.pe', almacen: 'Almacén Central', cec: 'CC-PL-01', notas: 'Aditivo duplicado por error',
    lineas: [['Aditivo plastificante Sikament 290N', '200']],
    pasos: ['eliminar'],
  },
];

/** The acting users as the routes would see them. */
function perfiles(ctx: DemoContext) {
  const perfil = (correo: string, roleIds: number[], options: string[], pry: string | null): AccessProfile | null => {
    const usu_id = ctx.userIds.get(correo);
    return usu_id === undefined ? null : {
      usu_id, usu_nivel: pry ? 0 : 1, pry_id: pry ? ctx.projectIds.get(pry) ?? null : null, tiu_id: 1, pve_id: null, cli_id: null,
      roleIds, modules: ['pedido_items'], options,
    };
  };
  return {
    'almacen@andina.pe': perfil('almacen@andina.pe', [ROLE.JEFE_ALMACEN], [], 'PRY-001'),
    'estandar@andina.pe': perfil('estandar@andina.pe', [ROLE.ESTANDAR], [], 'PRY-002'),
    gerencia: perfil('gerencia@andina.pe', [ROLE.GERENCIA], ['aprobar_pedido_items'], null),
  };
}

const ids = async (tx: Tx, q: ReturnType<typeof sql>) =>
  new Map((await selectRows<{ k: string; id: number }>(tx, q)).map((r) => [r.k, Number(r.id)]));

export async function seedPedidos(tx: Tx, ctx: DemoContext): Promise<void> {
  const p = perfiles(ctx);
  const logistica = ctx.userIds.get('logistica@andina.pe');
  if (!p.gerencia || logistica === undefined) return;
  const almacenes = await ids(tx, sql`select alm_nombre as k, alm_id as id from almacen`);
  const cecs = await ids(tx, sql`select cec_codigo as k, cec_id as id from centro_costo`);
  const productos = await ids(tx, sql`select prv_nombre as k, prv_id as id from producto`);
  for (const d of PEDIDOS) {
    const solicitante = p[d.solicitante];
    const alm_id = almacenes.get(d.almacen);
    const cec_id = cecs.get(d.cec);
    if (!solicitante || alm_id === undefined || cec_id === undefined || d.lineas.some(([n]) => !productos.has(n))) continue;
    const { pei_id } = await registrarEn(tx, solicitante, {
      alm_id, cec_id, usu_logistica: logistica, pei_notas: d.notas,
      lista_pedido_items_detalle: d.lineas.map(([n, q]) => ({ prv_id: productos.get(n)!, pid_cantidad_solicitada: q })),
    });
    for (const paso of d.pasos) {
      if (paso === 'aprobar') {
        const lineas = await selectRows<{ pid_id: number; prv_id: number }>(tx, sql`select pid_id, prv_id from pedido_items_detalle where pei_id = ${pei_id}`);
        const aprobada = new Map(d.lineas.map(([n, q, a]) => [productos.get(n)!, a ?? q]));
        await aprobarEn(tx, p.gerencia, {
          pei_id, lista_pedido_items_detalle: lineas.map((l) => ({ pid_id: Number(l.pid_id), pid_cantidad_aprobada: aprobada.get(Number(l.prv_id))! })),
        });
      } else {
        await transicionEn(tx, solicitante, pei_id, paso === 'solicitar' ? 'solicitar_aprobacion' : 'eliminar');
      }
    }
  }
}
