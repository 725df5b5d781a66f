import {
  OrdenPagoDepositar, OrdenPagoRegistrar, OrdenSave, ROLE, ROLE_GRANTS, TIPO_ORDEN, TransferenciaIngresar, TransferenciaRegistrar, calcularSaldo, limaDate,
  type AccessProfile,
} from '@obra/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { anularInTx, approveInTx, payInTx } from '../../../modules/orden/estados.ts';
import { registerInTx } from '../../../modules/orden/service.ts';
import { ordenCompra } from '../../../modules/orden_pago/queries.ts';
import { depositarEn, registrarEn as registrarPagoEn, transicionEn } from '../../../modules/orden_pago/service.ts';
import { ingresarEn, registrarEn as registrarTransferenciaEn } from '../../../modules/transferencia/service.ts';
import { selectRows, type Tx } from '../../client.ts';
import type { DemoContext } from './context.ts';
import { COMPRAS, type CompraDemo } from './ordenes-compra-datos.ts';

/**
 * The demo's purchase history (README "Demo data"): the orders of demo/ordenes-compra-datos.ts replayed over the
 * last year through the modules' own functions, each step at its past moment, every step of every order in
 * time order: logistica@ registers, gerencia@ and contabilidad@ approve, logistica@ registers the goods'
 * transfer and the warehouse confirms it (almacen@ at Planta Lurín, inventario@ at Miraflores; the stock and the
 * kardex move through the ledger), treasury pays a cash order (/orden/pay) or logistica@ registers payment orders
 * that gerencia@ approves and tesoreria@ deposits (with an operation number; a deposit needs no file). An order
 * goes as far as its dates allow by yesterday: the recent ones wait for goods, for a payment order's approval or
 * deposit; three wait for gerencia or contabilidad, and one was cancelled.
 */

const DIA = 86_400_000;

/** A Lima day `n` days before `hoy` (YYYY-MM-DD). */
function diaAntes(hoy: string, n: number): string {
  const [y, m, d] = hoy.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

/** The instant of a Lima day and time (Peru keeps UTC−5 all year). */
const instante = (dia: string, hora: string) => new Date(`${dia}T${hora}:00-05:00`);

/** Before the first order: the opening stock (demo/stock.ts) is dated here when the history is seeded. */
export function aperturaDelHistorial(now: Date): Date {
  return instante(diaAntes(limaDate(now), Math.max(...COMPRAS.map((c) => c.dias)) + 7), '08:00');
}

function perfil(ctx: DemoContext, correo: string, rol: number): AccessProfile {
  const usu_id = ctx.userIds.get(correo);
  if (usu_id === undefined) throw new Error(`Usuario demo inexistente: ${correo}`);
  const pry = correo === 'almacen@andina.pe' ? ctx.projectIds.get('PRY-001')! : null;
  const g = ROLE_GRANTS[rol];
  return { usu_id, usu_nivel: pry ? 0 : 1, pry_id: pry, tiu_id: 1, pve_id: null, cli_id: null, roleIds: [rol], modules: g.modules, options: g.options };
}

const mapa = async (tx: Tx, q: ReturnType<typeof sql>) => new Map((await selectRows<{ k: string; id: number }>(tx, q)).map((r) => [r.k, Number(r.id)]));

/** What a step of an order leaves for the next ones. */
interface Estado { ordId: number; codigo: string; opgId: number; tfiId: number; recibido: Map<number, Decimal>; factura: string }

/** A step of an order: days after its registration, Lima time, and what it does at that instant. */
type Paso = [dias: number, hora: string, hacer: (at: Date) => Promise<void>];

export async function seedOrdenesCompra(tx: Tx, ctx: DemoContext, now = new Date()): Promise<void> {
  const logistica = perfil(ctx, 'logistica@andina.pe', ROLE.LOGISTICA);
  const gerencia = perfil(ctx, 'gerencia@andina.pe', ROLE.GERENCIA);
  const contabilidad = perfil(ctx, 'contabilidad@andina.pe', ROLE.CONTABILIDAD);
  const tesoreria = perfil(ctx, 'tesoreria@andina.pe', ROLE.TESORERIA);
  const almacen = perfil(ctx, 'almacen@andina.pe', ROLE.JEFE_ALMACEN);
  const inventario = perfil(ctx, 'inventario@andina.pe', ROLE.INVENTARIO);
  const administrador = ctx.userIds.get('administracion@andina.pe')!;

  const cecs = await mapa(tx, sql`select cec_codigo as k, cec_id as id from centro_costo`);
  const proveedores = await mapa(tx, sql`select pve_razon_social as k, pve_id as id from proveedor`);
  const almacenes = await mapa(tx, sql`select alm_nombre as k, alm_id as id from almacen`);
  const proyectoDe = await mapa(tx, sql`select alm_nombre as k, pry_id as id from almacen`);
  const unidades = await mapa(tx, sql`select unm_simbolo as k, unm_id as id from unidad_medida`);
  const productos = new Map((await selectRows<{ prv_id: number; prv_nombre: string; unm_id: number; mar_id: number | null }>(tx,
    sql`select prv_id, prv_nombre, unm_id, mar_id from producto`)).map((p) => [p.prv_nombre, p]));
  const lurin = ctx.projectIds.get('PRY-001');

  const hoy = limaDate(now);
  // Numbering of each supplier's invoices and dispatch guides: a few hundred apart, growing with time.
  const documentos = new Map<string, number>();
  const siguienteDocumento = (proveedor: string) => {
    const n = documentos.get(proveedor) ?? 1200 + 311 * documentos.size;
    documentos.set(proveedor, n + 1);
    return n;
  };

  /** The order's steps, in order; each one at or after the one before. */
  function pasos(c: CompraDemo, i: number, s: Estado): Paso[] {
    const registro = instante(diaAntes(hoy, c.dias), '09:00');
    const fecha = (dias: number) => limaDate(new Date(registro.getTime() + dias * DIA));
    const plazo = c.plazo ?? 30;
    const minuto = (i * 17) % 100;
    const lista: Paso[] = [[0, `${String(9 + Math.floor(minuto / 60)).padStart(2, '0')}:${String(minuto % 60).padStart(2, '0')}`, async (at) => {
      const r = await registerInTx(tx, logistica, orden(c, fecha(0), fecha(c.condicion === 'credito' ? plazo : c.condicion === 'adelanto' ? 3 : 1)), at);
      s.ordId = r.id_orden;
      s.codigo = r.codigo;
    }]];
    if (c.hasta === 'creado') return lista;
    lista.push([1, '10:30', async (at) => { await approveInTx(tx, gerencia, s.ordId, 2, at); }]);
    if (c.hasta === 'gerencia') return lista;
    if (c.hasta === 'anulado') return [...lista, [2, '10:00', async (at) => { await anularInTx(tx, logistica, s.ordId, at); }]];
    lista.push([1, '16:00', async (at) => { await approveInTx(tx, contabilidad, s.ordId, 3, at); }]);
    if (c.condicion === 'contado') lista.push([1, '17:00', async (at) => { await payInTx(tx, tesoreria, s.ordId, at); }]);
    if (c.condicion === 'adelanto') lista.push(...pago(s, 'adelanto', 2, 3, fecha(3)));
    const entrega = c.entrega ?? 4;
    const entregas = c.servicio ? [] : c.parcial ? [entrega, entrega + c.parcial] : [entrega];
    entregas.forEach((dias, k) => lista.push(
      [dias, '08:00', async (at) => { await registrarIngreso(c, s, k, entregas.length, at); }],
      [dias, '11:30', async (at) => { await confirmarIngreso(c, s, at); }],
    ));
    if (c.condicion !== 'contado') {
      // Paid once the goods are in (a service once done): at the credit's term, or a few days after the goods for the advance's rest.
      const desde = (entregas.at(-1) ?? entrega) + 1;
      const deposito = c.condicion === 'adelanto' ? desde + 5 : Math.max(desde + 3, plazo);
      lista.push(...pago(s, c.condicion === 'adelanto' ? 'saldo' : 'total', desde, deposito, fecha(deposito), c));
    }
    return lista;
  }

  function orden(c: CompraDemo, fechaOrden: string, fechaPago: string) {
    const servicio = c.servicio === true;
    return OrdenSave.parse({
      tipo_orden: servicio ? TIPO_ORDEN.SERVICIO : TIPO_ORDEN.COMPRA, es_importacion: 0,
      centro_costo: { id_centro_costo: cecs.get(c.cec)! }, proveedor: { id_proveedor: proveedores.get(c.proveedor)! },
      moneda: { id_moneda: c.usd ? 2 : 1 }, ord_tipo_cambio: c.usd ?? null,
      condicion_comercial: { id_condicion: { contado: 1, credito: 2, adelanto: 3 }[c.condicion] }, metodo_pago: { id_metodo: 1 },
      tipo_documento: { id_tipo_documento: 1 }, fecha_pago: fechaPago, fecha_orden: fechaOrden,
      lugar_entrega: c.almacen ?? 'Planta Lurín, Av. Industrial 1250, Lurín',
      contabilidad: { id_usuario: contabilidad.usu_id }, administrador: { id_usuario: administrador }, gerencia: { id_usuario: gerencia.usu_id },
      referencia: c.referencia, observacion: c.observacion ?? '', descuento: 0, tipo_descuento: 1,
      orden_items: c.lineas.map(([nombre, cantidad, precio, unidad]) => {
        const p = productos.get(nombre);
        if (!p && !unidad) throw new Error(`Producto demo inexistente: ${nombre}`);
        return {
          producto_variacion: p ? { id_producto_variacion: p.prv_id } : null, descripcion: servicio ? nombre : '',
          marca: p?.mar_id ? { id_marca: p.mar_id } : null, unidad: { id_unidad: p ? p.unm_id : unidades.get(unidad!)! }, cantidad, precio_unitario: precio,
        };
      }),
    });
  }

  /** A payment order registered and sent for approval on day `desde`, approved two days later and deposited on day `deposito`. */
  function pago(s: Estado, parte: 'adelanto' | 'saldo' | 'total', desde: number, deposito: number, programado: string, c?: CompraDemo): Paso[] {
    const aprobacion = Math.min(desde + 2, deposito);
    return [
      [desde, '09:30', async (at) => {
        const o = (await ordenCompra(tx, s.ordId, { kind: 'all' }))!;
        const total = parte === 'adelanto' ? new Decimal(o.ord_monto_cigv).div(2).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)
          : calcularSaldo(o.ord_monto_cigv, o.comprometido).saldo;
        // A service's invoice comes with the service; goods' with the last delivery.
        if (c?.servicio) s.factura = `F001-${String(siguienteDocumento(c.proveedor)).padStart(8, '0')}`;
        const r = await registrarPagoEn(tx, logistica, OrdenPagoRegistrar.parse({
          orden_pago: {
            ord_id: s.ordId, opg_descripcion: parte === 'adelanto' ? `Adelanto del 50 % de la orden ${s.codigo}` : parte === 'saldo'
              ? `Saldo de la orden ${s.codigo} contra entrega, factura ${s.factura}` : `Pago de la factura ${s.factura} (orden ${s.codigo})`,
            opg_fecha_pago_programado: programado, opg_pago_cierre: parte === 'adelanto' ? 0 : 1,
            tid_id: parte === 'adelanto' ? null : 1, opg_comprobante: parte === 'adelanto' ? '' : s.factura, opg_sistema_pago: 1, opg_total: total,
          },
        }).orden_pago, at);
        s.opgId = r.opg_id;
      }],
      [desde, '09:45', async (at) => { await transicionEn(tx, logistica, s.opgId, 'solicitar_aprobacion', at); }],
      [aprobacion, '12:00', async (at) => { await transicionEn(tx, gerencia, s.opgId, 'aprobar', at); }],
      [deposito, '15:30', async (at) => {
        const d = OrdenPagoDepositar.parse({ orden_pago: { opg_id: s.opgId, opg_numero_operacion: `${4_810_000 + s.opgId * 37}`, opg_fecha_deposito: null } });
        await depositarEn(tx, tesoreria, d.orden_pago, at);
      }],
    ];
  }

  /** Delivery `k` of `n`: 60 % of each line first when in two, else what is left. */
  async function registrarIngreso(c: CompraDemo, s: Estado, k: number, n: number, at: Date) {
    const items = await selectRows<{ oci_id: number; prv_id: number; cantidad: string }>(tx,
      sql`select oci_id, prv_id, oci_cantidad::text as cantidad from orden_item where ord_id = ${s.ordId} order by oci_orden`);
    const detalle = items.flatMap((it) => {
      const pedido = new Decimal(it.cantidad);
      const cantidad = k === 0 && n > 1 ? pedido.times(0.6).floor() : pedido.minus(s.recibido.get(Number(it.oci_id)) ?? 0);
      s.recibido.set(Number(it.oci_id), (s.recibido.get(Number(it.oci_id)) ?? new Decimal(0)).plus(cantidad));
      return cantidad.gt(0) ? [{ prv_id: Number(it.prv_id), oci_id: Number(it.oci_id), tid_cantidad: cantidad.toFixed(), pal_numero_serie: '' }] : [];
    });
    const guia = `T001-${String(siguienteDocumento(c.proveedor)).padStart(6, '0')}`;
    const r = await registrarTransferenciaEn(tx, logistica, TransferenciaRegistrar.parse({
      transferencia_items: {
        tfi_tipo: 1, ord_id: s.ordId, alm_destino: almacenes.get(c.almacen!)!, tfi_fecha_estimada_llegada: limaDate(at), tfi_guia_remision: guia,
        tfi_notas: n > 1 ? `Entrega ${k + 1} de ${n} de la orden ${s.codigo}` : `Entrega de la orden ${s.codigo}`, detalle,
      },
    }).transferencia_items, at);
    s.tfiId = r.tfi_id;
  }

  /** The warehouse confirms every unit sent, each serialised one with its serial, and keeps the supplier's invoice. */
  async function confirmarIngreso(c: CompraDemo, s: Estado, at: Date) {
    const lineas = await selectRows<{ tid_id: number; prv_nombre: string; cantidad: string }>(tx, sql`
      select d.tid_id, p.prv_nombre, d.tid_cantidad::text as cantidad from transferencia_detalle d join producto p on p.prv_id = d.prv_id
      where d.tfi_id = ${s.tfiId} order by d.tid_id`);
    const usadas = new Map<string, number>();
    const serie = (nombre: string) => {
      const lista = c.series?.[nombre];
      if (!lista) return '';
      const n = usadas.get(nombre) ?? 0;
      usadas.set(nombre, n + 1);
      return lista[n];
    };
    s.factura = `F001-${String(siguienteDocumento(c.proveedor)).padStart(8, '0')}`;
    await ingresarEn(tx, proyectoDe.get(c.almacen!) === lurin ? almacen : inventario, TransferenciaIngresar.parse({
      transferencia_items: {
        tfi_id: s.tfiId, tfi_doc_tipo: '01', tfi_doc_serie: 'F001', tfi_doc_numero: s.factura.slice(5), tfi_doc_fecha: limaDate(at),
        detalle: lineas.map((l) => ({ tid_id: Number(l.tid_id), tid_ingreso_cantidad: l.cantidad, pal_numero_serie: serie(l.prv_nombre), tid_ingreso_notas: '' })),
      },
    }).transferencia_items, at);
  }

  // Every step that is due by yesterday, of every order, in time order (ties: order, then step).
  const agenda: { at: Date; i: number; j: number; hacer: Paso[2] }[] = [];
  COMPRAS.forEach((c, i) => {
    const s: Estado = { ordId: 0, codigo: '', opgId: 0, tfiId: 0, recibido: new Map(), factura: '' };
    let antes = 0;
    for (const [j, [dias, hora, hacer]] of pasos(c, i, s).entries()) {
      if (c.dias - dias < 1) break;
      const at = instante(diaAntes(hoy, c.dias - dias), hora);
      if (at.getTime() < antes) throw new Error(`Compra demo ${i + 1}: el paso ${j + 1} es anterior al anterior`);
      antes = at.getTime();
      agenda.push({ at, i, j, hacer });
    }
  });
  agenda.sort((a, b) => a.at.getTime() - b.at.getTime() || a.i - b.i || a.j - b.j);
  for (const { at, hacer } of agenda) await hacer(at);
}
