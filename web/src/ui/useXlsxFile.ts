import { useState } from 'react';
import { ApiError } from '../base/api';
import { saveBlob } from './files';
import { toast } from '../base/toast';

/** A row the server refused, by its row number in the sheet (the header is row 1). */
export interface RowError {
  fila: number;
  mensaje: string;
}

export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_BYTES = 5 * 1024 * 1024;

/** The rows in error of a refused load (`data.errores` of the 400), or none. */
export function rowErrorsOf(error: unknown): RowError[] {
  if (!(error instanceof ApiError)) return [];
  const data = error.data as { errores?: RowError[] } | null;
  return Array.isArray(data?.errores) ? data.errores : [];
}

/**
 * The chosen spreadsheet of a load and its template download, shared by the load screens:
 * only one .xlsx up to 5 MB is taken (the server checks again); `onChosen` clears a previous result.
 */
export function useXlsxFile(onChosen: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [downloading, setDownloading] = useState(false);

  const choose = (chosen: File) => {
    if (!/\.xlsx$/i.test(chosen.name)) toast.error('El archivo debe ser una hoja de cálculo Excel (.xlsx)');
    else if (chosen.size > MAX_BYTES) toast.error('El archivo no debe superar 5 MB');
    else {
      setFile(chosen);
      onChosen();
    }
    // Keeps antd's Upload from sending it: the screen sends it on Cargar.
    return false;
  };

  const downloadTemplate = async (fetchTemplate: () => Promise<Blob>, filename: string) => {
    setDownloading(true);
    try {
      saveBlob(await fetchTemplate(), filename);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

  return { file, setFile, choose, downloading, downloadTemplate };
}
