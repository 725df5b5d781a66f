import type { ComprobanteBuscar, ComprobanteFila, ComprobanteNotaDatos, ComprobanteParaNota, CpeEstado, Paged } from '@obra/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiFile, apiPage, apiPost } from '../../base/api';
import { openBlobInTab, saveBlob } from '../../ui/files';
import { ordenVentaKeys } from '../orden_venta/api';

/** E-vouchers as sent to SUNAT (issues 22, 23): `/comprobante/buscar`, `descargar`, `reenviar`, `obtener`, `emitirNota` and `anular`. */

/** The list's filters (`ComprobanteBuscar` without the page); null is "any". */
export interface ComprobanteFiltros {
  cpe_tipo: string | null;
  cpe_estado: CpeEstado | null;
  cpe_serie: string | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  cli_search: string | null;
  vencidos: boolean;
  /** Only those SUNAT has not answered yet (Inicio's work queue links them). */
  sin_aceptar: boolean;
}
export type ComprobantePaginaQuery = NonNullable<NonNullable<NonNullable<ComprobanteBuscar>['comprobante']>['page']>;
export type CpeFormato = 'xml' | 'cdr' | 'pdf';

export const comprobanteKeys = {
  all: ['comprobante'] as const,
  list: (filtros: ComprobanteFiltros, page: ComprobantePaginaQuery) => [...comprobanteKeys.all, 'list', filtros, page] as const,
};

/** How often a page with documents on their way to SUNAT asks again, so their state moves on its own. */
const SONDEO_MS = 3_000;

/** The page holds documents the worker is still sending or whose answer is awaited. */
export const enCamino = (page: Paged<ComprobanteFila> | undefined) =>
  !!page?.data.some((c) => c.cpe_estado === 'por_enviar' || c.cpe_estado === 'enviado');

export const buscarComprobantes = (filtros: ComprobanteFiltros, page: ComprobantePaginaQuery): Promise<Paged<ComprobanteFila>> =>
  apiPage<ComprobanteFila>('/comprobante/buscar', { comprobante: { ...filtros, page } });

export function useComprobantes(filtros: ComprobanteFiltros, page: ComprobantePaginaQuery) {
  const queryKey = comprobanteKeys.list(filtros, page);
  // The refetches of a page already shown run behind it: no full-screen overlay every 3 s.
  const sondeando = enCamino(useQueryClient().getQueryData<Paged<ComprobanteFila>>(queryKey));
  return useQuery({
    queryKey,
    queryFn: () => buscarComprobantes(filtros, page),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (enCamino(q.state.data) ? SONDEO_MS : false),
    meta: { overlay: !sondeando },
  });
}

/** The PDF opens in a tab; the signed XML and SUNAT's CDR are saved under the name the server gives them. */
export async function descargarComprobante(v: { cpe_id: number; formato: CpeFormato; nombre: string }) {
  const body = { comprobante: { cpe_id: v.cpe_id, formato: v.formato } };
  if (v.formato === 'pdf') return openBlobInTab(() => apiBlob('/comprobante/descargar', body));
  const { blob, filename } = await apiFile('/comprobante/descargar', body);
  saveBlob(blob, filename ?? `${v.nombre}.${v.formato === 'cdr' ? 'zip' : 'xml'}`);
}
export const useDescargarComprobante = () => useMutation({ mutationFn: descargarComprobante });

/** 'Reenviar': the worker sends it now; the list and the orders (their voucher table) reload. */
export function useReenviarComprobante() {
  const recargar = useRecargar();
  return useMutation({
    mutationFn: (cpeId: number) => apiPost<null>('/comprobante/reenviar', { comprobante: { cpe_id: cpeId } }),
    onSuccess: recargar,
  });
}

/** Every list and order that shows e-vouchers reloads after a note or a cancellation. */
function useRecargar() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: comprobanteKeys.all }),
    queryClient.invalidateQueries({ queryKey: ordenVentaKeys.all }),
  ]);
}

/** `/comprobante/obtener`: the factura or boleta a note is issued on, its lines and what may still be credited. */
export function useComprobanteParaNota(cpeId: number) {
  return useQuery({
    queryKey: [...comprobanteKeys.all, 'paraNota', cpeId] as const,
    queryFn: async () => (await apiPost<ComprobanteParaNota>('/comprobante/obtener', { comprobante: { cpe_id: cpeId } })).data,
  });
}

/** `/comprobante/emitirNota` (issue 23): the note is signed and the worker sends it. */
export function useEmitirNota() {
  const recargar = useRecargar();
  return useMutation({
    mutationFn: (nota: ComprobanteNotaDatos) => apiPost<{ cpe_comprobante: string }>('/comprobante/emitirNota', { nota }),
    onSuccess: recargar,
  });
}

/** `/comprobante/anular`: a comunicación de baja or resumen diario; the document turns 'anulado' when SUNAT accepts it. */
export function useAnularComprobante() {
  const recargar = useRecargar();
  return useMutation({
    mutationFn: (v: { cpe_id: number; motivo: string }) => apiPost<null>('/comprobante/anular', { comprobante: v }),
    onSuccess: recargar,
  });
}
