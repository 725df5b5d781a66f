import {
  CoercedId, ORDEN_VENTA_MSG as M, OrdenVentaAprobar, OrdenVentaArchivoId, OrdenVentaArchivoTipo, OrdenVentaBuscar, OrdenVentaComprobanteBody,
  OrdenVentaComprobanteQuery, OrdenVentaGenerarComprobante, OrdenVentaId, OrdenVentaModificar, OrdenVentaRegistrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import * as archivos from './archivo-service.ts';
import * as comprobantes from './comprobante-service.ts';
import comprobanteRoutes from './comprobante-routes.ts';
import pagoRoutes, { sendFile } from './pago-routes.ts';
import * as service from './service.ts';

const tags = ['orden_venta'];
const read = gate({ module: 'orden_venta', read: true });
// Options (editar, aprobar) are checked by the service, which also computes the screen's flags from them.
const write = gate({ module: 'orden_venta' });

/** Sales orders (spec 3 §7 "Sales orders"), module orden_venta; payments are in pago-routes.ts (same module). */
export default async function ordenVentaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/ordenVenta/buscar', { ...read, schema: { tags, body: OrdenVentaBuscar } },
    async (req) => ok(await service.buscar(deps, caller(req), req.body.orden_venta)));

  app.post('/ordenVenta/obtener', { ...read, schema: { tags, body: OrdenVentaId } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.orden_venta.ovt_id)));

  app.post('/ordenVenta/registrar', { ...write, schema: { tags, body: OrdenVentaRegistrar } }, async (req) => {
    const orden = await service.registrar(deps, caller(req), req.body.orden_venta);
    return ok(orden, M.registrada(orden.ovt_id));
  });

  app.post('/ordenVenta/modificar', { ...write, schema: { tags, body: OrdenVentaModificar } },
    async (req) => ok(await service.modificar(deps, caller(req), req.body.orden_venta), M.modificada));

  app.post('/ordenVenta/aprobar', { ...write, schema: { tags, body: OrdenVentaAprobar } },
    async (req) => ok(await service.aprobar(deps, caller(req), req.body.orden_venta), M.aprobada));

  app.post('/ordenVenta/generarComprobante', { ...write, schema: { tags, body: OrdenVentaGenerarComprobante } }, async (req) => {
    const { ovt_id, cuotas } = req.body.orden_venta;
    const r = await comprobantes.generar(deps, caller(req), ovt_id, new Date(), cuotas);
    return ok(r.orden, M.comprobanteGenerado(r.comprobante));
  });

  app.post('/ordenVenta/verComprobante', { ...read, schema: { tags, body: OrdenVentaComprobanteBody, querystring: OrdenVentaComprobanteQuery } }, async (req, reply) => {
    const ovtId = req.body?.orden_venta?.ovt_id ?? req.query.ovt_id;
    if (!ovtId) throw badRequest(M.ovtIdFalta);
    const { content, nombre } = await comprobantes.pdf(deps, ovtId);
    return sendFile(reply, { content, nombre, mime: 'application/pdf' }, 'inline');
  });

  // The link of `ovt_comprobante_enlace`, opened in a browser tab or sent to the client: the voucher's own key stands for the token.
  app.get('/ordenVenta/verComprobante', { ...gate({ public: true }), schema: { tags, querystring: OrdenVentaComprobanteQuery } }, async (req, reply) => {
    const { ovt_id: ovtId, k } = req.query;
    if (!ovtId) throw badRequest(M.ovtIdFalta);
    const { content, nombre } = await comprobantes.pdfPublico(deps, ovtId, k ?? '');
    return sendFile(reply, { content, nombre, mime: 'application/pdf' }, 'inline');
  });

  app.post('/ordenVenta/adjuntar', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    const { fields, file } = await readUpload(req, 'file', archivos.ARCHIVO_RULE);
    const ovtId = CoercedId.safeParse(fields.ovt_id);
    if (!ovtId.success) throw badRequest(M.ovtIdFalta);
    const tipo = OrdenVentaArchivoTipo.safeParse(fields.tipo);
    if (!tipo.success) throw badRequest(M.tipoArchivo);
    return ok(await archivos.adjuntar(deps, caller(req), ovtId.data, tipo.data, file), M.adjuntada);
  });

  app.post('/ordenVenta/descargarArchivo', { ...read, schema: { tags, body: OrdenVentaArchivoId } },
    async (req, reply) => sendFile(reply, await archivos.descargar(deps, req.body.orden_venta_archivo.ova_id)));

  await pagoRoutes(fastify, deps);
  await comprobanteRoutes(fastify, deps);
}
