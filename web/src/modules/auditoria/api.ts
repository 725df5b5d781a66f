import type { AuditoriaFila, Paged } from '@obra/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage, apiPost } from '../../base/api';

/** The audit screen's calls (issue 26): `/auditoria/buscar`, `/auditoria/exportar`, `/auditoria/usuarios`. */

export interface AuditoriaFiltros {
  usu_id: number | null;
  modulo: string | null;
  documento: string | null;
  fecha_inicio: string | null;
  fecha_fin: string | null;
}
export type AuditoriaPagina = { number: number; size: number; contar?: boolean; exacto?: boolean; despues?: string | null };

export const EXPORTAR_AUDITORIA = '/auditoria/exportar';

const auditoriaKeys = {
  all: ['auditoria'] as const,
  list: (f: AuditoriaFiltros, page: AuditoriaPagina) => [...auditoriaKeys.all, 'list', f, page] as const,
  usuarios: () => [...auditoriaKeys.all, 'usuarios'] as const,
};

export function useAuditoria(f: AuditoriaFiltros, page: AuditoriaPagina) {
  return useQuery({
    queryKey: auditoriaKeys.list(f, page),
    queryFn: (): Promise<Paged<AuditoriaFila>> => apiPage<AuditoriaFila>('/auditoria/buscar', { auditoria: { ...f, page } }),
    placeholderData: keepPreviousData,
  });
}

export function useUsuariosAuditoria() {
  return useQuery({
    queryKey: auditoriaKeys.usuarios(),
    queryFn: async () => (await apiPost<{ usu_id: number; nombre: string }[]>('/auditoria/usuarios')).data,
    staleTime: 5 * 60_000,
  });
}
