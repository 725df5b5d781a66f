import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the instance begins to stop: `/health/ready` answers 503 and every reply closes its connection. */
    stopping: boolean;
  }
}

/** `/health/ready` while the instance stops (its grace, then its drain). */
export const DETENIENDO = 'La instancia se está deteniendo';

/** What the drain (after the grace) may take at most before the process exits anyway. */
export const DRAIN_MS = 10_000;

/**
 * The stopping flag, set by `createShutdown`. While it is set every reply carries `Connection: close`, so a
 * client (or a balancer keeping connections open) opens its next connection elsewhere and no idle keep-alive
 * socket is left to cut when the server closes. `buildApp` calls it.
 */
export function registerStopping(app: FastifyInstance): void {
  app.decorate('stopping', false);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface ShutdownOptions {
  app: Pick<FastifyInstance, 'stopping' | 'close'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** How long the instance keeps serving while `/health/ready` says it is stopping: the balancer's time to notice. */
  graceMs: number;
  /** Stops the background work (mail, e-vouchers, daily summary); each finishes its current job first. */
  stopWorkers(): Promise<void>;
  /** The last step: the database pool. */
  closeDatabase(): Promise<void>;
  exit(code: number): void;
  /** The drain's limit after the grace (DRAIN_MS; tests shorten it). */
  drainMs?: number;
}

export interface Shutdown {
  /**
   * Stops the instance once: not ready at once, requests still served during the grace (`grace: false` skips it:
   * Ctrl+C in a terminal), then no new connections, requests in flight finished while the workers finish their
   * job, the pool closed, exit 0; exit 1 on a failure or past grace + drain. A second call ends the grace early.
   */
  run(signal: string, o: { grace: boolean }): Promise<void>;
}

export function createShutdown(o: ShutdownOptions): Shutdown {
  let running: Promise<void> | null = null;
  let endGrace: (() => void) | null = null;

  async function sequence(signal: string, grace: boolean): Promise<void> {
    const graceMs = grace ? o.graceMs : 0;
    o.app.stopping = true;
    o.log.info({ signal, graceMs }, 'deteniendo: la instancia deja de estar lista');
    const limit = setTimeout(() => {
      o.log.error({ signal }, 'la detención no terminó a tiempo; el proceso termina igual');
      o.exit(1);
    }, graceMs + (o.drainMs ?? DRAIN_MS)).unref();
    if (graceMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        endGrace = () => { clearTimeout(timer); resolve(); };
      });
    }
    try {
      // Fastify stops accepting, closes idle keep-alive sockets and waits for the requests in flight.
      await Promise.all([o.app.close(), o.stopWorkers()]);
      await o.closeDatabase();
      clearTimeout(limit);
      o.log.info({ signal }, 'detenida');
      o.exit(0);
    } catch (err) {
      clearTimeout(limit);
      o.log.error({ err, signal }, 'la detención falló');
      o.exit(1);
    }
  }

  return {
    run(signal, { grace }) {
      if (running) {
        endGrace?.();
        return running;
      }
      running = sequence(signal, grace);
      return running;
    },
  };
}
