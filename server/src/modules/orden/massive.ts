import type { AccessProfile, OrdenCargada, OrdenCargaRow as CargaRow, OrdenSave as OrdenSaveInput, OrdenSaveDatos } from '@obra/domain';
import {
  MAX_ORDEN_CARGA_FILAS, MONEDAS, ORDEN_CARGA_CABECERA, ORDEN_CARGA_COLUMNS, ORDEN_CARGA_MSG, ORDEN_MSG, OrdenCargaRow, OrdenSave, TIPO_ORDEN,
  calculateOrder, defaultTaxes, orderAmountsFit,
} from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckedFile } from '../../platform/files.ts';
import { projectScope } from '../../platform/scope.ts';
import { parseRows, readXlsxRows, rowsInError, type RowError, type XlsxColumn } from '../../platform/xlsx.ts';
import * as mq from './massive-queries.ts';
import { registerInTx, translate } from './service.ts';

/**
 * Mass load of service orders (spec 1 §2.12, §7 `/orden/massive`; docs/business-rules.md "Mass
 * load of service orders"). All or nothing: every row is checked, every problem is listed by
 * its sheet row, and only a file without any is registered, in one transaction, each order
 * exactly as the form would register it (registerInTx).
 */

export const COLUMNS: XlsxColumn[] = [...ORDEN_CARGA_COLUMNS];
const headerOf = new Map(COLUMNS.map((c) => [c.key, c.header]));

interface Fila { fila: number; value: CargaRow }

/** An order of the file: its 'N° Orden' and its item rows, in sheet order. */
interface Grupo { orden: string; filas: Fila[] }

/** Rows grouped by 'N° Orden'; a row whose order-level cells differ from its order's first row is an error. */
function groupRows(valid: Fila[], errors: RowError[]): Grupo[] {
  const groups = new Map<string, Grupo>();
  for (const row of valid) {
    const group = groups.get(row.value.orden);
    if (!group) {
      groups.set(row.value.orden, { orden: row.value.orden, filas: [row] });
      continue;
    }
    const first = group.filas[0];
    for (const key of ORDEN_CARGA_CABECERA) {
      if (row.value[key] !== first.value[key]) {
        errors.push({ fila: row.fila, mensaje: `${headerOf.get(key)}: ${ORDEN_CARGA_MSG.distinto(first.fila, row.value.orden)}` });
      }
    }
    group.filas.push(row);
  }
  return [...groups.values()];
}

/** What a row's names resolved to. */
interface RowIds { cec: number; pve: number; unm: number; contabilidad: number; administrador: number; gerencia: number }

/** Cost centre, supplier, users and unit of every row, resolved with one query each; problems become row errors. */
async function resolveNames(deps: Deps, caller: AccessProfile, valid: Fila[], errors: RowError[]) {
  const db = deps.database.db;
  const unique = (pick: (v: CargaRow) => string[]) => [...new Set(valid.flatMap((r) => pick(r.value)))];
  const [centros, proveedores, usuarios, unidades] = await Promise.all([
    mq.centrosCosto(db, projectScope(caller), unique((v) => [v.centro_costo])),
    mq.proveedores(db, unique((v) => [v.ruc])),
    mq.usuariosActivos(db, unique((v) => [v.correo_contabilidad, v.correo_administracion, v.correo_gerencia])),
    mq.unidades(db, unique((v) => [v.unidad])),
  ]);
  const cecBy = new Map(centros.map((c) => [c.codigo.toLowerCase(), c]));
  const pveBy = new Map(proveedores.map((p) => [p.ruc, p]));
  const usuBy = new Map(usuarios.map((u) => [u.correo, u.id]));
  const unmBy = new Map(unidades.map((u) => [u.simbolo.toLowerCase(), u]));

  const ids = new Map<number, RowIds>();
  for (const { fila, value: v } of valid) {
    const problems: string[] = [];
    const problem = (key: string, text: string) => problems.push(`${headerOf.get(key)}: ${text}`);
    const cec = cecBy.get(v.centro_costo.toLowerCase());
    if (!cec) problem('centro_costo', ORDEN_CARGA_MSG.centroCosto(v.centro_costo));
    else if (cec.estado !== 1) problem('centro_costo', ORDEN_CARGA_MSG.centroCostoInactivo(cec.codigo));
    const pve = pveBy.get(v.ruc);
    if (!pve) problem('ruc', ORDEN_CARGA_MSG.proveedor(v.ruc));
    else if (!pve.activo) problem('ruc', ORDEN_CARGA_MSG.proveedorInactivo(v.ruc));
    const user = (key: 'correo_contabilidad' | 'correo_administracion' | 'correo_gerencia') => {
      const id = usuBy.get(v[key]);
      if (id === undefined) problem(key, ORDEN_CARGA_MSG.usuario(v[key]));
      return id ?? 0;
    };
    const [contabilidad, administrador, gerencia] = [user('correo_contabilidad'), user('correo_administracion'), user('correo_gerencia')];
    const unm = unmBy.get(v.unidad.toLowerCase());
    if (!unm) problem('unidad', ORDEN_CARGA_MSG.unidad(v.unidad));
    else if (unm.estado !== 1) problem('unidad', ORDEN_CARGA_MSG.unidadInactiva(unm.simbolo));
    problems.forEach((mensaje) => errors.push({ fila, mensaje }));
    if (problems.length === 0) ids.set(fila, { cec: cec!.id, pve: pve!.id, unm: unm!.id, contabilidad, administrador, gerencia });
  }
  return ids;
}

/** Where an issue of the order schema belongs: an item's row, or the order's first row. */
function issueRow(group: Grupo, path: PropertyKey[]): { fila: number; column?: string } {
  if (path[0] === 'orden_items' && typeof path[1] === 'number' && group.filas[path[1]]) {
    return { fila: group.filas[path[1]].fila, column: headerOf.get(String(path[2] ?? 'descripcion')) };
  }
  const byField: Record<string, string> = { ord_porcentaje_adelanto: 'adelanto', carta_credito: 'carta_credito', orden_items: 'descripcion' };
  return { fila: group.filas[0].fila, column: headerOf.get(byField[String(path[0])] ?? String(path[0])) };
}

/** The order as the form sends it (spec 1 §7 register-orden), checked with the same schema and amount limits. */
function toOrden(group: Grupo, ids: RowIds[], errors: RowError[]): OrdenSaveDatos | null {
  const h = group.filas[0].value;
  const id = ids[0];
  const input: OrdenSaveInput = {
    tipo_orden: TIPO_ORDEN.SERVICIO,
    es_importacion: 0,
    centro_costo: { id_centro_costo: id.cec },
    proveedor: { id_proveedor: id.pve },
    moneda: { id_moneda: h.moneda },
    condicion_comercial: { id_condicion: h.condicion },
    metodo_pago: { id_metodo: h.metodo_pago },
    tipo_documento: { id_tipo_documento: h.tipo_documento },
    ord_numero_documento: h.numero_documento,
    fecha_pago: h.fecha_pago,
    carta_credito: h.carta_credito,
    lugar_entrega: h.lugar_entrega,
    contabilidad: { id_usuario: id.contabilidad },
    administrador: { id_usuario: id.administrador },
    gerencia: { id_usuario: id.gerencia },
    referencia: h.referencia,
    observacion: h.observacion,
    ord_porcentaje_adelanto: h.adelanto || null,
    orden_items: group.filas.map((r, i) => ({
      descripcion: r.value.descripcion, unidad: { id_unidad: ids[i].unm }, cantidad: r.value.cantidad, precio_unitario: r.value.precio_unitario,
    })),
  };
  const parsed = OrdenSave.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = issueRow(group, issue.path);
      errors.push({ fila: at.fila, mensaje: at.column ? `${at.column}: ${issue.message}` : issue.message });
    }
    return null;
  }
  const o = parsed.data;
  const calc = calculateOrder({ items: o.orden_items, impuestos: defaultTaxes({ tipo_orden: o.tipo_orden, tid_id: o.tipo_documento.id_tipo_documento }) });
  if (!orderAmountsFit(calc)) {
    errors.push({ fila: group.filas[0].fila, mensaje: ORDEN_MSG.montoMaximo });
    return null;
  }
  return o;
}

/**
 * `/orden/massive`: checks the whole file, then registers every order in one transaction, in the
 * order they first appear, so their codes are consecutive.
 */
export async function load(deps: Deps, caller: AccessProfile, file: CheckedFile, now = new Date()): Promise<OrdenCargada[]> {
  const sheet = await readXlsxRows(file.buffer, COLUMNS, { rows: MAX_ORDEN_CARGA_FILAS, message: ORDEN_CARGA_MSG.demasiadasFilas });
  const { valid, errors } = parseRows(sheet, OrdenCargaRow, COLUMNS);
  const groups = groupRows(valid, errors);
  const ids = await resolveNames(deps, caller, valid, errors);

  const orders: { group: Grupo; input: OrdenSaveDatos }[] = [];
  const failed = new Set(errors.map((e) => e.fila));
  for (const group of groups) {
    if (group.filas.some((r) => failed.has(r.fila) || !ids.has(r.fila))) continue;
    const input = toOrden(group, group.filas.map((r) => ids.get(r.fila)!), errors);
    if (input) orders.push({ group, input });
  }
  if (errors.length > 0) throw rowsInError(errors);

  try {
    return await deps.database.db.transaction(async (tx) => {
      const created: OrdenCargada[] = [];
      for (const { group, input } of orders) {
        const filas = group.filas.map((r) => r.fila);
        try {
          const r = await registerInTx(tx, caller, input, now);
          const mon = MONEDAS.find((m) => m.mon_id === input.moneda.id_moneda);
          created.push({ id_orden: r.id_orden, codigo: r.codigo, monto_con_impuesto: r.monto_con_impuesto, mon_simbolo: mon?.mon_simbolo ?? '', orden: group.orden, filas });
        } catch (err) {
          // Something changed since the check (a cost centre deactivated meanwhile): name the order's row.
          if (err instanceof AppError) throw rowsInError([{ fila: filas[0], mensaje: err.message }]);
          throw err;
        }
      }
      return created;
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return translate(err);
  }
}
