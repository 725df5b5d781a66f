import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['indicador'];
const fecha = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)').nullish();
const Periodo = z.object({ indicador: z.object({ desde: fecha, hasta: fecha }).nullish() }).nullish();

/**
 * The figures on Inicio (issue 25): one path per panel, each gated by the module it reads, scoped by
 * the caller's project. Amounts are NUMERIC strings in soles rounded to 2 decimals.
 */
export default async function indicadorRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/indicador/compras', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: Periodo } },
    async (req) => ok(await service.compras(deps, caller(req), req.body?.indicador ?? {})));
}
