import type { OrdenArchivoRow, OrdenNotificada } from '@obra/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiBlob, apiDownload, apiPost, apiUpload } from '../../base/api';
import { saveBlob } from '../../ui/files';
import { toast } from '../../base/toast';
import { ordenKeys } from './api';

/** The order's documents (spec 1 §7 "Orders"): PDF download, notify, attachments list/save/retrieve. */

export const archivosKey = (idOrden: number) => [...ordenKeys.all, 'archivos', idOrden] as const;

/** `GET /orden/download` (header idOrden): the order's PDF, saved as `<codigo>.pdf` (spec 1 §9); `onProgress` gets percents. */
export async function descargarPdf(idOrden: number, codigo: string, onProgress?: (percent: number) => void): Promise<void> {
  const blob = await apiDownload('/orden/download', {
    headers: { idOrden: String(idOrden) },
    onProgress: (received, total) => {
      if (total) onProgress?.(Math.round((received * 100) / total));
    },
  });
  saveBlob(blob, `${codigo}.pdf`);
}

/** Download of the order PDF as a mutation (a refusal shows the server's message), with its progress. */
export function useDescargarPdf() {
  const [percent, setPercent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ idOrden, codigo }: { idOrden: number; codigo: string }) => {
      setPercent(0);
      return descargarPdf(idOrden, codigo, setPercent);
    },
    onSettled: () => setPercent(null),
  });
  return { ...mutation, percent };
}

/** `/orden/notify` (header idOrden): mails the supplier the order's PDF; the toast says whether it left or waits in the outbox. */
export function useNotificarOrden() {
  return useMutation({
    mutationFn: (idOrden: number) => apiPost<OrdenNotificada>('/orden/notify', undefined, { idOrden: String(idOrden) }),
    onSuccess: (reply) => toast.success(reply.message),
  });
}

/** `/orden/file/list {id_orden}`: the order's attachments, oldest first. */
export function useArchivosOrden(idOrden: number) {
  return useQuery({
    queryKey: archivosKey(idOrden),
    queryFn: async () => (await apiPost<OrdenArchivoRow[]>('/orden/file/list', { id_orden: idOrden })).data,
  });
}

/**
 * `/orden/file/save` (multipart id_orden + file) with upload progress in `percent`; the screen
 * shows its own bar, so no full-screen overlay. Success: toast and the list refetches.
 */
export function useSubirArchivo(idOrden: number) {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const mutation = useMutation({
    meta: { overlay: false },
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('id_orden', String(idOrden));
      form.append('file', file);
      setPercent(0);
      return apiUpload<OrdenArchivoRow>('/orden/file/save', form, setPercent);
    },
    onSuccess: (reply) => {
      toast.success(reply.message);
      return queryClient.invalidateQueries({ queryKey: archivosKey(idOrden) });
    },
    onSettled: () => setPercent(null),
  });
  return { ...mutation, percent };
}

/** `/orden/file/retrieve` (body: the file row; the server reads only its id): saved under its name. */
export async function descargarArchivo(row: Pick<OrdenArchivoRow, 'id_orden_archivo' | 'file_name'>): Promise<void> {
  saveBlob(await apiBlob('/orden/file/retrieve', { id_orden_archivo: row.id_orden_archivo }), row.file_name);
}

export function useDescargarArchivo() {
  return useMutation({ mutationFn: descargarArchivo });
}
