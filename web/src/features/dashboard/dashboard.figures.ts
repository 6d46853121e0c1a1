import type { Client } from '@casa/shared-schema';
import {
  birthdayMonthDaysOn,
  DAILY_CALL_GOAL,
  daysSinceLisbon,
  lisbonDateString,
  lisbonDayBounds,
  lisbonMonthBounds,
  changeFigure,
  formatChangeFigure,
  percentChange,
} from '@casa/shared-schema/values';
import type { IndexedClient } from '../../data/client-search/client-index';

/**
 * The dashboard's figures as plain functions (docs/product.md#dashboard), with the definitions of
 * shared-schema/src/api/stats.ts: months and days are Lisbon calendar ones, bounds are [start, end).
 */

const DAY_MS = 86_400_000;

export type Window = { start: number; end: number };

/** The current and the previous Lisbon calendar month containing `now`. */
export function monthWindows(now: Date): { current: Window; previous: Window } {
  const current = lisbonMonthBounds(now);
  const previous = lisbonMonthBounds(new Date(current.start.getTime() - 1));
  return {
    current: { start: current.start.getTime(), end: current.end.getTime() },
    previous: { start: previous.start.getTime(), end: previous.end.getTime() },
  };
}

export function dayWindow(now: Date): Window {
  const { start, end } = lisbonDayBounds(now);
  return { start: start.getTime(), end: end.getTime() };
}

/** A Lisbon day key ('YYYY-MM-DD' of the day start): memo and query key that changes at midnight. */
export function dayKey(now: Date): string {
  return new Date(dayWindow(now).start).toISOString();
}

export const inWindow = (ms: number, w: Window) => ms >= w.start && ms < w.end;

export type MonthChange = { thisMonth: number; previousMonth: number; changePercent: number | null };

export function monthChange(thisMonth: number, previousMonth: number): MonthChange {
  return { thisMonth, previousMonth, changePercent: percentChange(thisMonth, previousMonth) };
}

const FIXED_ONE = new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '23,5%' (one decimal, pt-PT). */
export function formatRate(value: number): string {
  return `${FIXED_ONE.format(value)}%`;
}

export type ChangeDisplay = { text: string; trend: 'up' | 'down' | 'flat' | 'none' };

export const NO_PREVIOUS_MONTH = 'sem dados do mês anterior';

/**
 * The month-over-month line of a stat card: a percent from a base of 10 or more, else the difference
 * ('+4' from an empty or near-empty month, not '+300%'); nothing to compare with when both months are empty.
 */
export function changeDisplay(change: MonthChange): ChangeDisplay {
  if (change.previousMonth === 0 && change.thisMonth === 0) return { text: NO_PREVIOUS_MONTH, trend: 'none' };
  const figure = changeFigure(change.thisMonth, change.previousMonth);
  const v = figure.value;
  return { text: formatChangeFigure(figure), trend: v > 0 ? 'up' : v < 0 ? 'down' : 'flat' };
}

/** Conversion-rate change in percentage points ('+3,0 p.p.'); null rates mean no calls that month. */
export function rateChangeDisplay(current: number | null, previous: number | null): ChangeDisplay {
  if (previous === null || current === null) return { text: NO_PREVIOUS_MONTH, trend: 'none' };
  const diff = Math.round((current - previous) * 10) / 10;
  const sign = diff > 0 ? '+' : diff < 0 ? '-' : '';
  return {
    text: `${sign}${FIXED_ONE.format(Math.abs(diff))} p.p.`,
    trend: diff > 0 ? 'up' : diff < 0 ? 'down' : 'flat',
  };
}

/** Share of today's calls in the daily goal (0–100) for the progress bar. */
export function callGoalProgress(callsToday: number, goal = DAILY_CALL_GOAL): number {
  return goal <= 0 ? 100 : Math.min(100, Math.round((callsToday / goal) * 100));
}

const timeOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Today's Lisbon birthdays, in index (name) order: one pass over the in-memory client index. Birthdays
 * match by their 'MM-DD' against birthdayMonthDaysOn (29 Feb on 28 Feb in common years), as
 * isBirthdayToday decides, without a time-zone conversion per client.
 */
export function birthdaysToday(entries: readonly IndexedClient[], now: Date): Client[] {
  const birthdayKeys = birthdayMonthDaysOn(now);
  const birthdays: Client[] = [];
  for (const { client } of entries) {
    const birthday = client.birthday;
    if (birthday && birthdayKeys.includes(birthday.slice(5, 10)) && DATE_ONLY.test(birthday)) {
      birthdays.push(client);
    }
  }
  return birthdays;
}

/** 'Ana', 'Ana e Bruno', 'Ana, Bruno e mais 3': the first 2 names plus 'e mais N' (docs/product.md#dashboard). */
export function birthdayNamesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length === 2) return `${names[0]} e ${names[1]}`;
  return `${names[0]}, ${names[1]} e mais ${names.length - 2}`;
}

/** The age a client turns today, from a 'YYYY-MM-DD' birthday (null when unknown or implausible). */
export function ageTurningToday(birthday: string | null | undefined, now: Date): number | null {
  const year = Number(birthday?.slice(0, 4));
  const todayYear = Number(lisbonDateString(now).slice(0, 4));
  const age = todayYear - year;
  return Number.isInteger(year) && age > 0 && age < 130 ? age : null;
}

/** Whole Lisbon days since the last contact; null when never contacted. */
export function daysSinceContact(lastContact: string | null | undefined, now: Date): number | null {
  return lastContact ? daysSinceLisbon(lastContact, now) : null;
}

/** The chip text of a days-since-contact badge. */
export function contactAgeText(days: number | null): string {
  if (days === null) return 'Sem contacto';
  if (days <= 0) return 'Hoje';
  return days === 1 ? '1 dia' : `${days} dias`;
}

export const LONG_NO_CONTACT_DAYS = 30;

export type ContactOverview = {
  /** Contacted today (green), 1–7 days ago (yellow), longer ago or never (red). */
  today: number;
  week: number;
  older: number;
  /** Clients older than 30 days with no contact in the last 30 days (an alert). */
  longWithoutContact: number;
  /** Contacted within the window, most recent contact first. */
  recentlyContacted: { client: Client; lastContact: string }[];
  /** Not contacted for more than 7 days (or never): highest rating first, then name order. */
  toContact: Client[];
};

/**
 * Splits the clients by their last contact, knowing only the contacts of the last 30 days (an index range
 * read): anything older is red anyway, and the alert counts clients with no contact in those 30 days.
 */
export function contactOverview(
  entries: readonly IndexedClient[],
  lastContacts: ReadonlyMap<string, string>,
  now: Date,
  limit = 6,
): ContactOverview {
  const longFrom = now.getTime() - LONG_NO_CONTACT_DAYS * DAY_MS;
  // Lisbon day starts of today and of 7 days ago: a contact's colour is two comparisons.
  const todayStart = dayWindow(now).start;
  const weekStart = dayWindow(new Date(todayStart + 12 * 3_600_000 - 7 * DAY_MS)).start;
  let today = 0;
  let week = 0;
  let longWithoutContact = 0;
  const recentlyContacted: { client: Client; lastContact: string }[] = [];
  // Rating buckets (0–5), each capped: the highest-rated first without sorting 50,000 clients.
  const byRating: Client[][] = [[], [], [], [], [], []];
  for (const { client } of entries) {
    const last = lastContacts.get(client.id);
    const at = last ? Date.parse(last) : -Infinity;
    if (at >= todayStart) today++;
    else if (at >= weekStart) week++;
    if (last) recentlyContacted.push({ client, lastContact: last });
    else if (timeOf(client.createdAt) < longFrom) longWithoutContact++;
    if (at < weekStart) {
      const bucket = byRating[Math.min(5, Math.max(0, Math.trunc(client.rating ?? 0)))]!;
      if (bucket.length < limit) bucket.push(client);
    }
  }
  recentlyContacted.sort((a, b) =>
    a.lastContact < b.lastContact ? 1 : a.lastContact > b.lastContact ? -1 : 0,
  );
  const toContact = byRating.reverse().flat();
  return {
    today,
    week,
    older: entries.length - today - week,
    longWithoutContact,
    recentlyContacted: recentlyContacted.slice(0, limit),
    toContact: toContact.slice(0, limit),
  };
}
