import { PrecioSearch } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as precios from './precios.ts';

/** Price search over past order items (spec 1 §2.12, §7 `/orden/item/search`), module orden_compra. */
export default async function preciosRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/orden/item/search', { ...gate({ module: 'orden_compra', read: true }), schema: { tags: ['orden'], body: PrecioSearch } },
    async (req) => ok(await precios.search(deps, caller(req), req.body)));
}
