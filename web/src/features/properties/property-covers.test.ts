import { describe, expect, it } from 'vitest';
import type { PropertyPhoto } from '@casa/shared-schema';
import type { PhotoUpload } from '../../data/db';
import { coverPhotos } from './property-covers';

const P1 = '0190a0b2-0000-7000-8000-0000000000a1';
const P2 = '0190a0b2-0000-7000-8000-0000000000a2';
const P3 = '0190a0b2-0000-7000-8000-0000000000a3';

const photo = (id: string, propertyId: string, position: number, isCover = false) =>
  ({ id, propertyId, position, isCover }) as PropertyPhoto;
const upload = (
  photoId: string,
  propertyId: string,
  position: number,
  state: PhotoUpload['state'] = 'pending',
) => ({ photoId, propertyId, position, state, blob: new Blob(['x']), error: null }) as PhotoUpload;

describe('cover of each property', () => {
  it('the photo marked cover, else the first in order; thumbnails by URL', () => {
    const covers = coverPhotos(
      [photo('b', P1, 1), photo('a', P1, 0), photo('d', P2, 0), photo('c', P2, 1, true)],
      [],
    );
    expect(covers.get(P1)?.id).toBe('a');
    expect(covers.get(P1)?.thumbUrl).toBe(`/api/properties/${P1}/photos/a/thumb`);
    expect(covers.get(P2)?.id).toBe('c');
  });

  it('a photo still on the device is the cover of a property with no synced photo; a refused one never', () => {
    const covers = coverPhotos([], [upload('x', P1, 1), upload('w', P1, 0), upload('f', P3, 0, 'failed')]);
    expect(covers.get(P1)?.id).toBe('w');
    expect(covers.get(P1)?.blob).not.toBeNull();
    expect(covers.has(P3)).toBe(false);
  });
});
