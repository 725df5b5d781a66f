import {
  AlmacenBuscar, AlmacenBuscarRapido, AlmacenPorProyecto, AsignarEmpleados, EmpleadosAsignadosBuscar, PRY_MSG,
  ProyectoBuscar, ProyectoModificar, ProyectoObtener, ProyectoRegistrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['proyecto'];
const lookupTags = ['almacen'];

/** Spec 2 §7 "Projects", and the warehouse lookups every screen with a warehouse uses (spec 1 §7). */
export default async function proyectoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/proyecto/buscar', { ...gate({ module: 'proyecto', read: true }), schema: { tags, body: ProyectoBuscar } },
    async (req) => ok(await service.search(deps, caller(req), req.body.proyecto)));

  app.post('/proyecto/obtener', { ...gate({ module: 'proyecto', read: true }), schema: { tags, body: ProyectoObtener } },
    async (req) => ok(await service.get(deps, caller(req), req.body.proyecto.pry_id)));

  app.post('/proyecto/registrar', { ...gate({ module: 'proyecto' }), schema: { tags, body: ProyectoRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.register(deps, caller(req), req.body.proyecto), PRY_MSG.registered)));

  app.post('/proyecto/modificar', { ...gate({ module: 'proyecto' }), schema: { tags, body: ProyectoModificar } },
    async (req) => ok(await service.modify(deps, caller(req), req.body.proyecto), PRY_MSG.modified));

  app.post('/proyecto/paginarEmpleadosAsignados', { ...gate({ module: 'proyecto', read: true }), schema: { tags, body: EmpleadosAsignadosBuscar } },
    async (req) => ok(await service.employees(deps, caller(req), req.body.empleado)));

  app.post('/proyecto/asignarEmpleados', { ...gate({ module: 'proyecto' }), schema: { tags, body: AsignarEmpleados } },
    async (req) => ok(await service.assignEmployees(deps, caller(req), req.body), PRY_MSG.employeesSaved));

  // Lookups: any staff user (module null); supplier accounts are refused by the guard.
  const lookup = gate({ module: null, read: true });

  app.post('/almacen/buscar', { ...lookup, schema: { tags: lookupTags, body: AlmacenBuscar } },
    async (req) => {
      const r = await service.searchWarehouses(deps, caller(req), req.body.almacen);
      return ok(r.data, r.message);
    });

  app.post('/almacen/obtenerxProyecto', { ...lookup, schema: { tags: lookupTags, body: AlmacenPorProyecto } },
    async (req) => {
      const r = await service.warehousesOfProject(deps, caller(req), req.body.almacen.pry_id);
      return ok(r.data, r.message);
    });

  app.post('/almacen/buscarRapido', { ...lookup, schema: { tags: lookupTags, body: AlmacenBuscarRapido } },
    async (req) => {
      const r = await service.quickSearchWarehouses(deps, caller(req), req.body.almacen);
      return ok(r.data, r.message);
    });

  app.post('/getAlmacenes', { ...lookup, schema: { tags: lookupTags } },
    async (req) => {
      const r = await service.activeWarehouses(deps, caller(req));
      return ok(r.data, r.message);
    });
}
