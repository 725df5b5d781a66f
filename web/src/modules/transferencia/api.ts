import type {
  AlmacenRef, EstadoCodigo, OrdenDetalleTransferencia, OrdenParaTransferencia, Paged, ProductoTransferencia, InventarioRapidoRow, Transferencia,
  TransferenciaBuscar, TransferenciaIngresar, TransferenciaRegistrar, TransferenciaRow,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiPost } from '../../base/api';
import { saveBlob } from '../../ui/files';

/** Transfers and incomes (spec 2 §7 "Transfers"): one function and hook per call. */
export const transferenciaKeys = {
  all: ['transferencia'] as const,
  list: (body: TransferenciaBuscar) => [...transferenciaKeys.all, 'list', body] as const,
  detail: (tfiId: number) => [...transferenciaKeys.all, 'detail', tfiId] as const,
  deOrden: (ordId: number) => [...transferenciaKeys.all, 'orden', ordId] as const,
  ordenDetalle: (ordId: number) => [...transferenciaKeys.all, 'orden_detalle', ordId] as const,
  opciones: () => [...transferenciaKeys.all, 'opciones'] as const,
};

export async function buscarTransferencias(body: TransferenciaBuscar): Promise<Paged<TransferenciaRow>> {
  return (await apiPost<Paged<TransferenciaRow>>('/transferenciaItems/buscar', body)).data;
}

export function useTransferencias(body: TransferenciaBuscar) {
  return useQuery({ queryKey: transferenciaKeys.list(body), queryFn: () => buscarTransferencias(body), placeholderData: keepPreviousData });
}

export async function obtenerTransferencia(tfiId: number): Promise<Transferencia> {
  return (await apiPost<Transferencia>('/transferenciaItems/obtener', { tfi_id: tfiId })).data;
}

/** One transfer with its lines, read fresh when a popup opens. */
export function useTransferencia(tfiId: number | null) {
  return useQuery({ queryKey: transferenciaKeys.detail(tfiId ?? 0), queryFn: tfiId === null ? skipToken : () => obtenerTransferencia(tfiId), staleTime: 0 });
}

/** The transfers of an order (its view's 'Ver Transferencia'). */
export function useTransferenciasDeOrden(ordId: number | null) {
  return useQuery({
    queryKey: transferenciaKeys.deOrden(ordId ?? 0),
    queryFn: ordId === null ? skipToken : async () => (await apiPost<Transferencia[]>('/transferenciaItems/buscarDetallexOrden', { orden_compra: { ord_id: ordId } })).data,
    staleTime: 0,
  });
}

export interface OpcionesTransferencia {
  tipos_transferencia: { tit_id: number; tit_nombre: string }[];
  estados: { est_id: number; est_codigo: EstadoCodigo; est_nombre: string; est_styles: string }[];
  almacenes: AlmacenRef[];
}

/** Types, the module's statuses and the caller's warehouses (spec 2 §7 "Options call"). */
export function useOpcionesTransferencia() {
  return useQuery({
    queryKey: transferenciaKeys.opciones(),
    queryFn: async () => (await apiPost<OpcionesTransferencia>('/transferenciaItems/cargarOpciones', {})).data,
    staleTime: 5 * 60_000,
  });
}

export async function buscarOrdenes(texto: string): Promise<OrdenParaTransferencia[]> {
  return (await apiPost<OrdenParaTransferencia[]>('/ordenCompra/buscar', { orden_compra: { ord_codigo: texto } })).data;
}

/** An order's items with what live transfers took and the remaining balance. */
export function useOrdenDetalleTransferencia(ordId: number | null) {
  return useQuery({
    queryKey: transferenciaKeys.ordenDetalle(ordId ?? 0),
    queryFn: ordId === null ? skipToken : async () => (await apiPost<OrdenDetalleTransferencia>('/ordenCompra/obtenerDetallexTransferencia', { orden_compra: { ord_id: ordId } })).data,
    staleTime: 0,
  });
}

export async function buscarProductos(texto: string): Promise<ProductoTransferencia[]> {
  return (await apiPost<ProductoTransferencia[]>('/transferenciaItems/buscarProducto', { producto: { prv_nombre: texto } })).data;
}

/** Stock with something in it in one warehouse, by product name: the inventory's quick search (spec 2 §7). */
export async function buscarStock(almId: number, texto: string): Promise<InventarioRapidoRow[]> {
  return (await apiPost<InventarioRapidoRow[]>('/productoAlmacen/buscarRapido', { producto_almacen: { alm_id: almId, prv_nombre: texto } })).data;
}

/** Every change reloads the transfers, the orders (their state follows the entries) and the inventory. */
function useInvalidating<V>(mutationFn: (vars: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(['transferencia', 'orden', 'inventario'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    },
  });
}

export const registrarTransferencia = (body: TransferenciaRegistrar) => apiPost<{ tfi_id: number; tfi_codigo: string }>('/transferenciaItems/registrar', body);
export const useRegistrarTransferencia = () => useInvalidating(registrarTransferencia);

export const ingresarTransferencia = (body: TransferenciaIngresar) => apiPost<{ tfi_id: number; est_id: number }>('/transferenciaItems/ingresar', body);
export const useIngresarTransferencia = () => useInvalidating(ingresarTransferencia);

export const eliminarTransferencia = (tfiId: number) => apiPost<{ tfi_id: number }>('/transferenciaItems/eliminar', { tfi_id: tfiId });
export const useEliminarTransferencia = () => useInvalidating(eliminarTransferencia);

/** The entry-order PDF, saved as orden-ingreso-<code>.pdf. */
export async function descargarOrdenIngreso(t: { tfi_id: number; tfi_codigo: string }) {
  saveBlob(await apiBlob('/transferenciaItems/generarOrdenIngreso', { tfi_id: t.tfi_id }), `orden-ingreso-${t.tfi_codigo}.pdf`);
}
