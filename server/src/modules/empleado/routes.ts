import {
  EMP_MSG, EmpleadoBuscar, EmpleadoBuscarRapido, EmpleadoCargar, EmpleadoModificar, EmpleadoObtener, EmpleadoPaginar,
  EmpleadoRegistrar, PuestoBuscar, PuestoBuscarRapido, PuestoRegistrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import { XLSX_UPLOAD, sendXlsx } from '../../platform/xlsx.ts';
import * as service from './service.ts';

const tags = ['empleado'];

/** A load needs a file and a project: both missing answer spec 2 §5 'Falta ingresar datos'. */
const LOAD_UPLOAD = { ...XLSX_UPLOAD, missingMessage: EMP_MSG.missingLoad };
const LoadProject = z.coerce.number().int().positive();

export default async function empleadoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = gate({ module: 'empleado', read: true });
  const write = gate({ module: 'empleado' });

  app.post('/empleado/paginar', { ...read, schema: { tags, body: EmpleadoPaginar } },
    async (req) => ok(await service.paginate(deps, caller(req), req.body.empleado)));

  app.post('/empleado/buscar', { ...read, schema: { tags, body: EmpleadoBuscar } },
    async (req) => ok(await service.search(deps, caller(req), req.body.empleado)));

  app.post('/empleado/buscarRapido', { ...read, schema: { tags, body: EmpleadoBuscarRapido } },
    async (req) => ok(await service.quickSearch(deps, caller(req), req.body.empleado)));

  app.post('/empleado/obtener', { ...read, schema: { tags, body: EmpleadoObtener } },
    async (req) => ok(await service.get(deps, caller(req), req.body.empleado.emp_id)));

  app.post('/empleado/registrar', { ...write, schema: { tags, body: EmpleadoRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.register(deps, caller(req), req.body.empleado), EMP_MSG.registered)));

  app.post('/empleado/modificar', { ...write, schema: { tags, body: EmpleadoModificar } },
    async (req) => ok(await service.modify(deps, caller(req), req.body.empleado), EMP_MSG.modified));

  app.post('/empleado/cargarEmpleados', { ...write, schema: { tags, body: EmpleadoCargar } },
    async (req) => {
      const r = await service.loadList(deps, caller(req), req.body);
      return ok(r.data, r.message);
    });

  app.post('/empleado/cargarArchivo', { ...write, schema: { tags, consumes: ['multipart/form-data'] } },
    async (req) => {
      const { fields, file } = await readUpload(req, 'file', LOAD_UPLOAD);
      const pryId = LoadProject.safeParse(fields.pry_id);
      if (!pryId.success) throw badRequest(EMP_MSG.missingLoad);
      const r = await service.loadFile(deps, caller(req), pryId.data, file.buffer);
      return ok(r.data, r.message);
    });

  app.post('/empleado/plantilla', { ...read, schema: { tags } },
    async (_req, reply) => sendXlsx(reply, 'plantilla-empleados.xlsx', await service.template()));

  app.post('/puesto/buscar', { ...read, schema: { tags, body: PuestoBuscar } },
    async (req) => ok(await service.searchPositions(deps, req.body.puesto)));

  app.post('/puesto/buscarRapido', { ...read, schema: { tags, body: PuestoBuscarRapido } },
    async (req) => ok(await service.quickPositions(deps, req.body.puesto)));

  app.post('/puesto/registrar', { ...write, schema: { tags, body: PuestoRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.registerPosition(deps, req.body.puesto.pue_nombre), EMP_MSG.positionRegistered)));
}
