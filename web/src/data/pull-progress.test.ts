import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PullQuery, PullResponse } from '@casa/shared-schema';
import { bulkSyncing } from './bulk-sync';
import { ReplicaDb } from './db';
import { getMeta } from './meta';
import { applyPullPage } from './pull-apply';
import { SyncEngine } from './sync-engine';
import { collectionArrived, INITIAL_SYNC_STATE } from './sync-state';
import { manualTimers } from './testing/device';
import { AGENT, clientRow, ORG } from './testing/fixtures';
import type { SyncTransport } from './transport';

const session = { userId: AGENT, organizationId: ORG, role: 'agent' as const };
let db: ReplicaDb;
afterEach(async () => {
  await db?.delete();
});

const tag = (n: number) => ({
  op: 'put' as const,
  table: 'tags' as const,
  id: `t${n}`,
  row: { id: `t${n}`, name: `Etiqueta ${n}`, color: '#ef4444' },
});

/** A snapshot of 5 tags in pages of 2 (the first announces the total), cursors '1', '2', '3'. */
const PAGES: PullResponse[] = [
  { cursor: '1', hasMore: true, reset: true, total: 5, changes: [tag(1), tag(2)] },
  { cursor: '2', hasMore: true, reset: false, changes: [tag(3), tag(4)] },
  { cursor: '3', hasMore: false, reset: false, changes: [tag(5)] },
];

describe('first sync progress', () => {
  it('counts the rows received of the total, kept in meta until the snapshot completes', async () => {
    db = new ReplicaDb(`progress-${Math.random()}`);
    expect(await applyPullPage(db, session, PAGES[0]!)).toEqual({ done: 2, total: 5, reached: 'tags' });
    expect(await getMeta(db, 'snapshotProgress')).toEqual({ done: 2, total: 5, reached: 'tags' });
    // A reload resumes the count from meta.
    expect(await applyPullPage(db, session, PAGES[1]!)).toEqual({ done: 4, total: 5, reached: 'tags' });
    expect(await applyPullPage(db, session, PAGES[2]!)).toBeNull();
    expect(await getMeta(db, 'snapshotProgress')).toBeUndefined();
    expect(await db.tags.count()).toBe(5);
  });

  it('requests the next page before writing the current one, shows the progress, and marks a bulk pull', async () => {
    db = new ReplicaDb(`progress-${Math.random()}`);
    const events: string[] = [];
    const transport: SyncTransport = {
      pull(query: Partial<PullQuery>) {
        const page = PAGES[query.cursor ? Number(query.cursor) : 0]!;
        events.push(`pull ${query.cursor ?? '-'} (bulk: ${bulkSyncing(db)})`);
        return Promise.resolve(page);
      },
      push: () => Promise.reject(new Error('nothing to push')),
    };
    const engine = new SyncEngine({
      db,
      transport,
      session: () => session,
      env: { isOnline: () => true, timers: manualTimers },
    });
    engine.state.subscribe(() => {
      const { progress } = engine.state.get();
      const last = events[events.length - 1];
      const line = `progress ${progress ? `${progress.done}/${progress.total}` : 'none'}`;
      if (last !== line) events.push(line);
    });
    await engine.syncNow();
    expect(events).toEqual([
      'progress none', // syncing starts
      'pull - (bulk: false)',
      // Page 2 is asked for before page 1 is written.
      'pull 1 (bulk: true)',
      'progress 2/5',
      'pull 2 (bulk: true)',
      'progress 4/5',
      'progress none',
    ]);
    expect(bulkSyncing(db)).toBe(false);
    expect(engine.state.get().lastSyncedAt).not.toBeNull();
    expect(await db.tags.count()).toBe(5);
    engine.stop();
  });
});

describe('which collections a first snapshot has brought whole', () => {
  const client = (n: number) => ({
    op: 'put' as const,
    table: 'clients' as const,
    id: `c${n}`,
    row: clientRow({ id: `c${n}`, name: `Cliente ${n}` }),
  });
  const firstSync = { ...INITIAL_SYNC_STATE, lastSyncedAt: null, online: true };

  it('a collection is whole once the snapshot reaches a later one; delta pages never move it back', async () => {
    db = new ReplicaDb(`reached-${Math.random()}`);
    const pages: PullResponse[] = [
      { cursor: '1', hasMore: true, reset: true, total: 6, changes: [tag(1), tag(2)] },
      { cursor: '2', hasMore: true, reset: false, changes: [tag(3), client(1)] },
      { cursor: '3', hasMore: true, reset: false, changes: [client(2), client(3)] },
      // Rows changed while the snapshot ran come again after it, in any collection.
      { cursor: '4', hasMore: true, reset: false, changes: [tag(1)] },
      { cursor: '5', hasMore: false, reset: false, changes: [] },
    ];
    const seen: [string | null, boolean, boolean][] = [];
    for (const page of pages.slice(0, 4)) {
      const progress = await applyPullPage(db, session, page);
      const state = { ...firstSync, progress };
      seen.push([
        progress?.reached ?? null,
        collectionArrived(state, 'tags'),
        collectionArrived(state, 'clients'),
      ]);
    }
    expect(seen).toEqual([
      ['tags', false, false],
      ['clients', true, false],
      ['clients', true, false],
      ['clients', true, false],
    ]);
    expect(await applyPullPage(db, session, pages[4]!)).toBeNull();
  });

  it('every collection has arrived once the replica is settled: synced before, offline or failing', () => {
    expect(collectionArrived(firstSync, 'followUps')).toBe(false);
    expect(collectionArrived({ ...firstSync, lastSyncedAt: '2026-11-28T10:00:00.000Z' }, 'followUps')).toBe(
      true,
    );
    expect(collectionArrived({ ...firstSync, online: false }, 'followUps')).toBe(true);
    expect(collectionArrived({ ...firstSync, error: 'Erro' }, 'followUps')).toBe(true);
  });
});
