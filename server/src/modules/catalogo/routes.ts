import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import { getData } from '../app/service.ts';

/** Catalogue calls of spec 1 §7 that are plain lookups; each is one list of /app/getData. */
export default async function catalogoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { ...gate({ module: null, read: true }), schema: { tags: ['catalogos'] } };

  app.get('/pais/list', read, async (req) => ok((await getData(deps, caller(req), ['paises'])).paises));
  app.get('/banco/list', read, async (req) => ok((await getData(deps, caller(req), ['bancos'])).bancos));
  app.post('/rol/buscar', read, async (req) => ok((await getData(deps, caller(req), ['roles'])).roles));
  app.post('/getOpciones', read, async (req) => ok((await getData(deps, caller(req), ['opciones'])).opciones));
  app.post('/getEstados', read, async (req) => ok((await getData(deps, caller(req), ['estados'])).estados));
  app.get('/orden/estado/list', { ...gate({ module: 'orden_compra', read: true }), schema: { tags: ['catalogos'] } },
    async (req) => ok((await getData(deps, caller(req), ['orden_estados'])).orden_estados));
}
