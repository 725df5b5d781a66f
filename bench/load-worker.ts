/** Worker side of bench/load.ts: runs autocannon and keeps every 2xx reply time. */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadJob, LoadSummary } from './load.ts';

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const job = workerData as LoadJob;
const okTimes: number[] = [];
/**
 * autocannon notices the end of an `amount` run only at its next 1-second tick, so its own
 * duration is rounded up to whole seconds; the rate uses first send to last reply instead.
 */
const startedAt = performance.now();
let lastReplyAt = startedAt;

const instance = autocannon({
  url: job.url,
  method: job.method,
  headers: job.headers,
  body: job.body,
  connections: job.connections,
  duration: job.duration,
  amount: job.amount,
}, (err: Error | null, result) => {
  if (err) throw err;
  const sorted = Float64Array.from(okTimes).sort();
  const statusCodes: Record<string, number> = {};
  let responses = 0;
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
    responses += stat.count ?? 0;
  }
  const seconds = (lastReplyAt - startedAt) / 1000;
  const summary: LoadSummary = {
    responses,
    errors: result.errors,
    non2xx: result.non2xx,
    statusCodes,
    seconds,
    rps: seconds > 0 ? responses / seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
  parentPort?.postMessage(summary);
});

instance.on('response', (_client, statusCode, _bytes, ms) => {
  lastReplyAt = performance.now();
  if (statusCode >= 200 && statusCode < 300) okTimes.push(ms);
});
