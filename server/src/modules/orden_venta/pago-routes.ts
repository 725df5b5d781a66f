import { CoercedId, ORDEN_VENTA_MSG as M, OrdenVentaPagoId, OrdenVentaPagoRegistrar } from '@obra/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { contentDisposition, readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import { ARCHIVO_RULE } from './archivo-service.ts';
import * as pagos from './pago-service.ts';

const tags = ['orden_venta'];
const read = gate({ module: 'orden_venta', read: true });
// The option registrar_orden_venta_pago is checked by the service (it also sets the screen's flag).
const write = gate({ module: 'orden_venta' });

/** A file download: its type, name and no caching (it is someone's document). */
export function sendFile(reply: FastifyReply, f: { content: Buffer; mime: string; nombre: string }, kind: 'attachment' | 'inline' = 'attachment') {
  return reply.header('content-type', f.mime).header('content-disposition', contentDisposition(f.nombre, kind))
    .header('cache-control', 'private, no-store').send(f.content);
}

/** Payments of a sales order (spec 3 §7 "Sales order payments", base /ordenVentaPago), module orden_venta. */
export default async function pagoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/ordenVentaPago/registrar', { ...write, schema: { tags, body: OrdenVentaPagoRegistrar } },
    async (req) => ok(await pagos.registrar(deps, caller(req), req.body.orden_venta_pago), M.pagoRegistrado));

  app.post('/ordenVentaPago/cancelar', { ...write, schema: { tags, body: OrdenVentaPagoId } },
    async (req) => ok(await pagos.cancelar(deps, caller(req), req.body.orden_venta_pago.ovp_id), M.pagoCancelado));

  app.post('/ordenVentaPago/adjuntar', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    const { fields, file } = await readUpload(req, 'file', ARCHIVO_RULE);
    const ovpId = CoercedId.safeParse(fields.ovp_id);
    if (!ovpId.success) throw badRequest(M.ovpIdFalta);
    return ok(await pagos.adjuntar(deps, caller(req), ovpId.data, file), M.pagoAdjuntado);
  });

  app.post('/ordenVentaPago/descargar', { ...read, schema: { tags, body: OrdenVentaPagoId } },
    async (req, reply) => sendFile(reply, await pagos.descargar(deps, req.body.orden_venta_pago.ovp_id)));
}
