// The options of the Lisbon date formatters (dates.ts), on their own so the web app's ICU warm-up worker
// (web/src/app/icu-warm-up.worker.ts) builds the same kinds of formatter without building these.

export const LISBON_TZ = 'Europe/Lisbon';

/** Lisbon's wall clock, read part by part (en-US digits, 24 h). */
export const LISBON_WALL_CLOCK: Intl.DateTimeFormatOptions = {
  timeZone: LISBON_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** '15 de janeiro' in Lisbon. */
export const LISBON_DAY_MONTH: Intl.DateTimeFormatOptions = {
  timeZone: LISBON_TZ,
  day: 'numeric',
  month: 'long',
};
