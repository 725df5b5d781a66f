import { ROLE, TIPO_USUARIO, rolEtiqueta } from '@obra/domain';
import type { LookupRows } from '../../base/lookups';

/** usu_nivel: 1 corporativo (every project); any other value is limited to its project (spec 1 §6). */
export const NIVEL_OPTIONS = [
  { value: 0, label: 'Proyecto' },
  { value: 1, label: 'Corporativo' },
];

export const nivelLabel = (nivel: number) => (nivel === 1 ? 'Corporativo' : 'Proyecto');

/** Roles a staff account may be given: never PROVEEDOR (supplier accounts), and SUPER only by SUPER. */
export function staffRoleOptions(roles: LookupRows['roles'][], grantsSuper: boolean) {
  return roles
    .filter((r) => r.rol_id !== ROLE.PROVEEDOR && (grantsSuper || r.rol_id !== ROLE.SUPER))
    .map((r) => ({ value: r.rol_id, label: rolEtiqueta(r.rol_nombre) }));
}

/** The 'Tipo' filter of the users list: staff or supplier accounts (tiu_id). */
export const TIPO_OPTIONS: { value: 1 | 3; label: string }[] = [
  { value: TIPO_USUARIO.personal, label: 'Personal' },
  { value: TIPO_USUARIO.proveedor, label: 'Proveedor' },
];
