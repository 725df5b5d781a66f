import { AJUSTE_MSG, AjusteGuardar, CONCILIACION_MSG, ToleranciaGuardar } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['ajuste'];

/** Administración → Ajustes (issue 24): a screen of the users module, as the mail outbox is. */
export default async function ajusteRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/ajuste/obtener', { ...gate({ module: 'usuario', read: true }), schema: { tags } },
    async (req) => ok(await service.obtener(deps, caller(req))));

  app.post('/ajuste/guardar', { ...gate({ module: 'usuario' }), schema: { tags, body: AjusteGuardar } },
    async (req) => ok(await service.guardar(deps, caller(req), req.body.ajuste.direccion_publica), AJUSTE_MSG.guardado));

  app.post('/ajuste/guardarTolerancia', { ...gate({ module: 'usuario' }), schema: { tags, body: ToleranciaGuardar } },
    async (req) => ok(await service.guardarTolerancia(deps, caller(req), req.body.ajuste), CONCILIACION_MSG.toleranciaGuardada));
}
