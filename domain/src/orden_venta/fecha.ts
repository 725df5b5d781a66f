import { isDate } from '../common/time.ts';

/**
 * Date and time of a sales order as the screens send and show it (spec 3 §3, §5, §9): 'dd-mm-yyyy
 * HH:mm' in Lima time. Peru keeps UTC−5 all year (no daylight saving since 1994), so a Lima wall
 * time is that instant at −05:00.
 */

const DMY = /^(\d{2})[-/](\d{2})[-/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The instant of 'dd-mm-yyyy HH:mm' (Lima), as ISO text; an ISO timestamp is accepted too (one
 * without a zone is Lima time). null when it is not a real date and time.
 */
export function parseFechaHoraLima(text: string): string | null {
  const t = text.trim();
  let y: string, mo: string, d: string, h: string, mi: string, s: string | undefined, zona: string | undefined;
  const a = DMY.exec(t);
  const b = a ? null : ISO.exec(t);
  if (a) [, d, mo, y, h, mi, s] = a;
  else if (b) [, y, mo, d, h, mi, s, zona] = b;
  else return null;
  if (!isDate(`${y}-${mo}-${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  const z = !zona ? '-05:00' : zona === 'Z' ? 'Z' : zona.includes(':') ? zona : `${zona.slice(0, 3)}:${zona.slice(3)}`;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${z}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const PARTES = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** An instant as 'dd-mm-yyyy HH:mm' in Lima. */
export function formatFechaHoraLima(at: Date | string): string {
  const p = Object.fromEntries(PARTES.formatToParts(typeof at === 'string' ? new Date(at) : at).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** 'HH:mm' with a real hour and minute. */
export const isHora = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
