import type { PedidoParaOC, PedidoProductoPendiente } from '@obra/domain';
import { apiPost } from '../../base/api';

/**
 * The two purchase-request calls the order form makes (spec 3 §7, DECISIONS §7): approved requests with something left
 * to buy, and a request's lines with approved − bought. Served under /pedidoItems for the orders module.
 */
export async function buscarPedidosParaOrden(texto: string): Promise<PedidoParaOC[]> {
  return (await apiPost<PedidoParaOC[]>('/pedidoItems/buscarPedidoParaOC', { pedido_items: { pei_codigo: texto } })).data;
}

export async function productosPendientes(peiId: number): Promise<PedidoProductoPendiente[]> {
  return (await apiPost<PedidoProductoPendiente[]>('/pedidoItems/buscarProductosxPedido', { pedido_items: { pei_id: peiId } })).data;
}
