import type { AccessProfile, OrdenVentaBuscarDatos, OrdenVentaDatos, OrdenVentaDetalle, OrdenVentaFila, OrdenVentaModificarDatos } from '@obra/domain';
import {
  ORDEN_VENTA_MSG as M, OVT, TID_FACTURA, comprobanteGenerable, decimalMenorIgual, formaPagoDe, hasOption, isReadOnly, limaDate, ovtEditable,
  ventaSaldo, ventaTotales,
} from '@obra/domain';
import type { Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { TDI_RUC } from './comprobante-solicitud.ts';
import * as aq from './archivo-queries.ts';
import * as cq from './comprobante-queries.ts';
import * as pq from './pago-queries.ts';
import * as q from './queries.ts';

/**
 * Sales orders (spec 3 §2 "Sales orders", §4, §5; DECISIONS §2, §6; docs/business-rules.md "Sales
 * orders"). Every action runs in one transaction that locks the order row first and re-checks on it
 * the state (409) and the caller's options (403). Amounts are recomputed here with the domain's
 * `ventaTotales`; what a client sends for them is ignored.
 */

/** The option codes of the module (spec 3 §6). */
export const OPC = { editar: 'editar_orden_venta', aprobar: 'aprobar_orden_venta', pago: 'registrar_orden_venta_pago' } as const;

/** Whether the caller may change things through `option` (a VISUALIZADOR never may). */
export const puede = (caller: AccessProfile, option: (typeof OPC)[keyof typeof OPC]) => !isReadOnly(caller) && hasOption(caller, option);

/** The order locked, or 404. */
export async function lockOrden(tx: Tx, ovtId: number): Promise<q.OrdenLocked> {
  const o = await q.lock(tx, ovtId);
  if (!o) throw notFound(M.notFound);
  return o;
}

type Datos = OrdenVentaDatos | OrdenVentaModificarDatos;

/**
 * Checks what the order names (client active, one of its active addresses, a FACTURA only for a RUC,
 * an active seller, a payment condition, a district; every product active and priced at or above its
 * current minimum) and returns the columns to write, amounts recomputed (DECISIONS §2).
 */
async function validar(tx: Tx, d: Datos) {
  const r = await q.referencias(tx, d);
  if (!r.cliente || r.cliente.cli_estado !== 1) throw badRequest(M.clienteInactivo);
  if (d.tid_id === TID_FACTURA && r.cliente.tdi_id !== TDI_RUC) throw badRequest(M.facturaSinRuc);
  if (!r.direccion) throw badRequest(M.direccion);
  if (!r.vendedor) throw badRequest(M.vendedor);
  if (!r.condicion) throw badRequest(M.condicion);
  if (!r.distrito) throw badRequest(M.distrito);
  const productos = await q.productos(tx, d.lista_orden_venta_detalle.map((l) => l.pvt_id));
  for (const l of d.lista_orden_venta_detalle) {
    const p = productos.get(l.pvt_id);
    if (!p) throw badRequest(M.productoNoExiste);
    if (p.est_id !== 1) throw badRequest(M.productoInactivo(p.pvt_nombre));
    if (!decimalMenorIgual(p.pvt_precio_minimo, l.ovd_precio)) throw badRequest(M.precioMinimo(p.pvt_nombre, p.pvt_precio_minimo));
  }
  const totales = ventaTotales(d.lista_orden_venta_detalle);
  // NUMERIC(14,2): a total past it is the caller's input, not a server error.
  if (totales.ovt_total.split('.')[0].length > 12) throw badRequest(M.totalMaximo);
  const cabecera = {
    cli_id: d.cli_id, cde_id: d.cde_id, ven_id: d.ven_id, tid_id: d.tid_id, mon_id: d.mon_id, coc_id: d.coc_id,
    ovt_nombre_contacto: d.ovt_nombre_contacto, ovt_documento_identidad_contacto: d.ovt_documento_identidad_contacto,
    ovt_telefono_contacto: d.ovt_telefono_contacto, ovt_correo_contacto: d.ovt_correo_contacto, ovt_observaciones: d.ovt_observaciones,
    ovt_guia: d.ovt_guia, ovt_fecha_entrega: new Date(d.ovt_fecha_entrega),
    // The address is the client's; the popup may adjust the reference and the district for this delivery.
    ovt_direccion_envio: r.direccion.cde_direccion,
    ovt_referencia_envio: d.ovt_referencia_envio ?? r.direccion.cde_referencia,
    ubi_id: d.ubi_id ?? r.direccion.ubi_id,
    ovt_subtotal: totales.ovt_subtotal, ovt_igv_tasa: totales.ovt_igv_tasa, ovt_igv: totales.ovt_igv, ovt_total: totales.ovt_total,
  };
  const lineas = (ovtId: number) => d.lista_orden_venta_detalle.map((l, i) => ({
    ovt_id: ovtId, pvt_id: l.pvt_id, ovd_producto: productos.get(l.pvt_id)!.pvt_nombre, ovd_precio: l.ovd_precio, ovd_cantidad: l.ovd_cantidad,
    // A service (no mixer carries it) has nothing to dispatch: its balance starts at 0 (issue 24).
    ...totales.lineas[i], ovd_saldo_envio: productos.get(l.pvt_id)!.pvt_despacho_mixer ? l.ovd_cantidad : '0', env_frecuencia: l.env_frecuencia,
  }));
  return { cabecera, lineas, tdi_id: r.cliente.tdi_id };
}

/** A delivery earlier than today (Lima) is refused, unless modify keeps the date the order already had. */
function checkEntrega(iso: string, now: Date, actual?: string) {
  if (actual && new Date(actual).getTime() === new Date(iso).getTime()) return;
  if (limaDate(new Date(iso)) < limaDate(now)) throw badRequest(M.fechaEntregaPasada);
}

/** Registers an order in `tx` (the route's or the demo seed's): state creado, lines with their whole quantity to dispatch. */
export async function registrarEn(tx: Tx, caller: AccessProfile, d: OrdenVentaDatos, now = new Date()): Promise<number> {
  checkEntrega(d.ovt_fecha_entrega, now);
  const v = await validar(tx, d);
  // Register offers FACTURA; a BOLETA only where a factura is impossible (a client without RUC).
  if (d.tid_id !== TID_FACTURA && v.tdi_id === TDI_RUC) throw badRequest(M.tipoComprobanteRegistro);
  const ovtId = await q.insertOrden(tx, { ...v.cabecera, ovt_registrador: caller.usu_id, ovt_fecha_venta: now, est_id: OVT.CREADO });
  await q.replaceLineas(tx, ovtId, v.lineas(ovtId));
  return ovtId;
}

export function registrar(deps: Deps, caller: AccessProfile, d: OrdenVentaDatos): Promise<OrdenVentaDetalle> {
  return deps.database.db.transaction(async (tx) => detalleEn(tx, caller, await registrarEn(tx, caller, d)));
}

/** Modify (spec 3 §5): option editar_orden_venta, state creado, the version read; the client stays; lines are replaced. */
export function modificar(deps: Deps, caller: AccessProfile, d: OrdenVentaModificarDatos, now = new Date()): Promise<OrdenVentaDetalle> {
  if (!puede(caller, OPC.editar)) throw forbidden(M.sinOpcionEditar);
  return deps.database.db.transaction(async (tx) => {
    const o = await lockOrden(tx, d.ovt_id);
    if (!ovtEditable(o.est_id)) throw conflict(M.noEditable(await q.estadoNombre(tx, o.est_id)));
    if (o.ovt_version !== d.ovt_version) throw conflict(M.version);
    if (o.cli_id !== d.cli_id) throw badRequest(M.clienteCambiado);
    checkEntrega(d.ovt_fecha_entrega, now, o.ovt_fecha_entrega);
    const v = await validar(tx, d);
    await q.updateOrden(tx, o.ovt_id, v.cabecera);
    await q.replaceLineas(tx, o.ovt_id, v.lineas(o.ovt_id));
    return detalleEn(tx, caller, o.ovt_id);
  });
}

/**
 * Approval of a credit sale (spec 3 §4, DECISIONS §6): option aprobar_orden_venta, only in creado,
 * → aprobado; the payment condition the approver confirms is kept. Two at once: the lock makes the
 * second read aprobado and get 409.
 */
export function aprobar(deps: Deps, caller: AccessProfile, d: { ovt_id: number; coc_id: number | null }, now = new Date()): Promise<OrdenVentaDetalle> {
  if (!puede(caller, OPC.aprobar)) throw forbidden(M.sinOpcionAprobar);
  return deps.database.db.transaction(async (tx) => {
    await aprobarEn(tx, caller, d, now);
    return detalleEn(tx, caller, d.ovt_id);
  });
}

export async function aprobarEn(tx: Tx, caller: AccessProfile, d: { ovt_id: number; coc_id: number | null }, now = new Date()): Promise<void> {
  const o = await lockOrden(tx, d.ovt_id);
  if (o.est_id !== OVT.CREADO) throw conflict(M.noAprobable(await q.estadoNombre(tx, o.est_id)));
  if (d.coc_id !== null && !(await q.condicionExiste(tx, d.coc_id))) throw badRequest(M.condicion);
  await q.updateOrden(tx, o.ovt_id, { est_id: OVT.APROBADO, ovt_aprobador: caller.usu_id, ovt_fecha_aprobacion: now, ...(d.coc_id ? { coc_id: d.coc_id } : {}) });
}

/** The whole order as the view popup shows it, with the caller's flags (spec 3 §2 "View order popup"). */
export async function detalleEn(db: Executor, caller: AccessProfile, ovtId: number): Promise<OrdenVentaDetalle> {
  const c = await q.cabecera(db, ovtId);
  if (!c) throw notFound(M.notFound);
  const [lista_orden_venta_detalle, pagos, comprobantes, archivos] = await Promise.all([
    q.lineas(db, ovtId), pq.pagos(db, ovtId), cq.deOrden(db, ovtId), aq.deOrden(db, ovtId),
  ]);
  const saldo = ventaSaldo(c.ovt_total, c.ovt_pagado);
  const conSaldo = !decimalMenorIgual(saldo, '0');
  const credito = { ...c, aprobada: c.ovt_fecha_aprobacion !== null };
  const sinComprobante = !c.ovt_comprobante;
  return {
    ...c,
    saldo,
    lista_orden_venta_detalle,
    lista_orden_venta_pago: pagos.map((p) => ({ ...p, puede_cancelar: puede(caller, OPC.pago) && p.est_id === 1 && sinComprobante })),
    lista_nube_fact_comprobante: comprobantes,
    lista_orden_venta_archivo: archivos,
    puede_editar: puede(caller, OPC.editar) && ovtEditable(c.est_id),
    puede_aprobar: puede(caller, OPC.aprobar) && c.est_id === OVT.CREADO,
    puede_registrar_pago: puede(caller, OPC.pago) && conSaldo,
    puede_generar_comprobante: !isReadOnly(caller) && comprobanteGenerable(credito),
    // A balance with a voucher is a credit sale invoiced before being paid (issue 23): its voucher is seen too.
    puede_ver_comprobante: !!c.ovt_comprobante && !!c.ovt_comprobante_enlace,
    comprobante_forma_pago: formaPagoDe(credito),
  };
}

export function obtener(deps: Deps, caller: AccessProfile, ovtId: number): Promise<OrdenVentaDetalle> {
  return detalleEn(deps.database.db, caller, ovtId);
}

/** `{page:{list, total, size, number}}` of spec 3's lists. */
export interface OrdenVentaPagina {
  page: { list: OrdenVentaFila[]; total: number; size: number; number: number; total_exacto?: boolean; siguiente?: string };
}

export async function buscar(deps: Deps, caller: AccessProfile, f: OrdenVentaBuscarDatos): Promise<OrdenVentaPagina> {
  const { page, ...filtro } = f;
  const db = deps.database.db;
  const r = await q.lista(db, filtro, fromPageQuery(page));
  // Spec 3 "Sales order as seen by dispatch": each row with its lines, read for the page's ids in one more statement.
  const lineas = await q.lineasDe(db, r.data.map((row) => row.ovt_id));
  const editar = puede(caller, OPC.editar);
  return {
    page: {
      // Added to each row, not copied into a new one (issue 28).
      list: r.data.map((row) => Object.assign(row, { puede_editar: editar && ovtEditable(row.est_id), lista_orden_venta_detalle: lineas.get(row.ovt_id) ?? [] })),
      total: r.total, size: page.size, number: page.number, total_exacto: r.total_exacto, siguiente: r.siguiente,
    },
  };
}
