import { PGlite, messages, parse, protocol, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite, which `query()` does not offer (it parses every statement
 * unnamed, so PostgreSQL plans it on every run). Here a statement is parsed once under its name,
 * then bound and executed like node-postgres does on a server: after five runs PostgreSQL uses the
 * cached generic plan. It speaks the wire protocol through `execProtocol`, under the same two locks
 * `query()` takes (no transaction of another caller open, no other statement running), and syncs
 * nothing to disk: only reads go through here (`selectPrepared`).
 */

/** Rows as `drizzle-orm/pglite` returns them from raw SQL: dates and timestamps stay text. */
const RAW: QueryOptions = {
  rowMode: 'object',
  parsers: {
    [types.TIMESTAMP]: (v: string) => v, [types.TIMESTAMPTZ]: (v: string) => v, [types.INTERVAL]: (v: string) => v,
    [types.DATE]: (v: string) => v, 1231: (v: string) => v, 1115: (v: string) => v, 1185: (v: string) => v,
    1187: (v: string) => v, 1182: (v: string) => v,
  },
};

/** Per database, the names parsed so far and the parameter types PostgreSQL gave them. */
const parsed = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * `unnamed`: the statement is parsed again on every run as the unnamed statement, so PostgreSQL
 * plans it with the run's values (`selectPlanned`); `name` then only keys the parameter types,
 * described once.
 */
export async function pgliteSelectPrepared<T>(pg: PGlite, name: string, text: string, params: unknown[], unnamed = false): Promise<T[]> {
  return pg._runExclusiveTransaction(() => pg.runExclusive(async () => {
    let known = parsed.get(pg);
    if (!known) parsed.set(pg, (known = new Map()));
    const send = async (message: Uint8Array) => (await pg.execProtocol(message, { syncToFs: false })).messages;
    const statement = unnamed ? '' : name;
    try {
      let paramTypes = known.get(name);
      if (!paramTypes) {
        try {
          await send(protocol.serialize.parse({ name: statement, text, types: [] }));
          paramTypes = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name: statement })));
        } finally {
          await send(protocol.serialize.sync());
        }
        known.set(name, paramTypes);
      }
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = pg.serializers[paramTypes[i]];
        return serializer ? serializer(v) : String(v);
      });
      // (Parse,) bind, describe, execute and sync in one call, and the reply read here: PGlite's own reader
      // copies every field into a new buffer and builds each row twice, about a third of the call.
      const reply: Uint8Array[] = [];
      const run = [protocol.serialize.bind({ statement, values }), DESCRIBE_PORTAL, EXECUTE, SYNC];
      if (unnamed) run.unshift(protocol.serialize.parse({ name: '', text, types: paramTypes }));
      await pg.execProtocolRawStream(Buffer.concat(run), { syncToFs: false, onRawData: (chunk) => reply.push(chunk.slice()) });
      return readRows<T>(Buffer.concat(reply), parsersOf(pg));
    } catch (err) {
      // A failure may come from the statement itself (a table changed under it, or it never got
      // described): drop it and parse it again next time. Closing an unknown name is no error.
      known.delete(name);
      await send(protocol.serialize.close({ type: 'S', name: statement }));
      await send(protocol.serialize.sync());
      throw err;
    }
  }));
}

const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE = protocol.serialize.execute({});
const SYNC = protocol.serialize.sync();

type Parsers = Record<number, (value: string, typeId: number) => unknown>;

/** PGlite's type parsers with `RAW`'s over them, merged once per database. */
const mergedParsers = new WeakMap<PGlite, Parsers>();
function parsersOf(pg: PGlite): Parsers {
  let parsers = mergedParsers.get(pg);
  if (!parsers) mergedParsers.set(pg, (parsers = { ...(pg.parsers as Parsers), ...(RAW.parsers as Parsers) }));
  return parsers;
}

/**
 * The rows of a backend reply (RowDescription, DataRow..., then CommandComplete and ReadyForQuery),
 * each field's text read in place and parsed as `RAW` says; an ErrorResponse becomes the
 * DatabaseError PGlite would throw.
 */
function readRows<T>(buf: Buffer, parsers: Parsers): T[] {
  const rows: Record<string, unknown>[] = [];
  let names: string[] = [];
  let types: number[] = [];
  let error: messages.DatabaseError | undefined;
  for (let at = 0; at < buf.length;) {
    const kind = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    let p = at + 5;
    if (kind === 0x54) { // RowDescription
      const n = buf.readInt16BE(p);
      p += 2;
      names = [];
      types = [];
      for (let i = 0; i < n; i++) {
        const zero = buf.indexOf(0, p);
        names.push(buf.toString('utf8', p, zero));
        types.push(buf.readInt32BE(zero + 7));
        p = zero + 19;
      }
    } else if (kind === 0x44) { // DataRow
      const n = buf.readInt16BE(p);
      p += 2;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const len = buf.readInt32BE(p);
        p += 4;
        if (len < 0) row[names[i]] = null;
        else {
          const value = buf.toString('utf8', p, p + len);
          const parser = parsers[types[i]];
          row[names[i]] = parser ? parser(value, types[i]) : value;
          p += len;
        }
      }
      rows.push(row);
    } else if (kind === 0x45 && !error) error = readError(buf, p, end);
    at = end;
  }
  if (error) throw error;
  return rows as T[];
}

/** An ErrorResponse's fields (a code letter, then text) as PGlite's DatabaseError. */
function readError(buf: Buffer, from: number, end: number): messages.DatabaseError {
  const fields: Record<string, string> = {};
  for (let p = from; p < end && buf[p] !== 0;) {
    const zero = buf.indexOf(0, p + 1);
    fields[String.fromCharCode(buf[p])] = buf.toString('utf8', p + 1, zero);
    p = zero + 1;
  }
  const err = new messages.DatabaseError(fields.M ?? 'error', end - from + 4, 'error');
  Object.assign(err, {
    severity: fields.V ?? fields.S, code: fields.C, detail: fields.D, hint: fields.H, position: fields.P,
    internalPosition: fields.p, internalQuery: fields.q, where: fields.W, schema: fields.s, table: fields.t,
    column: fields.c, dataType: fields.d, constraint: fields.n, file: fields.F, line: fields.L, routine: fields.R,
  });
  return err;
}

/** Inside a PGlite transaction (which holds the database's locks) the statement runs unnamed, with the same rows. */
export async function pgliteSelectInTransaction<T>(tx: Transaction, text: string, params: unknown[]): Promise<T[]> {
  return (await tx.query<T>(text, params, RAW)).rows;
}
