import { VENDEDOR_MSG, VendedorBuscar, VendedorBuscarRapido, VendedorId, VendedorModificar, VendedorRegistrar } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['vendedor'];

/** Spec 3 §7 "Sellers" (base /vendedor) and the salesperson search of the order popup. */
export default async function vendedorRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = gate({ module: 'vendedor', read: true });
  const write = gate({ module: 'vendedor' });

  app.post('/vendedor/buscar', { ...read, schema: { tags, body: VendedorBuscar } }, async (req) => {
    const { page, ...filtro } = req.body.vendedor;
    return ok(await service.buscar(deps, filtro, fromPageQuery(page)));
  });

  app.post('/vendedor/obtener', { ...read, schema: { tags, body: VendedorId } },
    async (req) => ok(await service.obtener(deps, req.body.vendedor.ven_id)));

  app.post('/vendedor/registrar', { ...write, schema: { tags, body: VendedorRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.registrar(deps, req.body.vendedor), VENDEDOR_MSG.registrado)));

  app.post('/vendedor/modificar', { ...write, schema: { tags, body: VendedorModificar } },
    async (req) => ok(await service.modificar(deps, req.body.vendedor), VENDEDOR_MSG.modificado));

  // Read by the order popup too: the service admits vendedor or orden_venta.
  app.post('/vendedor/buscarRapido', { ...gate({ module: null, read: true }), schema: { tags, body: VendedorBuscarRapido } },
    async (req) => ok(await service.buscarRapido(deps, caller(req), req.body.vendedor.ven_nombre)));
}
