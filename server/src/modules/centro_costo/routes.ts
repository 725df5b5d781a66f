import { CentroCostoDelete, CentroCostoList, CentroCostoSave } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['centro_costo'];

export default async function centroCostoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/centroCosto/list', { ...gate({ module: 'centro_costo', read: true }), schema: { tags, body: CentroCostoList } },
    async (req) => ok(await service.list(deps, caller(req), req.body)));

  app.post('/centroCosto/save', { ...gate({ module: 'centro_costo' }), schema: { tags, body: CentroCostoSave } },
    async (req) => {
      const r = await service.save(deps, caller(req), req.body);
      return ok(r.data, r.message);
    });

  app.delete('/centroCosto/delete', { ...gate({ module: 'centro_costo' }), schema: { tags, body: CentroCostoDelete } },
    async (req) => {
      const r = await service.remove(deps, caller(req), req.body.id_centro_costo);
      return ok(r.data, r.message);
    });
}
