import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** pino options: never a password or token in the log; pino-pretty when a person reads it. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logPretty'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.usu_password', '*.access_token'], remove: true },
    // The pretty printer runs in a worker thread (a pino transport); only start it when needed.
    ...(config.logPretty && config.logLevel !== 'silent'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
}
