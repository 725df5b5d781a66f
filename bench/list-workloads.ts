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

type Row = Record<string, unknown>;

async function page(product: Product, body: object): Promise<Row[]> {
  const res = await fetch(`${product.base}/api/orden/get-orden-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${product.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: { data?: Row[] } };
  return json.data?.data ?? [];
}

/**
 * The request the screen sends for the next page after the page ending at `deep`: the last row's
 * key when the product pages by key (its rows carry it), otherwise the plain OFFSET of a checkout
 * that has no key paging (what that checkout's screen sends).
 */
async function nextPageBody(product: Product, year: number, deep: number): Promise<object> {
  const previous = await page(product, { year, start: deep - 10, length: 10 });
  const last = previous[previous.length - 1];
  const cursor = last?.cursor ?? last?.key;
  return cursor === undefined ? { year, start: deep, length: 10 } : { year, start: deep, length: 10, cursor };
}

export async function listWorkloads(c: Context): Promise<ListWorkload[]> {
  const deep = Math.max(10, Math.floor(c.rows / 20) * 10);
  const all: Record<string, () => Promise<object>> = {
    page1: async () => ({ year: c.year, start: 0, length: 10 }),
    offset: async () => ({ year: c.year, start: deep, length: 10 }),
    key: () => nextPageBody(c.product, c.year, deep),
    search: async () => ({ year: c.year, search: 'cemento', start: 0, length: 10 }),
  };
  const names: Record<string, string> = {
    page1: 'page 1',
    offset: `page at start=${deep} (OFFSET)`,
    key: `next page after start=${deep - 10} (by key)`,
    search: 'search "cemento"',
  };
  const out: ListWorkload[] = [];
  for (const key of c.names) {
    if (!all[key]) throw new Error(`unknown list workload ${key} (page1, offset, key, search)`);
    out.push({ key, name: names[key], body: JSON.stringify(await all[key]()) });
  }
  return out;
}
