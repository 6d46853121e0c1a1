import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { ReplicaDb, ReplicaDbV1 } from './db';
import { clearReplicaAfterDrain, ensureClientId, openReplica, requestPersistentStorage } from './replica';
import { withReopen } from './reopen';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice } from './testing/device';
import { AGENT, buyer, ORG } from './testing/fixtures';
import { getMeta } from './meta';

const names: string[] = [];
const dbName = () => {
  const name = `replica-test-${crypto.randomUUID()}`;
  names.push(name);
  return name;
};

afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

describe('local store', () => {
  it('a new app version migrates the store without losing the outbox', async () => {
    const name = dbName();
    const v1 = new ReplicaDbV1(name);
    await v1.open();
    await v1.table('outbox').bulkAdd([
      {
        mutationId: 1,
        name: 'createTag',
        args: { id: crypto.randomUUID(), name: 'VIP' },
        createdAt: '2026-11-22T10:00:00.000Z',
      },
      { mutationId: 2, name: 'markAllNotificationsRead', args: {}, createdAt: '2026-11-22T10:01:00.000Z' },
    ]);
    await v1.table('meta').put({ key: 'clientId', value: 'c1' });
    await v1
      .table('clients')
      .put({ id: crypto.randomUUID(), ...buyer('Ana'), createdAt: '2026-11-20T10:00:00.000Z' });
    v1.close();

    const v2 = new ReplicaDb(name);
    await v2.open();
    expect(v2.verno).toBe(7);
    // v6 added properties and their photos.
    expect(await v2.properties.count()).toBe(0);
    expect(await v2.propertyPhotos.count()).toBe(0);
    // v5 dropped `unconfirmed` (written, never read).
    expect(v2.tables.map((t) => t.name)).not.toContain('unconfirmed');
    expect((await v2.outbox.toArray()).map((e) => e.mutationId)).toEqual([1, 2]);
    expect(await getMeta(v2, 'clientId')).toBe('c1');
    expect(await v2.base.count()).toBe(0);
    expect(await v2.snapshotSeen.count()).toBe(0);
    // v6 adds property photos (replicated metadata) and the device's photo outbox, empty.
    expect(await v2.propertyPhotos.count()).toBe(0);
    expect(await v2.photoUploads.count()).toBe(0);
    // v4's createdAt index covers the rows already there.
    expect(await v2.clients.where('createdAt').aboveOrEqual('2026-11-01').count()).toBe(1);
    v2.close();
  });

  it('opens one database per user and empties a replica of another organization', async () => {
    const session = { userId: crypto.randomUUID(), organizationId: ORG, role: 'agent' as const };
    const db = await openReplica(session);
    names.push(db.name);
    await db.outbox.add({ mutationId: 1, name: 'markAllNotificationsRead', args: {}, createdAt: 'x' });
    db.close();
    const moved = await openReplica({ ...session, organizationId: crypto.randomUUID() });
    expect(moved.name).toContain(session.userId);
    expect(await moved.outbox.count()).toBe(0);
    moved.close();
  });

  it('logout clears the replica only once the outbox is empty, or when forced', async () => {
    const db = new ReplicaDb(dbName());
    await db.open();
    await db.outbox.add({ mutationId: 1, name: 'markAllNotificationsRead', args: {}, createdAt: 'x' });
    expect(await clearReplicaAfterDrain(db)).toEqual({ cleared: false, pending: 1 });
    expect(await db.outbox.count()).toBe(1);
    expect(await clearReplicaAfterDrain(db, { force: true })).toEqual({ cleared: true });
    expect(await Dexie.exists(db.name)).toBe(false);
  });

  it('generates the device id once and asks for persistent storage once', async () => {
    const db = new ReplicaDb(dbName());
    const id = await ensureClientId(db);
    expect(await ensureClientId(db)).toBe(id);
    let asked = 0;
    const storage = { persist: async () => (asked += 1) > 0 };
    await requestPersistentStorage(db, storage);
    await requestPersistentStorage(db, storage);
    expect(asked).toBe(1);
    db.close();
  });

  it("reopens after Safari's 'The database connection is closing' and the outbox survives", async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    const d = await createDevice(server, AGENT, { dbName: dbName() });
    await d.mutate.createClient(buyer('Ana'));
    d.db.close();
    // Dexie answers DatabaseClosedError on a closed connection: the mutator reopens and goes on.
    await d.mutate.createClient(buyer('Rui'));
    let calls = 0;
    const count = await withReopen(d.db, async () => {
      calls += 1;
      if (calls === 1) throw new DOMException('The database connection is closing.', 'InvalidStateError');
      return d.db.outbox.count();
    });
    expect(count).toBe(2);
    expect(calls).toBe(2);
  });
});
