import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, AGENT2, buyer, ORG, replicaState, seller } from './testing/fixtures';
import { getMeta } from './meta';
import { workerPageWriter, type PageWriter } from './page-writer';
import type { ReplicaDb } from './db';
import { inThreadWorker } from './testing/in-thread-worker';
import { createApiClient } from '../lib/api';
import { remotePull } from './http-transport';

const devices: Device[] = [];

async function device(server: FakeSyncServer, userId = AGENT, opts = {}) {
  const d = await createDevice(server, userId, opts);
  devices.push(d);
  return d;
}

function newServer() {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  server.addMember(AGENT2);
  return server;
}

/** The server's pull as the page writer's worker fetches it (page-writer.host.ts). */
function serve(server: FakeSyncServer, userId: string) {
  return async (url: string) => {
    const query = new URL(url, 'https://casa.test').searchParams;
    const page = await server.pull(userId, {
      cursor: query.get('cursor') ?? undefined,
      limit: Number(query.get('limit')) || undefined,
    });
    return new Response(JSON.stringify(page), { status: 200 });
  };
}

/** A server whose organization has `n` sellers, created by another member's device. */
async function serverWithSellers(n: number) {
  const server = newServer();
  const other = await device(server, AGENT2);
  for (let i = 0; i < n; i += 1) await other.mutate.createClient(seller(`Vendedor ${i + 1}`));
  await other.engine.syncNow();
  return server;
}

const remote = () =>
  remotePull(
    createApiClient({
      fetch: () => Promise.reject(new Error('not used')),
      getCookie: () => undefined,
      onSuspended: () => undefined,
    }),
  );

afterEach(async () => {
  for (const d of devices.splice(0)) {
    d.engine.stop();
    await d.db.delete();
  }
});

describe('sync engine against the fake server', () => {
  it('offline writes reach the server once, in order, after reconnecting', async () => {
    const server = newServer();
    const phone = await device(server);
    await phone.engine.syncNow();
    phone.transport.offline = true;
    const { id } = await phone.mutate.createClient(buyer('Ana'));
    await phone.mutate.updateClient({ id: id!, rating: 4 });
    const fu = await phone.mutate.createFollowUp({
      clientId: id,
      title: 'Ligar',
      type: 'Telefonar',
      scheduledDate: '2026-11-23T10:00:00Z',
    });
    await phone.mutate.completeFollowUp({ id: fu.id!, completionComment: 'feito' });
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 4, online: false });
    expect(await phone.db.outbox.count()).toBe(4);

    phone.transport.offline = false;
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null, online: true });
    expect([...server.applications.values()]).toEqual([1, 1, 1, 1]);
    expect([...server.applications.keys()].map((k) => Number(k.split('/')[1]))).toEqual([1, 2, 3, 4]);
    const client = server.tables.get('clients')!.get(id!)!;
    expect(client).toMatchObject({ name: 'Ana', rating: 4 });
    expect(server.tables.get('followUps')!.get(fu.id!)).toMatchObject({
      completed: true,
      completionComment: 'feito',
    });
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
    expect(await getMeta(phone.db, 'lastSyncedAt')).toEqual(expect.any(String));
  });

  it('a push whose response was lost is retried without applying anything twice', async () => {
    const server = newServer();
    const phone = await device(server);
    await phone.mutate.createClient(buyer('Ana'));
    await phone.mutate.createClient(seller('Rui'));
    phone.transport.dropResponses = 1;
    await phone.engine.syncNow();
    expect(phone.engine.state.get().pending).toBe(2);
    expect(server.applications.size).toBe(2);

    await phone.engine.syncNow();
    expect([...server.applications.values()]).toEqual([1, 1]);
    expect(phone.engine.state.get().pending).toBe(0);
    expect(server.stateFor(AGENT).clients).toHaveLength(2);
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
  });

  it('a crash between the local write and the push: the next engine on the same database sends it', async () => {
    const server = newServer();
    const phone = await device(server);
    const { id } = await phone.mutate.createClient(buyer('Ana'));
    await phone.crash();
    expect(await phone.db.outbox.count()).toBe(1);
    await phone.mutate.updateClient({ id: id!, notes: 'depois do crash' });
    await phone.engine.syncNow();
    expect(server.tables.get('clients')!.get(id!)).toMatchObject({ notes: 'depois do crash' });
    expect(await getMeta<number>(phone.db, 'nextMutationId')).toBe(3);
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
  });

  it('a session that expired offline keeps the outbox and resumes after login', async () => {
    const server = newServer();
    const phone = await device(server);
    phone.transport.offline = true;
    await phone.mutate.createClient(buyer('Ana'));
    phone.transport.offline = false;
    phone.transport.sessionExpired = true;
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({
      needsLogin: true,
      pending: 1,
      error: errorMessages.notAuthenticated,
    });
    await phone.engine.syncNow(); // no retry while logged out
    expect(server.applications.size).toBe(0);

    phone.transport.sessionExpired = false;
    await phone.engine.resumeAfterLogin();
    expect(phone.engine.state.get()).toMatchObject({ needsLogin: false, pending: 0, error: null });
    expect(server.applications.size).toBe(1);
  });

  it('a rejected create is undone locally and listed with its message; later mutations still apply', async () => {
    const server = newServer();
    const phone = await device(server);
    const other = await device(server, AGENT2);
    const { id } = await phone.mutate.createClient(buyer('Ana'));
    await phone.engine.syncNow();
    await other.engine.syncNow();

    // Offline, the phone adds an interaction to Ana while the other device deletes her.
    phone.transport.offline = true;
    const interaction = await phone.mutate.addInteraction({ clientId: id, type: 'Chamada' });
    const second = await phone.mutate.createClient(seller('Rui'));
    await other.mutate.deleteClient({ id });
    await other.engine.syncNow();

    phone.transport.offline = false;
    await phone.engine.syncNow();
    const state = phone.engine.state.get();
    expect(state.rejected).toHaveLength(1);
    expect(state.rejected[0]).toMatchObject({
      name: 'addInteraction',
      error: { message: errorMessages.clientNotFound, status: 404 },
    });
    expect(await phone.db.interactions.get(interaction.id!)).toBeUndefined();
    expect(await phone.db.clients.get(id!)).toBeUndefined();
    expect(await phone.db.clients.get(second.id!)).toMatchObject({ name: 'Rui' });
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));

    await phone.engine.dismissRejected(state.rejected[0]!.mutationId);
    expect(phone.engine.state.get().rejected).toEqual([]);
  });

  it('an agent turned viewer: writes queued offline are rejected with the 403 text and undone', async () => {
    const server = newServer();
    const phone = await device(server);
    await phone.engine.syncNow();
    phone.transport.offline = true;
    const { id } = await phone.mutate.createClient(buyer('Ana'));
    server.setRole(AGENT, 'viewer');
    phone.transport.offline = false;
    await phone.engine.syncNow();
    expect(phone.engine.state.get().rejected[0]?.error.message).toBe(errorMessages.forbidden);
    expect(await phone.db.clients.get(id!)).toBeUndefined();
  });

  it('a pending local edit is not overwritten by an older server row during the pull (rebase)', async () => {
    const server = newServer();
    const phone = await device(server);
    const other = await device(server, AGENT2);
    const { id } = await phone.mutate.createClient(buyer('Ana'));
    await phone.engine.syncNow();
    await other.engine.syncNow();
    await other.mutate.updateClient({ id: id!, notes: 'do outro' });
    await other.engine.syncNow();

    // The push goes through, then the phone edits again before its pull lands.
    phone.transport.offline = true;
    await phone.mutate.updateClient({ id: id!, rating: 5 });
    const pull = await server.pull(AGENT, { cursor: await getMeta<string>(phone.db, 'cursor') });
    const { applyPullPage } = await import('./pull-apply');
    await applyPullPage(phone.db, phone.session, pull);
    expect(await phone.db.clients.get(id!)).toMatchObject({ rating: 5, notes: 'do outro' });

    phone.transport.offline = false;
    await phone.engine.syncNow();
    expect(await phone.db.clients.get(id!)).toMatchObject({ rating: 5, notes: 'do outro' });
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
  });

  it('a reset snapshot never drops the outbox; pending writes stay visible on top of it', async () => {
    const server = newServer();
    const phone = await device(server, AGENT, { pullLimit: 2 });
    for (const n of ['A', 'B', 'C']) await phone.mutate.createClient(seller(n));
    await phone.engine.syncNow();
    phone.transport.offline = true;
    const { id } = await phone.mutate.createClient(seller('D'));
    server.compact();
    server.write('tags', {
      id: crypto.randomUUID(),
      organizationId: ORG,
      name: 'VIP',
      color: '#ff0000',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      deletedAt: null,
    });
    phone.transport.offline = false;
    // The pull runs without a push first: the server wants a snapshot.
    const { applyPullPage } = await import('./pull-apply');
    const page = await server.pull(AGENT, { cursor: '1', limit: 2 });
    expect(page.reset).toBe(true);
    await applyPullPage(phone.db, phone.session, page);
    expect(await phone.db.outbox.count()).toBe(1);
    expect(await phone.db.clients.get(id!)).toMatchObject({ name: 'D' });

    await phone.engine.syncNow();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
  });

  it('a reset snapshot cut off halfway keeps every row; the rows the server dropped go once it completes', async () => {
    const server = newServer();
    const writer = await device(server, AGENT2);
    const ids: string[] = [];
    for (const n of ['A', 'B', 'C', 'D', 'E']) ids.push((await writer.mutate.createClient(seller(n))).id!);
    await writer.engine.syncNow();
    const phone = await device(server, AGENT, { pullLimit: 2 });
    await phone.engine.syncNow();
    expect(await phone.db.clients.count()).toBe(5);

    await writer.mutate.deleteClient({ id: ids[1]! });
    await writer.engine.syncNow();
    server.compact();
    const pull = phone.transport.pull.bind(phone.transport);
    let pulls = 0;
    phone.transport.pull = async (q) => {
      pulls += 1;
      if (pulls === 2) throw new TypeError('network connection was lost');
      return pull(q);
    };
    await phone.engine.syncNow();
    expect(pulls).toBe(2);
    // Offline after the reset page: the old replica is whole (the dropped client included, until the end).
    expect((await phone.db.clients.toArray()).map((c) => c.name).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await phone.db.snapshotSeen.count()).toBeGreaterThan(0);

    await phone.crash();
    phone.transport.pull = pull;
    await phone.engine.syncNow();
    expect((await phone.db.clients.toArray()).map((c) => c.name).sort()).toEqual(['A', 'C', 'D', 'E']);
    expect(await phone.db.snapshotSeen.count()).toBe(0);
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
  });

  it('an engine stopped in the middle of a pull applies no further page', async () => {
    const server = newServer();
    const writer = await device(server, AGENT2);
    for (const n of ['A', 'B', 'C', 'D', 'E']) await writer.mutate.createClient(seller(n));
    await writer.engine.syncNow();
    const phone = await device(server, AGENT, { pullLimit: 2 });
    const pull = phone.transport.pull.bind(phone.transport);
    const cursors: (string | undefined)[] = [];
    phone.transport.pull = async (q) => {
      cursors.push(q.cursor);
      if (cursors.length === 2) phone.engine.stop();
      return pull(q);
    };
    await phone.engine.syncNow();
    expect(cursors).toHaveLength(2);
    // The page answered after stop() was dropped: the stored cursor is still the one it was asked with.
    expect(await getMeta<string>(phone.db, 'cursor')).toBe(cursors[1]);
    expect(await getMeta(phone.db, 'lastSyncedAt')).toBeUndefined();
  });

  it('a pull interrupted between pages resumes from the stored cursor', async () => {
    const server = newServer();
    const writer = await device(server, AGENT2);
    for (const n of ['A', 'B', 'C', 'D', 'E']) await writer.mutate.createClient(seller(n));
    await writer.engine.syncNow();
    const phone = await device(server, AGENT, { pullLimit: 2 });
    const pull = phone.transport.pull.bind(phone.transport);
    let pulls = 0;
    phone.transport.pull = async (q) => {
      pulls += 1;
      if (pulls === 2) throw new TypeError('network connection was lost');
      return pull(q);
    };
    await phone.engine.syncNow();
    const cursor = await getMeta<string>(phone.db, 'cursor');
    expect(cursor).toMatch(/^s\d+:2$/);
    // The first page (limit 2, in the registry's snapshot order) is applied and kept.
    expect(Object.values(await replicaState(phone.db)).flat()).toHaveLength(2);
    await phone.crash();
    phone.transport.pull = pull;
    await phone.engine.syncNow();
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
  });

  it("pages written by the page writer's worker: a pull of several pages, a rebase over a queued write", async () => {
    const server = newServer();
    const other = await device(server, AGENT2);
    for (const n of ['A', 'B', 'C', 'D', 'E']) await other.mutate.createClient(seller(n));
    await other.engine.syncNow();
    const worker = inThreadWorker();
    let writer: PageWriter | null = null;
    const phone = await device(server, AGENT, {
      pullLimit: 2,
      writer: (db: ReplicaDb) => (writer = workerPageWriter(db, { startPort: () => worker.port })),
    });
    await writer!.prepare();
    await phone.engine.syncNow();
    expect(await phone.db.clients.count()).toBe(5);
    expect(worker.posted.filter((r) => r.type === 'apply').length).toBeGreaterThanOrEqual(3);

    // Another device's change reaches the phone while its own edit is queued: the worker replays the edit.
    const id = (await phone.db.clients.toArray())[0]!.id;
    await other.engine.syncNow();
    await other.mutate.updateClient({ id, notes: 'do outro' });
    await other.engine.syncNow();
    phone.transport.offline = true;
    await phone.mutate.updateClient({ id, rating: 5 });
    const page = await server.pull(AGENT, { cursor: await getMeta<string>(phone.db, 'cursor') });
    await writer!.apply(phone.session, page);
    expect(await phone.db.clients.get(id)).toMatchObject({ rating: 5, notes: 'do outro' });

    phone.transport.offline = false;
    await phone.engine.syncNow();
    expect(await phone.db.clients.get(id)).toMatchObject({ rating: 5, notes: 'do outro' });
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
  });

  it("a stopped engine ends its page writer's worker once its cycle is over", async () => {
    const server = newServer();
    const worker = inThreadWorker();
    const phone = await device(server, AGENT, {
      writer: (db: ReplicaDb) => workerPageWriter(db, { startPort: () => worker.port }),
    });
    phone.engine.start();
    await phone.engine.idle();
    // The first cycle opened the worker (at its first page); a second one is running at the stop.
    const cycle = phone.engine.syncNow();
    phone.engine.stop();
    expect(worker.port.terminate).not.toHaveBeenCalled();
    await cycle;
    await phone.engine.idle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(worker.port.terminate).toHaveBeenCalledTimes(1);
  });

  it("pages fetched by the page writer's worker from the server: the replica converges, no rows kept", async () => {
    const server = await serverWithSellers(7);
    const worker = inThreadWorker({ fetch: serve(server, AGENT) });
    const phone = await device(server, AGENT, {
      pullLimit: 2,
      writer: (db: ReplicaDb) => workerPageWriter(db, { startPort: () => worker.port, remote: remote() }),
    });
    await phone.engine.syncNow();
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
    expect(worker.posted.filter((r) => r.type === 'fetch').length).toBeGreaterThanOrEqual(2);
    expect(worker.host.pagesHeld).toBe(0);
  });

  it('a cycle stopped while a page was asked ahead drops that page: the worker keeps no rows', async () => {
    const server = await serverWithSellers(7);
    let phone: Device | null = null;
    let fetches = 0;
    const answer = serve(server, AGENT);
    // The engine stops (a sign-out) while the worker fetches its second page.
    const worker = inThreadWorker({
      fetch: (url) => {
        fetches += 1;
        if (fetches === 2) phone!.engine.stop();
        return answer(url);
      },
    });
    phone = await device(server, AGENT, {
      pullLimit: 2,
      writer: (db: ReplicaDb) => workerPageWriter(db, { startPort: () => worker.port, remote: remote() }),
    });
    await phone.engine.syncNow();
    await phone.engine.idle();
    expect(fetches).toBe(2);
    expect(worker.posted.filter((r) => r.type === 'drop')).toHaveLength(1);
    expect(worker.host.pagesHeld).toBe(0);
    expect(await phone.db.clients.count()).toBeLessThan(7);
  });

  it('two devices of the organization converge', async () => {
    const server = newServer();
    const a = await device(server);
    const b = await device(server, AGENT2);
    const tag = await a.mutate.createTag({ name: 'VIP' });
    const { id } = await a.mutate.createClient(buyer('Ana'));
    await a.mutate.setClientTags({ clientId: id, tagIds: [tag.id] });
    await a.engine.syncNow();
    await b.engine.syncNow();
    await b.mutate.updateClient({ id: id!, rating: 3 });
    await a.mutate.updateClient({ id: id!, notes: 'nota' });
    await b.engine.syncNow();
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await a.db.clients.get(id!)).toMatchObject({ rating: 3, notes: 'nota', tags: ['VIP'] });
    expect(await replicaState(a.db)).toEqual(server.stateFor(AGENT));
    expect(await replicaState(b.db)).toEqual(server.stateFor(AGENT2));
    // The locally invented tag-link id was replaced by the server's.
    expect((await a.db.clientTags.toArray()).map((l) => l.id)).toEqual(
      server.stateFor(AGENT).clientTags.map((l) => l.id),
    );
  });
});
