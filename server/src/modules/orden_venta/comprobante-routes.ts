import { ComprobanteBuscar, ComprobanteDescargar, ComprobanteId } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import * as comprobantes from './comprobante-service.ts';
import { sendFile } from './pago-routes.ts';

const tags = ['comprobante'];
const read = gate({ module: 'orden_venta', read: true });
const write = gate({ module: 'orden_venta' });

/**
 * 'Comprobantes electrónicos' (Ventas menu, issue 22): every e-voucher with SUNAT's state, its
 * downloads and 'Reenviar'. Module orden_venta, like the sales orders they belong to.
 */
export default async function comprobanteRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/comprobante/buscar', { ...read, schema: { tags, body: ComprobanteBuscar } },
    async (req) => ok(await comprobantes.buscar(deps, req.body.comprobante)));

  app.post('/comprobante/descargar', { ...read, schema: { tags, body: ComprobanteDescargar } }, async (req, reply) => {
    const { cpe_id, formato } = req.body.comprobante;
    const f = await comprobantes.descargar(deps, cpe_id, formato);
    return sendFile(reply, f, formato === 'pdf' ? 'inline' : 'attachment');
  });

  app.post('/comprobante/reenviar', { ...write, schema: { tags, body: ComprobanteId } },
    async (req) => ok(null, await comprobantes.reenviar(deps, req.body.comprobante.cpe_id)));
}
