import { describe, expect, it } from 'vitest';
import { createCacheTrimmer, isPropertyThumb, trimCache } from './property-thumbs';

const origin = 'https://casa.exemplo.pt';
const p = '0b6f1c9e-6d1a-4a53-9a57-5f1c2a0f6b01';
const f = '7d3c2b1a-0e9f-4c8b-a7d6-e5f4a3b2c1d0';

describe('property thumbnails in the service worker', () => {
  it('matches only GET of a thumbnail of this origin', () => {
    expect(isPropertyThumb(new URL(`${origin}/api/properties/${p}/photos/${f}/thumb`), 'GET', origin)).toBe(
      true,
    );
    expect(isPropertyThumb(new URL(`${origin}/api/properties/${p}/photos/${f}/display`), 'GET', origin)).toBe(
      false,
    );
    expect(isPropertyThumb(new URL(`${origin}/api/properties/${p}/photos`), 'GET', origin)).toBe(false);
    expect(
      isPropertyThumb(new URL(`${origin}/api/properties/${p}/photos/${f}/thumb`), 'DELETE', origin),
    ).toBe(false);
    expect(
      isPropertyThumb(new URL(`https://outro.pt/api/properties/${p}/photos/${f}/thumb`), 'GET', origin),
    ).toBe(false);
  });

  it('trims the oldest entries beyond the maximum', async () => {
    const keys = ['a', 'b', 'c', 'd'].map((k) => new Request(`${origin}/${k}`));
    const deleted: string[] = [];
    const cache = {
      keys: async () => keys as readonly Request[],
      delete: async (r: RequestInfo | URL) => {
        deleted.push(String((r as Request).url));
        return true;
      },
    };
    expect(await trimCache(cache as unknown as Cache, 2)).toBe(2);
    expect(deleted).toEqual([`${origin}/a`, `${origin}/b`]);
  });

  it('keeps the cache within the maximum, listing it only at the start and when the count reaches it', async () => {
    const keys: Request[] = [new Request(`${origin}/old`)];
    let listed = 0;
    const cache = {
      keys: async () => {
        listed += 1;
        return [...keys] as readonly Request[];
      },
      delete: async (r: RequestInfo | URL) => {
        keys.splice(keys.indexOf(r as Request), 1);
        return true;
      },
    };
    const trim = createCacheTrimmer(50);
    for (let i = 0; i < 500; i += 1) {
      keys.push(new Request(`${origin}/${i}`));
      await trim(cache as unknown as Cache);
      expect(keys.length).toBeLessThanOrEqual(50);
    }
    // The newest 50 stay; 1 listing to start, then one per put once full (450 puts past the maximum).
    expect(keys.map((k) => k.url)).toEqual(Array.from({ length: 50 }, (_, i) => `${origin}/${450 + i}`));
    expect(listed).toBeLessThanOrEqual(452);
    const fresh = createCacheTrimmer(10_000);
    listed = 0;
    for (let i = 0; i < 500; i += 1) await fresh(cache as unknown as Cache);
    expect(listed).toBe(1);
  });
});
