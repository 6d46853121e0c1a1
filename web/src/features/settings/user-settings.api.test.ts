import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createUserSettingsCache, USER_SETTINGS_CACHE_MS } from './user-settings.api';

function setup(answers: unknown[]) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(answers.shift() ?? {}), { status: 200 }),
  );
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getCookie: () => 'tok',
    onSuspended: () => {},
  });
  let time = 1_000;
  const cache = createUserSettingsCache(
    () => client,
    () => time,
  );
  return { cache, fetch, advance: (ms: number) => (time += ms) };
}

describe('user settings cache (docs/product.md#accounts: 5 minutes)', () => {
  it('fills the defaults and serves repeats from the cache', async () => {
    const { cache, fetch } = setup([{ appearance: { theme: 'dark' } }]);
    const first = await cache.load();
    expect(first.appearance).toEqual({ theme: 'dark', language: 'pt', compactMode: false });
    expect(first.notifications).toEqual({ email: true, push: true, reports: false, followups: true });
    await cache.load();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads again once five minutes have passed', async () => {
    const { cache, fetch, advance } = setup([{}, { appearance: { theme: 'light' } }]);
    await cache.load();
    advance(USER_SETTINGS_CACHE_MS - 1);
    await cache.load();
    expect(fetch).toHaveBeenCalledTimes(1);
    advance(1);
    expect((await cache.load()).appearance.theme).toBe('light');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a save sends the subset and keeps the merged answer', async () => {
    const { cache, fetch } = setup([{}, { appearance: { theme: 'dark' } }]);
    await cache.load();
    await cache.save({ appearance: { theme: 'dark' } });
    const init = fetch.mock.calls[1]?.[1] as RequestInit | undefined;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ appearance: { theme: 'dark' } });
    expect(cache.peek()?.appearance.theme).toBe('dark');
  });
});
