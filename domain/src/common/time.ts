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

/** A timestamp that names its zone: `…T…Z` or `…T…±hh:mm`. */
const ZONED = /^\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})$/i;
/** Midnight UTC: how JavaScript and spreadsheets write a date without a time (`2026-11-01T00:00:00.000Z`). */
const UTC_MIDNIGHT = /T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)$/i;

/**
 * The business date of a date or timestamp text (docs/business-rules.md "Dates"). A timestamp
 * that names its zone is an instant, so its date is the Lima date of that instant
 * (`2026-11-25T00:30:00Z` is 19:30 on 24 November in Lima → `2026-11-24`), except midnight UTC,
 * which is a date written as a timestamp and keeps its date (`2026-11-01T00:00:00.000Z` →
 * `2026-11-01`). A timestamp without a zone is a Lima wall-clock time, so its date is the one
 * written (`2026-03-01T10:00` → `2026-03-01`). Any other text comes back as it is, for the schema
 * to reject or accept.
 */
export const toDate = (v: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return v;
  const written = v.slice(0, 10);
  if (!ZONED.test(v) || UTC_MIDNIGHT.test(v) || !isDate(written)) return written;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? written : limaDate(at);
};
