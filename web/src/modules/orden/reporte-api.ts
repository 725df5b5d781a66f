import { MSG, REPORTE_MSG, limaDate, type Envelope } from '@obra/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { ApiError, SessionExpiredError, apiPost } from '../../app/api';
import { clearSession, getSession } from '../../app/session';
import { saveBlob } from '../../ui/files';
import { toast } from '../../ui/toast';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Token and identity headers of spec 1 §7, as every call sends them. */
function sessionHeaders(): Record<string, string> {
  const s = getSession();
  if (!s) throw new SessionExpiredError(MSG.unauthenticated, 401);
  return {
    Authorization: `Bearer ${s.access_token}`,
    usuId: String(s.id_usuario),
    pveId: s.pve_id == null ? '' : String(s.pve_id),
    cliId: s.cli_id == null ? '' : String(s.cli_id),
  };
}

async function refusal(res: Response): Promise<ApiError> {
  const envelope = (await res.json().catch(() => null)) as Envelope<unknown> | null;
  const text = envelope?.message || REPORTE_MSG.exportar;
  if (res.status === 401) {
    clearSession(text);
    return new SessionExpiredError(text, 401);
  }
  return new ApiError(text, res.status, envelope?.data ?? null);
}

/**
 * POST answering a streamed workbook. The server sends no length (it writes while it reads),
 * so progress is the bytes received so far. A refusal carries the envelope's message; a cut
 * download or a network failure, the spec's export failure text (spec 1 §8).
 */
export async function descargarXlsx(path: string, body: unknown, onBytes: (bytes: number) => void, signal: AbortSignal): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { ...sessionHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(REPORTE_MSG.exportar, 0);
  }
  if (!res.ok) throw await refusal(res);
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onBytes(received);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(REPORTE_MSG.exportar, 0);
  }
  return new Blob(chunks, { type: XLSX_MIME });
}

/** Byte sizes in base 1000 (spec 1 §9): '850 B', '12.3 kB', '4.5 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

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
      const blob = await descargarXlsx(path, body, setBytes, own.signal);
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
