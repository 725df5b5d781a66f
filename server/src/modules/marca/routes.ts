import { MARCA_MSG, MarcaDelete, MarcaList, MarcaLookup, MarcaNew } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import * as service from './service.ts';

const tags = ['marca'];

export default async function marcaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/marca/list', { ...gate({ module: 'marca', read: true }), schema: { tags, body: MarcaList } },
    async (req) => ok(await service.list(deps, req.body)));

  app.post('/marca/new', { ...gate({ module: 'marca' }), schema: { tags, body: MarcaNew } },
    async (req, reply) => reply.status(201).send(ok(await service.add(deps, req.body.marca), MARCA_MSG.added)));

  app.delete('/marca/delete', { ...gate({ module: 'marca' }), schema: { tags, body: MarcaDelete } },
    async (req) => {
      const r = await service.remove(deps, req.body.id_marca);
      return ok(r.data, r.message);
    });

  // Selects of other screens (products, orders) list brands: any staff user may read them.
  const lookup = { ...gate({ module: null, read: true }), schema: { tags, body: MarcaLookup } };
  app.post('/marca/get-marcas', lookup, async (req) => ok(await service.lookup(deps, req.body?.search)));
  app.post('/getMarcas', lookup, async (req) => ok(await service.lookup(deps, req.body?.search)));
}
