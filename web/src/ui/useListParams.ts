import { PAGE_SIZE } from '@obra/domain';
import { useState } from 'react';

/**
 * Filters and page of a server-paged list. Changing a filter goes back to page 1;
 * `params` is the list call's body: the filters plus `start` and `length`.
 */
export function useListParams<F extends object>(initial: F) {
  const [state, setState] = useState({ filters: initial, page: 1 });
  return {
    filters: state.filters,
    page: state.page,
    params: { ...state.filters, start: (state.page - 1) * PAGE_SIZE, length: PAGE_SIZE },
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setFilters: (patch: Partial<F>) => setState((s) => ({ filters: { ...s.filters, ...patch }, page: 1 })),
  };
}
