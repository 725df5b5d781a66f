import type {
  ClienteDireccionEnvio, ClienteRapido, Cuota, OrdenVentaBuscar, OrdenVentaDetalle, OrdenVentaFila, OrdenVentaModificar, OrdenVentaPagoFila,
  OrdenVentaRegistrar, Paged, ProductoVentaRow, Vendedor,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiPage, apiPost, apiUpload } from '../../base/api';
import { openBlobInTab } from '../../ui/files';

/** Sales orders and their payments (spec 3 §7 "Sales orders", "Sales order payments"): one function and hook per call. */

/** The list's filters (`OrdenVentaBuscar` without the page); null is "any". */
export interface OrdenVentaFiltros {
  cli_search: string | null;
  ovt_id: number | null;
  est_id: number | null;
  ubi_id: string | null;
  ovt_fecha_inicio: string | null;
  ovt_fecha_fin: string | null;
}
export type OrdenVentaPaginaQuery = NonNullable<NonNullable<NonNullable<OrdenVentaBuscar>['orden_venta']>['page']>;

export const ordenVentaKeys = {
  all: ['orden_venta'] as const,
  datos: () => [...ordenVentaKeys.all, 'datos'] as const,
  list: (filtros: OrdenVentaFiltros, page: OrdenVentaPaginaQuery) => [...ordenVentaKeys.all, 'list', filtros, page] as const,
  detail: (ovtId: number) => [...ordenVentaKeys.all, 'detail', ovtId] as const,
  clientes: (texto: string) => [...ordenVentaKeys.all, 'clientes', texto] as const,
  direcciones: (cliId: number) => [...ordenVentaKeys.all, 'direcciones', cliId] as const,
  vendedores: (texto: string) => [...ordenVentaKeys.all, 'vendedores', texto] as const,
  productos: (texto: string) => [...ordenVentaKeys.all, 'productos', texto] as const,
};

/** The `/app/getData` lists the screen reads (spec 3 §7 "Status lookup"). */
export interface OrdenVentaDatos {
  estados: { est_id: number; est_codigo: string; est_nombre: string; est_styles: string }[];
  distritos: { ubi_id: string; ubi_nombre: string; ubi_provincia: string }[];
  condiciones_comerciales: { coc_id: number; coc_descripcion: string }[];
  tipos_documento: { tid_id: number; tid_codigo: string; tid_descripcion: string }[];
}

export function useOrdenVentaDatos() {
  return useQuery({
    queryKey: ordenVentaKeys.datos(),
    queryFn: async () => (await apiPost<OrdenVentaDatos>('/app/getData', { listas: ['estados', 'distritos', 'condiciones_comerciales', 'tipos_documento'] })).data,
    staleTime: Infinity,
  });
}

export const buscarOrdenesVenta = (filtros: OrdenVentaFiltros, page: OrdenVentaPaginaQuery): Promise<Paged<OrdenVentaFila>> =>
  apiPage<OrdenVentaFila>('/ordenVenta/buscar', { orden_venta: { ...filtros, page } });

export function useOrdenesVenta(filtros: OrdenVentaFiltros, page: OrdenVentaPaginaQuery) {
  return useQuery({ queryKey: ordenVentaKeys.list(filtros, page), queryFn: () => buscarOrdenesVenta(filtros, page), placeholderData: keepPreviousData });
}

export async function obtenerOrdenVenta(ovtId: number): Promise<OrdenVentaDetalle> {
  return (await apiPost<OrdenVentaDetalle>('/ordenVenta/obtener', { orden_venta: { ovt_id: ovtId } })).data;
}

/** One order, read fresh each time a popup opens: its flags and version decide what may be done. */
export function useOrdenVenta(ovtId: number | null) {
  return useQuery({ queryKey: ordenVentaKeys.detail(ovtId ?? 0), queryFn: ovtId === null ? skipToken : () => obtenerOrdenVenta(ovtId), staleTime: 0 });
}

/** Every change reloads the orders (list and detail): the state, balance and flags move together. */
function useInvalidating<V, R>(mutationFn: (vars: V) => Promise<R>, overlay = true) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta: { overlay }, onSuccess: () => queryClient.invalidateQueries({ queryKey: ordenVentaKeys.all }) });
}

export const registrarOrdenVenta = (body: OrdenVentaRegistrar) => apiPost<OrdenVentaDetalle>('/ordenVenta/registrar', body);
export const useRegistrarOrdenVenta = () => useInvalidating(registrarOrdenVenta);

export const modificarOrdenVenta = (body: OrdenVentaModificar) => apiPost<OrdenVentaDetalle>('/ordenVenta/modificar', body);
export const useModificarOrdenVenta = () => useInvalidating(modificarOrdenVenta);

/** Approval sends the order and its payment condition (spec 3 §4). */
export const aprobarOrdenVenta = (v: { ovt_id: number; coc_id: number }) => apiPost<OrdenVentaDetalle>('/ordenVenta/aprobar', { orden_venta: v });
export const useAprobarOrdenVenta = () => useInvalidating(aprobarOrdenVenta);

/** A credit sale's voucher takes its cuotas (issue 23); none for a cash one. */
export const generarComprobante = (v: { ovt_id: number; cuotas?: Cuota[] }) => apiPost<unknown>('/ordenVenta/generarComprobante', { orden_venta: v });
export const useGenerarComprobante = () => useInvalidating(generarComprobante);

/** Opens a PDF or image fetched with the session's token in a new tab. */
const abrirEnPestana = (path: string, body: unknown) => openBlobInTab(() => apiBlob(path, body));

/** The voucher's A4 PDF (`/ordenVenta/verComprobante`). */
export const useVerComprobante = () => useMutation({ mutationFn: (ovtId: number) => abrirEnPestana('/ordenVenta/verComprobante', { orden_venta: { ovt_id: ovtId } }) });

/** A payment's voucher file (`/ordenVentaPago/descargar`). */
export const useVerDocumentoPago = () =>
  useMutation({ mutationFn: (p: Pick<OrdenVentaPagoFila, 'ovp_id'>) => abrirEnPestana('/ordenVentaPago/descargar', { orden_venta_pago: { ovp_id: p.ovp_id } }) });

/** A document attached to the order (`/ordenVenta/descargarArchivo`). */
export const useVerArchivo = () =>
  useMutation({ mutationFn: (ovaId: number) => abrirEnPestana('/ordenVenta/descargarArchivo', { orden_venta_archivo: { ova_id: ovaId } }) });

/** `/ordenVenta/adjuntar` (multipart `file`, `ovt_id`, `tipo`) with upload progress in percent. */
export function adjuntarArchivo(v: { ovt_id: number; tipo: string; file: File; onProgress?: (percent: number) => void }) {
  const form = new FormData();
  form.append('ovt_id', String(v.ovt_id));
  form.append('tipo', v.tipo);
  form.append('file', v.file);
  return apiUpload<{ ova_id: number }>('/ordenVenta/adjuntar', form, v.onProgress);
}
export const useAdjuntarArchivo = () => useInvalidating(adjuntarArchivo, false);

export interface PagoNuevo {
  ovt_id: number;
  /** 'dd-mm-yyyy HH:mm', Lima. */
  ovp_fecha_pago: string;
  ovp_descripcion: string;
  ovp_monto: string;
}

export const registrarPago = (v: PagoNuevo) => apiPost<{ ovp_id: number; ovp_orden: number }>('/ordenVentaPago/registrar', { orden_venta_pago: v });
export const useRegistrarPago = () => useInvalidating(registrarPago);

/** `/ordenVentaPago/adjuntar` (multipart `file` + `ovp_id`) with upload progress in percent. */
export function adjuntarPago(v: { ovp_id: number; file: File; onProgress?: (percent: number) => void }) {
  const form = new FormData();
  form.append('ovp_id', String(v.ovp_id));
  form.append('file', v.file);
  return apiUpload<{ ovp_id: number }>('/ordenVentaPago/adjuntar', form, v.onProgress);
}
/** The popup shows its own progress bar instead of the full-screen overlay. */
export const useAdjuntarPago = () => useInvalidating(adjuntarPago, false);

export const cancelarPago = (ovpId: number) => apiPost<unknown>('/ordenVentaPago/cancelar', { orden_venta_pago: { ovp_id: ovpId } });
export const useCancelarPago = () => useInvalidating(cancelarPago);

/* ---------- the popup's searches (spec 3 §5 "Searches with empty text": '' asks nothing) ---------- */

// The dropdown says it is searching: no full-screen overlay while typing.
const sinOverlay = { overlay: false };

export function useClientesRapido(texto: string) {
  return useQuery({
    queryKey: ordenVentaKeys.clientes(texto),
    queryFn: texto ? async () => (await apiPost<ClienteRapido[]>('/cliente/buscarRapido', { cliente: { cli_search: texto } })).data : skipToken,
    meta: sinOverlay,
  });
}

export function useVendedoresRapido(texto: string) {
  return useQuery({
    queryKey: ordenVentaKeys.vendedores(texto),
    queryFn: texto ? async () => (await apiPost<Vendedor[]>('/vendedor/buscarRapido', { vendedor: { ven_nombre: texto } })).data : skipToken,
    meta: sinOverlay,
  });
}

export function useProductosRapido(texto: string) {
  return useQuery({
    queryKey: ordenVentaKeys.productos(texto),
    queryFn: texto ? async () => (await apiPost<ProductoVentaRow[]>('/productoVenta/buscarRapido', { producto_venta: { pvt_search: texto } })).data : skipToken,
    meta: sinOverlay,
  });
}

/** The client's active shipping addresses (`/cliente/obtenerDirecciones`). */
export function useDireccionesCliente(cliId: number | null) {
  return useQuery({
    queryKey: ordenVentaKeys.direcciones(cliId ?? 0),
    queryFn: cliId === null ? skipToken : async () => (await apiPost<ClienteDireccionEnvio[]>('/cliente/obtenerDirecciones', { cliente_direccion_envio: { cli_id: cliId } })).data,
    staleTime: 0,
  });
}
