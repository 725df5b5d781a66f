import type { AccessProfile, CajaFiltroDatos, CajaFila, RendicionLineaDatos, RendicionLineaRevisada, RendicionReply } from '@obra/domain';
import {
  CAJA_MSG, RENDICION_MSG, RENDICION_PDF_MAX_BYTES, cajUrlPdf, claveCentroCosto, claveDocumento, claveTipoDocumento,
  formatAmount, formatMoney, limaDate, marcarRepetidos, rendicionTotales, revisarLinea, saldoPendiente, saldoTexto,
} from '@obra/domain';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { storedFileName, type CheckedFile, type UploadRule } from '../../platform/files.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { inScope, projectScope } from '../../platform/scope.ts';
import * as cq from './queries.ts';
import { leerArchivo, plantilla as plantillaXlsx } from './rendicion-archivo.ts';
import * as q from './rendicion-queries.ts';
import { aFila, alcance, fila, lockParaAccion } from './service.ts';

/**
 * The settlement of a cash box (spec 2 §2 "Settlement screen", §7 "Settlements"; DECISIONS §5):
 * its documents, checked line by line and replaced as a whole, the spreadsheet load that checks
 * without saving, and the PDF. Writes lock the cash row first and re-check `agregar_rendicion`.
 */

/** The settlement's PDF, checked on content before anything is stored. */
export const PDF_RULE: UploadRule = {
  types: { 'application/pdf': 'pdf' },
  maxBytes: RENDICION_PDF_MAX_BYTES,
  typeMessage: CAJA_MSG.pdfTipo,
  sizeMessage: CAJA_MSG.pdfTamano,
  missingMessage: CAJA_MSG.pdfFalta,
};

/** A settlement whose lines do not all pass: 422 with every line, flagged (spec 2 §7 "Handling of replies"). */
export class LineasConErrores extends AppError {
  constructor(message: string, lineas: RendicionLineaRevisada[]) {
    super(422, message, lineas);
  }
}

/** Several documents at once: the same document registered at the same moment in another cash box. */
export const DOCUMENTO_CONCURRENTE = 'Uno de los documentos acaba de registrarse en otra caja; vuelva a registrar para ver cuál';
const TOTAL_GRANDE = 'El total de la rendición es demasiado grande';

/** A document type by id (picked from the list), else by its name or SUNAT code ('01', '1', 'factura'). */
function resolverTipo(l: RendicionLineaDatos, tipos: q.TipoDocumentoRow[]): number | null {
  const id = l.red_tipo_documento;
  if (id !== null && id !== undefined && String(id).trim() !== '') return tipos.find((t) => String(t.tid_id) === String(id).trim())?.tid_id ?? null;
  const clave = claveTipoDocumento(l.tid_descripcion);
  if (!clave) return null;
  const numero = /^\d+$/.test(clave) ? Number(clave) : null;
  const tipo = tipos.find((t) => claveTipoDocumento(t.tid_descripcion) === clave || claveTipoDocumento(t.tid_codigo) === clave
    || (numero !== null && /^\d+$/.test(t.tid_codigo) && Number(t.tid_codigo) === numero));
  return tipo?.tid_id ?? null;
}

/**
 * Every check of every line: cost centre (active, of the cash's project) and document type resolved,
 * the domain's line checks with the cash's life as the date range (its registration day to today,
 * Lima), repeats within the lines, and the same document already in another cash box.
 */
async function revisar(db: Executor, caller: AccessProfile, c: cq.CajaLocked, lineas: RendicionLineaDatos[], now: Date): Promise<RendicionLineaRevisada[]> {
  const centros = await q.centrosPorClave(db, lineas.map((l) => l.cec_codigo));
  const tipos = await q.tiposDocumento(db);
  const scope = projectScope(caller);
  const hasta = limaDate(now);
  const revisadas = lineas.map((l, i) => {
    const centro = centros.get(claveCentroCosto(l.cec_codigo));
    const propio = centro !== undefined && centro.pry_id === c.pry_id;
    // A centre of another project is named as such only to whom may see it; to others it does not exist.
    const otro = centro !== undefined && !propio && inScope(scope, centro.pry_id);
    const r = revisarLinea(l, i + 1, {
      desde: c.caj_fecha_registro, hasta, cec_id: propio ? centro.cec_id : null, tid_id: resolverTipo(l, tipos),
      cec_mensaje: otro ? RENDICION_MSG.centroOtroProyecto(l.cec_codigo) : undefined,
    });
    // The code as the system writes it, so the grid shows 'CC-PL-01' for a typed 'cc-pl.01 '.
    return propio ? { ...r, cec_codigo: centro.cec_codigo } : r;
  });
  marcarRepetidos(revisadas);
  const completas = revisadas.filter((l) => l.red_tipo_documento !== null && l.red_serie && l.red_numero && l.red_dni_ruc);
  const tomados = await q.documentosEnOtrasCajas(db, c.caj_id, completas.map((l) => ({
    red_dni_ruc: l.red_dni_ruc, red_tipo_documento: l.red_tipo_documento!, red_serie: l.red_serie, red_numero: l.red_numero,
  })));
  const dondeTomado = new Map(tomados.map((t) => [claveDocumento(t), t.caj_codigo]));
  for (const l of completas) {
    const codigo = dondeTomado.get(claveDocumento(l));
    if (codigo) l.red_errores.push(RENDICION_MSG.yaRendido(codigo));
  }
  return revisadas;
}

const conErrores = (lineas: RendicionLineaRevisada[]) => lineas.some((l) => l.red_errores.length > 0);

/**
 * `/rendicion/registrar`: replaces the settlement's documents when every line passes; otherwise 422
 * with every line flagged and nothing saved. The total is recomputed here (DECISIONS §2).
 */
export async function registrar(deps: Deps, caller: AccessProfile, cajId: number, lineas: RendicionLineaDatos[], now = new Date()): Promise<void> {
  try {
    await deps.database.db.transaction(async (tx) => {
      const c = await lockParaAccion(tx, caller, cajId, 'agregar_rendicion');
      const revisadas = await revisar(tx, caller, c, lineas, now);
      if (conErrores(revisadas)) throw new LineasConErrores(RENDICION_MSG.conErrores, revisadas);
      const { ren_total } = rendicionTotales(c.caj_monto, revisadas.map((l) => l.red_importe));
      // NUMERIC(14,2): twelve digits before the point.
      if (ren_total.split('.')[0].length > 12) throw badRequest(TOTAL_GRANDE);
      await q.reemplazarDocumentos(tx, c.caj_id, revisadas.map((l) => ({
        red_fecha: l.red_fecha, red_dni_ruc: l.red_dni_ruc, red_razon_social: l.red_razon_social, red_descripcion: l.red_descripcion,
        cec_id: l.cec_id!, tid_id: l.red_tipo_documento!, red_serie: l.red_serie, red_numero: l.red_numero, red_importe: l.red_importe,
      })));
      await cq.updateCaja(tx, c.caj_id, { ren_total, ren_fecha_registro: now });
    });
  } catch (err) {
    // The unique index is the last guard: another cash box committed the same document after our check.
    if (!(err instanceof AppError) && pgErrorCode(err) === PG.uniqueViolation) throw conflict(DOCUMENTO_CONCURRENTE);
    throw err;
  }
}

/** The rows in error named by their row in the sheet (the header is row 1). */
const filasConError = (filas: number[]) =>
  `${filas.length === 1 ? 'La fila' : 'Las filas'} ${filas.join(', ')} del archivo ${filas.length === 1 ? 'tiene' : 'tienen'} errores: revise las filas marcadas`;

/**
 * `/rendicion/cargarArchivo`: the template's rows as lines, checked as `registrar` would (the cash's
 * dates, the company-wide repeat), never saved; 422 with the lines when a row is in error.
 */
export async function cargarArchivo(deps: Deps, caller: AccessProfile, cajId: number, file: CheckedFile, now = new Date()): Promise<RendicionLineaRevisada[]> {
  // The file is read before the row is locked, so no lock waits on the spreadsheet.
  const filas = await leerArchivo(file.buffer);
  const revisadas = await deps.database.db.transaction(async (tx) =>
    revisar(tx, caller, await lockParaAccion(tx, caller, cajId, 'agregar_rendicion'), filas.map((f) => f.linea), now));
  const malas = filas.filter((_f, i) => revisadas[i].red_errores.length > 0).map((f) => f.fila);
  if (malas.length) throw new LineasConErrores(filasConError(malas), revisadas);
  return revisadas;
}

/** `/rendicion/obtenerRendicionxCaja`: the documents as saved, the total and the balance (amount − total). */
export async function obtener(deps: Deps, caller: AccessProfile, cajId: number): Promise<RendicionReply> {
  const c = await fila(deps, caller, cajId);
  const docs = await q.documentos(deps.database.db, cajId);
  const t = rendicionTotales(c.caj_monto, docs.map((d) => d.red_importe));
  return {
    ren_total: t.ren_total,
    ren_saldo: t.ren_saldo,
    ren_total_text: formatMoney(c.mon_simbolo, t.ren_total),
    ren_saldo_text: saldoTexto(c.mon_simbolo, t.ren_saldo),
    saldo_a_favor: t.saldo_a_favor,
    lista_rendicion_detalle: docs.map((d) => ({
      red_item: d.red_item, red_fecha: d.red_fecha, red_dni_ruc: d.red_dni_ruc, red_razon_social: d.red_razon_social,
      red_descripcion: d.red_descripcion, cec_codigo: d.cec_codigo, cec_id: d.cec_id, tid_descripcion: d.tid_descripcion,
      red_tipo_documento: d.tid_id, red_serie: d.red_serie, red_numero: d.red_numero, red_importe: d.red_importe,
      red_importe_text: formatAmount(d.red_importe), cec_flag: false, tid_flag: false, red_errores: [],
    })),
  };
}

/** `/rendicion/adjuntarPdf`: stores (or replaces) the PDF; the old file goes once the new one is recorded. */
export async function adjuntarPdf(deps: Deps, caller: AccessProfile, cajId: number, file: CheckedFile) {
  const stored: string[] = [];
  const nombre = storedFileName(file.filename, file.extension);
  let anterior: string | null;
  try {
    // Stored before the transaction, which holds the cash box's lock and must not wait on the storage.
    const clave = await deps.storage.put('rendiciones', file.extension, file.buffer);
    stored.push(clave);
    anterior = await deps.database.db.transaction(async (tx) => {
      const c = await lockParaAccion(tx, caller, cajId, 'agregar_rendicion');
      await cq.updateCaja(tx, cajId, { caj_pdf_clave: clave, caj_pdf_nombre: nombre });
      return c.caj_pdf_clave;
    });
  } catch (err) {
    // The row was not changed: the file just stored belongs to nobody.
    await Promise.all(stored.map((k) => deps.storage.remove(k)));
    throw err;
  }
  if (anterior) await deps.storage.remove(anterior);
  return { caj_url_pdf: cajUrlPdf({ caj_pdf_clave: stored[0] }), caj_pdf_nombre: nombre };
}

/** `/rendicion/descargarPdf`: the PDF's bytes and name (read access, within scope); 404 when there is none. */
export async function descargarPdf(deps: Deps, caller: AccessProfile, cajId: number) {
  const c = await fila(deps, caller, cajId);
  const p = await q.pdf(deps.database.db, cajId);
  const content = p?.caj_pdf_clave ? await deps.storage.get(p.caj_pdf_clave) : null;
  if (!content) throw notFound(CAJA_MSG.sinPdf);
  return { content, nombre: p?.caj_pdf_nombre ?? `rendicion-${c.caj_codigo}.pdf` };
}

/** The settlement template, with the document types of the database. */
export async function plantilla(deps: Deps): Promise<Buffer> {
  return plantillaXlsx(await q.tiposDocumento(deps.database.db));
}

/** A settlements list row: the cash box as the list shows it, with its settlement's total and balance. */
export type RendicionFila = CajaFila & { ren_total: string; ren_saldo: string; ren_total_text: string; ren_saldo_text: string };

/**
 * `/rendicion/obtenerRendiciones`: the cash boxes with a settlement (CDP, RPA, RAP, RDE) that the cash
 * list's filter and scope select, paged in SQL by the cash list's own query, so both lists show a cash
 * box the same way, with the settlement's totals.
 */
export async function listar(deps: Deps, caller: AccessProfile, f: CajaFiltroDatos) {
  const { page, ...filtro } = f;
  const ids = await cq.lista(deps.database.db, filtro, alcance(caller), fromPageQuery(page), [q.conRendicionSql]);
  const list: RendicionFila[] = ids.data.map((r) => {
    const t = rendicionTotales(r.caj_monto, [r.ren_total]);
    const saldo = saldoPendiente(r.est_id, t.ren_saldo);
    return { ...aFila(r, caller), ren_total: t.ren_total, ren_saldo: saldo, ren_total_text: formatMoney(r.mon_simbolo, t.ren_total), ren_saldo_text: saldoTexto(r.mon_simbolo, saldo) };
  });
  return { page: { list, total: ids.total, size: page.size, number: page.number, total_exacto: ids.total_exacto, siguiente: ids.siguiente } };
}
