/** Business time is America/Lima (DECISIONS §2): "today" and document years are Lima dates. */
const LIMA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Lima date of an instant as `YYYY-MM-DD`. */
export const limaDate = (at: Date = new Date()): string => LIMA_DATE.format(at);

/** The Lima year of an instant (an order registered at 20:00 Lima on 31 December belongs to that year). */
export const limaYear = (at: Date = new Date()): number => Number(limaDate(at).slice(0, 4));
