import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { MSG } from '@obra/domain';
import Fastify, { type FastifyError, type FastifyInstance, type FastifySchema } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { registerDocs } from './docs.ts';
import { logController, loggerOptions } from './logger.ts';
import { plantillaRendicionRoute } from './modules/caja/rendicion-routes.ts';
import { registerModules } from './modules/index.ts';
import { auditDetail, recordAudit } from './platform/audit.ts';
import { createAccessGuard, type RouteAccess } from './platform/auth/access.ts';
import { fail, ok } from './platform/envelope.ts';
import { RETRY_AFTER_SECONDS, clientErrorHandler, sendError } from './platform/error-reply.ts';
import { refuseNul } from './platform/input.ts';
import { collectListRoutes, registerListExports } from './platform/list-export.ts';
import { DETENIENDO, registerStopping } from './platform/shutdown.ts';
import { registerSecurityHeaders, registerWeb, sendIndex } from './web.ts';

export type App = FastifyInstance;

/** Every /api route and what it declared; the access test walks it. */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's zod schemas (body, querystring, params, headers); the hostile-input test fills them. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: RouteEntry[];
  }
}

export async function buildApp(deps: Deps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    logController: logController(config),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Ids and codes are short; a longer path parameter is refused (414) in the envelope.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    clientErrorHandler,
    // On close the idle keep-alive sockets go at once; the drain waits only for requests in flight (platform/shutdown.ts).
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sid', null);

  registerSecurityHeaders(app, config.https);
  registerStopping(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 1, fields: 20 } });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The limit guards the API; the web's files (hashed, cached a year, and many a page) are not counted.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => ({ statusCode: 429, ...fail(MSG.tooManyAttempts) }),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Obra API', version: config.appVersion }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  // Swagger UI at /api/docs loads on the first visit (docs.ts).
  registerDocs(app);

  // Every API route must say who may call it; an undeclared one stops the start-up.
  const routeCatalog: RouteEntry[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`La ruta ${route.method} ${route.url} no declara su acceso`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeCatalog.push({ method, url: route.url, access, schema: route.schema });
  });
  app.addHook('onClose', () => deps.profiles.close());
  app.addHook('onRequest', createAccessGuard(database.db, deps.tokens, deps.profiles));
  app.addHook('onResponse', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access || access.read || !request.user) return;
    await recordAudit(database.db, {
      aud_accion: 'mutacion', usu_id: request.user.usu_id, aud_ip: request.ip, aud_metodo: request.method,
      aud_ruta: request.routeOptions.url, aud_modulo: access.module, aud_estado_http: reply.statusCode,
      aud_detalle: auditDetail(request.body),
    }, request.log);
  });

  app.addHook('preValidation', refuseNul);
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));

  app.get('/health/live', async () => ok({ up: true }));
  app.get('/health/ready', async (_req, reply) => {
    // A stopping instance still serves during its grace, but the balancer must send nothing new its way.
    if (app.stopping) return reply.status(503).send(fail(DETENIENDO));
    try {
      await database.ping();
      return ok({ database: database.kind });
    } catch {
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(fail('Base de datos no disponible'));
    }
  });

  // Every list route gets its export `<ruta>/exportar` with the same access (platform/list-export.ts).
  const listas = collectListRoutes(app, '/api');
  await app.register(async (api) => {
    await registerModules(api, deps);
    registerListExports(api, '/api', listas);
  }, { prefix: '/api' });
  // The settlement template is a file of the site, not an API call (spec 2 §7): outside /api, no session.
  plantillaRendicionRoute(app, deps);

  const hasWeb = await registerWeb(app, config.webDist);
  // History-mode routes (spec 1 §2.1) fall back to the web's index.html; /api stays JSON.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send(fail('Ruta no encontrada'));
    }
    sendIndex(reply);
  });

  return app;
}
