import {
  ORDEN_DOC_MSG, OrdenArchivoList, OrdenArchivoRetrieve, OrdenArchivoSaveFields, OrdenDownloadHeaders, OrdenDownloadQuery,
} from '@obra/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import * as service from './documentos.ts';

const tags = ['orden'];

/**
 * `Content-Disposition: attachment` with the file's name: an ASCII fallback for old clients
 * and the exact name (accents included) as RFC 5987 `filename*`.
 */
export function attachment(filename: string): string {
  const ascii = filename.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const sendFile = (reply: FastifyReply, content: Buffer, filename: string, type: string) => reply
  .header('Content-Type', type)
  .header('Content-Disposition', attachment(filename))
  .header('Content-Length', content.length)
  .header('Cache-Control', 'private, no-store')
  .send(content);

/** The order's PDF, notification and attachments (spec 1 §7 "Orders"), module orden_compra. */
export default async function documentosRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The order in the idOrden header as the spec says, or in ?idOrden= for a link.
  app.get('/orden/download', {
    ...gate({ module: 'orden_compra', read: true }),
    schema: { tags, headers: OrdenDownloadHeaders, querystring: OrdenDownloadQuery },
  }, async (req, reply) => {
    const id = req.headers.idorden ?? req.query.idOrden;
    if (id === undefined) throw badRequest(ORDEN_DOC_MSG.ordenFalta);
    const { filename, content } = await service.download(deps, caller(req), id);
    return sendFile(reply, content, filename, 'application/pdf');
  });

  app.post('/orden/notify', { ...gate({ module: 'orden_compra' }), schema: { tags, headers: OrdenDownloadHeaders } },
    async (req) => {
      if (req.headers.idorden === undefined) throw badRequest(ORDEN_DOC_MSG.ordenFalta);
      const { data, message } = await service.notify(deps, caller(req), req.headers.idorden);
      return ok(data, message);
    });

  app.post('/orden/file/list', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: OrdenArchivoList } },
    async (req) => ok(await service.listArchivos(deps, caller(req), req.body.id_orden)));

  app.post('/orden/file/save', { ...gate({ module: 'orden_compra' }), schema: { tags, consumes: ['multipart/form-data'] } },
    async (req) => {
      const { fields, file } = await readUpload(req, 'file', service.ARCHIVO_RULE);
      const parsed = OrdenArchivoSaveFields.safeParse(fields);
      if (!parsed.success) throw badRequest(ORDEN_DOC_MSG.ordenFalta);
      return ok(await service.saveArchivo(deps, caller(req), parsed.data.id_orden, file), ORDEN_DOC_MSG.archivoGuardado);
    });

  app.post('/orden/file/retrieve', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: OrdenArchivoRetrieve } },
    async (req, reply) => {
      const { content, nombre, tipo } = await service.retrieveArchivo(deps, caller(req), req.body.id_orden_archivo);
      return sendFile(reply, content, nombre, tipo);
    });
}
