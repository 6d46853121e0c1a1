import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { setMeta } from './meta';
import { createSyncClient, type SyncClient } from './sync-client';
import { FakeSyncServer } from './testing/fake-sync-server';
import { FakeTransport } from './testing/fake-transport';
import { manualTimers } from './testing/device';
import { AGENT, ORG } from './testing/fixtures';

const session = { userId: AGENT, organizationId: ORG, role: 'agent' as const };
let client: SyncClient | undefined;

afterEach(async () => {
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
