import { ROLE, TIPO_USUARIO, rolEtiqueta } from '@obra/domain';
import type { LookupRows } from '../../base/lookups';

/** usu_nivel: 1 corporativo (every project); any other value is limited to its project (spec 1 §6). */
export const NIVEL_OPTIONS = [
  { value: 0, label: 'Proyecto' },
  { value: 1, label: 'Corporativo' },
];

export const nivelLabel = (nivel: number) => (nivel === 1 ? 'Corporativo' : 'Proyecto');

/**
 * Roles a staff account may be given: never PROVEEDOR (supplier accounts), SUPER only by SUPER, and an inactive role
 * only where the user already holds it (shown as such, so it can be taken away).
 */
export function staffRoleOptions(roles: LookupRows['roles'][], grantsSuper: boolean, held: readonly number[] = []) {
  return roles
    .filter((r) => r.rol_id !== ROLE.PROVEEDOR && (grantsSuper || r.rol_id !== ROLE.SUPER))
    .filter((r) => (r.rol_estado ?? 1) === 1 || held.includes(r.rol_id))
    .map((r) => ({ value: r.rol_id, label: `${rolEtiqueta(r.rol_nombre)}${(r.rol_estado ?? 1) === 1 ? '' : ' (inactivo)'}` }));
}

/** The 'Tipo' filter of the users list: staff or supplier accounts (tiu_id). */
export const TIPO_OPTIONS: { value: 1 | 3; label: string }[] = [
  { value: TIPO_USUARIO.personal, label: 'Personal' },
  { value: TIPO_USUARIO.proveedor, label: 'Proveedor' },
];
