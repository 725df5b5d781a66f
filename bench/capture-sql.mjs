/**
 * Preloaded (`node --import`) into a product server that bench/product.ts starts: records the
 * SQL that node-postgres sends, so pgbench can run the very statements of a request.
 * SIGUSR2 turns recording on or off; each switch writes a marker line (`#on` / `#off`) to
 * $BENCH_SQL_LOG, so the harness knows the switch happened before it sends the request to
 * record. While off, a query costs one boolean test more.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const log = process.env.BENCH_SQL_LOG;
if (log) {
  // The server's own copy of pg (resolved from its checkout), the one its pool uses.
  const require = createRequire(pathToFileURL(`${process.cwd()}/`));
  const pg = require('pg');
  const { prepareValue } = require('pg/lib/utils');
  let on = false;
  process.on('SIGUSR2', () => {
    on = !on;
    appendFileSync(log, `${on ? '#on' : '#off'}\n`);
  });
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recorded(config, values, callback) {
    if (on) {
      const text = typeof config === 'string' ? config : config?.text;
      const params = (typeof config === 'object' && config?.values) || (Array.isArray(values) ? values : []);
      if (typeof text === 'string') {
        appendFileSync(log, `${JSON.stringify({ text, name: config?.name ?? null, values: params.map((v) => prepareValue(v)) })}\n`);
      }
    }
    return query.call(this, config, values, callback);
  };
}
