import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@casa/shared-schema';
import { ReplicaDb } from '../db';
import { FakeSyncServer } from '../testing/fake-sync-server';
import { createDevice, type Device } from '../testing/device';
import { AGENT, buyer, clientRow, ORG, replicaWithClientsNamed, seller } from '../testing/fixtures';
import { bySearchText, ClientIndex, filterClients, firstIndexedClients, indexClient } from './client-index';

let d: Device | undefined;
let index: ClientIndex | undefined;
afterEach(async () => {
  index?.dispose();
  index = undefined;
  await d?.db.delete();
});

const names = (_d: Device, criteria = {}) =>
  filterClients(index!.getSnapshot().entries, criteria).map((e) => e.client.name);

describe('client index', () => {
  it('follows local writes (create, update, tags, delete) and searches like the server', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    const m = d.mutate;
    index = new ClientIndex(d.db);
    await index.settled();
    expect(index.getSnapshot().ready).toBe(true);
    expect(names(d)).toEqual([]);

    const joao = await m.createClient({
      ...buyer('João Conceição'),
      customFields: { budget: 300000, zone: 'Cascais' },
    });
    await m.createClient({
      ...seller('Ana Sá'),
      email: 'ana@exemplo.pt',
      customFields: { propertyValue: 150000, location: 'Lisboa' },
    });
    await m.createClient(buyer('Zeca'));
    await index.settled();
    expect(names(d)).toEqual(['Ana Sá', 'João Conceição', 'Zeca']);
    expect(names(d, { q: 'CONCEICAO' })).toEqual(['João Conceição']);
    expect(names(d, { q: '912 345' })).toEqual([]);
    expect(names(d, { q: '912345678' })).toEqual(['Ana Sá']);
    expect(names(d, { zone: 'cascáis' })).toEqual(['João Conceição']);
    expect(names(d, { hasEmail: true })).toEqual(['Ana Sá']);
    expect(names(d, { hasPhone: true })).toEqual(['Ana Sá']);
    expect(names(d, { minBudget: 200000 })).toEqual(['João Conceição', 'Zeca']);
    expect(names(d, { maxBudget: 200000 })).toEqual(['Ana Sá']);
    expect(names(d, { type: 'Vendedor' })).toEqual(['Ana Sá']);

    const version = index.getSnapshot().version;
    await m.updateClient({ id: joao.id!, name: 'Álvaro Conceição' });
    const tag = await m.createTag({ name: 'Investidor Premium' });
    await m.setClientTags({ clientId: joao.id!, tagIds: [tag.id] });
    await index.settled();
    expect(index.getSnapshot().version).toBeGreaterThan(version);
    expect(names(d)).toEqual(['Álvaro Conceição', 'Ana Sá', 'Zeca']);
    expect(names(d, { q: 'premium' })).toEqual(['Álvaro Conceição']);

    await m.deleteClient({ id: joao.id! });
    await index.settled();
    expect(names(d)).toEqual(['Ana Sá', 'Zeca']);
    expect(index.getSnapshot().byId.has(joao.id!)).toBe(false);
  });
});

describe('firstIndexedClients', () => {
  const PIECES = [
    'ana',
    'Ana',
    'ANA',
    'Ána',
    'Ângela',
    'álvaro',
    ' Zé',
    'Sá',
    'Sampaio',
    'de',
    'Sousa',
    '1',
    '_x',
  ];
  const MORE = ['Bruno', 'b', 'zé', 'Ábaco', 'Øystein', 'Ștefan', 'Carla', 'c', '~til'];
  const nameArb = fc
    .array(fc.constantFrom(...PIECES, ...MORE), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join(' '));

  it('answers the index’s first clients, whatever the case and accents of the names', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(nameArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 25 }),
        async (list, limit) => {
          const db = new ReplicaDb(`first-clients-${(run += 1)}-${Math.random()}`);
          try {
            const clients = list.map((name, i) => ({
              id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
              name,
              email: i % 3 ? `c${i}@exemplo.pt` : null,
              type: 'Comprador',
              tags: [],
              customFields: {},
            })) as unknown as Client[];
            await db.clients.bulkPut(clients);
            const expected = clients.map(indexClient).sort(bySearchText).slice(0, limit);
            const first = await firstIndexedClients(db, limit);
            expect(first.map((e) => e.client.id)).toEqual(expected.map((e) => e.client.id));
          } finally {
            await db.delete();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 30_000); // fake IndexedDB databases, one per run, on a shared machine

  it('ranks the first names as the index does (normalised, then the rest of the search text)', async () => {
    const db = new ReplicaDb(`first-clients-${Math.random()}`);
    try {
      const clients = [
        { id: 'a1', name: 'Ana Sampaio' },
        { id: 'a2', name: 'Ana Sá' },
        { id: 'a3', name: 'Ana de Sousa' },
        { id: 'a4', name: 'álvaro' },
        ...Array.from({ length: 1000 }, (_, i) => ({
          id: `b${String(i).padStart(4, '0')}`,
          name: `Bruno ${i}`,
        })),
      ].map((c) => ({ ...c, type: 'Comprador', tags: [], customFields: {} })) as unknown as Client[];
      await db.clients.bulkPut(clients);
      const first = await firstIndexedClients(db, 5);
      expect(first.map((e) => e.client.name)).toEqual([
        'álvaro',
        'Ana de Sousa',
        'Ana Sá',
        'Ana Sampaio',
        'Bruno 0',
      ]);
    } finally {
      await db.delete();
    }
  });

  it('is published by an index asked for a first page, before the whole table', async () => {
    const db = await replicaWithClientsNamed(['Rui', 'Ana Sá', 'ana', 'Bruno'], 'first-clients');
    try {
      const index = new ClientIndex(db, 2);
      const seen: { ready: boolean; first: string[] | null; count: number; total: number | null }[] = [];
      index.subscribe(() => {
        const s = index.getSnapshot();
        seen.push({
          ready: s.ready,
          first: s.first?.map((e) => e.client.name) ?? null,
          count: s.entries.length,
          total: s.total,
        });
      });
      await index.settled();
      expect(seen).toEqual([
        { ready: false, first: ['ana', 'Ana Sá'], count: 0, total: null },
        // The count comes before the index: a screen can show how many clients there are at once.
        { ready: false, first: ['ana', 'Ana Sá'], count: 0, total: 4 },
        { ready: true, first: null, count: 4, total: 4 },
      ]);
      index.dispose();
    } finally {
      await db.delete();
    }
  });
  it('publishes a first page asked after it was made without one (a list opened after the dashboard)', async () => {
    const db = await replicaWithClientsNamed([], 'first-asked-later');
    let syncing = false;
    const bulk = { syncing: () => syncing, onEnd: () => () => undefined };
    try {
      const index = new ClientIndex(db, 0, bulk);
      await index.settled();
      syncing = true;
      await db.transaction('rw', db.clients, async () => {
        await db.clients.clear();
        await db.clients.bulkPut(['Rui', 'Bruno', 'Ana'].map((name) => clientRow({ name })));
      });
      await index.settled();
      expect(index.getSnapshot()).toMatchObject({ ready: false, total: 3, first: null });
      index.askFirstPage(2);
      await index.settled();
      expect(index.getSnapshot().first?.map((e) => e.client.name)).toEqual(['Ana', 'Bruno']);
      // The previews that follow count again but keep a full first page until the read at the end.
      await db.clients.put(clientRow({ name: 'Abel' }));
      await new Promise((r) => setTimeout(r, 20));
      await index.settled();
      expect(index.getSnapshot()).toMatchObject({ ready: false, total: 4 });
      expect(index.getSnapshot().first?.map((e) => e.client.name)).toEqual(['Ana', 'Bruno']);
      index.dispose();
    } finally {
      await db.delete();
    }
  });

  it('defers a full read to the end of a multi-page pull, showing the count and the first page meanwhile', async () => {
    const db = await replicaWithClientsNamed([], 'bulk-deferred');
    let syncing = false;
    const ends = new Set<() => void>();
    const bulk = {
      syncing: () => syncing,
      onEnd: (l: () => void) => (ends.add(l), () => void ends.delete(l)),
    };
    try {
      const index = new ClientIndex(db, 2, bulk);
      await index.settled();
      expect(index.getSnapshot()).toMatchObject({ ready: true, total: 0 });
      syncing = true;
      // A cleared table is a range change: the index would read the whole table again.
      await db.transaction('rw', db.clients, async () => {
        await db.clients.clear();
        await db.clients.bulkPut(['Rui', 'Bruno', 'Ana'].map((name) => clientRow({ name })));
      });
      await index.settled();
      const during = index.getSnapshot();
      expect(during.ready).toBe(false);
      expect(during.entries).toHaveLength(0);
      expect(during.total).toBe(3);
      expect(during.first?.map((e) => e.client.name)).toEqual(['Ana', 'Bruno']);
      // The pull ends without another client write: the deferred read still runs.
      syncing = false;
      for (const end of ends) end();
      await new Promise((r) => setTimeout(r, 100));
      await index.settled();
      expect(index.getSnapshot()).toMatchObject({ ready: true, total: 3, first: null });
      expect(index.getSnapshot().entries.map((e) => e.client.name)).toEqual(['Ana', 'Bruno', 'Rui']);
      index.dispose();
    } finally {
      await db.delete();
    }
  });
});
