import type { OrdenCompraPago, OrdenPagoBandeja, OrdenPagoDepositar, OrdenPagoModificar, OrdenPagoRegistrar, OrdenPagoRow, Paged } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiPost, apiUpload } from '../../base/api';
import { saveBlob } from '../../ui/files';

export const ordenPagoKeys = {
  all: ['orden_pago'] as const,
  ordenCompra: (ordId: number) => [...ordenPagoKeys.all, 'orden_compra', ordId] as const,
  lists: () => [...ordenPagoKeys.all, 'list'] as const,
  list: (ordId: number) => [...ordenPagoKeys.lists(), ordId] as const,
  detail: (opgId: number) => [...ordenPagoKeys.all, 'detail', opgId] as const,
  bandeja: (body: OrdenPagoBandeja) => [...ordenPagoKeys.all, 'bandeja', body] as const,
};

/** What a payment order call answers. */
export interface OrdenPagoResultado {
  opg_id: number;
  opg_numero: number;
  opg_estado: string;
  opg_version: number;
}

export async function obtenerOrdenCompra(ordId: number): Promise<OrdenCompraPago> {
  return (await apiPost<OrdenCompraPago>('/ordenCompra/obtener', { orden_compra: { ord_id: ordId } })).data;
}

/** The purchase order as seen by payment orders (header card, balance, `puede_registrar`). */
export function useOrdenCompraPago(ordId: number | null) {
  return useQuery({ queryKey: ordenPagoKeys.ordenCompra(ordId ?? 0), queryFn: ordId === null ? skipToken : () => obtenerOrdenCompra(ordId) });
}

export async function buscarOrdenesPago(ordId: number): Promise<OrdenPagoRow[]> {
  return (await apiPost<OrdenPagoRow[]>('/ordenPago/buscar', { orden_pago: { ord_id: ordId } })).data;
}

export function useOrdenesPago(ordId: number | null) {
  return useQuery({ queryKey: ordenPagoKeys.list(ordId ?? 0), queryFn: ordId === null ? skipToken : () => buscarOrdenesPago(ordId) });
}

export async function bandejaOrdenesPago(body: OrdenPagoBandeja): Promise<Paged<OrdenPagoRow>> {
  return (await apiPost<Paged<OrdenPagoRow>>('/ordenPago/bandeja', body)).data;
}

/** The payment-order inbox across orders; the page shown stays while the next one loads. */
export function useBandejaOrdenesPago(body: OrdenPagoBandeja) {
  return useQuery({ queryKey: ordenPagoKeys.bandeja(body), queryFn: () => bandejaOrdenesPago(body), placeholderData: keepPreviousData });
}

export async function obtenerOrdenPago(opgId: number): Promise<OrdenPagoRow> {
  return (await apiPost<OrdenPagoRow>('/ordenPago/obtener', { orden_pago: { opg_id: opgId } })).data;
}

/** One payment order, read fresh when a popup opens (its version is what a modify sends). */
export function useOrdenPago(opgId: number | null) {
  return useQuery({ queryKey: ordenPagoKeys.detail(opgId ?? 0), queryFn: opgId === null ? skipToken : () => obtenerOrdenPago(opgId), staleTime: 0 });
}

/** Every change reloads the payment orders, the order's header (balance) and the order screens (a deposit moves its state). */
function useInvalidating<V>(mutationFn: (vars: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ordenPagoKeys.all }), queryClient.invalidateQueries({ queryKey: ['orden'] })]);
    },
  });
}

export const registrarOrdenPago = (body: OrdenPagoRegistrar) => apiPost<OrdenPagoResultado>('/ordenPago/registrar', body);
export const useRegistrarOrdenPago = () => useInvalidating(registrarOrdenPago);

export const modificarOrdenPago = (body: OrdenPagoModificar) => apiPost<OrdenPagoResultado>('/ordenPago/modificar', body);
export const useModificarOrdenPago = () => useInvalidating(modificarOrdenPago);

export const solicitarAprobacion = (opgId: number) => apiPost<OrdenPagoResultado>('/ordenPago/solicitarAprobacion', { orden_pago: { opg_id: opgId } });
export const useSolicitarAprobacion = () => useInvalidating(solicitarAprobacion);

/** The approver is the caller (the server takes it from the token); the spec's field is sent as it was. */
export const aprobarOrdenPago = (v: { opg_id: number; opg_aprobador: number }) => apiPost<OrdenPagoResultado>('/ordenPago/aprobar', { orden_pago: v });
export const useAprobarOrdenPago = () => useInvalidating(aprobarOrdenPago);

export const desaprobarOrdenPago = (opgId: number) => apiPost<OrdenPagoResultado>('/ordenPago/desaprobar', { orden_pago: { opg_id: opgId } });
export const useDesaprobarOrdenPago = () => useInvalidating(desaprobarOrdenPago);

export const eliminarOrdenPago = (opgId: number) => apiPost<OrdenPagoResultado>('/ordenPago/eliminar', { orden_pago: { opg_id: opgId } });
export const useEliminarOrdenPago = () => useInvalidating(eliminarOrdenPago);

export const depositarOrdenPago = (body: OrdenPagoDepositar) => apiPost<OrdenPagoResultado & { ore_id: number }>('/ordenPago/depositar', body);
export const useDepositarOrdenPago = () => useInvalidating(depositarOrdenPago);

/** `/ordenPago/adjuntar` (multipart `file` + `opg_id`) with upload progress in percent. */
export function adjuntarDocumento(v: { opg_id: number; file: File; onProgress?: (percent: number) => void }) {
  const form = new FormData();
  form.append('opg_id', String(v.opg_id));
  form.append('file', v.file);
  return apiUpload<{ opg_id: number; opg_version: number }>('/ordenPago/adjuntar', form, v.onProgress);
}

export function useAdjuntarDocumento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjuntarDocumento,
    // The popup shows its own progress bar instead of the full-screen overlay.
    meta: { overlay: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordenPagoKeys.all }),
  });
}

/** Downloads the attached document under its original name. */
export async function descargarDocumento(row: Pick<OrdenPagoRow, 'opg_id' | 'opg_numero' | 'opg_archivo_nombre'>) {
  const blob = await apiBlob('/ordenPago/archivo', { orden_pago: { opg_id: row.opg_id } });
  saveBlob(blob, row.opg_archivo_nombre ?? `orden-pago-${row.opg_numero}`);
}

export const useDescargarDocumento = () => useMutation({ mutationFn: descargarDocumento });
