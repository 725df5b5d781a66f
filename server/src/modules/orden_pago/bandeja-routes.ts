import { OrdenPagoBandeja } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import { bandeja } from './bandeja.ts';

/** `/ordenPago/bandeja`: the payment-order inbox across purchase orders (issue 9), module orden_pago. */
export default async function bandejaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/ordenPago/bandeja', { ...gate({ module: 'orden_pago', read: true }), schema: { tags: ['orden_pago'], body: OrdenPagoBandeja } },
    async (req) => {
      const { orden_pago: filtro, ...page } = req.body;
      return ok(await bandeja(deps, caller(req), filtro, page));
    });
}
