import {
  PRODUCTO_MSG, ProductoBuscar, ProductoBuscarIndice, ProductoBuscarRapido, ProductoId, ProductoList, ProductoModificar, ProductoRegistrar,
  TipoPorCategoriaQuery, TiposPorCategoria,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { readUpload } from '../../platform/files.ts';
import { XLSX_UPLOAD, sendXlsx } from '../../platform/xlsx.ts';
import * as importer from './import.ts';
import * as service from './service.ts';

const tags = ['producto'];
const read = gate({ module: 'producto', read: true });
/** Registering, modifying, duplicating, disabling and importing need the option (spec 1 §6, spec 3 §6). */
const write = gate({ module: 'producto', option: 'registrar_producto' });
/** Calls that take no body; an empty JSON object is accepted too. */
const noBody = z.object({}).optional();

export default async function productoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Spec 3 §7 "Purchasing products" (base /productoVendor).
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

  app.post('/productoVendor/habilitar', { ...write, schema: { tags, body: ProductoId } },
    async (req) => ok(await service.setEstado(deps, req.body.producto.prv_id, 1), PRODUCTO_MSG.enabled));

  // Spec 1 §7 lookups.
  app.post('/producto/list', { ...read, schema: { tags, body: ProductoList } },
    async (req) => ok(await service.list(deps, req.body)));

  // Category and type lists also feed filters of other modules (the order report): any staff user.
  const lookup = gate({ module: null, read: true });
  app.get('/categoria-producto/list', { ...lookup, schema: { tags } },
    async () => ok(await service.categorias(deps)));

  app.get('/tipo-producto/get-categoria', { ...lookup, schema: { tags, querystring: TipoPorCategoriaQuery } },
    async (req) => ok(await service.tipos(deps, req.query.id_categoria)));

  app.post('/producto/plantilla', { ...read, schema: { tags, body: noBody } },
    async (_req, reply) => sendXlsx(reply, importer.TEMPLATE_FILENAME, await importer.template(deps)));

  app.post('/producto/import-products', { ...write, schema: { tags, consumes: ['multipart/form-data'] } },
    async (req) => {
      const { file } = await readUpload(req, 'file', XLSX_UPLOAD);
      const created = await importer.importProducts(deps, file);
      return ok(created, PRODUCTO_MSG.imported(created.length));
    });
}
