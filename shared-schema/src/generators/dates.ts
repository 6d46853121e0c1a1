import { lisbonDateString, lisbonWallToDate } from '../format/dates';

const DAY_MS = 86_400_000;

/** The Lisbon calendar date of an instant, 'YYYY-MM-DD'. */
export function lisbonDate(date: Date): string {
  return lisbonDateString(date);
}

/** The instant of a Lisbon wall-clock time: lisbonDateTime('2026-07-01', 10, 0) → 2026-07-01T09:00:00.000Z. */
export function lisbonDateTime(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  return lisbonWallToDate(y ?? 1970, m ?? 1, d ?? 1, hour, minute);
}

/** Lisbon calendar date `days` away from the Lisbon date of `now` (negative = past). */
export function addLisbonDays(now: Date, days: number): string {
  const [y, m, d] = lisbonDate(now).split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
