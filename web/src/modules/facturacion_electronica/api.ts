import type { EmisorGuardar, EmisorVista } from '@obra/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiUpload } from '../../base/api';

/** The e-voucher issuer's settings (issue 22, /facturacionElectronica/*): one function and hook per call. */

export const facturacionElectronicaKeys = {
  all: ['facturacion_electronica'] as const,
  emisor: () => [...facturacionElectronicaKeys.all, 'emisor'] as const,
};

/** While a connection test runs the settings are asked for every second, behind the screen. */
const SONDEO_MS = 1_000;

export const obtenerEmisor = async () => (await apiPost<EmisorVista>('/facturacionElectronica/obtener')).data;

/** The last 'Probar conexión' is still running on the server. */
export const pruebaEnCurso = (p: EmisorVista['prueba'] | undefined) => p?.estado === 'pendiente' || p?.estado === 'probando';

/**
 * The settings, read fresh on each visit (the version decides whether a save is accepted). While a
 * connection test runs they are asked for every second, behind the screen, unless `esperaAgotada`.
 */
export function useEmisor(esperaAgotada: boolean) {
  const queryKey = facturacionElectronicaKeys.emisor();
  const sondeando = pruebaEnCurso(useQueryClient().getQueryData<EmisorVista>(queryKey)?.prueba) && !esperaAgotada;
  return useQuery({
    queryKey,
    queryFn: obtenerEmisor,
    staleTime: 0,
    refetchInterval: (q) => (pruebaEnCurso(q.state.data?.prueba) && !esperaAgotada ? SONDEO_MS : false),
    meta: { overlay: !sondeando },
  });
}

/** A change answers the settings as stored: the screen shows them (and their new version) without asking again. */
function useStoring<V>(mutationFn: (vars: V) => Promise<{ data: EmisorVista; message: string }>, overlay = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { overlay },
    onSuccess: (r) => queryClient.setQueryData(facturacionElectronicaKeys.emisor(), r.data),
  });
}

export const guardarEmisor = (emisor: EmisorGuardar['emisor']) => apiPost<EmisorVista>('/facturacionElectronica/guardar', { emisor });
export const useGuardarEmisor = () => useStoring(guardarEmisor);

/** `/facturacionElectronica/certificado` (multipart `file` + `password`) with upload progress in percent. */
export function cargarCertificado(v: { file: File; password: string; onProgress?: (percent: number) => void }) {
  const form = new FormData();
  form.append('password', v.password);
  form.append('file', v.file);
  return apiUpload<EmisorVista>('/facturacionElectronica/certificado', form, v.onProgress);
}
/** The card shows its own progress bar instead of the full-screen overlay. */
export const useCargarCertificado = () => useStoring(cargarCertificado, false);

/** 'Probar conexión': the server starts the test; its result arrives later in `obtener().prueba`. */
export function useProbarConexion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<null>('/facturacionElectronica/probarConexion'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facturacionElectronicaKeys.emisor() }),
  });
}
