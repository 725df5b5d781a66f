import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

/** Issue 25: the caller's work queue on Inicio; any staff user (module null), suppliers refused (403). */
export default async function inicioRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/inicio/pendientes', { ...gate({ module: null, read: true }), schema: { tags: ['inicio'] } },
    async (req) => ok(await service.pendientes(deps, caller(req))));
}
