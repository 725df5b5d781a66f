import {
  PEDIDO_MSG, PedidoAprobar, PedidoBuscarProducto, PedidoBuscarTexto, PedidoCentrosCosto, PedidoId, PedidoModificar, PedidoOpciones, PedidoPaginar,
  PedidoRegistrar, PedidoUsuariosRol,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

const tags = ['pedido_items'];
const read = gate({ module: 'pedido_items', read: true });
const write = gate({ module: 'pedido_items' });
// The order form starts from an approved request (DECISIONS §7): these two serve it, so they belong to its module.
const paraOrden = gate({ module: 'orden_compra', read: true });

/** Purchase requests (spec 3 §7 "Purchase requests"), module pedido_items. */
export default async function pedidoItemsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/pedidoItems/paginar', { ...read, schema: { tags, body: PedidoPaginar } },
    async (req) => ok(await service.paginar(deps, caller(req), req.body.pedido_items)));

  app.post('/pedidoItems/obtener', { ...read, schema: { tags, body: PedidoId } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.pedido_items.pei_id)));

  app.post('/pedidoItems/registrar', { ...write, schema: { tags, body: PedidoRegistrar } }, async (req) => {
    const r = await service.registrar(deps, caller(req), req.body.pedido_items);
    return ok(r, PEDIDO_MSG.registrado(r.pei_codigo));
  });

  app.post('/pedidoItems/modificar', { ...write, schema: { tags, body: PedidoModificar } },
    async (req) => ok(await service.modificar(deps, caller(req), req.body.pedido_items), PEDIDO_MSG.modificado));

  app.post('/pedidoItems/solicitarAprobacion', { ...write, schema: { tags, body: PedidoId } },
    async (req) => ok(await service.transicion(deps, caller(req), req.body.pedido_items.pei_id, 'solicitar_aprobacion'), PEDIDO_MSG.solicitado));

  app.post('/pedidoItems/aprobar', { ...gate({ module: 'pedido_items', option: 'aprobar_pedido_items' }), schema: { tags, body: PedidoAprobar } },
    async (req) => ok(await service.aprobar(deps, caller(req), req.body.pedido_items), PEDIDO_MSG.aprobado));

  // Spec 3 §4, §8: the screen shows no toast after a delete; the message is there for other clients.
  app.post('/pedidoItems/eliminar', { ...write, schema: { tags, body: PedidoId } },
    async (req) => ok(await service.transicion(deps, caller(req), req.body.pedido_items.pei_id, 'eliminar'), PEDIDO_MSG.eliminado));

  app.post('/pedidoItems/completar', { ...write, schema: { tags, body: PedidoId } }, async (req) => {
    const r = await service.completar(deps, caller(req), req.body.pedido_items.pei_id);
    return ok(r, PEDIDO_MSG.completado(r.pei_estado_nombre));
  });

  app.post('/pedidoItems/buscarRapido', { ...read, schema: { tags, body: PedidoBuscarTexto } },
    async (req) => ok(await service.buscarRapido(deps, caller(req), req.body.pedido_items.pei_codigo)));

  app.post('/pedidoItems/buscarPedidoParaOC', { ...paraOrden, schema: { tags, body: PedidoBuscarTexto } },
    async (req) => ok(await service.buscarParaOrden(deps, caller(req), req.body.pedido_items.pei_codigo)));

  app.post('/pedidoItems/buscarProductosxPedido', { ...paraOrden, schema: { tags, body: PedidoId } },
    async (req) => ok(await service.productosPendientes(deps, caller(req), req.body.pedido_items.pei_id)));

  // The lookups of the screen (spec 3 §7): options loader, cost centres by status and project, users by role, products.
  app.post('/pedidoItems/cargarOpciones', { ...read, schema: { tags, body: PedidoOpciones } },
    async (req) => ok(await service.opciones(deps, caller(req), req.body.almacen?.pry_id ?? null)));

  app.post('/pedidoItems/buscarCentrosCosto', { ...read, schema: { tags, body: PedidoCentrosCosto } },
    async (req) => ok(await service.centrosCosto(deps, caller(req), req.body.centro_costo)));

  app.post('/pedidoItems/buscarUsuariosxRol', { ...read, schema: { tags, body: PedidoUsuariosRol } },
    async (req) => ok(await service.usuariosConRol(deps, req.body.usuario.rol_id)));

  app.post('/pedidoItems/buscarProducto', { ...read, schema: { tags, body: PedidoBuscarProducto } },
    async (req) => ok(await service.buscarProductos(deps, req.body.producto.prv_nombre)));
}
