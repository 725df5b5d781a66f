import { REPORTE_MSG, limaDate } from '@obra/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { ApiError, SessionExpiredError, apiDownload, apiPost } from '../../base/api';
import { saveBlob } from '../../ui/files';
import { toast } from '../../base/toast';

/**
 * One download at a time with its received bytes; the file is saved under `filename` when complete.
 * Closing the popup (`cancel`, or unmounting) aborts a download in progress.
 */
export function useXlsxDownload() {
  const [bytes, setBytes] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setBytes(null);
  };
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (path: string, body: unknown, filename: string): Promise<boolean> => {
    const own = new AbortController();
    controller.current = own;
    setBytes(0);
    try {
      const blob = await apiDownload(path, { body, onProgress: (received) => setBytes(received), signal: own.signal });
      saveBlob(blob, filename);
      return true;
    } catch (error) {
      if (!own.signal.aborted && !(error instanceof SessionExpiredError)) {
        toast.error(error instanceof ApiError ? error.message : REPORTE_MSG.exportar);
      }
      return false;
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setBytes(null);
      }
    }
  };
  return { start, cancel, downloading: bytes !== null, bytes: bytes ?? 0 };
}

export interface CategoriaOption {
  cat_id: number;
  cat_nombre: string;
}
export interface TipoProductoOption {
  tip_id: number;
  tip_nombre: string;
}

/** Product categories of the report filter (`/opciones/getCategorias`). */
export function useCategorias(enabled: boolean) {
  return useQuery({
    queryKey: ['opciones', 'categorias'] as const,
    queryFn: enabled ? async () => (await apiPost<CategoriaOption[]>('/opciones/getCategorias')).data : skipToken,
    staleTime: 5 * 60_000,
  });
}

/** The types of one category (`/opciones/getTiposProducto {cat_id}`); none asks nothing. */
export function useTiposProducto(catId: number | null | undefined) {
  return useQuery({
    queryKey: ['opciones', 'tipos-producto', catId ?? 0] as const,
    queryFn: catId ? async () => (await apiPost<TipoProductoOption[]>('/opciones/getTiposProducto', { cat_id: catId })).data : skipToken,
    staleTime: 5 * 60_000,
  });
}

/** The report range as the picker holds it. */
export type Rango = [Dayjs | null, Dayjs | null] | null;

/** The current Lima month (DECISIONS §2: default ranges are Lima dates). */
export function limaMonth(): Rango {
  const today = dayjs(limaDate());
  return [today.startOf('month'), today.endOf('month')];
}

/** The range as the calls send it: `YYYY-MM-DD`, or null when a date is missing. */
export const rangeBody = (rango: Rango) => ({
  fecha_inicio: rango?.[0]?.format('YYYY-MM-DD') ?? null,
  fecha_fin: rango?.[1]?.format('YYYY-MM-DD') ?? null,
});
