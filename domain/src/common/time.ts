/** Business time is America/Lima (DECISIONS §2): "today" and document years are Lima dates. */
const LIMA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Lima date of an instant as `YYYY-MM-DD`. */
export const limaDate = (at: Date = new Date()): string => LIMA_DATE.format(at);

/** The Lima year of an instant (an order registered at 20:00 Lima on 31 December belongs to that year). */
export const limaYear = (at: Date = new Date()): number => Number(limaDate(at).slice(0, 4));

/** Whether a text is a real calendar date `YYYY-MM-DD` (not 2026-02-30). */
export const isDate = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** The date part of an ISO timestamp (`2026-03-01T10:00:00Z` → `2026-03-01`); any other text as it is. */
export const toDate = (v: string): string => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v);
