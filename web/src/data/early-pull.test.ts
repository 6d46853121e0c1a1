import { afterEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '@casa/shared-schema';
import { askFirstPullEarly, takeEarlyPull } from './early-pull';
import { cursorOwnedBy, withEarlyFirstPage } from './early-first-page';
import type { SyncTransport } from './transport';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';

const page = (cursor: string): PullResponse => ({
  cursor,
  hasMore: true,
  reset: true,
  total: 1,
  changes: [{ op: 'put', table: 'tags', id: 't1', row: { id: 't1', name: 'VIP' } }],
});

function env(
  opts: { databases?: string[] | undefined; status?: number; body?: unknown; path?: string } = {},
) {
  const asked: string[] = [];
  let preloaded = 0;
  const pages: unknown[] = [];
  return {
    asked,
    preloaded: () => preloaded,
    pages,
    env: {
      online: true,
      maybeSignedIn: true,
      path: opts.path ?? '/clients',
      databases: async () => ('databases' in opts ? opts.databases : []),
      fetch: (async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify(opts.body ?? {}), { status: opts.status ?? 200 });
      }) as typeof fetch,
      setTimeout: () => undefined,
      signedIn: (p: Promise<unknown>) => void ((preloaded += 1), pages.push(p)),
    },
  };
}

afterEach(() => void takeEarlyPull());

describe('the early first pull', () => {
  it('asks for the first page when the device holds no replica, and hands it over once', async () => {
    const e = env({ databases: ['bench-bare-1'], body: page(`s1.${ORG}.${USER}.5.0.-`) });
    askFirstPullEarly(e.env);
    askFirstPullEarly(e.env); // asked once
    expect(await takeEarlyPull()).toEqual(page(`s1.${ORG}.${USER}.5.0.-`));
    expect(takeEarlyPull()).toBeNull();
    expect(e.asked).toEqual(['/api/sync/pull?limit=500']);
    expect(e.preloaded()).toBe(1);
    expect(await Promise.all(e.pages)).toEqual([page(`s1.${ORG}.${USER}.5.0.-`)]);
  });

  it('asks nothing with a replica present, offline, on the sign-in screens or where databases cannot be listed', async () => {
    for (const e of [
      env({ databases: ['casa-replica-someone'] }),
      env({ databases: undefined }),
      env({ path: '/login' }),
      env({ path: '/register' }),
    ]) {
      askFirstPullEarly(e.env);
      expect(await takeEarlyPull()).toBeNull();
      expect(e.asked).toEqual([]);
    }
    const offline = env();
    askFirstPullEarly({ ...offline.env, online: false });
    expect(takeEarlyPull()).toBeNull();
    // No signed-in hint from the server: a visitor, whose pull would be a 401.
    const visitor = env();
    askFirstPullEarly({ ...visitor.env, maybeSignedIn: false });
    expect(takeEarlyPull()).toBeNull();
    expect(visitor.asked).toEqual([]);
  });

  it('answers null for a visitor (401), without starting the sync client', async () => {
    const e = env({ status: 401, body: { error: 'Não autenticado' } });
    askFirstPullEarly(e.env);
    expect(await takeEarlyPull()).toBeNull();
    expect(e.preloaded()).toBe(0);
  });
});

describe('withEarlyFirstPage', () => {
  const session = { organizationId: ORG, userId: USER };
  function transport() {
    const pulls: unknown[] = [];
    const t: SyncTransport = {
      pull: async (query) => {
        pulls.push(query);
        return page(`d1.${ORG}.${USER}.9`);
      },
      push: async () => ({ results: [] }) as never,
    };
    return { t, pulls };
  }

  it("answers the first cursor-less pull with the early page when it is this user's", async () => {
    const { t, pulls } = transport();
    const early = page(`s1.${ORG}.${USER}.5.0.-`);
    const wrapped = withEarlyFirstPage(t, Promise.resolve(early), () => session);
    expect(await wrapped.pull({ limit: 2000 })).toEqual(early);
    expect(pulls).toEqual([]);
    // Only once: the next cursor-less pull goes to the server.
    await wrapped.pull({ limit: 2000 });
    expect(pulls).toEqual([{ limit: 2000 }]);
  });

  it("pulls as usual for another user's page, a failed or malformed answer, or a pull with a cursor", async () => {
    const cases: [Promise<unknown>, { cursor?: string; limit: number }][] = [
      [Promise.resolve(page(`s1.${ORG}.${OTHER}.5.0.-`)), { limit: 2000 }],
      [Promise.resolve(page(`s1.${OTHER}.${USER}.5.0.-`)), { limit: 2000 }],
      [Promise.resolve(page(`x9.${ORG}.${USER}.5`)), { limit: 2000 }],
      [Promise.resolve(null), { limit: 2000 }],
      [Promise.resolve({ cursor: 1 }), { limit: 2000 }],
      [Promise.reject(new Error('rede')), { limit: 2000 }],
      [Promise.resolve(page(`s1.${ORG}.${USER}.5.0.-`)), { cursor: `d1.${ORG}.${USER}.3`, limit: 2000 }],
    ];
    for (const [early, query] of cases) {
      early.catch(() => undefined);
      const { t, pulls } = transport();
      const answer = await withEarlyFirstPage(t, early, () => session).pull(query);
      expect(answer.cursor).toBe(`d1.${ORG}.${USER}.9`);
      expect(pulls).toEqual([query]);
    }
  });

  it('reads the owner from both cursor kinds only', () => {
    expect(cursorOwnedBy(`s1.${ORG}.${USER}.5.2.-`, session)).toBe(true);
    expect(cursorOwnedBy(`d1.${ORG}.${USER}.5`, session)).toBe(true);
    expect(cursorOwnedBy(`d1.${ORG}.${OTHER}.5`, session)).toBe(false);
    expect(cursorOwnedBy('', session)).toBe(false);
  });
});
