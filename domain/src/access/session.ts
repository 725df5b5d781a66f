import { ROLE } from './roles.ts';

/** What a signed-in user may do, computed once from their roles and grants. */
export interface AccessProfile {
  usu_id: number;
  usu_nivel: number;
  pry_id: number | null;
  tiu_id: number;
  pve_id: number | null;
  cli_id: number | null;
  roleIds: number[];
  modules: string[];
  options: string[];
}

export const USER_TYPE = { EMPLEADO: 1, CLIENTE: 2, PROVEEDOR: 3 } as const;

export const isSuper = (p: Pick<AccessProfile, 'roleIds'>) => p.roleIds.includes(ROLE.SUPER);
export const isReadOnly = (p: Pick<AccessProfile, 'roleIds'>) =>
  p.roleIds.includes(ROLE.VISUALIZADOR) && !isSuper(p);
export const isCorporate = (p: Pick<AccessProfile, 'usu_nivel'>) => p.usu_nivel === 1;
export const isSupplier = (p: Pick<AccessProfile, 'tiu_id' | 'pve_id'>) =>
  p.tiu_id === 3 && p.pve_id != null;

export const hasModule = (p: Pick<AccessProfile, 'modules'>, module: string) => p.modules.includes(module);
export const hasOption = (p: Pick<AccessProfile, 'options'>, option: string) => p.options.includes(option);
