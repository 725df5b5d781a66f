/**
 * One load run with wrk (Debian's `wrk`, C): the HTTP counterpart of pgbench, so that the product's
 * req/s and the database's tps are both measured with a client that costs little CPU. On this
 * two-core machine autocannon (JavaScript) takes a share of the CPU the product and PostgreSQL need.
 * Same job and summary as `load.ts`; the percentiles come from wrk's own histogram (µs).
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { runLoad, type LoadJob, type LoadSummary } from './load.ts';

const run = promisify(execFile);

export const WRK = '/usr/bin/wrk';
export const hasWrk = () => existsSync(WRK);

/** The Lua script: the request, and a `done` that prints the summary as one JSON line. */
function script(job: LoadJob): string {
  const headers = Object.entries(job.headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`).join('\n');
  return `wrk.method = ${JSON.stringify(job.method)}
${job.body ? `wrk.body = ${JSON.stringify(job.body)}` : ''}
${headers}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK{"requests":%d,"us":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

export async function runWrk(job: LoadJob): Promise<LoadSummary> {
  const file = `/tmp/obra-bench-wrk-${process.pid}.lua`;
  writeFileSync(file, script(job));
  const { stdout } = await run(WRK, ['-t1', `-c${job.connections}`, `-d${job.duration}s`, '--timeout', '10s', '-s', file, job.url]);
  const line = stdout.split('\n').find((l) => l.startsWith('WRK{'));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(line.slice(3)) as Record<string, number>;
  const seconds = r.us / 1e6;
  const errors = r.connect + r.read + r.write + r.timeout;
  return {
    responses: r.requests,
    errors,
    non2xx: r.status,
    statusCodes: r.status ? { 'non-2xx': r.status } : {},
    seconds,
    rps: r.requests / seconds,
    p50: r.p50 / 1000,
    p95: r.p95 / 1000,
    p99: r.p99 / 1000,
  };
}

/** The load generators a bench may run, chosen by `--load wrk,autocannon`. */
export type LoadTool = 'wrk' | 'autocannon';

export function parseLoadTools(list: string): LoadTool[] {
  return list.split(',').map((t) => {
    if (t !== 'wrk' && t !== 'autocannon') throw new Error(`unknown --load ${t} (wrk, autocannon)`);
    if (t === 'wrk' && !hasWrk()) throw new Error('wrk is not installed (apt-get install wrk)');
    return t;
  });
}

/** Runs `job` with each tool in turn (a warm-up first when asked); `before` is told which tool starts. */
export async function runLoads(tools: LoadTool[], job: Omit<LoadJob, 'duration'>, duration: number, warmup: number,
  before: (tool: LoadTool) => void): Promise<{ tool: LoadTool; load: LoadSummary }[]> {
  const loads: { tool: LoadTool; load: LoadSummary }[] = [];
  for (const tool of tools) {
    const runTool = tool === 'wrk' ? runWrk : runLoad;
    if (warmup) await runTool({ ...job, duration: warmup });
    before(tool);
    loads.push({ tool, load: await runTool({ ...job, duration }) });
  }
  return loads;
}
