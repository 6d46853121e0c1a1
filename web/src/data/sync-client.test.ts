import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from './meta';
import {
  createSyncClient,
  openSyncClient,
  resetEarlySyncClient,
  startEarlySyncClient,
  type SyncClient,
} from './sync-client';
import { FakeSyncServer } from './testing/fake-sync-server';
import { FakeTransport } from './testing/fake-transport';
import { manualTimers } from './testing/device';
import { AGENT, ORG } from './testing/fixtures';

const session = { userId: AGENT, organizationId: ORG, role: 'agent' as const };
let client: SyncClient | undefined;

afterEach(async () => {
  resetEarlySyncClient();
  client?.engine.stop();
  await client?.db.delete();
  client = undefined;
});

async function open(startWhen: (start: () => void) => void, online = true) {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  const transport = new FakeTransport(server, AGENT);
  client = await createSyncClient(session, {
    transport,
    env: { isOnline: () => online, timers: manualTimers },
    startWhen,
  });
  await client.engine.idle();
  return transport;
}

describe('createSyncClient: when the sync loop starts', () => {
  it('pulls at once on a replica that never finished a sync (nothing cached to paint first)', async () => {
    const deferred: (() => void)[] = [];
    const transport = await open((start) => deferred.push(start));
    expect(deferred).toHaveLength(0);
    expect(transport.calls.filter((c) => c.kind === 'pull').length).toBeGreaterThan(0);
  });

  it('waits for startWhen on a replica synced before (its rows paint first)', async () => {
    // A first client syncs the replica once, as the previous visit did.
    const first = await open(() => undefined);
    expect(first.calls.some((c) => c.kind === 'pull')).toBe(true);
    await setMeta(client!.db, 'lastSyncedAt', new Date().toISOString());
    client!.engine.stop();
    client = undefined;

    const deferred: (() => void)[] = [];
    const transport = await open((start) => deferred.push(start));
    expect(deferred).toHaveLength(1);
    expect(transport.calls).toHaveLength(0);
    deferred[0]!();
    await client!.engine.idle();
    expect(transport.calls.some((c) => c.kind === 'pull')).toBe(true);
  });

  it('starts its indicator from the outbox and the connection, before the loop runs (an offline reload)', async () => {
    await open(() => undefined);
    await client!.mutate.createClient({ name: 'Sem Rede', type: 'Vendedor', customFields: {} });
    await setMeta(client!.db, 'lastSyncedAt', new Date().toISOString());
    client!.engine.stop();
    client = undefined;

    await open(() => undefined, false); // the loop waits for its first paint: only the start state shows
    expect(client!.state.get()).toMatchObject({ online: false, pending: 1 });
  });
});

describe('the early sync client (a first visit, started by the early first page)', () => {
  const early = (user: string) => ({
    cursor: `s1.${ORG}.${user}.4.0.-`,
    hasMore: true,
    reset: true,
    changes: [],
  });

  it("is adopted by the frame for the same user, with the session's role", async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    const transport = new FakeTransport(server, AGENT);
    startEarlySyncClient(early(AGENT), { transport, env: { isOnline: () => true, timers: manualTimers } });
    // Its replica opens (waited for: a loaded machine opens it later) …
    await vi.waitFor(
      async () => expect((await indexedDB.databases()).map((d) => d.name)).toContain(`casa-replica-${AGENT}`),
      { timeout: 5000 },
    );
    await new Promise((r) => setTimeout(r, 50));
    // … but it asks nothing more until the frame adopts it (the network is the frame's) …
    expect(transport.calls.some((c) => c.kind === 'pull')).toBe(false);
    client = await openSyncClient(session, { startWhen: () => undefined });
    await client.engine.idle();
    // … then it syncs at once (the frame's startWhen, for a replica synced before, is not waited for) …
    expect(transport.calls.some((c) => c.kind === 'pull')).toBe(true);
    expect(client.db.name).toBe(`casa-replica-${AGENT}`);
    // … and the agent may write from the frame on (the early client had the least role).
    await client.mutate.createClient({ name: 'Primeira Visita', type: 'Vendedor', customFields: {} });
    expect(await client.db.outbox.count()).toBe(1);
  });

  it('is stopped and closed when the session is of another user; the frame opens its own', async () => {
    const other = '99999999-9999-4999-8999-999999999999';
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    startEarlySyncClient(early(other), {
      transport: new FakeTransport(server, AGENT),
      env: { isOnline: () => true, timers: manualTimers },
    });
    const server2 = new FakeSyncServer(ORG);
    server2.addMember(AGENT);
    client = await openSyncClient(session, {
      transport: new FakeTransport(server2, AGENT),
      env: { isOnline: () => true, timers: manualTimers },
    });
    expect(client.db.name).toBe(`casa-replica-${AGENT}`);
    await new Promise((r) => setTimeout(r, 50));
    const stale = new (await import('./db')).ReplicaDb(`casa-replica-${other}`);
    let warned = false;
    const warn = console.warn;
    console.warn = () => void (warned = true); // Dexie warns when a connection still open blocks the delete
    try {
      await stale.delete();
    } finally {
      console.warn = warn;
    }
    expect(warned).toBe(false);
  });

  it('starts no second client when the page comes after the frame opened its own', async () => {
    const other = '88888888-8888-4888-8888-888888888888';
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    client = await openSyncClient(session, {
      transport: new FakeTransport(server, AGENT),
      env: { isOnline: () => true, timers: manualTimers },
    });
    startEarlySyncClient(early(other), {
      transport: new FakeTransport(server, AGENT),
      env: { isOnline: () => true, timers: manualTimers },
    });
    await new Promise((r) => setTimeout(r, 50));
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toContain(`casa-replica-${AGENT}`);
    expect(names).not.toContain(`casa-replica-${other}`);
  });

  it('starts nothing for an answer without a cursor of the known shape', async () => {
    startEarlySyncClient({ cursor: 'x' });
    startEarlySyncClient(null);
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    const transport = new FakeTransport(server, AGENT);
    client = await openSyncClient(session, {
      transport,
      env: { isOnline: () => true, timers: manualTimers },
    });
    await client.engine.idle();
    expect(transport.calls.some((c) => c.kind === 'pull')).toBe(true);
  });
});
