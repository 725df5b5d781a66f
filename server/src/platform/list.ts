import { COUNT_CAP, type Paged, type PageQuery, type PageRequest } from '@obra/domain';
import { sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { fixedText, renderSql, selectPreparedText, type Executor } from '../db/client.ts';
import { badRequest } from './errors.ts';
import { countSlot, type CountStatement } from './list-count.ts';

/**
 * The one way a list pages and counts (docs/architecture.md "Lists"):
 * - the count stops past COUNT_CAP unless the exact figure is asked for, and is skipped when
 *   the client already knows it (`contar: false`);
 * - the next page is found by key (`where key < last seen order by key limit n`), a jump to a
 *   page number by OFFSET; either way the page's keys are found first on the paged table alone
 *   and only the page's rows are joined;
 * - a count is kept in memory while no row of the database changes (`list-count.ts`, checked
 *   against the data version the page statement reads); otherwise it is a scalar subquery of the
 *   page's statement, or, outside a transaction, a statement of its own that is then kept;
 * - the page is a named prepared statement, one name per list and SQL text (that is, per filter
 *   shape and page size), so PostgreSQL parses each shape once per connection and, after five
 *   runs, executes its cached generic plan without planning again: one round trip per list
 *   request whose count is kept or not asked for.
 *
 * The order list's statements as they run, with pgbench figures: bench/list-sql.md.
 *
 * An index that serves a list's order is declared ascending (`.on(t.x, t.id)`): PostgreSQL reads it
 * backwards for `order by … desc`. Drizzle's `.desc()` writes `DESC NULLS LAST`, an order `desc` (nulls
 * first) cannot use even on not-null columns, so such an index is never read for the list's order
 * (issue 28: the e-voucher list sorted its 1 000 000 rows for each page).
 */

/** One part of a list's order; the last part is unique (a tiebreak id) so the order is total. */
export interface KeyPart {
  /** Expression over the paged table, never null: 'o.ord_id' (raw SQL text), sql`...`, or a Drizzle column. */
  expr: string | SQL | Column;
  type: 'int' | 'text' | 'date' | 'timestamp';
}

export interface ListSpec {
  /** Prefix of the prepared statements' names, e.g. 'orden_list'. */
  name: string;
  /** The table paged and counted, with its alias: sql`orden o`. Filters use that alias only. */
  from: SQL;
  /** The order, most significant part first, all in one direction (negate a number to sort it the other way). */
  key: KeyPart[];
  desc: boolean;
  /** Columns of a row; the tables of `join` and the page's keys `page.k0`, `page.k1`... are in reach. */
  columns: SQL;
  /** Joins bringing the row back from the page's keys, starting with the paged table: sql`join orden o on o.ord_id = page.k0 ...`. */
  join: SQL;
}

/** Where a page starts and what to count: a spec 1 request (`start`, `length`) or its `page {number, size}` form. */
export type ListRequest = Pick<PageRequest, 'start' | 'length' | 'contar' | 'exacto' | 'despues'>;

export function fromPageQuery(p: PageQuery): ListRequest {
  return { start: (p.number - 1) * p.size, length: p.size, contar: p.contar, exacto: p.exacto, despues: p.despues };
}

export interface ListOptions {
  /** Tests shrink the cap to see it work on a few rows. */
  countCap?: number;
}

/** The columns of a Drizzle selection (`{ id_proveedor: proveedor.pve_id, ... }`) as `ListSpec.columns`, under the same names. */
export const columnsOf = (row: Record<string, SQLWrapper>): SQL =>
  sql.join(Object.entries(row).map(([name, col]) => sql`${col} as ${sql.identifier(name)}`), sql`, `);

/**
 * A user's full name read by id as a scalar subquery of a list row (docs/architecture.md "Lists",
 * lookups as scalar subqueries: PostgreSQL plans it on its own, not as one more table of the join).
 * `column` is SQL text of this codebase (`c.usu_gerente`), never input.
 */
export const nombreDeUsuario = (column: string): SQL =>
  sql.raw(`(select lu.usu_nombre || ' ' || lu.usu_apellido from usuario lu where lu.usu_id = ${column})`);

/** A project's name by id, as a scalar subquery of the row, like `nombreDeUsuario`. */
export const nombreDeProyecto = (column: string): SQL =>
  sql.raw(`(select lp.pry_nombre from proyecto lp where lp.pry_id = ${column})`);

/** A row count written into SQL text: a positive int, or a 400 (schemas bound it before this). */
function pageLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > 1_000_000) throw badRequest('El tamaño de página no es válido');
  return n;
}

const invalidKey = () => badRequest('La página pedida no es válida; vuelva a la primera página');

const validValue: Record<KeyPart['type'], (v: unknown) => boolean> = {
  // Keys are int4 columns (ids, line numbers): a value past their range is not one we gave.
  int: (v) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2_147_483_647,
  text: (v) => typeof v === 'string' && v.length <= 500,
  date: (v) => typeof v === 'string' && /^\d{4}-\d\d-\d\d$/.test(v),
  timestamp: (v) => typeof v === 'string' && /^\d{4}-\d\d-\d\d[ T][\d:.]+([+-]\d\d(:?\d\d)?|Z)?$/.test(v),
};

/** The key values of `despues`, checked against the list's key (a bad one answers 400, never a SQL error). */
function decodeKey(spec: ListSpec, token: string): unknown[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalidKey();
  }
  if (!Array.isArray(values) || values.length !== spec.key.length) throw invalidKey();
  spec.key.forEach((k, i) => { if (!validValue[k.type](values[i])) throw invalidKey(); });
  return values;
}

const encodeKey = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

/** A list's fixed SQL text, written once per spec (a module constant): the request adds only its filters. */
interface Fixed {
  from: string;
  columns: string;
  join: string;
  /** The key's expressions over the paged table: `o.ord_id`. */
  keyExprs: string;
  /** `o.ord_id as k0, …`, `k0 desc, …`, `page.k0 desc, …`, `page.k0 as "_k0", …`. */
  keyCols: string;
  order: string;
  pageOrder: string;
  outKeys: string;
  names: string[];
}

const fixedBySpec = new WeakMap<ListSpec, Fixed>();
function fixedOf(spec: ListSpec): Fixed {
  let f = fixedBySpec.get(spec);
  if (!f) {
    const names = spec.key.map((_, i) => `k${i}`);
    const exprs = spec.key.map((k) => (typeof k.expr === 'string' ? k.expr : fixedText(sql`${k.expr}`)));
    const dir = spec.desc ? 'desc' : 'asc';
    f = {
      from: fixedText(spec.from), columns: fixedText(spec.columns), join: fixedText(spec.join),
      keyExprs: exprs.join(', '),
      keyCols: exprs.map((e, i) => `${e} as ${names[i]}`).join(', '),
      order: names.map((n) => `${n} ${dir}`).join(', '),
      pageOrder: names.map((n) => `page.${n} ${dir}`).join(', '),
      outKeys: names.map((n) => `page.${n} as "_${n}"`).join(', '),
      names,
    };
    fixedBySpec.set(spec, f);
  }
  return f;
}

/**
 * A page of a list and, unless told not to, its count. `where` are conditions on the paged
 * table (undefined ones, e.g. a scope that restricts nothing, are left out).
 */
export async function listPage<Row>(db: Executor, spec: ListSpec, where: (SQL | undefined)[], req: ListRequest, opts: ListOptions = {}): Promise<Paged<Row>> {
  // The statements are written as text: the spec's fixed parts once (fixedOf), and per request only
  // the filters through drizzle. Their parameters come first ($1…), the page's own after them.
  const f = fixedOf(spec);
  const present = where.filter((c): c is SQL => c !== undefined);
  const rendered = present.length ? renderSql(sql.join(present, sql` and `)) : { sql: 'true', params: [] };
  const cond = rendered.sql;
  const params = [...rendered.params];
  const param = (value: unknown) => { params.push(value); return `$${params.length}`; };
  let after = '';
  let skip = req.start;
  if (req.despues) {
    const values = decodeKey(spec, req.despues);
    after = ` and (${f.keyExprs}) ${spec.desc ? '<' : '>'} (${values.map(param).join(', ')})`;
    skip = 0;
  }
  // LIMIT is written into the text (a checked integer), OFFSET only for a jump: with them as
  // parameters PostgreSQL cannot cost the statement's generic plan (it assumes a tenth of the
  // table), keeps planning every execution (2–3 ms for the order list's seven joins, ten times
  // its run) and never switches to the cached plan. With them in the text the generic plan is
  // the page's own, chosen after the fifth execution: planning drops to about 0.01 ms.
  const limit = pageLimit(req.length) + 1;
  const offset = skip > 0 ? ` offset ${param(skip)}` : '';
  const cap = opts.countCap ?? COUNT_CAP;
  // The count reads the filters' parameters only, so it is the same text alone or inside the page.
  const count: CountStatement = {
    text: req.exacto === true
      ? `select count(*)::int from ${f.from} where ${cond}`
      : `select count(*)::int from (select 1 from ${f.from} where ${cond} limit ${pageLimit(cap) + 1}) t`,
    params: rendered.params,
  };
  const counting = req.contar !== false;
  // Outside a transaction the count is kept while the data version stays the same (list-count.ts):
  // the page reads the version, a kept count costs nothing and one not kept yet is a second
  // statement. Inside one the count rides in the page's statement as a scalar subquery (run once,
  // before the page): one round trip.
  const slot = counting ? countSlot(db, spec.name, count) : undefined;
  const extra = slot ? `, ${slot.column(param)}` : counting ? `, (${count.text}) as "_total"` : '';
  const pageText = `select ${f.columns}, ${f.outKeys}${extra}
    from (select ${f.keyCols} from ${f.from} where ${cond}${after} order by ${f.order} limit ${limit}${offset}) page
    ${f.join}
    order by ${f.pageOrder}`;
  const raw = await selectPreparedText<Record<string, unknown>>(db, `${spec.name}_page`, pageText, params);
  let total: number | undefined;
  if (counting) {
    if (slot && raw.length) total = await slot.total(String(raw[0]._version));
    else if (raw.length) total = Number(raw[0]._total);
    // An empty first page counts nothing; an empty later page (past the end) says nothing of the total.
    else if (skip === 0 && !req.despues) total = 0;
    else total = Number((await selectPreparedText<{ count: number }>(db, `${spec.name}_count`, count.text, count.params))[0].count);
  }
  const more = raw.length > req.length;
  const rows = raw.slice(0, req.length);
  const last = rows.at(-1);
  // The row without the page's own columns (`_k0`…, `_total`): copied, not deleted from, which
  // would turn each row into a slow dictionary object for the JSON writer.
  const data = rows.map((r) => {
    const row: Record<string, unknown> = {};
    for (const k in r) if (k[0] !== '_') row[k] = r[k];
    return row as Row;
  });
  // What a page with rows proves: the rows before it, its own and one more if there is a next page.
  const proven = req.start + rows.length + (more ? 1 : 0);
  const exacto = total !== undefined && (req.exacto === true || total <= cap);
  // A capped count (a lower bound) is never below what the page proves (issue 28: at start 50 000
  // the capped 10 001 said fewer rows than those already passed); not counted, the proof alone.
  const reply: Paged<Row> = {
    data, total_exacto: exacto,
    total: total === undefined ? proven : exacto || !rows.length ? total : Math.max(total, proven),
  };
  // int8 keys arrive as text from node-postgres: the key is kept in the type its check expects.
  if (more && last) reply.siguiente = encodeKey(spec.key.map((k, i) => (k.type === 'int' ? Number(last[`_${f.names[i]}`]) : last[`_${f.names[i]}`])));
  return reply;
}
