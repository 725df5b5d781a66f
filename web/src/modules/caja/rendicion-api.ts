import { RENDICION_PLANTILLA_URL, type RendicionLineaEntrada, type RendicionLineaRevisada } from '@obra/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiPost, apiUpload } from '../../base/api';
import { saveBlob } from '../../ui/files';
import { cajaKeys } from './api';

/**
 * The writes of the settlement screen (spec 2 §7 "Settlements"); its reads (the cash box, its
 * documents, the lookup lists, the PDF) are the cash screens' calls in ./api. Every change reloads
 * everything under the 'caja' key: the state, the flags and the totals move together.
 */

/** The lines a refused register or load carries (HTTP 422 with every line flagged), or null. */
export function lineasDeError(error: unknown): RendicionLineaRevisada[] | null {
  return error instanceof ApiError && Array.isArray(error.data) ? (error.data as RendicionLineaRevisada[]) : null;
}

/**
 * `/rendicion/registrar`: replaces the settlement's documents. A 422 carries every line with its
 * flags (the caller refreshes the grid from `lineasDeError`); the error toast is the shell's.
 */
export function useRegistrarRendicion(cajId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineas: RendicionLineaEntrada[]) =>
      apiPost<null>('/rendicion/registrar', { caj_id: cajId, rendicion: { caj_id: cajId }, lista_rendicion_detalle: lineas }),
    // Awaited, so the caller's onSuccess reads the documents as saved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cajaKeys.all }),
  });
}

/** A multipart call of the screen with its own progress bar (no full-screen overlay). */
function useUpload<T>(path: string, cajId: number, onSuccess?: () => Promise<unknown>) {
  const [percent, setPercent] = useState<number | null>(null);
  const mutation = useMutation({
    meta: { overlay: false },
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('caj_id', String(cajId));
      form.append('file', file);
      setPercent(0);
      return apiUpload<T>(path, form, setPercent);
    },
    onSuccess,
    onSettled: () => setPercent(null),
  });
  return { ...mutation, percent };
}

/** `/rendicion/cargarArchivo` (Cargar Masivo): the sheet's lines, checked, nothing saved; 422 (with the lines) when some are bad. */
export const useCargarArchivo = (cajId: number) => useUpload<RendicionLineaRevisada[]>('/rendicion/cargarArchivo', cajId);

/** `/rendicion/adjuntarPdf`: the settlement's PDF; the cash box is read again to show its link. */
export function useAdjuntarPdf(cajId: number) {
  const queryClient = useQueryClient();
  return useUpload<{ caj_url_pdf: string; caj_pdf_nombre: string }>('/rendicion/adjuntarPdf', cajId,
    () => queryClient.invalidateQueries({ queryKey: cajaKeys.all }));
}

/** The template is a static file of the server (no data, no token); the web's page instead of the file means it is missing. */
export async function descargarPlantilla() {
  let res: Response;
  try {
    res = await fetch(RENDICION_PLANTILLA_URL);
  } catch {
    throw new Error('No se pudo conectar con el servidor, verifique su conexión');
  }
  if (!res.ok || (res.headers.get('Content-Type') ?? '').includes('text/html')) throw new Error('No se pudo descargar la plantilla');
  const nombre = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
  saveBlob(await res.blob(), nombre ?? 'documentos.xlsx');
}
