import { UNIDAD_MSG, UnidadDelete, UnidadList, UnidadLookup, UnidadNew } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import * as service from './service.ts';

const tags = ['unidad'];

export default async function unidadRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/unidad/list', { ...gate({ module: 'unidad', read: true }), schema: { tags, body: UnidadList } },
    async (req) => ok(await service.list(deps, req.body)));

  app.post('/unidad/new', { ...gate({ module: 'unidad' }), schema: { tags, body: UnidadNew } },
    async (req, reply) => reply.status(201).send(ok(await service.add(deps, req.body), UNIDAD_MSG.added)));

  app.delete('/unidad/delete', { ...gate({ module: 'unidad' }), schema: { tags, body: UnidadDelete } },
    async (req) => {
      const r = await service.remove(deps, req.body.id_unidad);
      return ok(r.data, r.message);
    });

  // Selects of other screens (products, orders) list units: any staff user may read them.
  const lookup = { ...gate({ module: null, read: true }), schema: { tags, body: UnidadLookup } };
  app.post('/unidad/get-unidad', lookup, async (req) => ok(await service.lookup(deps, req.body?.search)));
  app.post('/getUnidadesMedida', lookup, async (req) => ok(await service.lookup(deps, req.body?.search)));
}
