import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@casa/shared-schema';
import type { SyncClient } from './sync-client';
import {
  discardEarlySyncClient,
  prestartSyncClient,
  replicaSessionOf,
  startSyncClient,
} from './sync-client-start';

vi.mock('../lib/after-paint', () => ({ afterFirstPaint: (run: () => void) => run() }));

// The real client opens IndexedDB and starts a loop; here each created client records its start gate.
type Record = { session: { userId: string }; started: boolean; stopped: boolean; closed: boolean };
const created: Record[] = [];
const create = (session: { userId: string }, opts: { startWhen: (run: () => void) => void }) => {
  const client: Record = { session, started: false, stopped: false, closed: false };
  created.push(client);
  opts.startWhen(() => (client.started = true));
  const fake = {
    engine: { stop: () => (client.stopped = true) },
    db: { close: () => (client.closed = true) },
    record: client,
  };
  return Promise.resolve(fake as unknown as SyncClient);
};

const user = (id: string, organizationId: string | null = 'org-1') =>
  ({ id, organizationId, role: 'agent', isSuperAdmin: false }) as unknown as CurrentUser;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  discardEarlySyncClient();
  created.length = 0;
});

describe('the sync client started at start-up', () => {
  it('opens the replica early but syncs only once the frame claims it, and is not opened twice', async () => {
    prestartSyncClient(user('u1'), { create });
    await flush();
    expect(created).toHaveLength(1);
    expect(created[0]!.started).toBe(false);
    const client = await startSyncClient(replicaSessionOf(user('u1'))!, create);
    await flush();
    expect(created).toHaveLength(1);
    expect((client as unknown as { record: unknown }).record).toBe(created[0]);
    expect(created[0]!.started).toBe(true);
  });

  it('hands the open client to `opened` (the screen starts its reads)', async () => {
    const opened = vi.fn();
    prestartSyncClient(user('u1'), { create, opened });
    await flush();
    expect(opened).toHaveBeenCalledTimes(1);
    expect((opened.mock.calls[0]![0] as { record: unknown }).record).toBe(created[0]);
  });

  it("is dropped (loop stopped, replica closed) when another user's frame starts", async () => {
    prestartSyncClient(user('u1'), { create });
    await startSyncClient(replicaSessionOf(user('u2'))!, create);
    await flush();
    expect(created.map((c) => c.session.userId)).toEqual(['u1', 'u2']);
    expect(created[0]).toMatchObject({ started: false, stopped: true, closed: true });
    expect(created[1]).toMatchObject({ started: true, stopped: false });
  });

  it('is dropped when the session check finds nobody signed in', async () => {
    prestartSyncClient(user('u1'), { create });
    discardEarlySyncClient();
    await flush();
    expect(created[0]).toMatchObject({ started: false, stopped: true, closed: true });
  });

  it('starts nothing without a replica (no user, or the super admin without organization)', async () => {
    prestartSyncClient(null, { create });
    prestartSyncClient(user('admin', null), { create });
    await flush();
    expect(created).toHaveLength(0);
  });
});
