import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. HSTS and `upgrade-insecure-requests` only when the product is reached over
 * https (a TLS reverse proxy): on plain http, from another computer of the office network, they
 * make the browser ask every asset over https, which fails, and the page stays blank.
 */
export function helmetOptions(https: boolean): HelmetOptions {
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
        // The built page has no inline script (its entry is one module file): scripts from the site only.
        'script-src': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
  };
}

/**
 * The headers helmet writes with `helmetOptions`, computed once at start. They do not depend on the
 * request, and @fastify/helmet rebuilt helmet (parsing the CSP) on every request: 3 % of the server's
 * CPU on the order list (bench/RESULTS.md, issue 10).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  helmet(helmetOptions(https))({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** Sends `securityHeaders` with every reply (API, web files and errors alike). */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = securityHeaders(https);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
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
