import type { AlmacenRef } from '@obra/domain';
import { ALM_TIPO } from '@obra/domain';

type Labelled = Pick<AlmacenRef, 'alm_nombre' | 'alm_tipo'> & { pry_nombre?: string | null };

/**
 * "project name | warehouse name", with an asterisk on a project's main warehouse (alm_tipo 0)
 * (spec 2 §2, spec 3 §2). Plain text, for select options and searches.
 */
export function warehouseLabel(alm: Labelled): string {
  const name = alm.alm_tipo === ALM_TIPO.PRINCIPAL ? `${alm.alm_nombre} *` : alm.alm_nombre;
  return alm.pry_nombre ? `${alm.pry_nombre} | ${name}` : name;
}

/** A warehouse as every screen names it; the asterisk explains itself on hover. */
export function WarehouseLabel({ alm }: { alm: Labelled }) {
  return <span title={alm.alm_tipo === ALM_TIPO.PRINCIPAL ? 'Almacén principal del proyecto' : undefined}>{warehouseLabel(alm)}</span>;
}
