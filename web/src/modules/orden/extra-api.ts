import type { OrdenCargada, Paged, PrecioItemRow, PrecioSearch } from '@obra/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiBlob, apiPost, apiUpload } from '../../app/api';

/** Mass load of service orders (spec 1 §7 `/orden/massive`) and the price search (`/orden/item/search`). */

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

export const precioKeys = {
  all: ['orden', 'precios'] as const,
  list: (params: PrecioSearch) => [...precioKeys.all, params] as const,
};

export function usePrecios(params: PrecioSearch) {
  return useQuery({
    queryKey: precioKeys.list(params),
    queryFn: async () => (await apiPost<Paged<PrecioItemRow>>('/orden/item/search', params)).data,
    placeholderData: keepPreviousData,
  });
}
