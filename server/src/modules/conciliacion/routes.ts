import { ConciliacionObtener } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['conciliacion'];

/** Three-way match of a purchase order (issue 25): a reading of the purchasing module. */
export default async function conciliacionRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/ordenCompra/conciliacion', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: ConciliacionObtener } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.orden_compra.ord_id)));
}
