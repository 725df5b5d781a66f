import type {
  FacturaArchivo, FacturaEnviada, OrdenProveedorDetalle, OrdenProveedorFila, OrdenProveedorPaginar, Paged, PagoProveedorFila,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiBlob, apiPage, apiPost, apiUpload } from '../../base/api';
import { saveBlob } from '../../ui/files';

/** The supplier portal's order calls (spec 3 §7 "Supplier portal"): one function and hook per call. */

/** The filters of `/ordenCompra/paginarxProveedor` without the page; null is "any". */
export interface OrdenProveedorFiltros {
  ord_tipo_orden: 1 | 2 | null;
  ord_codigo: string | null;
  ord_fecha_inicio: string | null;
  ord_fecha_fin: string | null;
}
export type OrdenProveedorPagina = NonNullable<NonNullable<NonNullable<OrdenProveedorPaginar>['orden_compra']>['page']>;

export const portalKeys = {
  all: ['proveedor_orden_compra'] as const,
  list: (f: OrdenProveedorFiltros, page: OrdenProveedorPagina) => [...portalKeys.all, 'list', f, page] as const,
  detail: (ordId: number) => [...portalKeys.all, 'detail', ordId] as const,
  pagos: (ordId: number) => [...portalKeys.all, 'pagos', ordId] as const,
  facturas: (ordId: number) => [...portalKeys.all, 'facturas', ordId] as const,
};

export function paginarxProveedor(f: OrdenProveedorFiltros, page: OrdenProveedorPagina): Promise<Paged<OrdenProveedorFila>> {
  return apiPage<OrdenProveedorFila>('/ordenCompra/paginarxProveedor', { orden_compra: { ...f, page } });
}

export function useOrdenesProveedor(f: OrdenProveedorFiltros, page: OrdenProveedorPagina) {
  return useQuery({ queryKey: portalKeys.list(f, page), queryFn: () => paginarxProveedor(f, page), placeholderData: keepPreviousData });
}

export async function obtenerOrden(ordId: number): Promise<OrdenProveedorDetalle> {
  return (await apiPost<OrdenProveedorDetalle>('/ordenCompra/obtenerxProveedor', { orden_compra: { ord_id: ordId } })).data;
}

export function useOrdenProveedor(ordId: number | null) {
  return useQuery({ queryKey: portalKeys.detail(ordId ?? 0), queryFn: ordId === null ? skipToken : () => obtenerOrden(ordId), staleTime: 0 });
}

export async function pagosOrden(ordId: number): Promise<PagoProveedorFila[]> {
  return (await apiPost<PagoProveedorFila[]>('/ordenPago/buscarxProveedor', { orden_pago: { ord_id: ordId } })).data;
}

/** The Pagos tab: asked only when the order has payment orders. */
export function usePagosOrden(ordId: number | null, enabled: boolean) {
  return useQuery({ queryKey: portalKeys.pagos(ordId ?? 0), queryFn: ordId === null || !enabled ? skipToken : () => pagosOrden(ordId), staleTime: 0 });
}

export async function listarFacturas(ordId: number): Promise<FacturaArchivo[]> {
  return (await apiPost<FacturaArchivo[]>('/ordenCompra/listarFacturas', { orden_compra: { ord_id: ordId } })).data;
}

export function useFacturas(ordId: number | null) {
  return useQuery({ queryKey: portalKeys.facturas(ordId ?? 0), queryFn: ordId === null ? skipToken : () => listarFacturas(ordId), staleTime: 0 });
}

/** `/ordenCompra/adjuntarFactura` with an upload bar; the popup's lists reload after it. */
export function useEnviarFactura(ordId: number) {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ pdf, xml }: { pdf: File; xml: File }) => {
      const form = new FormData();
      form.append('ord_id', String(ordId));
      form.append('pdf', pdf);
      form.append('xml', xml);
      setPercent(0);
      return apiUpload<FacturaEnviada>('/ordenCompra/adjuntarFactura', form, setPercent);
    },
    meta: { overlay: false },
    onSettled: () => {
      setPercent(null);
      return queryClient.invalidateQueries({ queryKey: portalKeys.facturas(ordId) });
    },
  });
  return { ...mutation, percent };
}

export function useDescargarFactura() {
  return useMutation({
    mutationFn: async (a: FacturaArchivo) => saveBlob(await apiBlob('/ordenCompra/descargarFactura', { orden_archivo: { oar_id: a.oar_id } }), a.oar_nombre),
  });
}
