import { useQuery } from '@tanstack/react-query';
import { apiPost } from './api';

/** Row shapes of the `/app/getData` lists (spec 1 §7); add a list here when a screen needs it. */
export interface LookupRows {
  roles: { rol_id: number; rol_nombre: string; rol_estado?: number };
  proyectos: { pry_id: number; pry_codigo: string; pry_nombre: string };
  opciones: { opc_id: number; opc_codigo: string; opc_nombre: string; mod_codigo: string };
  estados: { est_id: number; est_codigo: string; est_nombre: string; est_styles: string };
  monedas: { mon_id: number; mon_codigo: string; mon_simbolo: string; mon_descripcion: string };
  tipos_cuenta: { tcu_id: number; tcu_descripcion: string };
  bancos: { ban_id: number; ban_nombre: string; ban_codigo: string };
  paises: { pai_id: number; pai_nombre: string; pai_iso: string };
  /** Order states; `ore_styles` is the antd colour of the state's tag. */
  orden_estados: { ore_id: number; ore_codigo: string; ore_descripcion: string; ore_styles: string; ore_es_editable: boolean };
  condiciones_comerciales: { coc_id: number; coc_descripcion: string };
  /** Receipt types; 6 is recibo por honorarios (RXH). */
  tipos_documento: { tid_id: number; tid_codigo: string; tid_descripcion: string };
  metodos_pago: { mep_id: number; mep_descripcion: string };
  /** Active cost centres in the caller's scope. */
  centros_costo: { id_centro_costo: number; codigo: string; descripcion: string; pry_id: number };
  unidades_medida: { unm_id: number; unm_simbolo: string; unm_descripcion: string };
  marcas: { mar_id: number; mar_nombre: string };
  /** Lima and Callao districts (ubigeo), by province and name. */
  distritos: { ubi_id: string; ubi_nombre: string; ubi_provincia: string; ubi_departamento: string };
}

export type LookupName = keyof LookupRows;
export type Lookups<N extends LookupName> = { [K in N]: LookupRows[K][] };

export const lookupKeys = {
  all: ['lookups'] as const,
  lists: (names: readonly LookupName[]) => [...lookupKeys.all, [...names].sort()] as const,
};

export async function getLookups<N extends LookupName>(names: readonly N[]): Promise<Lookups<N>> {
  return (await apiPost<Lookups<N>>('/app/getData', { listas: names })).data;
}

/**
 * Lookup lists in one call, kept for the whole session: these are the spec's "cached lists",
 * dropped with the rest of the query cache on logout.
 */
export function useLookups<N extends LookupName>(...names: N[]) {
  return useQuery({ queryKey: lookupKeys.lists(names), queryFn: () => getLookups(names), staleTime: Infinity });
}

/** Options of a project select: 'PRY-001 - Planta Lurín'. */
export const projectOptions = (proyectos: LookupRows['proyectos'][]) =>
  proyectos.map((p) => ({ value: p.pry_id, label: `${p.pry_codigo} - ${p.pry_nombre}` }));
