import { PGlite, parse, protocol, types, type QueryOptions } from '@electric-sql/pglite';

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

export async function pgliteSelectPrepared<T>(pg: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
  return pg._runExclusiveTransaction(() => pg.runExclusive(async () => {
    let known = parsed.get(pg);
    if (!known) parsed.set(pg, (known = new Map()));
    const send = async (message: Uint8Array) => (await pg.execProtocol(message, { syncToFs: false })).messages;
    const messages = [];
    let failed = false;
    try {
      let paramTypes = known.get(name);
      if (!paramTypes) {
        await send(protocol.serialize.parse({ name, text, types: [] }));
        paramTypes = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name })));
        known.set(name, paramTypes);
      }
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = pg.serializers[paramTypes[i]];
        return serializer ? serializer(v) : String(v);
      });
      messages.push(...await send(protocol.serialize.bind({ statement: name, values })));
      messages.push(...await send(protocol.serialize.describe({ type: 'P' })));
      messages.push(...await send(protocol.serialize.execute({})));
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      await send(protocol.serialize.sync());
      // A failure may come from the statement itself (a table changed under it, or it never got
      // described): drop it and parse it again next time. Closing an unknown name is no error.
      if (failed) {
        known.delete(name);
        await send(protocol.serialize.close({ type: 'S', name }));
        await send(protocol.serialize.sync());
      }
    }
    return parse.parseResults(messages, pg.parsers, RAW)[0].rows as T[];
  }));
}

