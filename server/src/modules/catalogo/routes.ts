import { Id } from '@obra/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import { getData } from '../app/service.ts';
import { tiposProducto, type LookupName } from '../app/queries.ts';
import * as q from './queries.ts';

const tags = ['catalogos'];
const Descripcion = z.object({ descripcion: z.string().trim().max(100).default('') }).default({ descripcion: '' });
const TiposFiltro = z.object({ cat_id: Id.optional(), id_categoria: Id.optional() }).default({});

/**
 * Catalogue calls of spec 1 §7 that are plain lookups, for any staff user: most are one
 * list of /app/getData (scoped there); the rest filter a small reference table by text.
 */
export default async function catalogoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { ...gate({ module: null, read: true }), schema: { tags } };
  const list = (name: LookupName) => async (req: FastifyRequest) => ok((await getData(deps, caller(req), [name]))[name]);

  app.get('/pais/list', read, list('paises'));
  app.get('/banco/list', read, list('bancos'));
  app.post('/rol/buscar', read, list('roles'));
  app.post('/getOpciones', read, list('opciones'));
  app.post('/getEstados', read, list('estados'));
  app.post('/getCentrosCosto', read, list('centros_costo'));
  app.post('/getTiposCaja', read, list('tipos_caja'));
  app.post('/getCajaEstados', read, list('caja_estados'));
  app.post('/opciones/getCategorias', read, list('categorias'));
  app.get('/orden/estado/list', { ...gate({ module: 'orden_compra', read: true }), schema: { tags } }, list('orden_estados'));

  const db = deps.database.db;
  const byText = { ...gate({ module: null, read: true }), schema: { tags, body: Descripcion } };
  app.post('/condicion/get-condicion', byText, async (req) => ok(await q.condiciones(db, req.body.descripcion)));
  app.post('/metodo-pago/get-metodo', byText, async (req) => ok(await q.metodosPago(db, req.body.descripcion)));
  app.post('/comprobante/get-comprobante', byText, async (req) => ok(await q.comprobantes(db, req.body.descripcion)));
  app.post('/opciones/getTiposProducto', { ...gate({ module: null, read: true }), schema: { tags, body: TiposFiltro } },
    async (req) => ok(await tiposProducto(db, req.body.cat_id ?? req.body.id_categoria)));
}
