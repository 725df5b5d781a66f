import type { OrdenCargada } from '@obra/domain';
import { apiBlob, apiUpload } from '../../base/api';

/** Mass load of service orders (spec 1 §7 `/orden/massive`) and its template. */
export const PLANTILLA_ORDENES = 'plantilla-ordenes-servicio.xlsx';

export function descargarPlantillaOrdenes(): Promise<Blob> {
  return apiBlob('/orden/massive/plantilla', {});
}

/** Uploads the file (multipart `file`); resolves with the created orders and the server's message. */
export function cargarOrdenes(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<OrdenCargada[]>('/orden/massive', form, onProgress);
}
