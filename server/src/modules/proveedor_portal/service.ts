import type {
  AccessProfile, FacturaArchivo, FacturaEnviada, OrdenProveedorDetalle, OrdenProveedorFila, OrdenProveedorFiltro, PageReply, PagoProveedorFila,
} from '@obra/domain';
import { PORTAL_MSG, emparejarLineas, puedeEnviarFactura, type FacturaLineaLeida } from '@obra/domain';
import Decimal from 'decimal.js';
import type { Deps } from '../../deps.ts';
import { PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { supplierScope } from '../../platform/scope.ts';
import { checkPdf, nombreFactura, readFacturaXml } from './factura.ts';
import type { FacturaUpload } from './factura-upload.ts';
import * as q from './queries.ts';

/**
 * The supplier portal's orders (spec 3 §2 "Supplier orders", DECISIONS §1): the supplier is the
 * caller's token's `pve_id`, never a header or a field; a staff caller is refused (403). Another
 * supplier's order, or one not issued yet, answers 404 as if it did not exist.
 */

/** `/ordenCompra/paginarxProveedor`: spec 3's page `{page:{list, total, size, number}}`. */
export async function paginar(deps: Deps, caller: AccessProfile, f: OrdenProveedorFiltro): Promise<PageReply<OrdenProveedorFila>> {
  const pveId = supplierScope(caller);
  const { page, pve_id: _ignored, ...filtro } = f;
  const r = await q.listaOrdenes(deps.database.db, pveId, filtro, fromPageQuery(page));
  return { page: { list: r.data, total: r.total, size: page.size, number: page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } };
}

/** `/ordenCompra/obtenerxProveedor`: the Información tab. */
export async function obtener(deps: Deps, caller: AccessProfile, ordId: number): Promise<OrdenProveedorDetalle> {
  const o = await q.detalle(deps.database.db, ordId, supplierScope(caller));
  if (!o) throw notFound(PORTAL_MSG.ordenNoEncontrada);
  return { ...o, puede_enviar_factura: puedeEnviarFactura(o.ore_id) };
}

async function ordenVisible(deps: Deps, caller: AccessProfile, ordId: number): Promise<q.OrdenBasica> {
  const o = await q.ordenDelProveedor(deps.database.db, ordId, supplierScope(caller));
  if (!o) throw notFound(PORTAL_MSG.ordenNoEncontrada);
  return o;
}

/** `/ordenPago/buscarxProveedor`: the Pagos tab. */
export async function pagos(deps: Deps, caller: AccessProfile, ordId: number): Promise<PagoProveedorFila[]> {
  await ordenVisible(deps, caller, ordId);
  return q.pagos(deps.database.db, ordId);
}

/** `/ordenCompra/listarFacturas`: what the supplier sent for the order. */
export async function listarFacturas(deps: Deps, caller: AccessProfile, ordId: number): Promise<FacturaArchivo[]> {
  await ordenVisible(deps, caller, ordId);
  return q.facturas(deps.database.db, ordId);
}

/** `/ordenCompra/descargarFactura`: one file the supplier sent, by its id. */
export async function descargarFactura(deps: Deps, caller: AccessProfile, oarId: number) {
  const a = await q.facturaArchivo(deps.database.db, oarId, supplierScope(caller));
  if (!a) throw notFound(PORTAL_MSG.facturaArchivoNoEncontrado);
  const content = await deps.storage.get(a.oar_clave);
  if (!content) throw notFound(PORTAL_MSG.facturaArchivoNoDisponible);
  return { content, nombre: a.oar_nombre, tipo: a.oar_tipo };
}

/**
 * `/ordenCompra/adjuntarFactura`: the PDF and the SUNAT XML of the supplier's invoice for an issued
 * order. Both are checked on content first (PDF header and end; XML well-formed, a UBL Invoice of
 * type 01 issued by the caller's supplier to this company, in the order's currency). Then, with the
 * order locked (a cancellation or the same invoice sent twice at once wait), both are recorded as
 * order attachments marked as the supplier's (stored just before); if the rows cannot be written the stored files go.
 * Issue 25: what the XML says is kept in `orden_factura` (lines matched to the order's, domain
 * emparejarLineas). Refused with the reason (400): an issuer RUC that is not the supplier's, a
 * series-number the supplier already sent (for any order; the unique index settles two uploads at
 * once), a total above what is left to invoice of the order (its total with IGV less the invoices
 * already sent). Nothing else is blocked: differences are flagged by the conciliation.
 */
export async function adjuntarFactura(deps: Deps, caller: AccessProfile, up: FacturaUpload): Promise<FacturaEnviada> {
  const pveId = supplierScope(caller);
  await ordenVisible(deps, caller, up.ord_id);
  const ruc = await q.rucProveedor(deps.database.db, pveId);
  checkPdf(up.pdf.buffer);
  const f = await readFacturaXml(up.xml.buffer);
  if (f.ruc_emisor !== ruc) throw badRequest(PORTAL_MSG.facturaEmisor(f.ruc_emisor));
  const empresa = deps.config.company;
  if (f.ruc_cliente !== empresa.ruc) throw badRequest(PORTAL_MSG.facturaCliente(empresa.name, empresa.ruc));

  const claves: string[] = [];
  const archivosSubidos = [['pdf', up.pdf, 'application/pdf'], ['xml', up.xml, 'application/xml']] as const;
  try {
    // Stored before the transaction, which holds the order's lock and must not wait on the storage.
    for (const [ext, file] of archivosSubidos) claves.push(await deps.storage.put('orden-archivos', ext, file.buffer));
    return await deps.database.db.transaction(async (tx) => {
      const o = await q.ordenDelProveedor(tx, up.ord_id, pveId, true);
      if (!o) throw notFound(PORTAL_MSG.ordenNoEncontrada);
      if (!puedeEnviarFactura(o.ore_id)) throw conflict(PORTAL_MSG.facturaEstado);
      if (f.moneda !== o.mon_codigo) throw badRequest(PORTAL_MSG.facturaMoneda(f.moneda, o.mon_codigo));
      if (await q.facturaEnviada(tx, o.ord_id, nombreFactura(f, 'xml')) || await q.numeroRegistrado(tx, f.ruc_emisor, f.serie, f.correlativo)) {
        throw badRequest(PORTAL_MSG.facturaRepetida(f.numero));
      }
      const disponible = new Decimal(o.total_facturable).minus(await q.totalFacturado(tx, o.ord_id));
      if (new Decimal(f.total).gt(disponible)) throw badRequest(PORTAL_MSG.facturaExcede(f.total, Decimal.max(disponible, 0).toFixed(2), f.moneda));
      const archivos = [];
      for (const [i, [ext, file, tipo]] of archivosSubidos.entries()) {
        archivos.push(await q.insertArchivo(tx, {
          ord_id: o.ord_id, oar_nombre: nombreFactura(f, ext), oar_clave: claves[i], oar_tipo: tipo, oar_tamano: file.buffer.length, usu_id: caller.usu_id,
        }));
      }
      const lineasOrden = await q.lineasOrden(tx, o.ord_id);
      const emparejadas = emparejarLineas(f.lineas, lineasOrden);
      const lineas: FacturaLineaLeida[] = f.lineas.map((l, i) => ({ ...l, ...emparejadas[i] }));
      await q.insertFactura(tx, {
        ord_id: o.ord_id, pve_id: pveId, ofa_ruc: f.ruc_emisor, ofa_serie: f.serie, ofa_numero: f.correlativo, ofa_moneda: f.moneda,
        ofa_subtotal: f.subtotal, ofa_igv: f.igv, ofa_total: f.total, ofa_fecha_emision: f.fecha_emision, ofa_lineas: lineas,
        ofa_por_linea: lineas.length > 0 && lineas.every((l) => l.oci_orden !== null), oar_xml: archivos[1].oar_id, usu_id: caller.usu_id,
      });
      return { numero: f.numero, fecha_emision: f.fecha_emision, moneda: f.moneda, total: f.total, archivos };
    });
  } catch (err) {
    await Promise.all(claves.map((k) => deps.storage.remove(k).catch(() => undefined)));
    // Two uploads of one series-number at once: the second meets the unique index.
    if (pgErrorCode(err) === PG.uniqueViolation) throw badRequest(PORTAL_MSG.facturaRepetida(f.numero));
    throw err;
  }
}
