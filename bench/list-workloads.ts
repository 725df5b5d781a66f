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

// ------------------------------------------------------------------ the other lists (issue 28)

/** A page as the screens ask for it (web/src/ui/useListParams.ts): number and size, and what spares the server work. */
export interface PageArgs {
  number: number;
  size: number;
  contar?: false;
  exacto?: true;
  despues?: string;
}

/** A list's page in its reply: the rows, the total when counted, the key of the next page when it pages by key. */
export interface PageOf {
  rows: unknown[];
  total?: number;
  siguiente?: string;
}

/**
 * A list of the product as its screen calls it: the call, who calls it (the admin unless said), and the
 * body the screen sends on opening with its default filters, for any page.
 */
export interface ListDef {
  path: string;
  user?: { username: string; password: string };
  /** Where the screen is (web/src/modules/…) and what it shows on opening. */
  screen: string;
  body(page: PageArgs): object;
  page(data: unknown): PageOf;
}

/** The Lima date `days` from today, 'YYYY-MM-DD', as the screens' date filters send it. */
export function limaDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
}

/** The `{page: {list, total, siguiente}}` reply of the calls of spec 2 and 3 (web/src/base/api.ts apiPage). */
const pageReply = (data: unknown): PageOf => {
  const p = (data as { page?: { list?: unknown[]; total?: number; siguiente?: string } } | undefined)?.page;
  return { rows: p?.list ?? [], total: p?.total, siguiente: p?.siguiente };
};
/** The `{data, total, siguiente}` reply (Paged) of spec 1's calls and of the transfer list. */
const pagedReply = (data: unknown): PageOf => {
  const p = data as { data?: unknown[]; total?: number; siguiente?: string } | undefined;
  return { rows: p?.data ?? [], total: p?.total, siguiente: p?.siguiente };
};

/** The lists of issue 28 by name (`npm run bench -- lists --list <name>`); the default bodies are the screens' on the day of the run. */
export const LISTS: Record<string, ListDef> = {
  ordenVenta: {
    path: '/ordenVenta/buscar',
    screen: 'orden_venta/OrdenVentaPage: sold from 7 days ago to 2 days ahead',
    body: (page) => ({ orden_venta: { cli_search: null, ovt_id: null, est_id: null, ubi_id: null, ovt_fecha_inicio: limaDay(-7), ovt_fecha_fin: limaDay(2), page } }),
    page: pageReply,
  },
  envio: {
    path: '/envio/buscar',
    screen: 'envio/EnvioListaTab: loading from 7 days ago to 2 days ahead',
    body: (page) => ({
      envio: {
        est_id: null, ubi_id: null, pendientes: null, cli_search: null, env_fecha_inicio: limaDay(-7), env_fecha_fin: limaDay(2),
        ovt_hora_inicio: null, ovt_hora_fin: null, page,
      },
    }),
    page: pageReply,
  },
  caja: {
    path: '/caja/buscar',
    screen: 'caja/CajaPage: registered in the last 7 days',
    body: (page) => ({ caja: { caj_codigo: null, caj_estado: null, cec_id: null, tca_id: null, caj_titulo: null, fecha_inicio: limaDay(-7), fecha_fin: limaDay(0), page } }),
    page: pageReply,
  },
  pedido: {
    path: '/pedidoItems/paginar',
    screen: 'pedido_items/PedidoItemsPage: every request',
    body: (page) => ({ pedido_items: { pei_codigo: null, pei_estado: null, alm_id: null, page } }),
    page: pageReply,
  },
  transferencia: {
    path: '/transferenciaItems/buscar',
    screen: 'transferencia/TransferenciaPage: purchase-order receipts in state creado',
    body: (page) => ({
      transferencia_items: { tfi_tipo: 1, est_codigo: 'creado', ord_code: null, alm_origen: null, alm_destino: null, fecha_inicio: null, fecha_fin: null },
      page,
    }),
    page: pagedReply,
  },
  portal: {
    path: '/ordenCompra/paginarxProveedor',
    user: { username: 'proveedor', password: 'Demo.2026' },
    screen: 'proveedor_orden_compra/SupplierOrdersPage as proveedor@andina.pe: its issued orders',
    body: (page) => ({ orden_compra: { ord_tipo_orden: null, ord_codigo: null, ord_fecha_inicio: null, ord_fecha_fin: null, page } }),
    page: pageReply,
  },
  comprobante: {
    path: '/comprobante/buscar',
    screen: 'comprobante/ComprobantesPage: every e-voucher',
    body: (page) => ({
      comprobante: { cpe_tipo: null, cpe_estado: null, cpe_serie: null, cli_search: null, vencidos: false, sin_aceptar: false, fecha_inicio: null, fecha_fin: null, page },
    }),
    page: pageReply,
  },
};

/** A workload of a named list: its body, and how many rows the default filter holds (for the report). */
export interface NamedListWorkload extends ListWorkload {
  rows: number;
}

const SIZE = 10;

/**
 * The workloads of a named list: `page1` (as the screen opens, counted), `key` (the next page after the
 * page in the middle of the default filter's rows: by `despues` when the list answers a `siguiente`,
 * else the OFFSET page the screen sends) and `offset` (the same page by its number). `ask` posts a body
 * and answers the reply's `data`.
 */
export async function namedListWorkloads(def: ListDef, ask: (body: object) => Promise<unknown>, names: string[]): Promise<NamedListWorkload[]> {
  const exact = def.page(await ask(def.body({ number: 1, size: SIZE, exacto: true })));
  const rows = Number(exact.total ?? 0);
  // The page in the middle (at least page 1), as lists.ts's deep page of the order list.
  const middle = Math.max(1, Math.floor(rows / 2 / SIZE));
  const before = def.page(await ask(def.body({ number: middle, size: SIZE, contar: false })));
  const next: PageArgs = { number: middle + 1, size: SIZE, contar: false };
  const all: Record<string, () => { name: string; body: object }> = {
    page1: () => ({ name: 'page 1', body: def.body({ number: 1, size: SIZE }) }),
    key: () => (before.siguiente
      ? { name: `next page ${middle + 1} (by key)`, body: def.body({ ...next, despues: before.siguiente }) }
      : { name: `next page ${middle + 1} (OFFSET: no siguiente)`, body: def.body(next) }),
    offset: () => ({ name: `page ${middle + 1} (OFFSET)`, body: def.body(next) }),
  };
  return names.map((key) => {
    if (!all[key]) throw new Error(`unknown workload ${key} of a named list (page1, key, offset)`);
    const w = all[key]();
    return { key, name: w.name, body: JSON.stringify(w.body), rows };
  });
}
