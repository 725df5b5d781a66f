import {
  ConfirmarCuenta, CrearCuenta, FacturaDescargar, ObtenerDatosxRuc, OrdenPagoProveedorBuscar, OrdenProveedorObtener, OrdenProveedorPaginar,
  PORTAL_MSG,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { contentDisposition } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import { supplierScope } from '../../platform/scope.ts';
import * as cuenta from './cuenta.ts';
import { readFacturaUpload } from './factura-upload.ts';
import * as service from './service.ts';

const tags = ['proveedor_portal'];
const read = gate({ module: 'proveedor_orden_compra', read: true });
const write = gate({ module: 'proveedor_orden_compra' });

/**
 * The supplier portal (spec 3 §7 "Supplier portal"). Account creation and its confirmation are
 * public (no session: spec 3 §6 logs a user out on entering them), each with its own per-address
 * limit since they hash passwords and answer whether a RUC is registered. The order calls belong to
 * the portal module; `/ordenCompra/obtener` is the payment orders' staff call (spec 1 §7), so the
 * supplier's reading of an order is `/ordenCompra/obtenerxProveedor`, and its payments
 * `/ordenPago/buscarxProveedor`.
 */
export default async function proveedorPortalRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A share of the global limit per address (default 1200 → 30 a minute).
  const limite = (divisor: number) => ({ rateLimit: { max: Math.max(5, Math.floor(deps.config.rateLimitPerMinute / divisor)), timeWindow: '1 minute' } });

  app.post('/proveedor2/obtenerDatosxRuc', {
    config: { access: { public: true }, ...limite(20) },
    schema: { tags, body: ObtenerDatosxRuc },
  }, async (req) => ok(await cuenta.obtenerDatosxRuc(deps, req.body.proveedor.pve_ruc)));

  app.post('/proveedor2/crearCuenta', {
    config: { access: { public: true }, ...limite(40) },
    schema: { tags, body: CrearCuenta },
  }, async (req) => {
    const r = await cuenta.crearCuenta(deps, req.body);
    return ok(r, PORTAL_MSG.cuentaCreada(r.correo_confirmacion));
  });

  app.post('/proveedor2/confirmarCuenta', {
    config: { access: { public: true }, ...limite(20) },
    schema: { tags, body: ConfirmarCuenta },
  }, async (req) => ok(await cuenta.confirmarCuenta(deps, req.body.token), PORTAL_MSG.cuentaConfirmada));

  app.post('/ordenCompra/paginarxProveedor', { ...read, schema: { tags, body: OrdenProveedorPaginar } },
    async (req) => ok(await service.paginar(deps, caller(req), req.body.orden_compra)));

  app.post('/ordenCompra/obtenerxProveedor', { ...read, schema: { tags, body: OrdenProveedorObtener } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.orden_compra.ord_id)));

  app.post('/ordenPago/buscarxProveedor', { ...read, schema: { tags, body: OrdenPagoProveedorBuscar } },
    async (req) => ok(await service.pagos(deps, caller(req), req.body.orden_pago.ord_id)));

  app.post('/ordenCompra/listarFacturas', { ...read, schema: { tags, body: OrdenProveedorObtener } },
    async (req) => ok(await service.listarFacturas(deps, caller(req), req.body.orden_compra.ord_id)));

  app.post('/ordenCompra/adjuntarFactura', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    // A staff caller is refused (403) before the files are read.
    const who = caller(req);
    supplierScope(who);
    const r = await service.adjuntarFactura(deps, who, await readFacturaUpload(req));
    return ok(r, PORTAL_MSG.facturaEnviada(r.numero));
  });

  app.post('/ordenCompra/descargarFactura', { ...read, schema: { tags, body: FacturaDescargar } }, async (req, reply) => {
    const { content, nombre, tipo } = await service.descargarFactura(deps, caller(req), req.body.orden_archivo.oar_id);
    return reply.header('content-type', tipo).header('content-disposition', contentDisposition(nombre))
      .header('cache-control', 'private, no-store').send(content);
  });
}
