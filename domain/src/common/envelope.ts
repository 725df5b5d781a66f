import { z } from 'zod';
import { PAGE_SIZE } from './catalogs.ts';
import { intSchema } from './ids.ts';

/** The reply of every /api call (ARCHITECTURE convention 4). */
export interface Envelope<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
}

/** Lists count at most this many rows unless the exact figure is asked for (docs/architecture.md "Lists"). */
export const COUNT_CAP = 10_000;

/**
 * Page shape of the lists: `{data, total}` as the spec writes it, plus two additions
 * (docs/architecture.md "Lists"). `total_exacto: false` means `total` is a lower bound: the
 * count stopped past COUNT_CAP ("más de 10 000"), or the request said `contar: false`.
 * `siguiente` is the key of the page's last row, present when more rows follow: sent back
 * as `despues`, it asks for the next page by key instead of by position.
 */
export interface Paged<T> {
  data: T[];
  total: number;
  total_exacto?: boolean;
  siguiente?: string;
}

/** The reply of a spec 2 and 3 list (`{page: {list, total, size, number}}`), with the two additions of `Paged`. */
export interface PageReply<T> {
  page: { list: T[]; total: number; size: number; number: number; total_exacto?: boolean; siguiente?: string };
}

/** What a list is asked besides its filters and position (docs/architecture.md "Lists"). */
export const listFields = {
  /** false: the client already knows the total of this filter (moving to another page), do not count. Counts when absent. */
  contar: z.boolean().optional(),
  /** true: count every matching row even past COUNT_CAP ('Contar todos'). */
  exacto: z.boolean().optional(),
  /** `siguiente` of the previous page: the rows after that key, instead of skipping `start` rows. */
  despues: z.string().max(2000).nullish(),
};

/** Paging fields of a spec 1 list request (`{search, length, start}`), 10 rows by default. */
export const pageFields = {
  start: intSchema().default(0),
  length: z.number().int().min(1).max(100).default(PAGE_SIZE),
  ...listFields,
};
export const PageRequest = z.object(pageFields);
export type PageRequest = z.output<typeof PageRequest>;

/** The `page: {number, size}` object of spec 2 and 3 list requests; numbers start at 1. */
export const PageQuery = z
  .object({ number: intSchema(1).default(1), size: z.number().int().min(1).max(100).default(PAGE_SIZE), ...listFields })
  .prefault({});
export type PageQuery = z.output<typeof PageQuery>;
