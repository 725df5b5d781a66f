/**
 * What the `lists` scenario sends to `/orden/get-orden-list`. The depth of the deep page follows
 * the data: half of the year's orders (about 47 000 at 200 000 orders, 235 000 at 1 000 000).
 */
import type { Product } from './product.ts';

export interface ListWorkload {
  key: string;
  name: string;
  body: string;
}

interface Context {
  product: Product;
  year: number;
  /** Orders of the year (the list's default filter). */
  rows: number;
  names: string[];
}

/** The list's reply to `body` (its `data`: rows, total and, when the product pages by key, `siguiente`). */
async function reply(product: Product, body: object): Promise<{ siguiente?: string }> {
  const res = await fetch(`${product.base}/api/orden/get-orden-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${product.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data?: { siguiente?: string } }).data ?? {};
}

/**
 * What the screen sends for another page of the same filter (web/src/ui/useListParams.ts): the
 * total is known, so `contar: false`, and the next page after the one ending at `deep` carries that
 * page's `siguiente` as `despues`. A checkout without key paging answers no `siguiente` (and ignores
 * `contar`), so its next page is the OFFSET its screen sent.
 */
async function nextPageBody(product: Product, year: number, deep: number): Promise<object> {
  const previous = await reply(product, { year, start: deep - 10, length: 10, contar: false });
  const body = { year, start: deep, length: 10, contar: false };
  return previous.siguiente ? { ...body, despues: previous.siguiente } : body;
}

export async function listWorkloads(c: Context): Promise<ListWorkload[]> {
  const deep = Math.max(10, Math.floor(c.rows / 20) * 10);
  const all: Record<string, () => Promise<object>> = {
    page1: async () => ({ year: c.year, start: 0, length: 10 }),
    offset: async () => ({ year: c.year, start: deep, length: 10, contar: false }),
    key: () => nextPageBody(c.product, c.year, deep),
    search: async () => ({ year: c.year, search: 'cemento', start: 0, length: 10 }),
    // Issue 28's case: the search with a state chosen (3 = emitido).
    searchstate: async () => ({ year: c.year, search: 'cemento', status: 3, start: 0, length: 10 }),
  };
  const names: Record<string, string> = {
    page1: 'page 1',
    offset: `jump to start=${deep} (OFFSET)`,
    key: `next page after start=${deep - 10} (by key)`,
    search: 'search "cemento"',
    searchstate: 'search "cemento", state emitido',
  };
  const out: ListWorkload[] = [];
  for (const key of c.names) {
    if (!all[key]) throw new Error(`unknown list workload ${key} (page1, offset, key, search, searchstate)`);
    out.push({ key, name: names[key], body: JSON.stringify(await all[key]()) });
  }
  return out;
}
