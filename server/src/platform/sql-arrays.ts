import { sql } from 'drizzle-orm';

/** Whole numbers as one `int[]` parameter (for `= any(...)` and `unnest(...)`): one bound value however many ids. */
export const intArray = (ids: number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;
