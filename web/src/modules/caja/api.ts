import type { CajEstado, CajaAprobador, CajaCierre, CajaDepositar, CajaDetalle, CajaEditar, CajaFila, CajaFiltro, CajaRegistrar, Paged, RendicionReply } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiPage, apiPost, apiUpload } from '../../base/api';
import { openBlobInTab } from '../../ui/files';

/** Petty cash and the settlement calls its screens make (spec 2 §7 "Petty cash", "Settlements"): one function and hook per call. */

/** The filters of `/caja/buscar` and of both reports (`CajaFiltro` without the page); null is "any". */
export interface CajaFiltros {
  caj_codigo: string | null;
  caj_estado: CajEstado | null;
  cec_id: number | null;
  tca_id: number | null;
  caj_titulo: string | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
}
/** The page asked for (`useListParams().pageQuery`). */
export type CajaPagina = NonNullable<NonNullable<NonNullable<CajaFiltro>['caja']>['page']>;

export const cajaKeys = {
  all: ['caja'] as const,
  datos: () => [...cajaKeys.all, 'datos'] as const,
  lists: () => [...cajaKeys.all, 'list'] as const,
  list: (filtros: CajaFiltros, page: CajaPagina) => [...cajaKeys.lists(), filtros, page] as const,
  detail: (cajId: number) => [...cajaKeys.all, 'detail', cajId] as const,
  rendicion: (cajId: number) => [...cajaKeys.all, 'rendicion', cajId] as const,
  aprobadores: (cecId: number, solicitante: number | null) => [...cajaKeys.all, 'aprobadores', cecId, solicitante] as const,
};

/** `/caja/cargarDatos`: the lookup lists of the list, the form and the settlement screen, by name. */
export interface CajaDatosCarga {
  estados: { edo_codigo: string; edo_nombre: string; edo_styles: string }[];
  centros_costo: { cec_id: number; cec_codigo: string; cec_descripcion: string }[];
  gerentes: { usu_id: number; usu_nombre_completo: string }[];
  usuarios: { usu_id: number; usu_nombre_completo: string }[];
  tipos_caja: { tca_id: number; tca_nombre: string }[];
  monedas: { mon_id: number; mon_simbolo: string; mon_descripcion: string }[];
  tipos_documento: { tid_id: number; tid_codigo: string; tid_descripcion: string }[];
}

export async function cargarDatos(): Promise<CajaDatosCarga> {
  return (await apiPost<CajaDatosCarga>('/caja/cargarDatos', {})).data;
}

export function useCajaDatos() {
  return useQuery({ queryKey: cajaKeys.datos(), queryFn: cargarDatos, staleTime: 5 * 60_000 });
}

export const buscarCajas = (filtros: CajaFiltros, page: CajaPagina): Promise<Paged<CajaFila>> =>
  apiPage<CajaFila>('/caja/buscar', { caja: { ...filtros, page } });

export function useCajas(filtros: CajaFiltros, page: CajaPagina) {
  return useQuery({ queryKey: cajaKeys.list(filtros, page), queryFn: () => buscarCajas(filtros, page), placeholderData: keepPreviousData });
}

export async function obtenerCaja(cajId: number): Promise<CajaDetalle> {
  return (await apiPost<CajaDetalle>('/caja/obtener', { caja: { caj_id: cajId } })).data;
}

/** One cash box, read fresh on every visit: its flags and its version decide what may be done. */
export function useCaja(cajId: number | null) {
  return useQuery({ queryKey: cajaKeys.detail(cajId ?? 0), queryFn: cajId === null ? skipToken : () => obtenerCaja(cajId), staleTime: 0 });
}

export async function obtenerRendicionxCaja(cajId: number): Promise<RendicionReply> {
  return (await apiPost<RendicionReply>('/rendicion/obtenerRendicionxCaja', { caja: { caj_id: cajId } })).data;
}

/** The settlement of a cash box: totals, balance and documents. */
export function useRendicionxCaja(cajId: number | null) {
  return useQuery({ queryKey: cajaKeys.rendicion(cajId ?? 0), queryFn: cajId === null ? skipToken : () => obtenerRendicionxCaja(cajId), staleTime: 0 });
}

/** Every change reloads the cash boxes (list, detail, settlement): the state and the flags move together. */
function useInvalidating<V>(mutationFn: (vars: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: cajaKeys.all }) });
}

export const registrarCaja = (body: CajaRegistrar) => apiPost<CajaFila>('/caja/registrar', body);
export const useRegistrarCaja = () => useInvalidating(registrarCaja);

export const editarCaja = (body: CajaEditar) => apiPost<CajaFila>('/caja/editar', body);
export const useEditarCaja = () => useInvalidating(editarCaja);

/** An action on one cash box; `caj_observacion` is the reason of a disapproval (optional). */
export interface CajaAccion {
  caj_id: number;
  caj_observacion?: string;
}
const accion = (path: string) => (v: CajaAccion) => apiPost<CajaFila>(path, { caja: v });

export const solicitarAprobacionCaja = accion('/caja/solicitarAprobacionCaja');
export const useSolicitarAprobacionCaja = () => useInvalidating(solicitarAprobacionCaja);

/** The approver is the caller: the server takes it from the token. */
export const aprobarCaja = accion('/caja/aprobar');
export const useAprobarCaja = () => useInvalidating(aprobarCaja);

export const desaprobarCaja = accion('/caja/desaprobar');
export const useDesaprobarCaja = () => useInvalidating(desaprobarCaja);

export const cancelarCaja = accion('/caja/cancelar');
export const useCancelarCaja = () => useInvalidating(cancelarCaja);

export const depositarCaja = (body: CajaDepositar) => apiPost<CajaFila>('/caja/depositar', body);
export const useDepositarCaja = () => useInvalidating(depositarCaja);

export const solicitarAprobacionRendicion = accion('/rendicion/solicitarAprobacionRendicion');
export const useSolicitarAprobacionRendicion = () => useInvalidating(solicitarAprobacionRendicion);

export const aprobarRendicion = accion('/rendicion/aprobar');
export const useAprobarRendicion = () => useInvalidating(aprobarRendicion);

export const desaprobarRendicion = accion('/rendicion/desaprobar');
export const useDesaprobarRendicion = () => useInvalidating(desaprobarRendicion);

/** Paths of the two reports; both take the list's filter (`{caja: CajaFiltro}`) and answer an XLSX. */
export const REPORTE_CAJAS = '/caja/generarReporteCaja';
export const REPORTE_RENDICIONES = '/rendicion/generarReporteRendicion';

/** Opens the settlement's attached PDF in a new tab. */
export const abrirPdfRendicion = (cajId: number) => openBlobInTab(() => apiBlob('/rendicion/descargarPdf', { caja: { caj_id: cajId } }));

export const useAbrirPdfRendicion = () => useMutation({ mutationFn: abrirPdfRendicion });

/** `/caja/buscarAprobadores`: who may approve a cash box of that cost centre, the requester's managers first (issue 24). */
export async function buscarAprobadores(cecId: number, solicitante: number | null): Promise<CajaAprobador[]> {
  return (await apiPost<CajaAprobador[]>('/caja/buscarAprobadores', { caja: { cec_id: cecId, usu_solicitante: solicitante } })).data;
}

export function useAprobadores(cecId: number | null | undefined, solicitante: number | null | undefined) {
  return useQuery({
    queryKey: cajaKeys.aprobadores(cecId ?? 0, solicitante ?? null),
    queryFn: cecId ? () => buscarAprobadores(cecId, solicitante ?? null) : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** The two ways an approved settlement's balance is closed: treasury's reimbursement, the requester's return. */
export type CierreAccion = 'reembolsar_caja' | 'devolver_caja';
const CIERRE_RUTA: Record<CierreAccion, string> = { reembolsar_caja: '/rendicion/reembolsar', devolver_caja: '/rendicion/devolver' };

/** `/rendicion/reembolsar` or `/rendicion/devolver`: multipart, the CajaCierre fields and the voucher in `file`. */
export function cerrarCaja(v: { accion: CierreAccion; datos: CajaCierre; voucher: File }) {
  const form = new FormData();
  for (const [k, valor] of Object.entries(v.datos)) if (valor !== null && valor !== undefined) form.append(k, String(valor));
  form.append('file', v.voucher);
  return apiUpload<CajaFila>(CIERRE_RUTA[v.accion], form);
}
export const useCerrarCaja = () => useInvalidating(cerrarCaja);

/** Opens the voucher of the reimbursement or the return in a new tab. */
export const abrirVoucher = (cajId: number) => openBlobInTab(() => apiBlob('/rendicion/descargarVoucher', { caja: { caj_id: cajId } }));
export const useAbrirVoucher = () => useMutation({ mutationFn: abrirVoucher });
