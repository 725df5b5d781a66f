import { BusquedaGlobal } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

/**
 * Issue 25: the header's search box. Any staff user (each kind is searched only with its module);
 * suppliers are refused (403): the portal has no header search, its one list filters by code.
 */
export default async function busquedaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/busqueda/global', { ...gate({ module: null, read: true }), schema: { tags: ['busqueda'], body: BusquedaGlobal } },
    async (req) => ok(await service.buscar(deps, caller(req), req.body.busqueda.texto)));
}
