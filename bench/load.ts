/**
 * One load run. autocannon runs in a worker thread so that building requests and parsing
 * replies does not share the event loop with the server under test, which runs in the
 * main thread (as autocannon's own `workers` option does; that option, though, reports
 * no p95).
 */
import { Worker } from 'node:worker_threads';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /** Seconds to run; ignored when `amount` is set. */
  duration: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
}

export interface LoadSummary {
  responses: number;
  /** Connection errors and timeouts: requests that got no reply. */
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  seconds: number;
  /** Replies (any status) per second. */
  rps: number;
  /** Latency percentiles in ms over the 2xx replies, exact (every reply time is kept). */
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Node 20 does not apply tsx's `--import` hooks to a worker's entry file, so the worker
 * starts from this small script, registers tsx itself and then imports the TypeScript.
 */
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./load-worker.ts', import.meta.url).href)}); });`;

export function runLoad(job: LoadJob): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_BOOT, { eval: true, execArgv: [], workerData: job });
    let summary: LoadSummary | null = null;
    worker.once('message', (message: LoadSummary) => { summary = message; });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (summary) resolve(summary);
      else reject(new Error(`the load worker stopped (code ${code}) without a result`));
    });
  });
}
