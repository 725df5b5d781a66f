import { PassThrough } from 'node:stream';
import {
  EXPORTAR_MAX_FILAS, ExportarLista, exportarArchivo, limaDate, type ExportarColumna, type ExportarTipo,
} from '@obra/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod, RouteOptions } from 'fastify';
import { z } from 'zod';
import { badRequest } from './errors.ts';
import { XLSX_MIME } from './xlsx.ts';
import { XlsxStreamWriter, type XlsxCell, type XlsxStreamColumn } from './xlsx-stream.ts';

/**
 * Every list exports (issue 25; docs/architecture.md "Lists", docs/business-rules.md "Exportar listas").
 *
 * A list route is found by its body schema: one that holds the list fields of domain's `listFields`
 * (`despues`…), at the top (`start`, `length`) or in a `page {number, size}` object at any depth. For
 * each one the app registers a sibling `POST <ruta>/exportar` with the same access declaration (the
 * same gate, so the access guard treats it as the list), the same headers, query and path
 * schemas, and the body `{consulta, exportar}`: `consulta` is the list's own request, validated by
 * the list's own schema, and `exportar` names the file and the screen's visible columns.
 *
 * The export calls the list route's own handler again and again with `consulta`, its paging replaced
 * by a batch of `exportLimits.batch` (1 000) rows after the key of the batch before (`despues`, uncounted): the same
 * filters, scope and row shaping as the screen, every row once and in the list's order, the rows of
 * one batch at a time in memory. Each batch becomes SpreadsheetML and leaves, deflated, before the
 * next is read (platform/xlsx-stream). A column names a field of the list's rows (never SQL), so the
 * file holds nothing the list would not show the caller. At most `EXPORTAR_MAX_FILAS` rows; past them
 * the file ends with a line saying so.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** On an export route: the list route it exports. */
    exportaLista?: string;
    /**
     * false on a route whose body is a list request but whose answer is not a page (a report taking a list's filters);
     * 'completa' on a list that answers all its rows at once (a short catalogue the screen pages itself): it exports too.
     */
    lista?: false | 'completa';
  }
}

/**
 * The access declaration of a route that takes a list's request but answers a file (a report with the
 * list's filters): it gets no export of its own. `{ ...descargaConFiltros(gate({...})), schema }`.
 */
export const descargaConFiltros = <C extends { config: object }>(g: C) => ({ ...g, config: { ...g.config, lista: false as const } });

/**
 * The access declaration of a list that answers every row at once (`data` is the array; the screen pages it):
 * it gets its export like a paged list, read in one call. `{ ...listaCompleta(gate({...})), schema }`.
 */
export const listaCompleta = <C extends { config: object }>(g: C) => ({ ...g, config: { ...g.config, lista: 'completa' as const } });

/** Rows read per call of the list's handler, and rows a file holds at most (tests shrink them). */
export const exportLimits = { batch: 1000, max: EXPORTAR_MAX_FILAS };
export const EXPORT_SUFFIX = '/exportar';
/** Level 1, as the order reports: the download is CPU-bound on the server, not network-bound. */
const DEFLATE_LEVEL = 1;

/** Where a list request carries its paging: the object at `path` of the body, in one of its two forms. */
export interface ListPaging {
  path: string[];
  /** `start`/`length` (spec 1), or `number`/`size` of a `page` object (spec 2 and 3). */
  form: 'start' | 'page';
}

export interface ListRoute {
  url: string;
  config: Record<string, unknown>;
  schema: FastifySchema;
  handler: RouteHandlerMethod;
  /** null: the list answers all its rows at once (listaCompleta). */
  paging: ListPaging | null;
}

interface ZodDef {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  shape?: Record<string, ZodLike>;
}
interface ZodLike {
  _zod?: { def: ZodDef };
}

/** The schema under optional, nullable, default, prefault, readonly, catch and pipes (a preprocess's output). */
function unwrap(schema: ZodLike | undefined): ZodLike | undefined {
  let s = schema;
  for (let i = 0; i < 20 && s?._zod; i++) {
    const def: ZodDef = s._zod.def;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) s = def.innerType;
    else if (def.type === 'pipe') s = def.in?._zod?.def.type === 'transform' ? def.out : def.in;
    else return s;
  }
  return s;
}

/** Where a body schema carries the list fields, or undefined when it is not a list request. */
export function listPagingOf(body: unknown, path: string[] = []): ListPaging | undefined {
  const s = unwrap(body as ZodLike);
  const def = s?._zod?.def;
  if (def?.type !== 'object' || !def.shape || path.length > 4) return undefined;
  const shape = def.shape;
  if ('despues' in shape) {
    if ('length' in shape && 'start' in shape) return { path, form: 'start' };
    if ('size' in shape && 'number' in shape) return { path, form: 'page' };
    return undefined;
  }
  for (const [key, value] of Object.entries(shape)) {
    const found = listPagingOf(value, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The request with its paging replaced: `size` rows after the key `despues`, not counted. */
export function withPaging(consulta: unknown, paging: ListPaging, size: number, despues: string | undefined): unknown {
  const root: Record<string, unknown> = consulta && typeof consulta === 'object' ? { ...(consulta as Record<string, unknown>) } : {};
  let at = root;
  for (const key of paging.path) {
    const inner = at[key];
    at[key] = inner && typeof inner === 'object' ? { ...(inner as Record<string, unknown>) } : {};
    at = at[key] as Record<string, unknown>;
  }
  const paged = paging.form === 'start' ? { start: 0, length: size } : { number: 1, size };
  Object.assign(at, paged, { contar: false, exacto: undefined, despues: despues ?? null });
  return root;
}

/** The rows and next key of a list handler's reply: `{data: {data, siguiente}}` or `{data: {page: {list, siguiente}}}`. */
export function pageOfReply(reply: unknown): { rows: unknown[]; siguiente?: string } | undefined {
  const data = (reply as { data?: unknown } | null)?.data as { data?: unknown; siguiente?: unknown; page?: { list?: unknown; siguiente?: unknown } } | undefined;
  if (!data || typeof data !== 'object') return undefined;
  const next = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  if (Array.isArray(data.data)) return { rows: data.data, siguiente: next(data.siguiente) };
  if (data.page && Array.isArray(data.page.list)) return { rows: data.page.list, siguiente: next(data.page.siguiente) };
  return undefined;
}

// ---- cells -------------------------------------------------------------------------------------

const FORMATS: Record<ExportarTipo, { type: XlsxStreamColumn['type']; numFmt?: string; width: number }> = {
  text: { type: 'text', width: 28 },
  money: { type: 'number', numFmt: '#,##0.00', width: 14 },
  number: { type: 'number', width: 12 },
  int: { type: 'number', numFmt: '0', width: 10 },
  date: { type: 'date', numFmt: 'dd/mm/yyyy', width: 12 },
  datetime: { type: 'date', numFmt: 'dd/mm/yyyy hh:mm', width: 17 },
};

/** A field of a row by its dotted path, own properties only. */
function fieldOf(row: unknown, path: string): unknown {
  let at: unknown = row;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const DMY = /^(\d{2})[-/](\d{2})[-/](\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const LIMA_OFFSET_MS = -5 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
const wall = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/**
 * A date or date-time as the Lima wall clock `YYYY-MM-DDTHH:MM:SS`: `YYYY-MM-DD`, a timestamp with
 * or without its zone (with one it is an instant, shown at Lima's time), `DD-MM-YYYY [HH:MM]` or
 * `DD/MM/YYYY`, or a Date; null for anything else.
 */
export function limaWallClock(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : wall(value.getTime() + LIMA_OFFSET_MS);
  if (typeof value !== 'string') return null;
  const v = value.trim();
  const iso = ISO.exec(v);
  const dmy = iso ? null : DMY.exec(v);
  if (!iso && !dmy) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0', zone] = iso
    ? iso.slice(1)
    : [dmy![3], dmy![2], dmy![1], dmy![4], dmy![5], dmy![6], undefined];
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (Number.isNaN(ms) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59) return null;
  if (!zone) return wall(ms);
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!m) return null;
    offset = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000;
  }
  return wall(ms - offset + LIMA_OFFSET_MS);
}

/** A value as the text a list cell shows: booleans as Sí/No, lists of values joined. */
function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (v instanceof Date) return limaWallClock(v)?.replace('T', ' ') ?? null;
  if (Array.isArray(v)) {
    const parts = v.map(asText).filter((p): p is string => p !== null);
    return parts.length ? parts.join(', ') : null;
  }
  return null;
}

/** A column written as text: of kind text, joining several fields, or naming its values (a code's label). */
const textual = (c: ExportarColumna) => c.tipo === 'text' || c.valores !== undefined || (Array.isArray(c.campo) && c.campo.length > 1);

/** The cell of one column for one row; a value that is not of the column's kind is left empty. */
export function cellOf(column: ExportarColumna, row: unknown): XlsxCell {
  const fields = Array.isArray(column.campo) ? column.campo : [column.campo];
  const raw = fields.map((f) => fieldOf(row, f));
  const labelled = column.valores
    ? raw.map((v) => (v !== null && v !== undefined && Object.hasOwn(column.valores!, String(v)) ? column.valores![String(v)] : v))
    : raw;
  if (textual(column)) {
    const parts = labelled.map(asText).filter((p): p is string => p !== null && p !== '');
    return parts.length ? parts.join(column.separador ?? ' ') : null;
  }
  const v = labelled[0];
  switch (column.tipo) {
    case 'money':
    case 'number':
    case 'int':
      if (typeof v === 'number') return Number.isFinite(v) ? v : null;
      return typeof v === 'string' && DECIMAL.test(v.trim()) ? v.trim() : null;
    case 'date': {
      const w = limaWallClock(v);
      return w ? w.slice(0, 10) : null;
    }
    case 'datetime':
      return limaWallClock(v);
  }
  return null;
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (hoja: string | undefined) => (hoja ?? '').replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Lista';

// ---- routes ------------------------------------------------------------------------------------

/** The export's body: the list's own request and what to write. */
export function exportBody(listBody: unknown) {
  return z.object({ consulta: (listBody ?? z.unknown()) as z.ZodType, exportar: ExportarLista });
}

/**
 * Collects the list routes as they are registered (an `onRoute` hook on the root, before the modules):
 * call `registerListExports` with them once the modules' routes are in.
 */
export function collectListRoutes(app: FastifyInstance, prefix: string): ListRoute[] {
  const found: ListRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as Record<string, unknown>;
    if (!route.url.startsWith(`${prefix}/`) || config.exportaLista || config.lista === false || [route.method].flat().join() !== 'POST') return;
    const paging = config.lista === 'completa' ? null : listPagingOf(route.schema?.body);
    if (paging !== undefined) found.push({ url: route.url, config, schema: route.schema ?? {}, handler: route.handler, paging });
  });
  return found;
}

/** Registers `<ruta>/exportar` beside each list route (on the instance of the `/api` prefix). */
export function registerListExports(api: FastifyInstance, prefix: string, routes: ListRoute[]): void {
  for (const list of routes) {
    const { url: _url, method: _method, ...config } = list.config;
    const { body, response: _response, ...schema } = list.schema as FastifySchema & { tags?: string[] };
    api.route({
      method: 'POST',
      url: `${list.url.slice(prefix.length)}${EXPORT_SUFFIX}`,
      config: { ...config, exportaLista: list.url },
      schema: { ...schema, summary: `Exporta a xlsx la lista ${list.url} con sus filtros`, body: exportBody(body) },
      handler: function exportHandler(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
        return sendListExport(this, list, req, reply);
      },
    });
  }
}

/** The list's rows for the export: batches by key through the list's own handler, at most `max` rows in all. */
export async function* listBatches(
  ctx: FastifyInstance, list: Pick<ListRoute, 'handler' | 'paging' | 'url'>, req: FastifyRequest, reply: FastifyReply, consulta: unknown,
  opts: { batch?: number; max?: number; truncated?: () => void } = {},
): AsyncGenerator<unknown[]> {
  const batch = opts.batch ?? exportLimits.batch;
  const max = opts.max ?? exportLimits.max;
  if (!list.paging) {
    (req as { body: unknown }).body = consulta;
    const answer = (await list.handler.call(ctx, req, reply)) as { data?: unknown } | undefined;
    if (reply.sent || !Array.isArray(answer?.data)) throw badRequest('Esta lista no se puede exportar');
    const rows = answer.data;
    if (rows.length > max) opts.truncated?.();
    if (rows.length) yield rows.slice(0, max);
    return;
  }
  const paging = list.paging;
  let written = 0;
  let despues: string | undefined;
  for (;;) {
    const size = Math.min(batch, max - written);
    (req as { body: unknown }).body = withPaging(consulta, paging, size, despues);
    const answer: unknown = await list.handler.call(ctx, req, reply);
    // A handler that answered by itself is not a list (descargaConFiltros): nothing more can be sent.
    if (reply.sent) throw new Error(`${list.url} no responde una página; declárela con descargaConFiltros`);
    const page = pageOfReply(answer);
    if (!page) throw badRequest('Esta lista no se puede exportar');
    const rows = page.rows.slice(0, size);
    if (rows.length) yield rows;
    written += rows.length;
    if (!page.siguiente || rows.length === 0) return;
    if (written >= max) {
      opts.truncated?.();
      return;
    }
    despues = page.siguiente;
  }
}

export const truncatedNote = (max: number) =>
  `Se exportaron las primeras ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} filas; acote la búsqueda con los filtros para exportar el resto.`;

/**
 * Answers the export: the first batch is read before any byte is sent (a refusal of the list, a
 * 403 of its scope, still answers the JSON envelope); after that a failure can only cut the download
 * short (logged), and a client that leaves stops the walk.
 */
export async function sendListExport(ctx: FastifyInstance, list: ListRoute, req: FastifyRequest, reply: FastifyReply, opts: { batch?: number; max?: number } = {}) {
  const { consulta, exportar } = req.body as { consulta: unknown; exportar: ExportarLista };
  const max = opts.max ?? exportLimits.max;
  let truncated = false;
  const batches = listBatches(ctx, list, req, reply, consulta, { ...opts, max, truncated: () => { truncated = true; } });
  const first = await batches.next();
  const out = new PassThrough();
  const columns: XlsxStreamColumn[] = exportar.columnas.map((c) => {
    const f = FORMATS[textual(c) ? 'text' : c.tipo];
    return { header: c.titulo, width: c.ancho ?? f.width, type: f.type, numFmt: f.numFmt };
  });
  const write = async () => {
    const xlsx = await XlsxStreamWriter.open(out, sheetName(exportar.hoja), columns, { level: DEFLATE_LEVEL });
    try {
      for (let b = first; !b.done; b = await batches.next()) {
        await xlsx.addRows(b.value.map((row) => exportar.columnas.map((c) => cellOf(c, row))));
        await xlsx.flush();
        if (out.destroyed) {
          xlsx.destroy();
          await batches.return(undefined);
          return;
        }
      }
      if (truncated) xlsx.addNote(truncatedNote(max));
      await xlsx.close();
    } catch (err) {
      xlsx.destroy();
      throw err;
    }
  };
  write().catch((err: unknown) => {
    req.log.error({ err }, 'no se pudo terminar la exportación');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${exportarArchivo(exportar.nombre, limaDate())}"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}
