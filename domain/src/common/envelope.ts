import { z } from 'zod';
import { PAGE_SIZE } from './catalogs.ts';

/** The reply of every /api call (ARCHITECTURE convention 4). */
export interface Envelope<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
}

/** Page shape of the spec 1 lists: `{data, total}`. */
export interface Paged<T> {
  data: T[];
  total: number;
}

/** Paging fields of a spec 1 list request (`{search, length, start}`), 10 rows by default. */
export const pageFields = {
  start: z.number().int().min(0).default(0),
  length: z.number().int().min(1).max(100).default(PAGE_SIZE),
};
export const PageRequest = z.object(pageFields);
