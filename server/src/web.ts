import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Security headers. HSTS and `upgrade-insecure-requests` only when the product is reached over
 * https (a TLS reverse proxy): on plain http, from another computer of the office network, they
 * make the browser ask every asset over https, which fails, and the page stays blank.
 */
export function helmetOptions(https: boolean): FastifyHelmetOptions {
  return {
    hsts: https,
    // Browsers ignore these on plain http and say so in the console at every page: send them
    // only where they take effect.
    crossOriginOpenerPolicy: https,
    originAgentCluster: https,
    contentSecurityPolicy: {
      directives: {
        // Ant Design writes its styles at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web from `webDist`: the `.br`/`.gz` copies written at build time when the
 * browser accepts them, hashed `/assets/*` cached for a year, everything else revalidated.
 * Answers whether there is a web to serve.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const assets = join(webDist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: true,
    preCompressed: true,
    // One rule for every file, index.html included (also when sent as the history-mode fallback).
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  app.get('/', (_req, reply) => {
    sendIndex(reply);
  });
  return true;
}

/**
 * The web's entry page, never cached, so a new version is picked up on the next visit. The
 * reply is deliberately not returned: a returned reply is awaited by Fastify, and every await
 * of an unsent reply adds 'close' listeners to the response (MaxListenersExceededWarning).
 */
export function sendIndex(reply: FastifyReply): void {
  reply.sendFile('index.html');
}
