import { ASI_MSG, AsignacionEmpleadoBuscar, DevolucionBuscar, DevolucionesPorItem, DevolucionId, DevolucionRegistrar } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as devolucion from './devolucion.ts';
import * as service from './service.ts';

const tags = ['asignacion_items'];
const read = gate({ module: 'asignacion_items', read: true });
/** Registering and deleting a return need the option that gates its button (spec 2 §2, §6). */
const write = gate({ module: 'asignacion_items', option: 'registrar_devolucion' });

/** Returns (spec 2 §7 "/devolucionItems"), module asignacion_items. */
export default async function devolucionRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/devolucionItems/buscar', { ...read, schema: { tags, body: DevolucionBuscar } }, async (req) => {
    const { devolucion_items: filtro, ...page } = req.body;
    return ok(await devolucion.buscar(deps, caller(req), filtro, page));
  });

  app.post('/devolucionItems/obtener', { ...read, schema: { tags, body: DevolucionId } },
    async (req) => ok(await devolucion.obtener(deps, caller(req), req.body.dei_id)));

  app.post('/devolucionItems/registrar', { ...write, schema: { tags, body: DevolucionRegistrar } },
    async (req) => ok(await devolucion.registrar(deps, caller(req), req.body.devolucion_items), ASI_MSG.devolucionRegistrada));

  app.post('/devolucionItems/eliminar', { ...write, schema: { tags, body: DevolucionId } },
    async (req) => ok(await devolucion.eliminar(deps, caller(req), req.body.dei_id), ASI_MSG.devolucionEliminada));

  app.post('/devolucionItems/buscarEmpleadoxNombre', { ...read, schema: { tags, body: AsignacionEmpleadoBuscar } },
    async (req) => ok(await service.empleados(deps, caller(req), req.body.empleado)));

  app.post('/devolucionItems/buscarDevolucionesxItems', { ...read, schema: { tags, body: DevolucionesPorItem } },
    async (req) => ok(await devolucion.porItem(deps, caller(req), req.body.devolucion_items_detalle)));
}
