import { OrdenPagosReporte, OrdenReporte } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { caller } from '../../platform/request.ts';
import * as reporte from './reporte.ts';

const tags = ['orden'];

/**
 * The order reports (spec 1 §2.9, §7), streamed xlsx downloads. Both read, both gated by
 * orden_compra: the purchase-versus-payment report starts from the orders screen.
 */
export default async function reporteRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/orden/report', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: OrdenReporte.nullish() } },
    (req, reply) => reporte.ordenReport(deps, caller(req), req.body, reply, req.log));

  app.post('/ordenCompra/generarReporte2', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: OrdenPagosReporte.nullish() } },
    (req, reply) => reporte.pagosReport(deps, caller(req), req.body, reply, req.log));
}
