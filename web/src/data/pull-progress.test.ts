import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PullQuery, PullResponse } from '@casa/shared-schema';
import { bulkSyncing } from './bulk-sync';
import { ReplicaDb } from './db';
import { getMeta } from './meta';
import { applyPullPage } from './pull-apply';
import { SyncEngine } from './sync-engine';
import { manualTimers } from './testing/device';
import { AGENT, ORG } from './testing/fixtures';
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
    expect(await applyPullPage(db, session, PAGES[0]!)).toEqual({ done: 2, total: 5 });
    expect(await getMeta(db, 'snapshotProgress')).toEqual({ done: 2, total: 5 });
    // A reload resumes the count from meta.
    expect(await applyPullPage(db, session, PAGES[1]!)).toEqual({ done: 4, total: 5 });
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
