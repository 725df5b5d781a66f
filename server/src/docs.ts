import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { fail } from './platform/envelope.ts';

/** Headers of the inner reply that belong to its own connection, not to the one answered. */
const OWN_CONNECTION = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * `/api/docs`: Swagger UI and the OpenAPI document of the API (the routes @fastify/swagger
 * collected as they were registered). The UI and its packages load on the first visit, in a
 * Fastify instance of its own that serves the main app's document; `/api/docs` and
 * `/api/docs/*` are forwarded to it. Loading them at start cost about 0.1 s before listening.
 */
export function registerDocs(app: FastifyInstance, prefix = '/api/docs'): void {
  let docs: Promise<FastifyInstance> | undefined;
  const open = async () => {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    const ui = Fastify({ logger: false });
    await ui.register(swagger, { mode: 'static', specification: { document: app.swagger() as OpenAPIV3.Document } });
    await ui.register(swaggerUi, { routePrefix: prefix });
    ui.setNotFoundHandler((_request, reply) => reply.status(404).send(fail('Ruta no encontrada')));
    await ui.ready();
    return ui;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= open().catch((err: unknown) => {
      docs = undefined;
      throw err;
    });
    // Always a GET: for a HEAD, Fastify's own HEAD route sends the headers of the GET's body.
    const res = await (await docs).inject({ method: 'GET', url: request.url, headers: request.headers });
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !OWN_CONNECTION.has(name)) reply.header(name, value);
    }
    // No body (a redirect, a 304, a HEAD): nothing sent, so no content type or length is made up.
    return reply.status(res.statusCode).send(res.rawPayload.length > 0 ? res.rawPayload : undefined);
  };
  app.get(prefix, { schema: { hide: true } }, forward);
  app.get(`${prefix}/*`, { schema: { hide: true } }, forward);
}
