/**
 * pgbench on the product's own SQL: the statements recorded from one request (bench/product.ts)
 * become one pgbench transaction. Whole-number parameters stay parameters (pgbench variables
 * `:p1_1`, sent as `$n` under `-M prepared`, untyped, as node-postgres sends them), so PostgreSQL
 * plans the statement exactly as it does for the product: a custom plan per execution, or its
 * cached generic plan. Other values (texts, booleans, dates) are written in as untyped literals:
 * pgbench variables hold numbers only. Each statement is parsed once per connection: what the
 * database alone can serve for these statements, the limit the product's req/s is set against.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Statement } from './product.ts';

const run = promisify(execFile);

const literal = (v: string | null) => (v === null ? 'NULL' : `'${v.replace(/'/g, "''")}'`);

const WHOLE = /^-?\d{1,18}$/;

/** One statement on one line, ended by `;`: whole numbers as variables of statement `i`, the rest written in. */
export function inlineStatement(s: Statement, i = 0): { sets: string[]; line: string } {
  const sets: string[] = [];
  const text = s.text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = s.values[Number(n) - 1] ?? null;
    if (v === null || !WHOLE.test(v)) return literal(v);
    sets.push(`\\set p${i}_${n} ${v}`);
    return `:p${i}_${n}`;
  });
  // One line per statement: a `--` comment (the product's SQL has none inside a literal) would end it early.
  return { sets: [...new Set(sets)], line: `${text.replace(/--[^\n]*/g, ' ').replace(/\s+/g, ' ').trim()};` };
}

/**
 * The pgbench script of a request. pgbench reads `:name` as a variable even inside a string
 * literal, so a colon followed by a letter other than our own variables (a time format like
 * 'HH24:MI') is refused here rather than measured wrong.
 */
export function pgbenchScript(statements: Statement[]): string {
  const parts = statements.map((st, i) => inlineStatement(st, i));
  const bad = parts.find((p) => /:[A-Za-z_]/.test(p.line.replace(/::/g, '').replace(/:p\d+_\d+\b/g, '')));
  if (bad) throw new Error(`pgbench would read a variable in: ${bad.line.slice(0, 200)}`);
  return `${[...parts.flatMap((p) => p.sets), ...parts.map((p) => p.line)].join('\n')}\n`;
}

/**
 * pgbench reads `:MI` of the product's Lima format 'YYYY-MM-DD"T"HH24:MI:SS' as a variable, and
 * pgbenchScript refuses such a script: here the literal is split at each such colon
 * ('…HH24:' || 'MI:' || 'SS'), a constant PostgreSQL folds at planning, so the plan is the same.
 * Casts (`::`) are left alone; the product's SQL has no other colon than these.
 */
export const colonsSplit = (s: Statement): Statement => ({ ...s, text: s.text.replace(/(?<!:):(?=[A-Za-z_])/g, ":' || '") });

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

/** pgbench as the load scenarios run it: `warmup` seconds first when not 0 (not kept), then `duration` seconds, `connections` clients. */
export async function measurePgbench(databaseUrl: string, script: string, file: string,
  opts: { connections: number; duration: number; warmup: number }): Promise<PgbenchResult> {
  if (opts.warmup) await runPgbench(databaseUrl, script, file, { connections: opts.connections, seconds: opts.warmup });
  return runPgbench(databaseUrl, script, file, { connections: opts.connections, seconds: opts.duration });
}
