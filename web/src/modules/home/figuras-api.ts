import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/**
 * The calls of Inicio's panels (issue 25, docs/business-rules.md "Inicio: figuras"): one request per
 * panel, amounts as NUMERIC strings in soles rounded by the server (never summed here).
 */
export interface Barra { clave: string; etiqueta: string; monto: string }
export interface Compras { desde: string; hasta: string; por_mes: Barra[]; por_centro_costo: Barra[] }
export interface Pagos { desde: string; hasta: string; por_mes: { clave: string; etiqueta: string; aprobado: string; depositado: string }[] }
export interface Ventas { desde: string; hasta: string; por_mes: Barra[]; por_producto: Barra[]; por_cliente: Barra[] }
export interface Cobranza { al: string; tramos: { clave: string; etiqueta: string; monto: string; ordenes: number }[] }
export interface Despachos { desde: string; hasta: string; por_dia: { clave: string; etiqueta: string; m3: string; envios: number }[] }
export interface Mixers { desde: string; hasta: string; por_mixer: { clave: string; etiqueta: string; horas: string; envios: number }[] }
export interface Cajas {
  por_proyecto: {
    clave: string; etiqueta: string; cajas: number; por_depositar: string; entregado: string;
    otras_monedas: { mon_simbolo: string; monto: string }[];
  }[];
}

interface Paneles { compras: Compras; pagos: Pagos; ventas: Ventas; cobranza: Cobranza; despachos: Despachos; mixers: Mixers; cajas: Cajas }

/** One panel's figures; fetched only when `enabled` (the session reads its module). */
export function useIndicador<K extends keyof Paneles>(panel: K, enabled: boolean) {
  return useQuery({
    queryKey: ['indicador', panel],
    queryFn: async () => (await apiPost<Paneles[K]>(`/indicador/${panel}`, {})).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}
