import {
  CLIENTE_MSG, ClienteBuscar, ClienteBuscarRapido, ClienteModificar, ClienteObtener, ClienteObtenerDirecciones, ClienteRegistrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['cliente'];

/** Clients (spec 3 §7 "Clients"), module cliente; buscarRapido and obtenerDirecciones serve the sales order popup. */
export default async function clienteRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = gate({ module: 'cliente', read: true });
  const write = gate({ module: 'cliente' });

  app.post('/cliente/buscar', { ...read, schema: { tags, body: ClienteBuscar } },
    async (req) => ok(await service.buscar(deps, req.body.cliente)));

  // Read by the sales order popup too: the service admits cliente or orden_venta.
  const popup = gate({ module: null, read: true });

  app.post('/cliente/buscarRapido', { ...popup, schema: { tags, body: ClienteBuscarRapido } },
    async (req) => ok(await service.buscarRapido(deps, caller(req), req.body.cliente.cli_search)));

  app.post('/cliente/obtener', { ...read, schema: { tags, body: ClienteObtener } },
    async (req) => ok(await service.obtener(deps, req.body.cliente.cli_id)));

  app.post('/cliente/obtenerDirecciones', { ...popup, schema: { tags, body: ClienteObtenerDirecciones } },
    async (req) => ok(await service.obtenerDirecciones(deps, caller(req), req.body.cliente_direccion_envio.cli_id)));

  app.post('/cliente/registrar', { ...write, schema: { tags, body: ClienteRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.registrar(deps, req.body.cliente), CLIENTE_MSG.registered)));

  app.post('/cliente/modificar', { ...write, schema: { tags, body: ClienteModificar } },
    async (req) => ok(await service.modificar(deps, req.body.cliente), CLIENTE_MSG.modified));
}
