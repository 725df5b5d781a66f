import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isDate } from '@obra/domain';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['indicador'];
const fecha = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isDate(v), 'Fecha inválida (AAAA-MM-DD)').nullish();
const Periodo = z.object({ indicador: z.object({ desde: fecha, hasta: fecha }).nullish() }).nullish();

/**
 * The figures on Inicio (issue 25): one path per panel, each gated by the module it reads, scoped by
 * the caller's project. Amounts are NUMERIC strings in soles rounded to 2 decimals.
 */
export default async function indicadorRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/indicador/compras', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.compras(deps, caller(req), req.body?.indicador ?? {})));
  app.post('/indicador/pagos', { ...gate({ module: 'orden_pago', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.pagos(deps, caller(req), req.body?.indicador ?? {})));
  app.post('/indicador/ventas', { ...gate({ module: 'orden_venta', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.ventas(deps, caller(req), req.body?.indicador ?? {})));
  app.post('/indicador/cobranza', { ...gate({ module: 'orden_venta', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.cobranza(deps, caller(req), req.body?.indicador ?? {})));
  app.post('/indicador/despachos', { ...gate({ module: 'envio', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.despachos(deps, caller(req), req.body?.indicador ?? {})));
  app.post('/indicador/mixers', { ...gate({ module: 'envio', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.mixers(deps, caller(req), req.body?.indicador ?? {})));
  app.post('/indicador/cajas', { ...gate({ module: 'caja', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.cajas(deps, caller(req))));
}
