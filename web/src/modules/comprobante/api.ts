import type { ComprobanteBuscar, ComprobanteFila, CpeEstado, Paged } from '@obra/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiFile, apiPage, apiPost } from '../../app/api';
import { openBlobInTab, saveBlob } from '../../ui/files';
import { ordenVentaKeys } from '../orden_venta/api';

/** E-vouchers as sent to SUNAT (issue 22): `/comprobante/buscar`, `descargar` and `reenviar`. */

/** The list's filters (`ComprobanteBuscar` without the page); null is "any". */
export interface ComprobanteFiltros {
  cpe_tipo: '01' | '03' | null;
  cpe_estado: CpeEstado | null;
  cpe_serie: string | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  cli_search: string | null;
  vencidos: boolean;
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cpeId: number) => apiPost<null>('/comprobante/reenviar', { comprobante: { cpe_id: cpeId } }),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: comprobanteKeys.all }),
      queryClient.invalidateQueries({ queryKey: ordenVentaKeys.all }),
    ]),
  });
}
