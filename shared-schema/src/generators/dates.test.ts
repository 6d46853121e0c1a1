import { describe, expect, it } from 'vitest';
import { addLisbonDays, lisbonDate, lisbonDateTime } from './dates';

describe('Lisbon dates', () => {
  it('gives the Lisbon calendar day, not the UTC one', () => {
    expect(lisbonDate(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16'); // UTC+1 in summer
    expect(lisbonDate(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15'); // UTC+0 in winter
  });

  it('converts Lisbon wall-clock times to instants across daylight saving', () => {
    expect(lisbonDateTime('2026-07-01', 10).toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(lisbonDateTime('2026-12-01', 10, 30).toISOString()).toBe('2026-12-01T10:30:00.000Z');
    expect(lisbonDateTime('2026-03-29', 12).toISOString()).toBe('2026-03-29T11:00:00.000Z'); // change day
    expect(lisbonDateTime('2026-10-25', 0).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    for (const day of ['2026-03-29', '2026-10-25', '2026-06-10']) {
      for (const hour of [0, 9, 15, 23]) {
        const at = lisbonDateTime(day, hour);
        expect(lisbonDate(at)).toBe(day);
      }
    }
  });

  it('moves by Lisbon calendar days', () => {
    const now = new Date('2026-12-31T23:30:00Z');
    expect(addLisbonDays(now, 0)).toBe('2026-12-31');
    expect(addLisbonDays(now, 1)).toBe('2027-01-01');
    expect(addLisbonDays(now, -31)).toBe('2026-11-30');
  });
});
