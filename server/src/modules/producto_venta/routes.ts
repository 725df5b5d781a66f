import {
  PVT_MSG, PVT_TIPO_MSG, ProductoVentaBuscar, ProductoVentaBuscarRapido, ProductoVentaId, ProductoVentaModificar, ProductoVentaRegistrar,
  ProductoVentaTipoBuscar, ProductoVentaTipoId, ProductoVentaTipoModificar, ProductoVentaTipoRegistrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { listaCompleta } from '../../platform/list-export.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';
import * as tipos from './tipo-service.ts';

const tags = ['producto_venta'];

/** Spec 3 §7 "Sale products": the catalogue, its two-level types and the order popup's product search. */
export default async function productoVentaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = gate({ module: 'producto_venta', read: true });
  const write = gate({ module: 'producto_venta' });

  app.post('/productoVenta/buscar', { ...listaCompleta(read), schema: { tags, body: ProductoVentaBuscar } },
    async (req) => ok(await service.buscar(deps, req.body.producto_venta)));

  app.post('/productoVenta/obtener', { ...read, schema: { tags, body: ProductoVentaId } },
    async (req) => ok(await service.obtener(deps, req.body.producto_venta.pvt_id)));

  app.post('/productoVenta/registrar', { ...write, schema: { tags, body: ProductoVentaRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.registrar(deps, req.body.producto_venta), PVT_MSG.registrado)));

  app.post('/productoVenta/modificar', { ...write, schema: { tags, body: ProductoVentaModificar } },
    async (req) => ok(await service.modificar(deps, req.body.producto_venta), PVT_MSG.modificado));

  // Read by the order popup too: the service admits producto_venta or orden_venta.
  app.post('/productoVenta/buscarRapido', { ...gate({ module: null, read: true }), schema: { tags, body: ProductoVentaBuscarRapido } },
    async (req) => ok(await service.buscarRapido(deps, caller(req), req.body.producto_venta.pvt_search)));

  app.post('/productoVentaTipo/buscar', { ...read, schema: { tags, body: ProductoVentaTipoBuscar } },
    async (req) => ok(await tipos.buscar(deps, req.body.producto_venta_tipo.pti_parent)));

  app.post('/productoVentaTipo/obtener', { ...read, schema: { tags, body: ProductoVentaTipoId } },
    async (req) => ok(await tipos.obtener(deps, req.body.producto_venta_tipo.pti_id)));

  app.post('/productoVentaTipo/registrar', { ...write, schema: { tags, body: ProductoVentaTipoRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await tipos.registrar(deps, req.body.producto_venta_tipo), PVT_TIPO_MSG.registrado)));

  app.post('/productoVentaTipo/modificar', { ...write, schema: { tags, body: ProductoVentaTipoModificar } },
    async (req) => ok(await tipos.modificar(deps, req.body.producto_venta_tipo), PVT_TIPO_MSG.modificado));
}
