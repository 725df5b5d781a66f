import type {
  ConductorFila, ConductorModificar, ConductorRegistrar, EnvioBuscar, EnvioDetalle, EnvioFila, EnvioGuia, EnvioModificar, EnvioRegistrar,
  EnvioTimeline, OrdenVentaBuscar, OrdenVentaDetalle, OrdenVentaFila,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiFile, apiPage, apiPost } from '../../base/api';
import { openBlobInTab, saveBlob } from '../../ui/files';

/** Dispatches and drivers (spec 3 §7 "Dispatches", "Drivers"): one function and hook per call. */

/** The dispatch list's filters (`EnvioBuscar` without the page); null is "any". */
export type EnvioFiltros = Omit<NonNullable<NonNullable<EnvioBuscar>['envio']>, 'page'>;
export type EnvioPaginaQuery = NonNullable<NonNullable<NonNullable<EnvioBuscar>['envio']>['page']>;

export const envioKeys = {
  all: ['envio'] as const,
  list: (f: EnvioFiltros, p: EnvioPaginaQuery) => [...envioKeys.all, 'list', f, p] as const,
  detail: (envId: number) => [...envioKeys.all, 'detail', envId] as const,
  dia: (fecha: string) => [...envioKeys.all, 'dia', fecha] as const,
  version: (fecha: string) => [...envioKeys.all, 'version', fecha] as const,
  conductores: (texto: string, rapida: boolean) => ['conductor', texto, rapida] as const,
};

export function useEnvios(filtros: EnvioFiltros, page: EnvioPaginaQuery) {
  return useQuery({
    queryKey: envioKeys.list(filtros, page),
    queryFn: () => apiPage<EnvioFila>('/envio/buscar', { envio: { ...filtros, page } }),
    placeholderData: keepPreviousData,
  });
}

/** One dispatch for the view popup, always fresh: its state and guides move while it is open. */
export function useEnvio(envId: number | null) {
  return useQuery({
    queryKey: envioKeys.detail(envId ?? 0),
    queryFn: envId === null ? skipToken : async () => (await apiPost<EnvioDetalle>('/envio/obtener', { envio: { env_id: envId } })).data,
    staleTime: 0,
  });
}

/** The order with its lines and balances for the schedule popup (`/ordenVenta/obtener`), read fresh. */
export function useOrdenParaEnvio(ovtId: number | null) {
  return useQuery({
    queryKey: ['orden_venta', 'detail', ovtId ?? 0],
    queryFn: ovtId === null ? skipToken : async () => (await apiPost<OrdenVentaDetalle>('/ordenVenta/obtener', { orden_venta: { ovt_id: ovtId } })).data,
    staleTime: 0,
  });
}

/**
 * The day timeline (`/envio/buscarEnviosxMixers`) of a Lima date. `/envio/versionDia` is polled every
 * 10 s while the tab is shown (TanStack Query stops polling in a background browser tab); when the
 * day's version moves (another dispatcher changed something) the timeline reloads.
 */
export function useTimeline(fecha: string, activo: boolean) {
  const timeline = useQuery({
    queryKey: envioKeys.dia(fecha),
    queryFn: async () => (await apiPost<EnvioTimeline>('/envio/buscarEnviosxMixers', { envio: { env_fecha_inicio: fecha, env_fecha_fin: fecha } })).data,
    enabled: activo,
    // Reloads behind the grid (every change another dispatcher makes) must not cover the screen.
    meta: { overlay: false },
  });
  const version = useQuery({
    queryKey: envioKeys.version(fecha),
    queryFn: async () => (await apiPost<{ version: string }>('/envio/versionDia', { envio: { env_fecha_inicio: fecha } })).data.version,
    enabled: activo && timeline.isSuccess,
    refetchInterval: 10_000,
    meta: { overlay: false },
  });
  const cambio = version.data !== undefined && timeline.data !== undefined && version.data !== timeline.data.version;
  return { timeline, cambio };
}

/** Every dispatch change reloads dispatches, the timeline and the orders (balances and states move with them). */
function useInvalidating<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: envioKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['orden_venta'] }),
    ]),
  });
}

export const useRegistrarEnvios = () => useInvalidating((body: EnvioRegistrar) => apiPost<unknown>('/envio/registrarEnvios', body));
export const useModificarEnvios = () => useInvalidating((body: EnvioModificar) => apiPost<unknown>('/envio/modificar', body));
export const useCambiarEstado = () => useInvalidating((envId: number) => apiPost<unknown>('/envio/cambiarSecuenciaEstado', { envio: { env_id: envId } }));
export const useCancelarEnvio = () => useInvalidating((envId: number) => apiPost<unknown>('/envio/cancelarEnvio', { envio: { env_id: envId } }));
export const useGenerarGuia = () =>
  useInvalidating((envio: NonNullable<EnvioGuia['envio']>) => apiPost<unknown>('/envio/generarGuiaRemitente', { envio }));

/** Opens the guide's PDF in a new tab. */
const abrirGuia = (nguId: number) => openBlobInTab(() => apiBlob('/envio/verGuiaRemitente', { guia: { ngu_id: nguId } }));
export const useVerGuia = () => useMutation({ mutationFn: abrirGuia });

/** Downloads the guide's signed XML or SUNAT's CDR zip under SUNAT's file name. */
async function descargarGuia(v: { ngu_id: number; formato: 'xml' | 'cdr' }) {
  const { blob, filename } = await apiFile('/envio/descargarGuia', { guia: v });
  saveBlob(blob, filename ?? `guia-${v.ngu_id}.${v.formato === 'xml' ? 'xml' : 'zip'}`);
}
export const useDescargarGuia = () => useMutation({ mutationFn: descargarGuia });

// ------------------------------------------------------------------ drivers

export async function buscarConductores(texto: string, rapida: boolean): Promise<ConductorFila[]> {
  const r = (await apiPost<{ page: { list: ConductorFila[] } } | ConductorFila[]>('/conductor/buscar', {
    conductor: { cdt_search: texto, busquedaRapida: rapida, page: { number: 1, size: 50 } },
  })).data;
  return Array.isArray(r) ? r : r.page.list;
}

export function useConductores(texto: string | null, rapida: boolean) {
  return useQuery({
    queryKey: envioKeys.conductores(texto ?? '', rapida),
    queryFn: texto === null ? skipToken : () => buscarConductores(texto, rapida),
  });
}

function useConductorMutation<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<ConductorFila>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conductor'] }),
  });
}
export const useRegistrarConductor = () => useConductorMutation<ConductorRegistrar>('/conductor/registrar');
export const useModificarConductor = () => useConductorMutation<ConductorModificar>('/conductor/modificar');

// ------------------------------------------------------------------ sales orders seen by dispatch

/** The `/app/getData` lists the dispatch screen reads. */
export interface DatosDespacho {
  estados: { est_id: number; est_codigo: string; est_nombre: string; est_styles: string }[];
  distritos: { value: string; label: string }[];
}

export function useDatosDespacho() {
  return useQuery({
    queryKey: ['envio', 'datos'],
    queryFn: async (): Promise<DatosDespacho> => {
      const d = (await apiPost<{ estados: DatosDespacho['estados']; distritos: { ubi_id: string; ubi_nombre: string }[] }>('/app/getData', { listas: ['estados', 'distritos'] })).data;
      return { estados: d.estados, distritos: d.distritos.map((x) => ({ value: x.ubi_id, label: x.ubi_nombre })) };
    },
    staleTime: Infinity,
  });
}

/** The dispatch-oriented `/ordenVenta/buscar` (spec 3 §7): dates and hours on the delivery. */
export type PedidoDespachoFiltros = Omit<NonNullable<NonNullable<OrdenVentaBuscar>['orden_venta']>, 'page' | 'fecha_por'>;

export function usePedidosDespacho(filtros: PedidoDespachoFiltros, page: EnvioPaginaQuery) {
  return useQuery({
    queryKey: ['orden_venta', 'despacho', filtros, page],
    queryFn: () => apiPage<OrdenVentaFila>('/ordenVenta/buscar', { orden_venta: { ...filtros, fecha_por: 'entrega', page } }),
    placeholderData: keepPreviousData,
  });
}
