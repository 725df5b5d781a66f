import {
  HistorialAsignacionesItem, INVENTARIO_MSG, InventarioBuscar, InventarioBuscarRapido, InventarioExportar, InventarioPending,
  KardexExportar, KardexObtener, StockMinimoGuardar,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import { exportarInventario, exportarKardex } from './exportar.ts';
import pleRoutes from './ple-routes.ts';
import * as service from './service.ts';

const tags = ['inventario'];

/**
 * Spec 2 §7 "Inventory (/productoAlmacen)" and spec 1 §7 "Stock renewal" (docs/business-rules.md
 * "Inventory, kardex and stock renewal"). Module inventario, except: the quick search of stock in
 * a warehouse is a lookup for the transfer and assignment pickers (any staff user, within their
 * scope), and `/inventario/pending` belongs to the renewal screen `/renovate`, module orden_compra.
 */
export default async function inventarioRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = gate({ module: 'inventario', read: true });

  app.post('/productoAlmacen/buscar', { ...read, schema: { tags, body: InventarioBuscar } },
    async (req) => {
      const { page, ...f } = req.body.producto_almacen;
      const r = await service.buscar(deps, caller(req), f, page);
      return ok(r.data, r.message);
    });

  app.post('/productoAlmacen/buscarRapido', { ...gate({ module: null, read: true }), schema: { tags, body: InventarioBuscarRapido } },
    async (req) => {
      const r = await service.buscarRapido(deps, caller(req), req.body.producto_almacen);
      return ok(r.data, r.message);
    });

  app.post('/productoAlmacen/obtenerKardex', { ...read, schema: { tags, body: KardexObtener } },
    async (req) => ok(await service.kardex(deps, caller(req), req.body.producto_almacen.pal_id, req.body.producto_almacen.page)));

  app.post('/productoAlmacen/historialAsignaciones', { ...read, schema: { tags, body: HistorialAsignacionesItem } },
    async (req) => ok(await service.historialAsignaciones(deps, caller(req), req.body.producto_almacen.pal_id, req.body.producto_almacen.page)));

  app.post('/productoAlmacen/stockMinimo', { ...gate({ module: 'inventario', option: 'editar_stock_minimo' }), schema: { tags, body: StockMinimoGuardar } },
    async (req) => ok(await service.guardarMinimo(deps, caller(req), req.body.producto_almacen), INVENTARIO_MSG.minimoGuardado));

  app.post('/productoAlmacen/exportar', { ...read, schema: { tags, body: InventarioExportar } },
    (req, reply) => exportarInventario(deps, caller(req), req.body.producto_almacen, reply, req.log));

  app.post('/productoAlmacen/exportarKardex', { ...read, schema: { tags, body: KardexExportar } },
    (req, reply) => exportarKardex(deps, caller(req), req.body.producto_almacen.pal_id, reply, req.log));

  app.post('/inventario/pending', { ...gate({ module: 'orden_compra', read: true }), schema: { tags, body: InventarioPending } },
    async (req) => {
      const r = await service.pendientes(deps, caller(req), req.body);
      return ok(r.data, r.message);
    });

  await pleRoutes(fastify, deps);
}
