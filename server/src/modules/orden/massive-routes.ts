import { ORDEN_CARGA_MSG } from '@obra/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import { XLSX_UPLOAD, sendXlsx } from '../../platform/xlsx.ts';
import * as massive from './massive.ts';
import * as plantilla from './massive-template.ts';

const tags = ['orden'];

/** Mass load of service orders (spec 1 §2.12, §7 `/orden/massive`) and its template, module orden_compra. */
export default async function massiveRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify;

  // GET as documented; POST too, because the web downloads files with an authenticated POST.
  const template = async (req: FastifyRequest, reply: FastifyReply) =>
    sendXlsx(reply, plantilla.TEMPLATE_FILENAME, await plantilla.template(deps, caller(req)));
  app.get('/orden/massive/plantilla', { ...gate({ module: 'orden_compra', read: true }), schema: { tags } }, template);
  app.post('/orden/massive/plantilla', { ...gate({ module: 'orden_compra', read: true }), schema: { tags } }, template);

  // Spec 1 §7: multipart `file` (+ `usuario`, ignored: the caller is the token's user).
  app.post('/orden/massive', { ...gate({ module: 'orden_compra' }), schema: { tags, consumes: ['multipart/form-data'] } },
    async (req) => {
      const { file } = await readUpload(req, 'file', XLSX_UPLOAD);
      const created = await massive.load(deps, caller(req), file);
      return ok(created, ORDEN_CARGA_MSG.loaded(created.length));
    });
}
