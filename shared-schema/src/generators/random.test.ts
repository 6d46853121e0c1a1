import { describe, expect, it } from 'vitest';
import { createRandom, hashSeed } from './random';

describe('createRandom', () => {
  it('repeats the same stream for the same seed and differs for another', () => {
    const a = createRandom('demo');
    const b = createRandom('demo');
    const c = createRandom('other');
    const take = (r: ReturnType<typeof createRandom>) => Array.from({ length: 20 }, () => r.next());
    const first = take(a);
    expect(take(b)).toEqual(first);
    expect(take(c)).not.toEqual(first);
    expect(hashSeed('demo')).toBe(hashSeed('demo'));
  });

  it('keeps numbers in range', () => {
    const r = createRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = r.int(1, 6);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    expect(seen.size).toBe(6);
  });

  it('makes distinct v4-shaped uuids and distinct samples', () => {
    const r = createRandom(1);
    const ids = Array.from({ length: 5000 }, () => r.uuid());
    for (const id of ids.slice(0, 50))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const sample = r.sample([1, 2, 3, 4, 5, 6], 4);
    expect(sample).toHaveLength(4);
    expect(new Set(sample).size).toBe(4);
    expect(() => r.pick([])).toThrow();
  });
});
