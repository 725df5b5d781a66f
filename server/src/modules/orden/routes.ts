import { ORDEN_MSG, OrdenIdHeader, OrdenList, OrdenSave } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['orden'];

/** Purchase and service orders (spec 1 §7 "Orders"), module orden_compra. */
export default async function ordenRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/orden/register-orden', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenSave } },
    async (req) => ok(await service.register(deps, caller(req), req.body), ORDEN_MSG.registered));

  app.post('/orden/update-orden', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenSave } },
    async (req) => ok(await service.update(deps, caller(req), req.body), ORDEN_MSG.updated));

  app.post('/orden/get-orden-detail', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, headers: OrdenIdHeader } },
    async (req) => ok(await service.detail(deps, caller(req), req.headers.idorden)));

  app.post('/orden/get-orden-list', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: OrdenList } },
    async (req) => ok(await service.list(deps, caller(req), req.body)));
}
