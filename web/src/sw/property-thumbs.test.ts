import { describe, expect, it } from 'vitest';
import { isPropertyThumb, trimCache } from './property-thumbs';

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
});
