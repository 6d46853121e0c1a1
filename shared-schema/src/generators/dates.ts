export const LISBON_TZ = 'Europe/Lisbon';
const DAY_MS = 86_400_000;

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: LISBON_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function lisbonParts(date: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** The Lisbon calendar date of an instant, 'YYYY-MM-DD'. */
export function lisbonDate(date: Date): string {
  const p = lisbonParts(date);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Minutes Lisbon is ahead of UTC at that instant (0 in winter, 60 in summer). */
function lisbonOffsetMinutes(date: Date): number {
  const p = lisbonParts(date);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a Lisbon wall-clock time: lisbonDateTime('2026-07-01', 10, 0) → 2026-07-01T09:00:00.000Z. */
export function lisbonDateTime(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour, minute);
  const first = wall - lisbonOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - lisbonOffsetMinutes(new Date(first)) * 60_000);
}

/** Lisbon calendar date `days` away from the Lisbon date of `now` (negative = past). */
export function addLisbonDays(now: Date, days: number): string {
  const [y, m, d] = lisbonDate(now).split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
