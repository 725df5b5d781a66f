import { CategoriaTipoExistencia, PRODUCTO_MSG, ProductoList, SUNAT_MSG, TipoPorCategoriaQuery } from '@obra/domain';
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
import productoVendorRoutes from './vendor-routes.ts';

const tags = ['producto'];
const read = gate({ module: 'producto', read: true });
/** Importing needs the option, as registering does (spec 1 §6, spec 3 §6). */
const write = gate({ module: 'producto', option: 'registrar_producto' });
/** Calls that take no body; an empty JSON object is accepted too. */
const noBody = z.object({}).optional();

export default async function productoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  await productoVendorRoutes(fastify, deps);

  // Spec 1 §7 lookups.
  app.post('/producto/list', { ...read, schema: { tags, body: ProductoList } },
    async (req) => ok(await service.list(deps, req.body)));

  // Category and type lists also feed filters of other modules (the order report): any staff user.
  const lookup = gate({ module: null, read: true });
  app.get('/categoria-producto/list', { ...lookup, schema: { tags } },
    async () => ok(await service.categorias(deps)));

  app.get('/tipo-producto/get-categoria', { ...lookup, schema: { tags, querystring: TipoPorCategoriaQuery } },
    async (req) => ok(await service.tipos(deps, req.query.id_categoria)));

  // Each category's SUNAT existence type (tabla 5), which the PLE 12.1 book carries for its products (issue 23).
  app.post('/categoria-producto/tiposExistencia', { ...read, schema: { tags, body: noBody } },
    async () => ok(await service.categoriasTipoExistencia(deps)));

  app.post('/categoria-producto/modificarTipoExistencia', { ...write, schema: { tags, body: CategoriaTipoExistencia } },
    async (req) => ok(await service.modificarTipoExistencia(deps, req.body.categoria_producto), SUNAT_MSG.tipoExistenciaGuardado));

  app.post('/producto/plantilla', { ...read, schema: { tags, body: noBody } },
    async (_req, reply) => sendXlsx(reply, importer.TEMPLATE_FILENAME, await importer.template(deps)));

  app.post('/producto/import-products', { ...write, schema: { tags, consumes: ['multipart/form-data'] } },
    async (req) => {
      const { file } = await readUpload(req, 'file', XLSX_UPLOAD);
      const created = await importer.importProducts(deps, file);
      return ok(created, PRODUCTO_MSG.imported(created.length));
    });
}
