import { describe, expect, it } from 'vitest';
import { allowPrecache, whenPrecacheAllowed } from './precache-gate';

const settledWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('precache gate', () => {
  it('stays closed until allowed, except that its wait is bounded', async () => {
    expect(await settledWithin(whenPrecacheAllowed(), 50)).toBe(false);
    expect(await settledWithin(whenPrecacheAllowed(20), 200)).toBe(true);
  });

  it('opens for every waiter, before and after it was allowed', async () => {
    const waiting = whenPrecacheAllowed();
    allowPrecache();
    expect(await settledWithin(waiting, 50)).toBe(true);
    expect(await settledWithin(whenPrecacheAllowed(), 50)).toBe(true);
  });
});
