import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** One line of the caller's work queue (`/inicio/pendientes`, issue 25). */
export interface Pendiente {
  clave: string;
  titulo: string;
  cantidad: number;
  /** The list that shows those documents, already filtered. */
  enlace: string;
  /** The area the card groups it under (Compras, Tesorería, Almacén, Caja chica, Ventas, Despacho). */
  area: string;
}

export const inicioKeys = { pendientes: ['inicio', 'pendientes'] as const };

/** The work queue; fresh on returning to the window and every minute. */
export function usePendientes() {
  return useQuery({
    queryKey: inicioKeys.pendientes,
    queryFn: async () => (await apiPost<Pendiente[]>('/inicio/pendientes', {})).data,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}
