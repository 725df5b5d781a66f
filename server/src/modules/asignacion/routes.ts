import {
  ASI_MSG, AsignacionAlmacenes, AsignacionBuscar, AsignacionDetalleBuscar, AsignacionEmpleadoBuscar, AsignacionEstadosBuscar,
  AsignacionesPorItem, AsignacionId, AsignacionRegistrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import devolucionRoutes from './devolucion-routes.ts';
import * as service from './service.ts';

const tags = ['asignacion_items'];
const read = gate({ module: 'asignacion_items', read: true });
/** Registering and deleting an assignment need the option that gates its button (spec 2 §2, §6). */
const write = gate({ module: 'asignacion_items', option: 'registrar_asignacion' });

/** Assignments (spec 2 §7 "/asignacionItems"), module asignacion_items; returns in devolucion-routes.ts. */
export default async function asignacionRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await devolucionRoutes(fastify, deps);

  app.post('/asignacionItems/obtenerTipos', { ...read, schema: { tags } }, async () => ok(service.tipos()));

  app.post('/asignacionItems/obtenerEstados', { ...read, schema: { tags, body: AsignacionEstadosBuscar } },
    async (req) => ok(service.estados(req.body.tipo)));

  app.post('/asignacionItems/obtenerAlmacenes', { ...read, schema: { tags, body: AsignacionAlmacenes } }, async (req) => {
    const r = await service.almacenes(deps, caller(req), req.body.almacen.pry_id);
    return ok(r.data, r.message);
  });

  app.post('/asignacionItems/buscarEmpleado', { ...read, schema: { tags, body: AsignacionEmpleadoBuscar } },
    async (req) => ok(await service.empleados(deps, caller(req), req.body.empleado)));

  app.post('/asignacionItems/buscar', { ...read, schema: { tags, body: AsignacionBuscar } }, async (req) => {
    const { asignacion_items: filtro, ...page } = req.body;
    return ok(await service.buscar(deps, caller(req), filtro, page));
  });

  app.post('/asignacionItems/buscarDetalle', { ...read, schema: { tags, body: AsignacionDetalleBuscar } },
    async (req) => ok(await service.detalle(deps, caller(req), req.body.asignacion_items.asi_id)));

  app.post('/asignacionItems/buscarAsignacionesxItems', { ...read, schema: { tags, body: AsignacionesPorItem } },
    async (req) => ok(await service.porItem(deps, caller(req), req.body.asignacion_items_detalle)));

  app.post('/asignacionItems/obtener', { ...read, schema: { tags, body: AsignacionId } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.asi_id)));

  app.post('/asignacionItems/registrar', { ...write, schema: { tags, body: AsignacionRegistrar } },
    async (req) => ok(await service.registrar(deps, caller(req), req.body.asignacion_items), ASI_MSG.registrada));

  app.post('/asignacionItems/eliminar', { ...write, schema: { tags, body: AsignacionId } },
    async (req) => ok(await service.eliminar(deps, caller(req), req.body.asi_id), ASI_MSG.eliminada));
}
