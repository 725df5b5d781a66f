/**
 * pgbench on the product's own SQL: the statements recorded from one request (bench/product.ts)
 * become one pgbench transaction, with the parameters written in as untyped literals (the
 * server infers their types as it does for node-postgres' untyped parameters). Run with
 * `-M prepared`, each statement is parsed and planned once per connection: what the database
 * alone can serve for these statements, the limit the product's req/s is set against.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Statement } from './product.ts';

const run = promisify(execFile);

const literal = (v: string | null) => (v === null ? 'NULL' : `'${v.replace(/'/g, "''")}'`);

/** One statement with its parameters written in, on one line, ended by `;`. */
export function inlineStatement(s: Statement): string {
  const text = s.text.replace(/\$(\d+)/g, (_m, n: string) => literal(s.values[Number(n) - 1] ?? null));
  return `${text.replace(/\s+/g, ' ').trim()};`;
}

/**
 * The pgbench script of a request. pgbench reads `:name` as a variable even inside a string
 * literal, so a colon followed by a letter (a time format like 'HH24:MI') is refused here
 * rather than measured wrong.
 */
export function pgbenchScript(statements: Statement[]): string {
  const lines = statements.map(inlineStatement);
  const bad = lines.find((l) => /:[A-Za-z_]/.test(l.replace(/::/g, '')));
  if (bad) throw new Error(`pgbench would read a variable in: ${bad.slice(0, 200)}`);
  return `${lines.join('\n')}\n`;
}

export interface PgbenchResult {
  tps: number;
  /** Average latency of one transaction (all statements of the request), ms. */
  latencyMs: number;
  failed: number;
}

export async function runPgbench(databaseUrl: string, script: string, file: string, opts: { connections: number; seconds: number }): Promise<PgbenchResult> {
  writeFileSync(file, script);
  const { stdout } = await run('pgbench', [
    '-n', '-M', 'prepared', '-c', String(opts.connections), '-j', '2', '-T', String(opts.seconds), '-f', file, databaseUrl,
  ], { maxBuffer: 16 * 1024 * 1024 });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  if (!tps || !latency) throw new Error(`pgbench output not understood:\n${stdout}`);
  return { tps: Number(tps[1]), latencyMs: Number(latency[1]), failed: failed ? Number(failed[1]) : 0 };
}
