import { NOTIFICACION_MSG, NotificacionBuscar, NotificacionMarcar, NotificacionPreferencias } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

/**
 * Issue 25: the caller's own notifications, for any staff user (module null; suppliers are refused by the guard).
 * Marking and preferences change only the caller's rows, so even a read-only user may do them (`read: true`).
 */
export default async function notificacionRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const own = gate({ module: null, read: true });
  const tags = ['notificacion'];
  app.post('/notificacion/buscar', { ...own, schema: { tags, body: NotificacionBuscar } },
    async (req) => ok(await service.buscar(deps, caller(req), req.body.notificacion)));
  app.post('/notificacion/noLeidas', { ...own, schema: { tags } }, async (req) => ok(await service.noLeidas(deps, caller(req))));
  app.post('/notificacion/marcarLeida', { ...own, schema: { tags, body: NotificacionMarcar } },
    async (req) => ok(await service.marcarLeida(deps, caller(req), req.body.notificacion.ntf_id), NOTIFICACION_MSG.marcada));
  app.post('/notificacion/marcarTodas', { ...own, schema: { tags } },
    async (req) => ok(await service.marcarTodas(deps, caller(req)), NOTIFICACION_MSG.todas));
  app.post('/notificacion/preferencias', { ...own, schema: { tags, body: NotificacionPreferencias } }, async (req) => {
    const lista = req.body.preferencias;
    if (!lista) return ok(await service.preferencias(deps, caller(req)));
    return ok(await service.guardarPreferencias(deps, caller(req), lista), NOTIFICACION_MSG.preferencias);
  });
}
