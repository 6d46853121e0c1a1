import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LISBON_TZ,
  daysSinceLisbon,
  formatDate,
  formatDateTime,
  formatDaysAgo,
  formatLongDateTime,
  formatRelativeShort,
  formatTime,
  birthdayMonthDaysOn,
  isBirthdayToday,
  lisbonDateString,
  lisbonDateTimeToIso,
  lisbonDayBounds,
  lisbonDaysSinceCounter,
  lisbonMonthBounds,
  monthName,
} from './dates';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('lisbonDateString', () => {
  it('uses the Lisbon calendar day', () => {
    expect(LISBON_TZ).toBe('Europe/Lisbon');
    // Summer (UTC+1): 23:30Z is already the next day in Lisbon.
    expect(lisbonDateString(at('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(lisbonDateString(at('2026-07-01T22:59:59Z'))).toBe('2026-07-01');
    // Winter (UTC+0).
    expect(lisbonDateString(at('2026-01-01T23:30:00Z'))).toBe('2026-01-01');
    expect(lisbonDateString('nada')).toBe('');
  });
});

describe('lisbonDayBounds', () => {
  it('gives a 24 h day normally', () => {
    const { start, end } = lisbonDayBounds(at('2026-07-15T12:00:00Z'));
    expect(start.toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-07-15T23:00:00.000Z');
  });

  it('gives a 23 h day when summer time starts (2026-03-29)', () => {
    const { start, end } = lisbonDayBounds(at('2026-03-29T12:00:00Z'));
    expect(start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * HOUR);
  });

  it('gives a 25 h day when summer time ends (2026-10-25)', () => {
    const { start, end } = lisbonDayBounds(at('2026-10-25T12:00:00Z'));
    expect(start.toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(25 * HOUR);
  });

  it('handles the midnight edges', () => {
    const start = at('2026-07-14T23:00:00Z');
    expect(lisbonDayBounds(start).start.toISOString()).toBe(start.toISOString());
    const lastMs = new Date(start.getTime() - 1);
    expect(lisbonDayBounds(lastMs).end.toISOString()).toBe(start.toISOString());
    expect(lisbonDayBounds(at('2026-10-25T23:59:59.999Z')).start.toISOString()).toBe(
      '2026-10-24T23:00:00.000Z',
    );
    expect(lisbonDayBounds(at('2026-10-26T00:00:00Z')).start.toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('always contains the instant and starts at Lisbon midnight (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('1990-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (d) => {
          const { start, end } = lisbonDayBounds(d);
          expect(start.getTime()).toBeLessThanOrEqual(d.getTime());
          expect(d.getTime()).toBeLessThan(end.getTime());
          expect([23 * HOUR, 24 * HOUR, 25 * HOUR]).toContain(end.getTime() - start.getTime());
          expect(formatTime(start)).toBe('00:00');
          expect(lisbonDateString(start)).toBe(lisbonDateString(d));
        },
      ),
    );
  });
});

describe('lisbonMonthBounds', () => {
  it('spans the Lisbon month', () => {
    const { start, end } = lisbonMonthBounds(at('2026-10-15T12:00:00Z'));
    expect(start.toISOString()).toBe('2026-09-30T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    const dec = lisbonMonthBounds(at('2026-12-31T23:59:00Z'));
    expect(dec.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('lisbonDateTimeToIso', () => {
  it('turns a Lisbon wall time into an instant', () => {
    expect(lisbonDateTimeToIso('2026-07-01', '10:00')).toBe('2026-07-01T09:00:00.000Z');
    expect(lisbonDateTimeToIso('2026-01-01', '10:00')).toBe('2026-01-01T10:00:00.000Z');
    expect(lisbonDateTimeToIso('2026-01-01', '10h')).toBeNull();
  });
});

describe('formatting', () => {
  it('formats dates and times in Lisbon', () => {
    expect(formatDate(at('2026-07-01T23:30:00Z'))).toBe('02/07/2026');
    expect(formatDate('1985-03-09')).toBe('09/03/1985');
    expect(formatTime('2026-07-01T23:30:00Z')).toBe('00:30');
    expect(formatDateTime('2026-11-22T19:07:00Z')).toBe('22/11/2026 19:07');
    expect(formatLongDateTime('2026-11-22T19:07:00Z')).toBe('22 de novembro às 19:07');
    expect(formatLongDateTime('2026-08-01T08:05:00Z')).toBe('1 de agosto às 09:05');
    expect(monthName(3)).toBe('março');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatDate('nada')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatLongDateTime(new Date(Number.NaN))).toBe('');
  });

  it('never throws for any input (property)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (value, now) => {
        for (const f of [formatDate, formatTime, formatDateTime, formatLongDateTime, lisbonDateString]) {
          expect(typeof f(value)).toBe('string');
        }
        expect(typeof formatRelativeShort(value, now)).toBe('string');
        expect(typeof formatDaysAgo(value, now)).toBe('string');
        expect(typeof isBirthdayToday(value, now)).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(fc.date(), (d) => {
        expect(formatDate(d)).toMatch(/^(\d{2}\/\d{2}\/\d{4,6})?$/);
        expect(typeof formatLongDateTime(d)).toBe('string');
      }),
    );
  });
});

describe('formatRelativeShort', () => {
  const now = at('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:55:00Z', 'há 5m'],
    ['2026-11-22T11:00:01Z', 'há 59m'],
    ['2026-11-22T11:00:00Z', 'há 1h'],
    ['2026-11-21T12:00:01Z', 'há 23h'],
    ['2026-11-21T12:00:00Z', 'há 1d'],
    ['2026-11-12T12:00:00Z', 'há 10d'],
    ['2026-11-22T12:30:00Z', 'há 0m'],
  ])('%s → %s', (date, text) => {
    expect(formatRelativeShort(date, now)).toBe(text);
  });
});

describe('formatDaysAgo / daysSinceLisbon', () => {
  const now = at('2026-11-22T00:30:00Z'); // 00:30 in Lisbon (winter)
  it.each([
    ['2026-11-22T00:00:00Z', 'Hoje'],
    ['2026-11-21T23:59:00Z', 'Ontem'],
    ['2026-11-19T12:00:00Z', 'Há 3 dias'],
    ['2026-11-15T12:00:00Z', 'Há 1 semana'],
    ['2026-11-01T12:00:00Z', 'Há 3 semanas'],
    ['2026-10-23T12:00:00Z', 'Há 1 mês'],
    ['2026-05-22T12:00:00Z', 'Há 6 meses'],
    ['2026-11-23T12:00:00Z', 'Hoje'],
  ])('%s → %s', (date, text) => {
    expect(formatDaysAgo(date, now)).toBe(text);
  });

  it('counts Lisbon calendar days, not 24 h periods', () => {
    // 23:30 Lisbon (summer) on 1 July to 00:10 Lisbon on 2 July: one day though 40 minutes apart.
    expect(daysSinceLisbon('2026-07-01T22:30:00Z', '2026-07-01T23:10:00Z')).toBe(1);
    // Across the 25 h day.
    expect(daysSinceLisbon('2026-10-24T23:00:00Z', '2026-10-26T00:00:00Z')).toBe(1);
    expect(daysSinceLisbon('2026-10-24T22:59:00Z', '2026-10-26T00:00:00Z')).toBe(2);
    expect(daysSinceLisbon('x', now)).toBeNull();
  });
});

describe('birthdayMonthDaysOn', () => {
  it('uses the Lisbon day and adds 29 Feb on 28 Feb of common years only', () => {
    expect(birthdayMonthDaysOn('2026-07-15T23:30:00.000Z')).toEqual(['07-16']);
    expect(birthdayMonthDaysOn('2027-02-28T12:00:00.000Z')).toEqual(['02-28', '02-29']);
    expect(birthdayMonthDaysOn('2028-02-28T12:00:00.000Z')).toEqual(['02-28']);
    expect(birthdayMonthDaysOn('2028-02-29T12:00:00.000Z')).toEqual(['02-29']);
  });
});

describe('isBirthdayToday', () => {
  it('compares month and day in Lisbon', () => {
    expect(isBirthdayToday('1980-07-02', at('2026-07-01T23:30:00Z'))).toBe(true);
    expect(isBirthdayToday('1980-07-01', at('2026-07-01T23:30:00Z'))).toBe(false);
    expect(isBirthdayToday('1980-07-02', at('2026-07-02T22:59:00Z'))).toBe(true);
  });

  it('celebrates 29 February on 28 February in common years only', () => {
    expect(isBirthdayToday('1992-02-29', at('2027-02-28T12:00:00Z'))).toBe(true);
    expect(isBirthdayToday('1992-02-29', at('2028-02-28T12:00:00Z'))).toBe(false);
    expect(isBirthdayToday('1992-02-29', at('2028-02-29T12:00:00Z'))).toBe(true);
    expect(isBirthdayToday('1992-02-28', at('2028-02-29T12:00:00Z'))).toBe(false);
  });

  it('is false for bad input', () => {
    expect(isBirthdayToday('', at('2026-01-01T00:00:00Z'))).toBe(false);
    expect(isBirthdayToday(null, at('2026-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('lisbonDaysSinceCounter', () => {
  it('answers daysSinceLisbon for any instant, DST change days included', () => {
    const now = new Date('2026-03-29T12:00:00Z');
    const daysSince = lisbonDaysSinceCounter(now);
    const edges = [
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00Z',
      '2025-10-25T23:30:00Z',
      '2025-10-26T00:30:00Z',
    ];
    for (const iso of edges) expect(daysSince(iso)).toBe(daysSinceLisbon(iso, now));
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), (ms) => {
        expect(daysSince(new Date(ms).toISOString())).toBe(daysSinceLisbon(new Date(ms), now));
      }),
    );
    expect(daysSince('não é data')).toBeNull();
  });
});
