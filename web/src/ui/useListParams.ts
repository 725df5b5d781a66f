import { PAGE_SIZE, type Paged } from '@obra/domain';
import { useState } from 'react';

/** The count of the current filter, once page 1 told it. */
interface Known {
  total: number;
  exacto: boolean;
}

interface State<F> {
  filters: F;
  page: number;
  /** `siguiente` of the page before, when the user moved to the next page. */
  despues?: string;
  known?: Known;
  /** `siguiente` of the reply the last page change was made from: while the next page loads, the table still holds that reply. */
  from?: string;
  /** 'Contar todos' was asked for this filter. */
  exacto: boolean;
}

/**
 * The list's filters with those the URL's query string names (`/transferencia?est_codigo=creado&tfi_tipo=`),
 * as the work queue on Inicio links them (issue 25). Only the filter's own keys are read, each parsed to the
 * type of its initial value: a number (a text that is not one is ignored), a boolean ('true'/'false'), a text;
 * an empty value is '' for a text filter and null (all) for any other; a key whose initial value is null takes a
 * number when the value is one, else the text. Objects (date ranges) are not read from the URL, but an empty
 * value clears one (`rango=`: all dates, so a pending document of any date shows).
 */
export function filtersFromQuery<F extends object>(initial: F, search: string): F {
  const query = new URLSearchParams(search);
  const out: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
  for (const [key, base] of Object.entries(initial)) {
    const raw = query.get(key);
    if (raw === null) continue;
    if (typeof base === 'string') out[key] = raw;
    else if (base !== null && typeof base === 'object') {
      // An object (a date range) is not read from the URL, except an empty value: no range (all dates).
      if (raw === '') out[key] = null;
    }
    else if (raw === '') out[key] = null;
    else if (typeof base === 'number') {
      if (Number.isFinite(Number(raw))) out[key] = Number(raw);
    } else if (typeof base === 'boolean') {
      if (raw === 'true' || raw === 'false') out[key] = raw === 'true';
    } else out[key] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return out as F;
}

/**
 * Filters and page of a server-paged list (docs/architecture.md "Lists"). Changing a filter goes
 * back to page 1; `params` is the list call's body: the filters plus `start` and `length`, and
 * what spares the server work: page 1 counts (at most 10 000 unless 'Contar todos' was asked),
 * another page of the same filter does not (`contar: false`, the total is kept here), and the
 * next page asks for the rows after the last one seen (`despues`) instead of skipping rows.
 * `url: true` starts from the filters of the URL's query string (filtersFromQuery).
 */
export function useListParams<F extends object>(initial: F, opts: { url?: boolean } = {}) {
  const [state, setState] = useState<State<F>>(() => ({
    filters: opts.url ? filtersFromQuery(initial, globalThis.location?.search ?? '') : initial, page: 1, exacto: false,
  }));
  const known = state.page > 1 ? state.known : undefined;
  /** The table's paging props for the list's last reply: its total, and the next page by key. */
  const paging = (reply: Paged<unknown> | undefined) => {
    const total = known?.total ?? reply?.total;
    const exacto = known?.exacto ?? reply?.total_exacto ?? true;
    return {
      page: state.page,
      total,
      totalExacto: exacto,
      onPageChange: (page: number) => setState((s) => {
        // A second Next before the page arrived would go on from the page before it: by position then.
        const fresh = reply?.siguiente !== undefined && reply.siguiente !== s.from;
        return {
          ...s,
          page,
          despues: page === s.page + 1 && fresh ? reply.siguiente : undefined,
          from: reply?.siguiente,
          known: total === undefined ? s.known : { total, exacto },
        };
      }),
      onContarTodos: () => setState((s) => ({ ...s, exacto: true, page: 1, despues: undefined, known: undefined })),
    };
  };
  // What spares the server work, the same in both request forms.
  const sparing = {
    ...(known && { contar: false as const }),
    ...(state.exacto && { exacto: true as const }),
    ...(state.despues && { despues: state.despues }),
  };
  return {
    filters: state.filters,
    page: state.page,
    params: { ...state.filters, start: (state.page - 1) * PAGE_SIZE, length: PAGE_SIZE, ...sparing },
    /** The page in the `page {number, size}` form of the calls of spec 2 and 3 (filters apart). */
    pageQuery: { number: state.page, size: PAGE_SIZE, ...sparing },
    /** A jump to a page number (pages by position). */
    setPage: (page: number) => setState((s) => ({ ...s, page, despues: undefined })),
    // A new filter starts again: page 1, counted, no key.
    setFilters: (patch: Partial<F>) => setState((s) => ({ filters: { ...s.filters, ...patch }, page: 1, exacto: false })),
    /** A list page's table props from its query: rows, loading state and paging. */
    table: <T>(query: { data?: Paged<T>; isFetching: boolean }) => ({ rows: query.data?.data, loading: query.isFetching, ...paging(query.data) }),
  };
}
