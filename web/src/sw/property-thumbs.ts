/**
 * Property photo thumbnails offline (issue 20): the service worker keeps every thumbnail the app fetched
 * (`GET /api/properties/{id}/photos/{photoId}/thumb`, immutable per URL) in its own cache, cache first, so
 * that lists and galleries show them without a network. No other /api answer is ever cached. The cache is
 * dropped at logout (features/auth/auth.actions.ts): the next user of the device must not read it.
 */
export const PROPERTY_THUMBS_CACHE = 'casa-property-thumbs-v1';

/** ~20 KB each: 10,000 thumbnails are about 200 MB, the photos of a large agency's whole portfolio. */
export const PROPERTY_THUMBS_MAX = 10_000;

const THUMB_PATH = /^\/api\/properties\/[0-9a-f-]{36}\/photos\/[0-9a-f-]{36}\/thumb$/;

export function isPropertyThumb(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && THUMB_PATH.test(url.pathname);
}

/** Deletes the oldest entries beyond `max` (Cache keys come back in insertion order). */
export async function trimCache(cache: Pick<Cache, 'keys' | 'delete'>, max: number): Promise<number> {
  const keys = await cache.keys();
  const extra = keys.slice(0, Math.max(0, keys.length - max));
  for (const request of extra) await cache.delete(request);
  return extra.length;
}

/**
 * `trimCache` for every put without listing the cache each time: listing 7,000 keys per thumbnail made
 * caching a portfolio's thumbnails quadratic (bench:screens --properties 5000 did not finish in 10 min).
 * The cache is listed on the first put of a worker's life, then counted (CacheFirst puts only what it
 * missed; a put that replaced an entry overcounts, which only lists and trims earlier), and listed
 * again only once the count reaches `max`.
 */
export function createCacheTrimmer(max: number) {
  let count: number | null = null;
  return async (cache: Pick<Cache, 'keys' | 'delete'>): Promise<number> => {
    if (count !== null && count < max) {
      count += 1;
      return 0;
    }
    const keys = await cache.keys();
    const extra = keys.slice(0, Math.max(0, keys.length - max));
    for (const request of extra) await cache.delete(request);
    count = keys.length - extra.length;
    return extra.length;
  };
}

/** At logout: the thumbnails are the organization's data, not the next user's (no-op without Cache Storage). */
export async function dropPropertyThumbs(
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  await storage?.delete(PROPERTY_THUMBS_CACHE).catch(() => false);
}
