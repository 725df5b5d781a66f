/**
 * The least a Node server can do for a list request: node:http, node-postgres and JSON, no
 * framework, no access check, no validation. It answers every POST by running the statements
 * recorded from one product request (bench/product.ts), each as a named prepared statement on a
 * pool of the same size, and writing their rows as JSON. `bench/lists.ts` loads it beside the
 * product and pgbench, so the product's req/s has a second limit next to it: what any Node
 * server on this machine serves for the same SQL.
 *
 *   node --import tsx bench/bare-node-server.ts <statements.json> <port> <database url> <pool size>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { Statement } from './product.ts';

const [file, port, databaseUrl, poolSize] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Statement[];
const statements: pg.QueryConfig[] = recorded.map((s, i) => ({ name: `bare_${i}`, text: s.text, values: s.values }));
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) });

async function answer(body: string): Promise<string> {
  JSON.parse(body || '{}');
  const client = await pool.connect();
  try {
    const results: pg.QueryResultRow[][] = [];
    for (const s of statements) results.push((await client.query(s)).rows);
    return JSON.stringify({ status: 'success', data: results.length === 1 ? results[0] : results });
  } finally {
    client.release();
  }
}

http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => { body += chunk; });
  req.on('end', () => {
    answer(body).then(
      (json) => res.writeHead(200, { 'content-type': 'application/json' }).end(json),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
    );
  });
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
