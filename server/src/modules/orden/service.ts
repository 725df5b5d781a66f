import type { AccessProfile, OrdenListDatos, OrdenSaveDatos } from '@obra/domain';
import {
  MONEDAS, ORDEN_ESTADOS, ORDEN_MSG, OrdenCalculoError, ROLE, TIPO_ORDEN, calculateOrder, defaultTaxes, isReadOnly, limaDate, limaYear, orderAmountsFit,
} from '@obra/domain';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { nextNumber } from '../../platform/counters.ts';
import { AppError, PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { registrarCambios } from '../../platform/audit.ts';
import { projectScope, type ProjectScope } from '../../platform/scope.ts';
import { observadas } from '../conciliacion/service.ts';
import * as compras from '../pedido_items/compras.ts';
import * as q from './queries.ts';
import { esperaGerencia, ordenPorAprobar } from './notificaciones.ts';

/** `orden_estado` ids (spec 1 §4.1, seeded from ORDEN_ESTADOS). */
export const ORE_CREADO = ORDEN_ESTADOS.find((e) => e.ore_codigo === 'creado')!.ore_id;

/** Counter series per order type (DECISIONS §2): numbering per type and year. */
const serieOf = (tipo: number) => (tipo === TIPO_ORDEN.SERVICIO ? 'OS' : 'OC');

/** `000123-CC01-OC-2026` (DECISIONS §2). */
export const orderCode = (numero: number, cecCodigo: string, tipo: number, anio: number) =>
  `${String(numero).padStart(6, '0')}-${cecCodigo}-${serieOf(tipo)}-${anio}`;

/** What a foreign key violation of a save means to the user, by constraint. */
const FK_MESSAGES: [string, string][] = [
  ['pai_id', ORDEN_MSG.noExiste('El país seleccionado')],
  ['mon_id', ORDEN_MSG.noExiste('La moneda seleccionada')],
  ['coc_id', ORDEN_MSG.noExiste('La condición comercial seleccionada')],
  ['mep_id', ORDEN_MSG.noExiste('El método de pago seleccionado')],
  ['tid_id', ORDEN_MSG.noExiste('El tipo de documento seleccionado')],
  ['mar_id', ORDEN_MSG.noExiste('La marca seleccionada')],
  ['unm_id', ORDEN_MSG.noExiste('La unidad seleccionada')],
  ['prv_id', ORDEN_MSG.producto],
];

function constraintOf(err: unknown): string {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return '';
}

/** Turns a foreign key violation into a 400 with the field's message. */
export function translate(err: unknown): never {
  if (pgErrorCode(err) === PG.foreignKeyViolation) {
    const constraint = constraintOf(err);
    const hit = FK_MESSAGES.find(([col]) => constraint.includes(col));
    throw badRequest(hit ? hit[1] : 'Algún dato seleccionado no existe');
  }
  throw err;
}

/** The caller may change orders at all (VISUALIZADOR reads only). */
const puedeEditar = (caller: AccessProfile) => !isReadOnly(caller);

/** A cost centre the order may use: existing, in the caller's scope (else 404) and active. */
async function checkCentroCosto(tx: Tx, scope: ProjectScope, cecId: number) {
  const cec = await q.centroCosto(tx, cecId);
  if (!cec || (scope.kind !== 'all' && (scope.kind === 'none' || cec.pry_id !== scope.pry_id))) throw notFound('No se encontró el centro de costo');
  if (cec.cec_estado !== 1) throw badRequest(ORDEN_MSG.centroCosto);
  return cec;
}

/** What the order takes from a purchase request (DECISIONS §7): its request and its lines' request lines and quantities. */
const vinculoPedido = (input: OrdenSaveDatos): compras.VinculoOrden => ({
  pei_id: input.pei_id ?? null,
  lineas: input.orden_items.map((i) => ({ pid_id: i.pid_id ?? null, prv_id: i.producto_variacion?.id_producto_variacion ?? null, cantidad: i.cantidad })),
});

/** Everything a save writes besides number, code and state: checked references and recomputed amounts. */
async function prepare(tx: Tx, caller: AccessProfile, input: OrdenSaveDatos) {
  if (!(await q.proveedorActivo(tx, input.proveedor.id_proveedor))) throw badRequest(ORDEN_MSG.proveedor);
  const logistica = input.logistica?.id_usuario ?? caller.usu_id;
  const users = [logistica, input.contabilidad.id_usuario, input.administrador.id_usuario, input.gerencia.id_usuario];
  const active = await q.usuariosActivos(tx, [...new Set(users)]);
  if (users.some((u) => !active.has(u))) throw badRequest(ORDEN_MSG.usuario);
  // Each signer holds the role of its slot (spec 1 §6 "chosen from users by role"); SUPER may sign any.
  for (const [puesto, usuId, rol] of [
    ['contabilidad', input.contabilidad.id_usuario, ROLE.CONTABILIDAD],
    ['administración', input.administrador.id_usuario, ROLE.ADMINISTRADOR],
    ['gerencia', input.gerencia.id_usuario, ROLE.GERENCIA],
  ] as const) {
    const roles = active.get(usuId) ?? [];
    if (!roles.includes(rol) && !roles.includes(ROLE.SUPER)) throw badRequest(ORDEN_MSG.rolAprobador(puesto));
  }

  const productIds = input.orden_items.flatMap((i) => (i.producto_variacion ? [i.producto_variacion.id_producto_variacion] : []));
  const names = await q.productos(tx, productIds);
  if (productIds.some((id) => !names.has(id))) throw badRequest(ORDEN_MSG.producto);

  const impuestos = input.orden_impuestos ?? defaultTaxes({ tipo_orden: input.tipo_orden, es_importacion: input.es_importacion, tid_id: input.tipo_documento.id_tipo_documento });
  let calc;
  try {
    calc = calculateOrder({ items: input.orden_items, descuento: input.descuento, tipo_descuento: input.tipo_descuento, impuestos });
  } catch (err) {
    if (err instanceof OrdenCalculoError) throw badRequest(err.message);
    throw err;
  }
  if (!orderAmountsFit(calc)) throw badRequest(ORDEN_MSG.montoMaximo);
  // The exchange rate values the receipts of a purchase order in soles (docs/business-rules.md "Kardex valorizado"):
  // 1 for soles; required on a purchase order in another currency; kept when given on a service order (never valued).
  // (An unknown currency is left to the foreign key: 'La moneda seleccionada no existe'.)
  const soles = input.moneda.id_moneda === MONEDAS[0].mon_id;
  const extranjera = MONEDAS.some((m) => m.mon_id === input.moneda.id_moneda) && !soles;
  if (extranjera && input.tipo_orden === TIPO_ORDEN.COMPRA && input.ord_tipo_cambio === null) throw badRequest(ORDEN_MSG.tipoCambio);

  const values: q.OrdenValues = {
    ord_tipo_orden: input.tipo_orden,
    ord_es_importacion: input.es_importacion,
    pai_id: input.pais?.id_pais ?? null,
    cec_id: input.centro_costo.id_centro_costo,
    pve_id: input.proveedor.id_proveedor,
    mon_id: input.moneda.id_moneda,
    ord_tipo_cambio: soles ? '1' : input.ord_tipo_cambio ?? '1',
    coc_id: input.condicion_comercial.id_condicion,
    mep_id: input.metodo_pago.id_metodo,
    tid_id: input.tipo_documento.id_tipo_documento,
    ord_numero_documento: input.ord_numero_documento,
    ord_fecha_pago: input.fecha_pago,
    ord_fecha_orden: input.fecha_orden ?? limaDate(),
    ord_carta_credito: input.carta_credito,
    ord_lugar_entrega: input.lugar_entrega,
    ord_usu_logistica: logistica,
    ord_usu_contabilidad: input.contabilidad.id_usuario,
    ord_usu_administrador: input.administrador.id_usuario,
    ord_usu_gerencia: input.gerencia.id_usuario,
    ord_referencia: input.referencia,
    ord_referencia_detalle: input.referencia_detalle,
    ord_observacion: input.observacion,
    // calculateOrder accepted it: digits with '.' or ',' as decimal point.
    ord_descuento: String(input.descuento).trim().replace(',', '.'),
    ord_tipo_descuento: input.tipo_descuento,
    ord_porcentaje_adelanto: input.ord_porcentaje_adelanto,
    ord_monto_sin_impuesto: calc.subtotal_descontado,
    ord_monto_con_impuesto: calc.total,
    pei_id: input.pei_id ?? null,
  };
  const items: q.ItemValues[] = input.orden_items.map((i, n) => ({
    oci_orden: n + 1,
    prv_id: i.producto_variacion?.id_producto_variacion ?? null,
    oci_descripcion: i.descripcion || names.get(i.producto_variacion?.id_producto_variacion ?? 0) || '',
    mar_id: i.marca?.id_marca ?? null,
    unm_id: i.unidad.id_unidad,
    oci_cantidad: i.cantidad,
    oci_precio_unitario: i.precio_unitario,
    oci_precio_fob: i.precio_fob,
    oci_importe: calc.lineas[n].importe,
    oci_observacion: i.observacion,
    pid_id: i.pid_id ?? null,
  }));
  const taxes: q.ImpuestoValues[] = calc.impuestos.map((t) => ({
    ori_descripcion: t.descripcion, ori_tipo: t.ori_tipo, ori_valor: t.valor, ori_valor_aplicado: t.valor_aplicado,
  }));
  return { values, items, taxes };
}

/**
 * Registers an order inside the caller's transaction: number from the OC/OS counter of the Lima
 * year, code with the cost centre's code, amounts recomputed, state creado, registrar = caller.
 * The form's registration, the mass load (massive.ts) and the demo seed's purchase history go through
 * here; `now` is the moment of registration (the seed's are in the past), absent: now.
 */
export async function registerInTx(tx: Tx, caller: AccessProfile, input: OrdenSaveDatos, now?: Date) {
  const cec = await checkCentroCosto(tx, projectScope(caller), input.centro_costo.id_centro_costo);
  const { values, items, taxes } = await prepare(tx, caller, input);
  // Buying from a request adds to its lines' bought quantities, never above the approved ones (DECISIONS §7).
  await compras.sincronizarOrden(tx, caller, null, vinculoPedido(input), { pry_id: cec.pry_id });
  const anio = limaYear(now);
  const numero = await nextNumber(tx, serieOf(input.tipo_orden), anio);
  const codigo = orderCode(numero, cec.cec_codigo, input.tipo_orden, anio);
  const id = await q.insertOrden(tx, {
    ...values, ord_numero: numero, ord_codigo: codigo, ord_anio: anio, ore_id: ORE_CREADO, ord_usu_registrador: caller.usu_id, ord_fecha_registro: now,
  });
  await q.replaceLines(tx, id, items, taxes);
  await q.insertHistorial(tx, { ord_id: id, ore_id_desde: null, ore_id_hasta: ORE_CREADO, usu_id: caller.usu_id, fecha: now });
  await ordenPorAprobar(tx, id, 'gerencia', caller.usu_id);
  return { id_orden: id, codigo, numero, version: 1, monto_sin_impuesto: values.ord_monto_sin_impuesto, monto_con_impuesto: values.ord_monto_con_impuesto };
}

/** Registers one order in its own transaction (`/orden/register-orden`). */
export async function register(deps: Deps, caller: AccessProfile, input: OrdenSaveDatos, now?: Date) {
  try {
    return await deps.database.db.transaction((tx) => registerInTx(tx, caller, input, now));
  } catch (err) {
    if (err instanceof AppError) throw err;
    return translate(err);
  }
}

/**
 * Modifies an order while its state is editable (DECISIONS §4: creado only), with the version
 * it read; the type never changes; lines and taxes are replaced. A change of cost centre
 * rewrites the code's cost-centre part (number and year stay).
 */
export async function update(deps: Deps, caller: AccessProfile, input: OrdenSaveDatos) {
  const scope = projectScope(caller);
  const ordId = input.id_orden;
  if (ordId === undefined) throw badRequest('El campo es requerido');
  try {
    return await deps.database.db.transaction(async (tx) => {
      const current = await q.lockForUpdate(tx, ordId);
      if (!current || (scope.kind !== 'all' && (scope.kind === 'none' || current.pry_id !== scope.pry_id))) throw notFound(ORDEN_MSG.notFound);
      if (!current.es_editable) throw conflict(ORDEN_MSG.notEditable);
      if (input.version === undefined) throw badRequest(ORDEN_MSG.versionMissing);
      if (input.tipo_orden !== current.ord_tipo_orden) throw badRequest(ORDEN_MSG.tipoLocked);
      if (input.version !== current.ord_version) throw conflict();
      const cec = await checkCentroCosto(tx, scope, input.centro_costo.id_centro_costo);
      const antes = await q.fotoAuditoria(tx, ordId);
      const { values, items, taxes } = await prepare(tx, caller, input);
      // The lines replaced give back what they bought from a request and the new ones take it again.
      await compras.sincronizarOrden(tx, caller, await compras.vinculoDeOrden(tx, ordId), vinculoPedido(input), { pry_id: cec.pry_id });
      const codigo = orderCode(current.ord_numero, cec.cec_codigo, current.ord_tipo_orden, current.ord_anio);
      const esperaba = await esperaGerencia(tx, ordId);
      const version = await q.updateOrden(tx, ordId, { ...values, ord_codigo: codigo });
      await q.replaceLines(tx, ordId, items, taxes);
      // A save that answers a rejection, or names another gerencia user, puts the order in someone's queue anew.
      const espera = await esperaGerencia(tx, ordId);
      if (espera !== null && espera !== esperaba) await ordenPorAprobar(tx, ordId, 'gerencia', caller.usu_id);
      // Who changed what: the fields the edit altered, before and after (issue 26).
      await registrarCambios(tx, { usuId: caller.usu_id, modulo: 'orden_compra', documento: codigo, ruta: '/api/orden/update-orden', antes, despues: await q.fotoAuditoria(tx, ordId) });
      return { id_orden: ordId, codigo, version, monto_sin_impuesto: values.ord_monto_sin_impuesto, monto_con_impuesto: values.ord_monto_con_impuesto };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return translate(err);
  }
}

export async function detail(deps: Deps, caller: AccessProfile, ordId: number) {
  const row = await q.detail(deps.database.db, ordId, projectScope(caller), puedeEditar(caller));
  if (!row) throw notFound(ORDEN_MSG.notFound);
  return row;
}

export async function list(deps: Deps, caller: AccessProfile, f: OrdenListDatos) {
  const scope = projectScope(caller);
  return q.list(deps.database.db, {
    tipo: f.tipo || null,
    status: f.status || null,
    year: f.year ?? limaYear(),
    search: f.search,
    coc_id: f.coc_id || null,
    proveedores: f.proveedores ?? [],
    scope,
    observadas: f.conciliacion ? await observadas(deps, scope) : null,
  }, f, puedeEditar(caller));
}
