import type { MixerBuscar, MixerFila, MixerModificar, MixerRegistrar, Paged } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiPost } from '../../base/api';

/** A mixer truck (spec 3 §3 "Mixer"); the capacity in m³ is decimal text. */
export type Mixer = MixerFila;

/** The filter form's values (spec 3 §7 `/mixer/buscar`); null is "any". */
export type MixerFiltros = Omit<NonNullable<NonNullable<MixerBuscar>['mixer']>, 'page'>;
export type PaginaQuery = NonNullable<NonNullable<NonNullable<MixerBuscar>['mixer']>['page']>;

export const mixerKeys = {
  all: ['mixer'] as const,
  list: (f: MixerFiltros, p: PaginaQuery) => [...mixerKeys.all, 'list', f, p] as const,
  activos: () => [...mixerKeys.all, 'activos'] as const,
  detail: (id: number) => [...mixerKeys.all, 'detail', id] as const,
};

export const MIXER_LISTA = '/mixer/buscar';

export async function buscarMixers(filtros: MixerFiltros, page: PaginaQuery): Promise<Paged<Mixer>> {
  return apiPage<Mixer>(MIXER_LISTA, { mixer: { ...filtros, page } });
}

export function useMixers(filtros: MixerFiltros, page: PaginaQuery) {
  return useQuery({ queryKey: mixerKeys.list(filtros, page), queryFn: () => buscarMixers(filtros, page), placeholderData: keepPreviousData });
}

/** The active fleet (the schedule popup's mixer select); 100 is the page limit of the list calls. */
export function useMixersActivos() {
  return useQuery({
    queryKey: mixerKeys.activos(),
    queryFn: async () => (await buscarMixers({ mix_id: null, mix_placa: null, mix_nombre: null, est_id: 1 }, { number: 1, size: 100 })).data,
    staleTime: 60_000,
  });
}

/** One mixer for the view and modify popups, read fresh each time. */
export function useMixer(mixId: number | null) {
  return useQuery({
    queryKey: mixerKeys.detail(mixId ?? 0),
    queryFn: mixId === null ? skipToken : async () => (await apiPost<Mixer>('/mixer/obtener', { mixer: { mix_id: mixId } })).data,
    gcTime: 0,
  });
}

export type MixerPayload = MixerRegistrar | MixerModificar;

/** After a save the list (and the schedule popup's fleet) reload. */
function useMixerMutation(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MixerPayload) => apiPost<Mixer>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mixerKeys.all }),
  });
}

export const useRegistrarMixer = () => useMixerMutation('/mixer/registrar');
export const useModificarMixer = () => useMixerMutation('/mixer/modificar');
