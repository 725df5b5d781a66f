import { PAGE_SIZE } from '@obra/domain';
import { useEffect } from 'react';

/**
 * Goes back to the last page that has rows when the current one became empty, e.g. after
 * deleting the only row of the last page (otherwise the table says "nothing found" with a total).
 */
export function usePageClamp(page: number, rows: readonly unknown[] | undefined, total: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (page > 1 && rows?.length === 0 && total !== undefined) setPage(Math.max(1, Math.ceil(total / PAGE_SIZE)));
  }, [page, rows, total, setPage]);
}
