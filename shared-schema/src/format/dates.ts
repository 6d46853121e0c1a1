import { LISBON_DAY_MONTH, LISBON_TZ, LISBON_WALL_CLOCK } from './date-options';

export { LISBON_TZ };

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const PARTS = new Intl.DateTimeFormat('en-US', LISBON_WALL_CLOCK);
const LONG_DAY_MONTH = new Intl.DateTimeFormat('pt-PT', LISBON_DAY_MONTH);
const LONG_MONTHS = new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', month: 'long' });

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** Date, epoch milliseconds or a parseable string → valid Date, else null. Never throws. */
export function toDate(value: unknown): Date | null {
  let d: Date;
  if (value instanceof Date) d = new Date(value.getTime());
  else if (typeof value === 'number') d = new Date(value);
  else if (typeof value === 'string' && value.trim() !== '') {
    const only = DATE_ONLY.exec(value.trim());
    // A bare date means that calendar day in Lisbon, at midnight.
    d = only ? lisbonWallToDate(Number(only[1]), Number(only[2]), Number(only[3])) : new Date(value);
  } else return null;
  return Number.isNaN(d.getTime()) ? null : d;
}

function wallOf(date: Date): Wall {
  const out: Record<string, number> = {};
  for (const p of PARTS.formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

function offsetAt(ms: number): number {
  const w = wallOf(new Date(ms));
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant at which Lisbon's wall clock shows the given time (month 1–12). */
export function lisbonWallToDate(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(guess);
  const second = guess - offsetAt(first);
  return new Date(second);
}

const pad = (n: number, len = 2) => String(Math.abs(n)).padStart(len, '0');

/** 'YYYY-MM-DD' of the Lisbon calendar day containing `date` ('' for an invalid date). */
export function lisbonDateString(date: unknown): string {
  const d = toDate(date);
  if (!d) return '';
  const w = wallOf(d);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * The Lisbon calendar day containing `date`, as instants: start ≤ t < end. Days are 23 h or 25 h
 * long at the DST changes (e.g. 2026-03-29 and 2026-10-25).
 */
export function lisbonDayBounds(date: Date | string | number): { start: Date; end: Date } {
  const d = toDate(date) ?? new Date(NaN);
  const w = wallOf(d);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return {
    start: lisbonWallToDate(w.year, w.month, w.day),
    end: lisbonWallToDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}

/** The Lisbon calendar month containing `date`: start ≤ t < end. */
export function lisbonMonthBounds(date: Date | string | number): { start: Date; end: Date } {
  const d = toDate(date) ?? new Date(NaN);
  const w = wallOf(d);
  const nextYear = w.month === 12 ? w.year + 1 : w.year;
  const nextMonth = w.month === 12 ? 1 : w.month + 1;
  return { start: lisbonWallToDate(w.year, w.month, 1), end: lisbonWallToDate(nextYear, nextMonth, 1) };
}

/** ISO instant for a Lisbon date ('YYYY-MM-DD') and time ('HH:MM'), e.g. a follow-up at 10:00. */
export function lisbonDateTimeToIso(dateOnly: string, hhmm: string): string | null {
  const dm = DATE_ONLY.exec(dateOnly);
  const tm = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!dm || !tm) return null;
  const d = lisbonWallToDate(Number(dm[1]), Number(dm[2]), Number(dm[3]), Number(tm[1]), Number(tm[2]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** dd/MM/yyyy in Lisbon; a bare 'YYYY-MM-DD' is shown as that day. '' for invalid input. */
export function formatDate(value: unknown): string {
  if (typeof value === 'string') {
    const only = DATE_ONLY.exec(value.trim());
    if (only) return `${only[3]}/${only[2]}/${only[1]}`;
  }
  const d = toDate(value);
  if (!d) return '';
  const w = wallOf(d);
  return `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)}`;
}

/** HH:mm in Lisbon. */
export function formatTime(value: unknown): string {
  const d = toDate(value);
  if (!d) return '';
  const w = wallOf(d);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** dd/MM/yyyy HH:mm in Lisbon. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${formatTime(d)}` : '';
}

/** '22 de novembro às 19:07' in Lisbon. */
export function formatLongDateTime(value: unknown): string {
  const d = toDate(value);
  if (!d) return '';
  return `${LONG_DAY_MONTH.format(d)} às ${formatTime(d)}`;
}

/** pt-PT month name, 1–12 ('novembro'). */
export function monthName(month: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) return '';
  return LONG_MONTHS.format(new Date(Date.UTC(2026, month - 1, 15)));
}

/** 'há 5m', 'há 3h', 'há 2d' (docs/product.md#limits). Future instants count as 'há 0m'. */
export function formatRelativeShort(value: unknown, now: unknown = new Date()): string {
  const d = toDate(value);
  const n = toDate(now) ?? new Date();
  if (!d) return '';
  const minutes = Math.max(0, Math.floor((n.getTime() - d.getTime()) / 60_000));
  if (minutes < 60) return `há ${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours}h`;
  return `há ${Math.floor(hours / 24)}d`;
}

function dayNumber(d: Date): number {
  const w = wallOf(d);
  return Math.round(Date.UTC(w.year, w.month - 1, w.day) / DAY_MS);
}

/** Whole Lisbon calendar days from `value` to `now` (0 = same day; negative if in the future). */
export function daysSinceLisbon(value: unknown, now: unknown = new Date()): number | null {
  const d = toDate(value);
  const n = toDate(now) ?? new Date();
  if (!d) return null;
  return dayNumber(n) - dayNumber(d);
}

/** 'Hoje', 'Ontem', 'Há N dias', 'Há N semana(s)', 'Há N mês/meses' by Lisbon calendar days. */
export function formatDaysAgo(value: unknown, now: unknown = new Date()): string {
  const days = daysSinceLisbon(value, now);
  if (days === null) return '';
  if (days <= 0) return 'Hoje';
  if (days === 1) return 'Ontem';
  if (days < 7) return `Há ${days} dias`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? 'Há 1 semana' : `Há ${weeks} semanas`;
  }
  const months = Math.floor(days / 30);
  return months === 1 ? 'Há 1 mês' : `Há ${months} meses`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The 'MM-DD' keys whose birthdays fall on the Lisbon day of `now` (29 Feb joins 28 Feb in common years). */
export function birthdayMonthDaysOn(now: unknown): string[] {
  const today = lisbonDateString(now);
  const key = today.slice(5);
  return key === '02-28' && !isLeapYear(Number(today.slice(0, 4))) ? [key, '02-29'] : [key];
}

/** Birthday 'YYYY-MM-DD' falls on today's Lisbon date; 29 Feb counts on 28 Feb in common years. */
export function isBirthdayToday(birthday: unknown, now: unknown = new Date()): boolean {
  if (typeof birthday !== 'string') return false;
  const m = DATE_ONLY.exec(birthday.trim());
  const n = toDate(now);
  if (!m || !n) return false;
  const today = wallOf(n);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month === today.month && day === today.day) return true;
  return month === 2 && day === 29 && today.month === 2 && today.day === 28 && !isLeapYear(today.year);
}

/**
 * `daysSinceLisbon(value, now)` for many values against one `now` (a list of 50,000 clients): the
 * Lisbon offset is read once per UTC day, and per value only on the days the offset changes.
 */
export function lisbonDaysSinceCounter(now: unknown = new Date()): (value: unknown) => number | null {
  const today = dayNumber(toDate(now) ?? new Date());
  // UTC day number → Lisbon offset (ms) for the whole day, or null on a day the offset changes.
  const offsets = new Map<number, number | null>();
  return (value) => {
    const d = toDate(value);
    if (!d) return null;
    const ms = d.getTime();
    const utcDay = Math.floor(ms / DAY_MS);
    let offset = offsets.get(utcDay);
    if (offset === undefined) {
      const first = offsetAt(utcDay * DAY_MS);
      offset = first === offsetAt((utcDay + 1) * DAY_MS - 1000) ? first : null;
      offsets.set(utcDay, offset);
    }
    return today - (offset === null ? dayNumber(d) : Math.floor((ms + offset) / DAY_MS));
  };
}
