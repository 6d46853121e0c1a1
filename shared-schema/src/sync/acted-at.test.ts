import { describe, expect, it } from 'vitest';
import { ACTED_AT_MAX_AGE_MS, boundedActedAt } from './acted-at';

const now = '2026-11-25T09:00:00.000Z';

describe('boundedActedAt', () => {
  it('keeps a past act (yesterday, offline) as the device stated it, in UTC', () => {
    expect(boundedActedAt('2026-11-24T13:09:00.000Z', now)).toBe('2026-11-24T13:09:00.000Z');
    expect(boundedActedAt('2026-11-24T13:09:00+00:00', now)).toBe('2026-11-24T13:09:00.000Z');
  });

  it('never stores the future: a clock ahead is clamped to the server time', () => {
    expect(boundedActedAt('2026-11-25T09:00:30.000Z', now)).toBe(now);
    expect(boundedActedAt('2027-01-01T00:00:00.000Z', now)).toBe(now);
  });

  it('takes the server time when absent, unreadable or older than the maximum age', () => {
    expect(boundedActedAt(undefined, now)).toBe(now);
    expect(boundedActedAt('ontem', now)).toBe(now);
    expect(boundedActedAt(1732525200000, now)).toBe(now);
    expect(boundedActedAt('1970-01-01T00:00:00.000Z', now)).toBe(now);
    const justInside = new Date(Date.parse(now) - ACTED_AT_MAX_AGE_MS + 1000).toISOString();
    expect(boundedActedAt(justInside, now)).toBe(justInside);
  });
});
