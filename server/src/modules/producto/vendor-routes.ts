import {
  PRODUCTO_MSG, ProductoBuscar, ProductoBuscarIndice, ProductoBuscarRapido, ProductoId, ProductoModificar, ProductoRegistrar, TiposPorCategoria,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import * as service from './service.ts';

const tags = ['producto'];
const read = gate({ module: 'producto', read: true });
/** Registering, modifying, disabling and enabling need the option (spec 1 §6, spec 3 §6). */
const write = gate({ module: 'producto', option: 'registrar_producto' });
/** Calls that take no body; an empty JSON object is accepted too. */
const noBody = z.object({}).optional();

/**
 * Spec 3 §7 "Purchasing products" (base /productoVendor): the spec 3 contract of the product
 * module. Same service, gates and rules as the spec 1 calls of routes.ts; only wrappers and reply
 * shapes differ.
 */
export default async function productoVendorRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/productoVendor/cargarOpciones', { ...read, schema: { tags, body: noBody } },
    async () => ok(await service.opciones(deps)));

  app.post('/productoVendor/buscarCategorias', { ...read, schema: { tags, body: noBody } },
    async () => ok(await service.categorias(deps)));

  app.post('/productoVendor/getTiposProductoxCategoria', { ...read, schema: { tags, body: TiposPorCategoria } },
    async (req) => ok(await service.tipos(deps, req.body.cat_id)));

  app.post('/productoVendor/buscar', { ...read, schema: { tags, body: ProductoBuscar } },
    async (req) => ok(await service.buscar(deps, req.body.producto)));

  app.post('/productoVendor/buscarIndice', { ...read, schema: { tags, body: ProductoBuscarIndice } },
    async (req) => ok(await service.indice(deps, req.body.producto)));

  app.post('/productoVendor/buscarRapido', { ...read, schema: { tags, body: ProductoBuscarRapido } },
    async (req) => ok(await service.buscarRapido(deps, req.body.producto.prv_nombre)));

  app.post('/productoVendor/obtener', { ...read, schema: { tags, body: ProductoId } },
    async (req) => ok(await service.obtener(deps, req.body.producto.prv_id)));

  app.post('/productoVendor/registrar', { ...write, schema: { tags, body: ProductoRegistrar } },
    async (req, reply) => reply.status(201).send(ok(await service.registrar(deps, req.body.producto), PRODUCTO_MSG.registered)));

  app.post('/productoVendor/modificar', { ...write, schema: { tags, body: ProductoModificar } },
    async (req) => ok(await service.modificar(deps, req.body.producto), PRODUCTO_MSG.modified));

  app.post('/productoVendor/deshabilitar', { ...write, schema: { tags, body: ProductoId } },
    async (req) => ok(await service.setEstado(deps, req.body.producto.prv_id, 0), PRODUCTO_MSG.disabled));

  // Beyond the spec (re-enabling is not shown): the screen's row action; modificar with prv_estado 1 does the same.
  app.post('/productoVendor/habilitar', { ...write, schema: { tags, body: ProductoId } },
    async (req) => ok(await service.setEstado(deps, req.body.producto.prv_id, 1), PRODUCTO_MSG.enabled));
}
