import type { AccessProfile, PrecioSearchDatos } from '@obra/domain';
import { ORDEN_ESTADOS } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './precios-queries.ts';

const ORE_ANULADO = ORDEN_ESTADOS.find((e) => e.ore_codigo === 'anulado')!.ore_id;

/** Letters a user may type without their accent; each matches its accented forms (both cases, whatever lower() does). */
const VARIANTS: Record<string, string> = {
  a: 'aáàâäãÁÀÂÄÃ', e: 'eéèêëÉÈÊË', i: 'iíìîïÍÌÎÏ', o: 'oóòôöõÓÒÔÖÕ', u: 'uúùûüÚÙÛÜ', n: 'nñÑ', c: 'cçÇ',
};

/**
 * A regular expression matching `text` anywhere in a lower-cased description, ignoring case and
 * accents: 'revision' and 'REVISIÓN' both find 'Revisión'. Other characters are taken literally.
 */
export function accentPattern(text: string): string {
  const base = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ');
  return [...base].map((ch) => (VARIANTS[ch] ? `[${VARIANTS[ch]}]` : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
}

/**
 * `/orden/item/search`: items of orders that were not cancelled, in the caller's projects.
 * An empty text lists the newest items (docs/business-rules.md "Price search").
 */
export function search(deps: Deps, caller: AccessProfile, f: PrecioSearchDatos) {
  return q.search(deps.database.db, {
    pattern: f.search === '' ? null : accentPattern(f.search),
    excluir: ORE_ANULADO,
    scope: projectScope(caller),
  }, f);
}
