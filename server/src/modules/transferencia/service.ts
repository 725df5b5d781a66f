import type {
  AccessProfile, DocProveedor, OrdenDetalleTransferencia, Paged, Transferencia, TransferenciaDatos, TransferenciaFiltro, TransferenciaIngreso, TransferenciaRow,
} from '@obra/domain';
import {
  ESTADOS, OPCION_TRANSFERENCIA_ORDEN, ORE_RECEPCIONABLE, TFI_ESTADO, TFI_ESTADO_CODIGOS, TFI_SERIE, TFI_TIPO, TIPOS_TRANSFERENCIA, TRANSFERENCIA_MSG,
  SUNAT_MSG, codigoTransferencia, docProveedorErrores, estadoNombre, formatDecimal, estadoTrasIngreso, hasOption, limaYear, puedeEliminar, tfiEstadoId,
  tieneDocProveedor, tipoTransferenciaNombre,
} from '@obra/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { nextNumber } from '../../platform/counters.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ListRequest } from '../../platform/list.ts';
import { inScope, projectScope, type ProjectScope } from '../../platform/scope.ts';
import { DOC, entrada, salida, type Movimiento } from '../../platform/stock-ledger.ts';
import { applyIngresos } from '../orden/estados.ts';
import * as pq from '../proyecto/queries.ts';
import { transferenciaEnviada } from './notificaciones.ts';
import * as q from './queries.ts';

/**
 * Transfers and incomes (spec 2 §2–§7, DECISIONS §2, §3; docs/business-rules.md "Transfers and incomes").
 * Every mutation is one transaction. Registering takes its code first (the counter row's lock), then the
 * order (type 1) or the stock rows; confirming and deleting lock the transfer row `FOR UPDATE` first, so of
 * two simultaneous calls on one transfer the second sees the first's state and gets 409. Stock moves only
 * through the ledger (`platform/stock-ledger.ts`), rows touched in a fixed order.
 */

const ESTADO_NOMBRE = new Map<number, string>(ESTADOS.map((e) => [e.est_id, e.est_nombre]));
const nombreEstado = (estId: number) => ESTADO_NOMBRE.get(estId) ?? String(estId);

/** A transfer is visible to a project user when its destination or origin is of their project; otherwise 404. */
const visible = (scope: ProjectScope, t: { pry_destino: number; pry_origen: number | null }) =>
  inScope(scope, t.pry_destino) || (t.pry_origen !== null && inScope(scope, t.pry_origen));

export async function buscar(deps: Deps, caller: AccessProfile, f: TransferenciaFiltro, page: ListRequest): Promise<Paged<TransferenciaRow>> {
  return q.lista(deps.database.db, {
    tfi_tipo: f.tfi_tipo,
    est_id: f.est_codigo === null ? null : tfiEstadoId(f.est_codigo),
    alm_destino: f.alm_destino,
    alm_origen: f.alm_origen,
    ord_code: f.ord_code,
    fecha_inicio: f.fecha_inicio,
    fecha_fin: f.fecha_fin,
    scope: projectScope(caller),
  }, page);
}

/** `RUC-01-F001-123.xml`, the name the portal gives a supplier's invoice XML (proveedor_portal/factura.ts). */
const FACTURA_PORTAL = /^\d{11}-01-([A-Z0-9]{4})-(\d{1,8})\.xml$/;
/** A guide typed at registration as `SERIE-NÚMERO` (T001-000120, EG01-45). */
const GUIA_TEXTO = /^([A-Z0-9]{4})\s*-\s*([A-Z0-9]{1,8})$/;

/** What the receipt proposes while the transfer has no supplier document (docs/business-rules.md "SUNAT PLE 12.1"). */
function docSugerido(c: q.Cabecera): DocProveedor | null {
  if (tieneDocProveedor(c) || c.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES) return null;
  const factura = FACTURA_PORTAL.exec(c.factura_proveedor ?? '');
  // The date is the receiver's to read on the paper (the portal keeps the file, not its issue date).
  if (factura) return { tfi_doc_tipo: '01', tfi_doc_serie: factura[1], tfi_doc_numero: factura[2], tfi_doc_fecha: '' };
  const guia = GUIA_TEXTO.exec(c.tfi_guia_remision.trim().toUpperCase());
  const doc = guia && { tfi_doc_tipo: '09', tfi_doc_serie: guia[1], tfi_doc_numero: guia[2], tfi_doc_fecha: '' };
  return doc && docProveedorErrores(doc).every((e) => e.campo === 'tfi_doc_fecha') ? doc : null;
}

async function conDetalle(deps: Deps, cabeceras: q.Cabecera[]): Promise<Transferencia[]> {
  const lineas = await q.detalle(deps.database.db, cabeceras.map((c) => c.tfi_id));
  return cabeceras.map((cabecera) => {
    const { pry_origen: _o, factura_proveedor: _f, ...c } = cabecera;
    return { ...c, doc_sugerido: docSugerido(cabecera), detalle: lineas.filter((l) => l.tfi_id === c.tfi_id).map(({ tfi_id: _t, ...l }) => l) };
  });
}

export async function obtener(deps: Deps, caller: AccessProfile, tfiId: number): Promise<Transferencia> {
  const c = await q.cabecera(deps.database.db, tfiId);
  if (!c || !visible(projectScope(caller), c)) throw notFound(TRANSFERENCIA_MSG.notFound);
  return (await conDetalle(deps, [c]))[0];
}

/** The lookups of the screen (spec 2 §7 "Options call"): types, the module's statuses, the caller's warehouses. */
export async function opciones(deps: Deps, caller: AccessProfile) {
  const scope = projectScope(caller);
  return {
    tipos_transferencia: TIPOS_TRANSFERENCIA,
    estados: ESTADOS.filter((e) => (TFI_ESTADO_CODIGOS as readonly string[]).includes(e.est_codigo)),
    almacenes: scope.kind === 'none' ? [] : await pq.activeAlmacenes(deps.database.db, { scope }),
  };
}

// ------------------------------------------------------------------ register

interface Registro {
  tfi_id: number;
  tfi_codigo: string;
}

/** Warehouses of a new transfer: they exist, are active and within the caller's scope (404 otherwise). */
async function almacenesValidos(tx: Tx, scope: ProjectScope, ids: number[]): Promise<Map<number, q.AlmacenRow>> {
  const rows = await q.almacenes(tx, ids);
  const byId = new Map(rows.map((r) => [Number(r.alm_id), r]));
  for (const id of ids) {
    const a = byId.get(id);
    if (!a || !inScope(scope, Number(a.pry_id))) throw notFound(TRANSFERENCIA_MSG.almacenNotFound);
    if (Number(a.alm_estado) !== 1) throw conflict(`El almacén ${a.alm_nombre} está inactivo`);
  }
  return byId;
}

const esEntero = (v: string) => new Decimal(v).isInteger();

/**
 * The origin stock row of each type 2 line: its `pal_id`, or the spec's line (spec 2 §3 "Transfer", issue 27) by
 * product in the origin warehouse and, when serialised, serial (any case). A line naming no stock there, or two
 * lines the same row, is refused.
 */
async function stockDeLineas(tx: Tx, almOrigen: number, detalle: TransferenciaDatos['detalle']): Promise<number[]> {
  const porProducto = detalle.filter((l) => l.pal_id === null).map((l) => l.prv_id);
  const filas = porProducto.length === 0 ? [] : await q.stocksDeProductos(tx, almOrigen, [...new Set(porProducto)]);
  const ids = detalle.map((l) => {
    if (l.pal_id !== null) return l.pal_id;
    const serie = l.pal_numero_serie.toLowerCase();
    const fila = filas.find((f) => Number(f.prv_id) === l.prv_id
      && (Number(f.prv_item) === 1 ? f.pal_numero_serie.toLowerCase() === serie : f.pal_numero_serie === ''));
    if (!fila) throw badRequest(TRANSFERENCIA_MSG.stockAjeno);
    return Number(fila.pal_id);
  });
  if (new Set(ids).size !== ids.length) throw badRequest(TRANSFERENCIA_MSG.productoAgregado);
  return ids;
}

/**
 * Registers a transfer in `tx` (the route's transaction, or the demo seed's): type 1 checks each line against the
 * order item's remaining balance and moves nothing; type 2 takes the stock out of the origin; type 3 puts it into
 * the destination. `now` is the moment of registration (the demo seed's history passes past ones), absent: now.
 * Returns the id and code.
 */
export async function registrarEn(tx: Tx, caller: AccessProfile, d: TransferenciaDatos, now?: Date): Promise<Registro> {
  const scope = projectScope(caller);
  if (d.tfi_tipo === TFI_TIPO.ORDEN_COMPRA && !hasOption(caller, OPCION_TRANSFERENCIA_ORDEN)) throw forbidden(TRANSFERENCIA_MSG.opcionOrden);
  // The code first: the counter row is the first lock every registration takes (docs/business-rules.md).
  const anio = limaYear(now);
  const numero = await nextNumber(tx, TFI_SERIE, anio);
  const tfi_codigo = codigoTransferencia(anio, numero);
  const almacenes = await almacenesValidos(tx, scope, d.alm_origen !== null && d.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES ? [d.alm_destino, d.alm_origen] : [d.alm_destino]);
  const destino = almacenes.get(d.alm_destino)!;

  // Lines as they will be stored: product, order item, origin row, serial, quantity.
  type Linea = { prv_id: number; prv_nombre: string; oci_id: number | null; pal_origen: number | null; serie: string; cantidad: string; prv_item: number; costo: string | null };
  const lineas: Linea[] = [];
  let ordId: number | null = null;
  let glosa: string;

  if (d.tfi_tipo === TFI_TIPO.ORDEN_COMPRA) {
    const o = await q.orden(tx, d.ord_id!, true);
    if (!o || !inScope(scope, Number(o.pry_id))) throw notFound(TRANSFERENCIA_MSG.ordenNotFound);
    if (Number(o.ord_tipo_orden) !== 1) throw conflict(TRANSFERENCIA_MSG.ordenTipo);
    if (!ORE_RECEPCIONABLE.includes(Number(o.ore_id))) throw conflict(TRANSFERENCIA_MSG.ordenEstado(estadoNombre(Number(o.ore_id))));
    ordId = o.ord_id;
    // Read under the order's lock: concurrent registrations for one order see each other's lines.
    const items = new Map((await q.itemsOrden(tx, o.ord_id)).map((i) => [Number(i.oci_id), i]));
    for (const l of d.detalle) {
      const item = items.get(l.oci_id!);
      if (!item) throw badRequest(TRANSFERENCIA_MSG.itemAjeno);
      if (item.prv_id === null) throw badRequest(TRANSFERENCIA_MSG.itemSinProducto(item.oci_descripcion));
      const nombre = item.prv_nombre ?? item.oci_descripcion;
      if (new Decimal(l.tid_cantidad).gt(item.oci_saldo_transferencia)) throw conflict(TRANSFERENCIA_MSG.excedeSaldo(nombre, formatDecimal(item.oci_saldo_transferencia)));
      const base = { prv_id: Number(item.prv_id), prv_nombre: nombre, oci_id: Number(item.oci_id), pal_origen: null, serie: '', prv_item: Number(item.prv_item), costo: null };
      if (base.prv_item === 1) {
        // A serialised product enters one unit per serial: the line is split into units, each confirmed with its serial.
        if (!esEntero(l.tid_cantidad)) throw badRequest(TRANSFERENCIA_MSG.cantidadEntera(nombre));
        for (let i = 0; i < Number(l.tid_cantidad); i++) lineas.push({ ...base, cantidad: '1' });
      } else {
        lineas.push({ ...base, cantidad: l.tid_cantidad });
      }
    }
    glosa = `Ingreso por la orden de compra ${o.ord_codigo} (transferencia ${tfi_codigo})`;
  } else if (d.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES) {
    const palIds = await stockDeLineas(tx, d.alm_origen!, d.detalle);
    const stocks = new Map((await q.stocks(tx, palIds)).map((s) => [Number(s.pal_id), s]));
    for (const [i, l] of d.detalle.entries()) {
      const s = stocks.get(palIds[i]);
      if (!s || Number(s.alm_id) !== d.alm_origen) throw badRequest(TRANSFERENCIA_MSG.stockAjeno);
      if (Number(s.prv_item) === 1 && !new Decimal(l.tid_cantidad).eq(1)) throw badRequest(TRANSFERENCIA_MSG.serieUnidad(s.prv_nombre));
      lineas.push({ prv_id: Number(s.prv_id), prv_nombre: s.prv_nombre, oci_id: null, pal_origen: Number(s.pal_id), serie: s.pal_numero_serie, cantidad: l.tid_cantidad, prv_item: Number(s.prv_item), costo: null });
    }
    glosa = `Transferencia ${tfi_codigo}: salida hacia ${destino.alm_nombre}`;
  } else {
    const productos = new Map((await q.productos(tx, [...new Set(d.detalle.map((l) => l.prv_id))])).map((p) => [Number(p.prv_id), p]));
    for (const l of d.detalle) {
      const p = productos.get(l.prv_id);
      if (!p) throw badRequest('El producto no existe');
      if (Number(p.prv_estado) !== 1) throw conflict(`El producto ${p.prv_nombre} está deshabilitado`);
      if (Number(p.prv_item) === 1) {
        if (!new Decimal(l.tid_cantidad).eq(1)) throw badRequest(TRANSFERENCIA_MSG.serieUnidad(p.prv_nombre));
        if (!l.pal_numero_serie) throw badRequest(`Debe ingresar el número de serie de ${p.prv_nombre}`);
      }
      lineas.push({ prv_id: p.prv_id, prv_nombre: p.prv_nombre, oci_id: null, pal_origen: null, serie: Number(p.prv_item) === 1 ? l.pal_numero_serie : '', cantidad: l.tid_cantidad, prv_item: Number(p.prv_item), costo: l.tid_costo_unitario });
    }
    glosa = `Compra externa ${tfi_codigo}: ingreso a ${destino.alm_nombre}`;
  }

  const tfi_id = await q.insertar(tx, {
    tfi_codigo, tfi_numero: numero, tfi_anio: anio, tfi_tipo: d.tfi_tipo, ord_id: ordId,
    alm_origen: d.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES ? d.alm_origen : null, alm_destino: d.alm_destino,
    tfi_fecha_estimada_llegada: d.tfi_fecha_estimada_llegada, tfi_guia_remision: d.tfi_guia_remision, tfi_notas: d.tfi_notas,
    tfi_usu_registrador: caller.usu_id, tfi_fecha_registro: now,
    tfi_doc_tipo: d.tfi_doc_tipo, tfi_doc_serie: d.tfi_doc_serie, tfi_doc_numero: d.tfi_doc_numero, tfi_doc_fecha: d.tfi_doc_fecha,
  });
  const mov: Movimiento = { doc: DOC.TRANSFERENCIA, docId: tfi_id, glosa, usuId: caller.usu_id, fecha: now };

  // Stock moves in a fixed order (origin row id; product and serial), so concurrent transfers never wait on each other in a circle.
  // Valued kardex: a line between warehouses keeps the unit cost it left the origin with (its entry and its deletion
  // enter at it); an external purchase enters at its typed cost, or at the destination's average without one.
  const destinos = new Map<Linea, number>();
  if (d.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES) {
    for (const l of [...lineas].sort((a, b) => a.pal_origen! - b.pal_origen!)) l.costo = (await salida(tx, l.pal_origen!, l.cantidad, mov)).costo_unitario;
  } else if (d.tfi_tipo === TFI_TIPO.COMPRA_EXTERNA) {
    for (const l of [...lineas].sort((a, b) => a.prv_id - b.prv_id || a.serie.localeCompare(b.serie))) {
      destinos.set(l, (await entrada(tx, { almId: d.alm_destino, prvId: l.prv_id, serie: l.serie }, l.cantidad, mov, l.costo)).pal_id);
    }
  }
  for (const l of lineas) {
    await q.insertarLinea(tx, {
      tfi_id, prv_id: l.prv_id, oci_id: l.oci_id, pal_origen: l.pal_origen, pal_destino: destinos.get(l) ?? null, tid_numero_serie: l.serie, tid_cantidad: l.cantidad,
      tid_costo_unitario: l.oci_id === null ? l.costo : null,
    });
  }
  await transferenciaEnviada(tx, { tfi_id, tfi_codigo, tfi_tipo: d.tfi_tipo, alm_destino: d.alm_destino, almacen: destino.alm_nombre }, caller.usu_id);
  return { tfi_id, tfi_codigo };
}

export function registrar(deps: Deps, caller: AccessProfile, d: TransferenciaDatos): Promise<Registro> {
  return deps.database.db.transaction((tx) => registrarEn(tx, caller, d));
}

// ------------------------------------------------------------------ confirm entry and delete

/** The transfer locked, or 404 when absent or outside the caller's scope; 409 unless it is still creado. */
async function bloquearCreada(tx: Tx, caller: AccessProfile, tfiId: number): Promise<q.Bloqueada> {
  const t = await q.bloquear(tx, tfiId);
  if (!t || !visible(projectScope(caller), t)) throw notFound(TRANSFERENCIA_MSG.notFound);
  if (Number(t.est_id) !== TFI_ESTADO.CREADO) throw conflict(TRANSFERENCIA_MSG.soloCreado(nombreEstado(Number(t.est_id))));
  return t;
}

/**
 * Confirms the entry of a whole transfer (spec 2 §4, §5; DECISIONS §3): each line's confirmed quantity (0 to the sent
 * one) enters the destination, a serialised unit with its serial; the receiver is the caller. All lines as sent →
 * ingreso_confirmado, else ingreso_parcial. For a purchase order, the order follows (recepcionado parcial / recepcionado).
 * The supplier's document, when sent, is kept on the transfer for the PLE 12.1 book (none on a transfer between warehouses).
 */
export function ingresar(deps: Deps, caller: AccessProfile, d: TransferenciaIngreso) {
  return deps.database.db.transaction((tx) => ingresarEn(tx, caller, d));
}

/** `ingresar` inside the caller's transaction; `now` is the moment of the entry (the demo seed's history), absent: now. */
export async function ingresarEn(tx: Tx, caller: AccessProfile, d: TransferenciaIngreso, now?: Date) {
  const t = await bloquearCreada(tx, caller, d.tfi_id);
  if (Number(t.tfi_tipo) === TFI_TIPO.COMPRA_EXTERNA) throw conflict(TRANSFERENCIA_MSG.compraExternaSinIngreso);
  if (!inScope(projectScope(caller), Number(t.pry_destino))) throw forbidden('El ingreso lo confirma el almacén de destino');
  if (tieneDocProveedor(d)) {
    if (Number(t.tfi_tipo) === TFI_TIPO.ENTRE_ALMACENES) throw badRequest(SUNAT_MSG.docEnTransferencia);
    await q.guardarDocProveedor(tx, t.tfi_id, d);
  }
  const lineas = await q.lineas(tx, t.tfi_id);
  const enviados = new Map(d.detalle.map((l) => [l.tid_id, l]));
  if (enviados.size !== d.detalle.length || lineas.length !== d.detalle.length || lineas.some((l) => !enviados.has(Number(l.tid_id)))) {
    throw badRequest(TRANSFERENCIA_MSG.lineasIngreso);
  }
  const mov: Movimiento = {
    doc: DOC.TRANSFERENCIA, docId: t.tfi_id, usuId: caller.usu_id, fecha: now,
    glosa: `Transferencia ${t.tfi_codigo}: ingreso confirmado (${tipoTransferenciaNombre(Number(t.tfi_tipo)).toLowerCase()})`,
  };
  const plan = lineas.map((l) => {
    const e = enviados.get(Number(l.tid_id))!;
    const cantidad = new Decimal(e.tid_ingreso_cantidad);
    if (cantidad.gt(l.tid_cantidad)) throw badRequest(TRANSFERENCIA_MSG.ingresoExcede(l.prv_nombre, formatDecimal(l.tid_cantidad)));
    const serializado = Number(l.prv_item) === 1;
    if (serializado && !cantidad.eq(0) && !cantidad.eq(1)) throw badRequest(TRANSFERENCIA_MSG.ingresoSerie(l.prv_nombre));
    // The serial of a serialised unit: what the receiver typed, else the one it left the origin with.
    const serie = serializado ? (e.pal_numero_serie || l.origen_serie || l.tid_numero_serie || '') : '';
    if (serializado && cantidad.gt(0) && !serie) throw badRequest(`Debe ingresar el número de serie de ${l.prv_nombre}`);
    return { l, cantidad: cantidad.toFixed(), serie, notas: e.tid_ingreso_notas };
  });
  // Valued kardex: a purchase-order line enters at its order line's cost in soles, a line between warehouses at the cost it left with.
  const costos = Number(t.tfi_tipo) === TFI_TIPO.ORDEN_COMPRA && t.ord_id !== null ? await q.costosOrden(tx, Number(t.ord_id)) : new Map<number, string>();
  const costoDe = (l: q.LineaGuardada) => (l.oci_id !== null ? costos.get(Number(l.oci_id)) ?? null : l.tid_costo_unitario);
  for (const p of [...plan].sort((a, b) => Number(a.l.prv_id) - Number(b.l.prv_id) || a.serie.localeCompare(b.serie))) {
    const pal = new Decimal(p.cantidad).gt(0)
      ? (await entrada(tx, { almId: Number(t.alm_destino), prvId: Number(p.l.prv_id), serie: p.serie }, p.cantidad, mov, costoDe(p.l))).pal_id
      : null;
    await q.registrarIngresoLinea(tx, { tid_id: Number(p.l.tid_id), cantidad: p.cantidad, notas: p.notas, pal_destino: pal, serie: p.serie });
  }
  const est_id = estadoTrasIngreso(plan.map((p) => ({ enviada: p.l.tid_cantidad, confirmada: p.cantidad })));
  await q.cambiarEstado(tx, t.tfi_id, { est_id, usu_id: caller.usu_id, ingreso: true, fecha: now });
  let ore_id: number | null = null;
  if (Number(t.tfi_tipo) === TFI_TIPO.ORDEN_COMPRA && t.ord_id !== null) {
    const r = await q.recepcionOrden(tx, Number(t.ord_id));
    ore_id = await applyIngresos(tx, Number(t.ord_id), caller.usu_id, { alguno: new Decimal(r.ingresado).gt(0), completo: r.completo }, t.tfi_codigo, now);
  }
  return { tfi_id: t.tfi_id, tfi_codigo: t.tfi_codigo, est_id, est_nombre: nombreEstado(est_id), ore_id };
}

/**
 * Deletes a created transfer (spec 2 §4, §6): level 1 any, others only those they registered. Between warehouses:
 * the stock goes back to the origin. External purchase: the stock that entered leaves again, refused (409) when it
 * is no longer there. Purchase order: nothing moved yet.
 */
export function eliminar(deps: Deps, caller: AccessProfile, tfiId: number) {
  return deps.database.db.transaction(async (tx) => {
    const t = await bloquearCreada(tx, caller, tfiId);
    if (!puedeEliminar({ est_id: Number(t.est_id), tfi_usu_registrador: Number(t.tfi_usu_registrador) }, caller)) throw forbidden(TRANSFERENCIA_MSG.eliminarAjena);
    const lineas = await q.lineas(tx, t.tfi_id);
    const mov: Movimiento = { doc: DOC.TRANSFERENCIA, docId: t.tfi_id, usuId: caller.usu_id, glosa: `Eliminación de la transferencia ${t.tfi_codigo}` };
    if (Number(t.tfi_tipo) === TFI_TIPO.ENTRE_ALMACENES) {
      for (const l of [...lineas].sort((a, b) => Number(a.pal_origen) - Number(b.pal_origen))) await entrada(tx, { palId: Number(l.pal_origen) }, l.tid_cantidad, mov, l.tid_costo_unitario);
    } else if (Number(t.tfi_tipo) === TFI_TIPO.COMPRA_EXTERNA) {
      for (const l of [...lineas].sort((a, b) => Number(a.pal_destino) - Number(b.pal_destino))) {
        try {
          await salida(tx, Number(l.pal_destino), l.tid_cantidad, mov);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 409) throw conflict(TRANSFERENCIA_MSG.stockYaSalio(l.prv_nombre, t.tfi_codigo));
          throw err;
        }
      }
    }
    await q.cambiarEstado(tx, t.tfi_id, { est_id: TFI_ESTADO.ELIMINADO, usu_id: caller.usu_id, ingreso: false });
    return { tfi_id: t.tfi_id, tfi_codigo: t.tfi_codigo, est_id: TFI_ESTADO.ELIMINADO };
  });
}

// ------------------------------------------------------------------ orders, history, searches

/** At most this many orders answer an order search, and products or stock rows a quick search. */
const LIMITE_BUSQUEDA = 20;

export function buscarOrdenes(deps: Deps, caller: AccessProfile, texto: string) {
  return q.buscarOrdenes(deps.database.db, { texto, estados: ORE_RECEPCIONABLE, scope: projectScope(caller), limit: LIMITE_BUSQUEDA });
}

export async function detalleOrden(deps: Deps, caller: AccessProfile, ordId: number): Promise<OrdenDetalleTransferencia> {
  const db = deps.database.db;
  const o = await q.orden(db, ordId);
  if (!o || !inScope(projectScope(caller), Number(o.pry_id))) throw notFound(TRANSFERENCIA_MSG.ordenNotFound);
  const { ord_tipo_orden: _t, ...orden } = o;
  return { ...orden, detalle: await q.itemsOrden(db, ordId) };
}

/** The transfers of an order (its view's 'Ver Transferencia'), each with its lines, as far as the caller sees them. */
export async function transferenciasDeOrden(deps: Deps, caller: AccessProfile, ordId: number): Promise<Transferencia[]> {
  const db = deps.database.db;
  const o = await q.orden(db, ordId);
  const scope = projectScope(caller);
  if (!o || !inScope(scope, Number(o.pry_id))) throw notFound(TRANSFERENCIA_MSG.ordenNotFound);
  return conDetalle(deps, (await q.cabecerasDeOrden(db, ordId)).filter((c) => visible(scope, c)));
}

export async function historial(deps: Deps, caller: AccessProfile, palId: number) {
  const db = deps.database.db;
  const pry = await q.proyectoDeStock(db, palId);
  if (pry === undefined || !inScope(projectScope(caller), Number(pry))) throw notFound(TRANSFERENCIA_MSG.stockNotFound);
  return q.historial(db, palId);
}

export function buscarProductos(deps: Deps, texto: string) {
  return q.buscarProductos(deps.database.db, texto, LIMITE_BUSQUEDA);
}
