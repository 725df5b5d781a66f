import {
  ORDEN_PAGO_MSG, OrdenCompraObtener, OrdenPagoAprobar, OrdenPagoBuscar, OrdenPagoDepositar, OrdenPagoId, OrdenPagoModificar,
  OrdenPagoPorProveedor, OrdenPagoRegistrar, MSG, SUPPLIER_MODULE, hasModule, isSupplier,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import * as portal from '../proveedor_portal/service.ts';
import bandejaRoutes from './bandeja-routes.ts';
import * as service from './service.ts';

const tags = ['orden_pago'];
const read = gate({ module: 'orden_pago', read: true });
const write = gate({ module: 'orden_pago' });

/** `filename*` of RFC 6266, so accents and spaces survive; the plain `filename` is an ASCII fallback. */
const disposition = (nombre: string) =>
  `attachment; filename="${nombre.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;

/** Payment orders (spec 1 §7 "Payment orders (under /ordenPago)"), module orden_pago. */
export default async function ordenPagoRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await bandejaRoutes(fastify, deps);

  app.post('/ordenPago/registrar', { ...write, schema: { tags, body: OrdenPagoRegistrar } },
    async (req) => ok(await service.registrar(deps, caller(req), req.body.orden_pago), ORDEN_PAGO_MSG.registrada));

  app.post('/ordenPago/buscar', { ...read, schema: { tags, body: OrdenPagoBuscar } },
    async (req) => ok(await service.buscar(deps, caller(req), req.body.orden_pago.ord_id)));

  app.post('/ordenPago/buscarxProveedorOrdenCompra', { ...read, schema: { tags, body: OrdenPagoPorProveedor } },
    async (req) => ok(await service.porProveedor(deps, caller(req), { ...req.body, pve_id: req.body.orden_pago.pve_id })));

  app.post('/ordenPago/obtener', { ...read, schema: { tags, body: OrdenPagoId } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.orden_pago.opg_id)));

  app.post('/ordenPago/modificar', { ...write, schema: { tags, body: OrdenPagoModificar } },
    async (req) => ok(await service.modificar(deps, caller(req), req.body.orden_pago), ORDEN_PAGO_MSG.modificada));

  app.post('/ordenPago/solicitarAprobacion', { ...write, schema: { tags, body: OrdenPagoId } },
    async (req) => ok(await service.transicion(deps, caller(req), req.body.orden_pago.opg_id, 'solicitar_aprobacion'), ORDEN_PAGO_MSG.solicitada));

  app.post('/ordenPago/aprobar', { ...gate({ module: 'orden_pago', option: 'aprobar_orden_pago' }), schema: { tags, body: OrdenPagoAprobar } },
    async (req) => ok(await service.transicion(deps, caller(req), req.body.orden_pago.opg_id, 'aprobar'), ORDEN_PAGO_MSG.aprobada));

  app.post('/ordenPago/desaprobar', { ...gate({ module: 'orden_pago', option: 'aprobar_orden_pago' }), schema: { tags, body: OrdenPagoId } },
    async (req) => ok(await service.transicion(deps, caller(req), req.body.orden_pago.opg_id, 'desaprobar'), ORDEN_PAGO_MSG.desaprobada));

  app.post('/ordenPago/eliminar', { ...write, schema: { tags, body: OrdenPagoId } },
    async (req) => ok(await service.transicion(deps, caller(req), req.body.orden_pago.opg_id, 'eliminar'), ORDEN_PAGO_MSG.eliminada));

  app.post('/ordenPago/depositar', { ...write, schema: { tags, body: OrdenPagoDepositar } },
    async (req) => ok(await service.depositar(deps, caller(req), req.body.orden_pago), ORDEN_PAGO_MSG.depositada));

  app.post('/ordenPago/adjuntar', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    const { fields, file } = await readUpload(req, 'file', service.DOCUMENTO_RULE);
    const opgId = z.coerce.number().int().positive().safeParse(fields.opg_id);
    if (!opgId.success) throw badRequest(ORDEN_PAGO_MSG.opgIdFalta);
    return ok(await service.adjuntar(deps, caller(req), opgId.data, file), ORDEN_PAGO_MSG.adjuntado);
  });

  app.post('/ordenPago/archivo', { ...read, schema: { tags, body: OrdenPagoId } }, async (req, reply) => {
    const { content, mime, nombre } = await service.archivo(deps, caller(req), req.body.orden_pago.opg_id);
    return reply.header('content-type', mime).header('content-disposition', disposition(nombre)).header('cache-control', 'private, no-store').send(content);
  });

  // Spec 3 §7 "Supplier portal" names this call for a supplier reading its own order too (issue 27): a supplier
  // gets the portal's reading of it (404 for another's), staff the payment orders' as before (module orden_pago).
  app.post('/ordenCompra/obtener', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags, body: OrdenCompraObtener } },
    async (req) => {
      const who = caller(req);
      const ordId = req.body.orden_compra.ord_id;
      if (isSupplier(who)) {
        if (!hasModule(who, SUPPLIER_MODULE)) throw forbidden(MSG.noModuleAccess);
        return ok(await portal.obtener(deps, who, ordId));
      }
      if (!hasModule(who, 'orden_pago')) throw forbidden(MSG.noModuleAccess);
      return ok(await service.ordenCompra(deps, who, ordId));
    });
}
