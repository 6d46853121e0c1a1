import { afterEach, describe, expect, it, vi } from 'vitest';
import { ObjectUrls } from './object-urls';

afterEach(() => vi.restoreAllMocks());

describe('ObjectUrls', () => {
  it('keeps one URL per photo across reads that give new Blobs, and revokes those no longer shown', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const urls = new ObjectUrls();
    const first = urls.urlOf('a', new Blob(['x']));
    const other = urls.urlOf('b', new Blob(['y']));
    expect(urls.urlOf('a', new Blob(['x']))).toBe(first);
    expect(other).not.toBe(first);

    urls.keepOnly(new Set(['a']));
    expect(revoke.mock.calls).toEqual([[other]]);
    expect(urls.urlOf('a', new Blob(['x']))).toBe(first);
    // A photo shown again after it left gets a new URL (its old one was revoked).
    expect(urls.urlOf('b', new Blob(['y']))).not.toBe(other);
  });
});
