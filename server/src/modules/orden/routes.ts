import {
  ORDEN_ESTADO_MSG, ORDEN_MSG, OrdenAnular, OrdenApprove, OrdenIdHeader, OrdenRechazar, OrdenList, OrdenMassive, OrdenPending, OrdenRestart, OrdenSave, OrdenUpdateStatus,
} from '@obra/domain';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import documentosRoutes from './documentos-routes.ts';
import * as estados from './estados.ts';
import massiveRoutes from './massive-routes.ts';
import preciosRoutes from './precios-routes.ts';
import reporteRoutes from './reporte-routes.ts';
import * as service from './service.ts';

const tags = ['orden'];

/** Purchase and service orders (spec 1 §7 "Orders"), module orden_compra. */
export default async function ordenRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await reporteRoutes(fastify, deps);

  app.post('/orden/register-orden', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenSave } },
    async (req) => ok(await service.register(deps, caller(req), req.body), ORDEN_MSG.registered));

  app.post('/orden/update-orden', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenSave } },
    async (req) => ok(await service.update(deps, caller(req), req.body), ORDEN_MSG.updated));

  app.post('/orden/get-orden-detail', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, headers: OrdenIdHeader } },
    async (req) => ok(await service.detail(deps, caller(req), req.headers.idorden)));

  app.post('/orden/get-orden-list', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: OrdenList } },
    async (req) => ok(await service.list(deps, caller(req), req.body)));

  // State transitions (spec 1 §4.2, DECISIONS §4, docs/business-rules.md "Order states").
  app.post('/orden/approve', { ...gate({ module: 'orden_compra' }), schema: { tags, headers: OrdenIdHeader, body: OrdenApprove } },
    async (req) => ok(await estados.approve(deps, caller(req), req.headers.idorden, req.body.id_orden_estado), ORDEN_ESTADO_MSG.aprobado));

  // Rejection by the approver of the order's level (issue 9): the option is checked by the service, as the level follows the state.
  app.post('/orden/rechazar', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenRechazar } },
    async (req) => {
      const { data, message } = await estados.reject(deps, caller(req), req.body.orden);
      return ok(data, message);
    });

  // Why a one-action screen (approve, restart, import status, notify) cannot act, said on opening (issue 9).
  app.post('/orden/motivos', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, headers: OrdenIdHeader } },
    async (req) => ok(await estados.motivos(deps, caller(req), req.headers.idorden)));

  app.post('/orden/approve/pending', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: OrdenPending.nullish() } },
    async (req) => ok(await estados.pending(deps, caller(req), req.body ?? OrdenPending.parse({}))));

  app.post('/orden/approve/massive', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenMassive } },
    async (req) => ok(await estados.approveMassive(deps, caller(req), req.body), ORDEN_ESTADO_MSG.aprobadas));

  app.post('/orden/pay', { ...gate({ module: 'orden_compra', option: 'pagar_orden_compra' }), schema: { tags, headers: OrdenIdHeader } },
    async (req) => ok(await estados.pay(deps, caller(req), req.headers.idorden), ORDEN_ESTADO_MSG.pagado));

  app.post('/orden/delete-orden', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenAnular } },
    async (req) => ok(await estados.anular(deps, caller(req), req.body.id_orden), ORDEN_ESTADO_MSG.anulado));

  app.post('/orden/update-status', { ...gate({ module: 'orden_compra' }), schema: { tags, headers: OrdenIdHeader, body: OrdenUpdateStatus } },
    async (req) => ok(await estados.updateStatus(deps, caller(req), req.headers.idorden, req.body.id_orden_estado, req.body.descripcion), ORDEN_ESTADO_MSG.estadoActualizado));

  app.post('/orden/restart', { ...gate({ module: 'orden_compra' }), schema: { tags, body: OrdenRestart } },
    async (req) => ok(await estados.restart(deps, caller(req), req.body.id_orden, req.body.codigo), ORDEN_ESTADO_MSG.reiniciado));

  // The form DECISIONS §4 names: /orden/restart/:id?code=
  app.post('/orden/restart/:id', {
    ...gate({ module: 'orden_compra' }),
    schema: { tags, params: z.object({ id: OrdenRestart.shape.id_orden }), querystring: z.object({ code: OrdenRestart.shape.codigo }) },
  }, async (req) => ok(await estados.restart(deps, caller(req), req.params.id, req.query.code), ORDEN_ESTADO_MSG.reiniciado));

  await documentosRoutes(fastify, deps);
  await massiveRoutes(fastify, deps);
  await preciosRoutes(fastify, deps);
}
