import { ComprobanteAnular, ComprobanteBuscar, ComprobanteDescargar, ComprobanteEmitirNota, ComprobanteId, CPE_MSG } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as comprobantes from './comprobante-service.ts';
import * as notas from './nota-service.ts';
import { sendFile } from './pago-routes.ts';

const tags = ['comprobante'];
const read = gate({ module: 'orden_venta', read: true });
const write = gate({ module: 'orden_venta' });

/**
 * 'Comprobantes electrónicos' (Ventas menu, issues 22 and 23): every e-voucher, note, guide and
 * summary with SUNAT's state, its downloads, 'Reenviar', notes and cancellation. Module orden_venta,
 * like the sales orders they belong to.
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

  app.post('/comprobante/obtener', { ...read, schema: { tags, body: ComprobanteId } },
    async (req) => ok(await notas.paraNota(deps, req.body.comprobante.cpe_id)));

  app.post('/comprobante/emitirNota', { ...write, schema: { tags, body: ComprobanteEmitirNota } }, async (req) => {
    const numero = await notas.emitirNota(deps, caller(req), req.body.nota);
    return ok({ cpe_comprobante: numero }, CPE_MSG.notaEmitida(numero));
  });

  app.post('/comprobante/anular', { ...write, schema: { tags, body: ComprobanteAnular } }, async (req) => {
    const { cpe_id, motivo } = req.body.comprobante;
    return ok(null, await notas.anular(deps, caller(req), cpe_id, motivo));
  });

  app.post('/comprobante/reenviar', { ...write, schema: { tags, body: ComprobanteId } },
    async (req) => ok(null, await comprobantes.reenviar(deps, req.body.comprobante.cpe_id)));
}
