import {
  HistorialTransferenciasItem, OrdenBuscarTransferencia, OrdenTransferencia, TIPOS_TRANSFERENCIA, TRANSFERENCIA_MSG, TransferenciaBuscar,
  TransferenciaBuscarProducto, TransferenciaId, TransferenciaIngresar, TransferenciaRegistrar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { caller } from '../../platform/request.ts';
import { ordenIngresoPdf } from './pdf.ts';
import * as service from './service.ts';

const tags = ['transferencia_items'];
const read = gate({ module: 'transferencia_items', read: true });
const write = gate({ module: 'transferencia_items' });
const noBody = z.object({}).optional();

/** Transfers and incomes (spec 2 §7 "Transfers (/transferenciaItems and related)"), module transferencia_items. */
export default async function transferenciaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/transferenciaItems/buscar', { ...read, schema: { tags, body: TransferenciaBuscar } },
    async (req) => ok(await service.buscar(deps, caller(req), req.body.transferencia_items, fromPageQuery(req.body.page))));

  app.post('/transferenciaItems/obtener', { ...read, schema: { tags, body: TransferenciaId } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.tfi_id)));

  app.post('/transferenciaItems/registrar', { ...write, schema: { tags, body: TransferenciaRegistrar } },
    async (req) => ok(await service.registrar(deps, caller(req), req.body.transferencia_items), TRANSFERENCIA_MSG.registrada));

  app.post('/transferenciaItems/ingresar', { ...write, schema: { tags, body: TransferenciaIngresar } },
    async (req) => ok(await service.ingresar(deps, caller(req), req.body.transferencia_items), TRANSFERENCIA_MSG.ingresada));

  app.post('/transferenciaItems/eliminar', { ...write, schema: { tags, body: TransferenciaId } },
    async (req) => ok(await service.eliminar(deps, caller(req), req.body.tfi_id), TRANSFERENCIA_MSG.eliminada));

  app.post('/transferenciaItems/buscarDetallexOrden', { ...read, schema: { tags, body: OrdenTransferencia } },
    async (req) => ok(await service.transferenciasDeOrden(deps, caller(req), req.body.orden_compra.ord_id)));

  app.post('/transferenciaItems/cargarOpciones', { ...read, schema: { tags, body: noBody } },
    async (req) => ok(await service.opciones(deps, caller(req))));

  app.post('/transferenciaItems/buscarProducto', { ...read, schema: { tags, body: TransferenciaBuscarProducto } },
    async (req) => ok(await service.buscarProductos(deps, req.body.producto.prv_nombre)));

  app.post('/transferenciaItems/generarOrdenIngreso', { ...read, schema: { tags, body: TransferenciaId } }, async (req, reply) => {
    const { content, nombre } = await ordenIngresoPdf(deps, caller(req), req.body.tfi_id);
    return reply.header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${nombre}"`)
      .header('cache-control', 'private, no-store')
      .send(content);
  });

  // The inventory screen's transfer history of a stock row (spec 2 §7 "Inventory"): module inventario, like the screen.
  app.post('/transferenciaItems/historialTransferenciasxItem', { ...gate({ module: 'inventario', read: true }), schema: { tags, body: HistorialTransferenciasItem } },
    async (req) => ok(await service.historial(deps, caller(req), req.body.producto_almacen.pal_id)));

  // The order search and the order's items of the transfer popups (spec 2 §7): read by the transfers module.
  app.post('/ordenCompra/buscar', { ...read, schema: { tags, body: OrdenBuscarTransferencia } },
    async (req) => ok(await service.buscarOrdenes(deps, caller(req), req.body.orden_compra.ord_codigo)));

  app.post('/ordenCompra/obtenerDetallexTransferencia', { ...read, schema: { tags, body: OrdenTransferencia } },
    async (req) => ok(await service.detalleOrden(deps, caller(req), req.body.orden_compra.ord_id)));

  // Catalogue of transfer types (spec 1 §7 "Catalogues"), for any staff user.
  app.post('/getTiposTransferencias', { ...gate({ module: null, read: true }), schema: { tags: ['catalogos'] } },
    async () => ok(TIPOS_TRANSFERENCIA));
}
