import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** Fastify's own "Server listening at …" text; on a terminal the start-up block says it better (startup.ts). */
const LISTENING = 'Server listening at ';

/**
 * pino options: never a password or token in the log. On a terminal (`logPretty`) pino-pretty writes
 * one readable line per event, without the fields a person does not read there (process, host and
 * request ids); as JSON (a file, a collector) every field stays.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logPretty'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.usu_password', '*.access_token'], remove: true },
    // The pretty printer runs in a worker thread (a pino transport); only start it when needed.
    ...(config.logPretty && config.logLevel !== 'silent'
      ? {
          transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
          hooks: {
            logMethod(args: unknown[], method: (...a: unknown[]) => void) {
              if (typeof args[0] === 'string' && args[0].startsWith(LISTENING)) return;
              method.apply(this, args);
            },
          },
        }
      : {}),
  };
}

/**
 * Request logging on a terminal (issue 24): Fastify logs two info lines per request ("incoming
 * request", "request completed"), a wall of them on a screen a person reads. There a request is one
 * debug line (`LOG_LEVEL=debug` shows them: `POST /api/orden/buscar 200 12 ms`), and only a failed
 * one reaches info. JSON output keeps Fastify's lines, for a log collector.
 */
export class TerminalLogController extends LogController {
  override incomingRequest(): void {
    // The completion line says it all.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The path without its query: a query may carry a key (a voucher's public link).
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else if (reply.statusCode >= 500) reply.log.warn(line);
    else reply.log.debug(line);
  }
}

export const logController = (config: Pick<Config, 'logPretty'>) => (config.logPretty ? new TerminalLogController() : undefined);
