import { ROL_MSG, RolBuscar, RolModificar, RolObtener, RolRegistrar } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { listaCompleta } from '../../platform/list-export.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['rol'];

/** Administración → Roles (issue 26): administrators create, rename, deactivate roles and tick their modules and options. */
export default async function rolRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = gate({ module: 'rol', read: true });
  const write = gate({ module: 'rol' });

  // The spec's '/rol/buscar' is the lookup every staff screen reads (catalogo); the editor's list counts users and modules.
  app.post('/rol/listar', { ...listaCompleta(read), schema: { tags, body: RolBuscar } },
    async (req) => ok(await service.buscar(deps, req.body.rol)));

  app.post('/rol/obtener', { ...read, schema: { tags, body: RolObtener } },
    async (req) => ok(await service.obtener(deps, req.body.rol.rol_id)));

  app.post('/rol/registrar', { ...write, schema: { tags, body: RolRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.registrar(deps, caller(req), req.body.rol), ROL_MSG.registrado)));

  app.post('/rol/modificar', { ...write, schema: { tags, body: RolModificar } },
    async (req) => ok(await service.modificar(deps, caller(req), req.body.rol), ROL_MSG.modificado));
}
