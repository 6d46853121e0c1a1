import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from '../testing/fake-sync-server';
import { createDevice, type Device } from '../testing/device';
import { AGENT, buyer, ORG, replicaWithClientsNamed, seller } from '../testing/fixtures';
import { ClientSearch, sameRow } from './client-search';
import { ClientIndex } from './client-index';
import { ClientSearchHost, ForwardedBulkSignal } from './search-host';
import type { SearchAnswer } from './protocol';
import { matchBuyersForProperty, prepareBuyers } from '@casa/shared-schema';
import { clientFacts } from '../../features/reports/reports.figures';
import { EMPTY_GENERATOR_FILTERS, generatorFilters } from '../../features/cold-calls/generator-filters.logic';

let d: Device | undefined;
let search: ClientSearch | undefined;
afterEach(async () => {
  search?.dispose();
  search = undefined;
  await d?.db.delete();
  d = undefined;
});

/** The search's state once its in-page index has applied every change. */
async function settled(s: ClientSearch) {
  await s.inPage!.settled();
  // The host's state message is delivered asynchronously, as from the worker.
  await new Promise((r) => setTimeout(r, 0));
  return s.getSnapshot();
}

const rowsOf = async (s: ClientSearch, ids: readonly string[]) => {
  s.wantRows(ids);
  await new Promise<void>((resolve) => {
    const stop = s.onRows(() => {
      stop();
      resolve();
    });
  });
  return ids.map((id) => s.cachedRow(id));
};

describe('client search (the worker protocol, hosted in the page without Worker)', () => {
  it('answers ids in index order, follows writes, and fetches the rows of the cards shown', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    search = new ClientSearch(d.db, 0, false);
    expect((await settled(search)).ready).toBe(true);

    const joao = await d.mutate.createClient({
      ...buyer('João Conceição'),
      customFields: { budget: 300000, zone: 'Sintra' },
    });
    await d.mutate.createClient({ ...seller('Ana Sá'), email: 'ana@exemplo.pt' });
    const before = await settled(search);
    const all = await search.query({});
    expect(all).toMatchObject({ complete: true, count: 2, version: before.version });
    const accents = await search.query({ q: 'CONCEICAO' });
    expect(accents.ids).toEqual([joao.id]);
    expect(accents.id).toBeGreaterThan(all.id);
    expect((await rowsOf(search, all.ids)).map((c) => c?.name)).toEqual(['Ana Sá', 'João Conceição']);

    await d.mutate.updateClient({ id: joao.id!, name: 'Álvaro Conceição' });
    const after = await settled(search);
    expect(after.version).toBeGreaterThan(before.version);
    // A row fetched before the change is kept until the newer one arrives, then replaced.
    expect(search.cachedRow(joao.id!)?.name).toBe('João Conceição');
    expect((await rowsOf(search, [joao.id!]))[0]?.name).toBe('Álvaro Conceição');
    expect((await search.query({})).ids[0]).toBe(joao.id);

    // Asked again after an index change that did not touch it: the same object (the card is not redrawn).
    const kept = search.cachedRow(joao.id!);
    await d.mutate.updateClient({ id: all.ids.find((id) => id !== joao.id)!, rating: 4 });
    await settled(search);
    expect((await rowsOf(search, [joao.id!]))[0]).toBe(kept);

    await d.mutate.deleteClient({ id: joao.id! });
    await settled(search);
    expect((await search.query({ q: 'conceicao' })).count).toBe(0);
    expect(await rowsOf(search, [joao.id!])).toEqual([null]);
  });

  it('before the index is built: the first page and the count unfiltered, nothing filtered', async () => {
    const db = await replicaWithClientsNamed(['Rui', 'Ana Sá', 'ana', 'Bruno'], 'client-search');
    try {
      const index = new ClientIndex(db, 2);
      const answers: SearchAnswer[] = [];
      const host = new ClientSearchHost(db, index, (a) => answers.push(a));
      // Wait for the first page (the count may not be known yet).
      await new Promise<void>((resolve) => {
        const stop = index.subscribe(() => {
          if (index.getSnapshot().total !== null) {
            stop();
            resolve();
          }
        });
      });
      host.handle({ type: 'query', id: 1, criteria: {} });
      host.handle({ type: 'query', id: 2, criteria: { q: 'ana' } });
      expect(answers.filter((a) => a.type === 'matches')).toMatchObject([
        { id: 1, complete: false, count: 4, ids: ['c2', 'c1'] },
        { id: 2, complete: false, count: null, ids: [] },
      ]);
      await index.settled();
      host.handle({ type: 'query', id: 3, criteria: { q: 'ana' } });
      expect(answers.at(-1)).toMatchObject({ type: 'matches', id: 3, complete: true, count: 2 });
      // Every state change was posted, the last one ready.
      expect(answers.filter((a) => a.type === 'state').at(-1)).toMatchObject({ ready: true, total: 4 });
      host.dispose();
    } finally {
      await db.delete();
    }
  });

  it("forwards the main thread's bulk pull to the worker's index", () => {
    const signal = new ForwardedBulkSignal();
    let ended = 0;
    signal.onEnd(() => (ended += 1));
    signal.set(true);
    expect(signal.syncing()).toBe(true);
    signal.set(true);
    signal.set(false);
    signal.set(false);
    expect([signal.syncing(), ended]).toEqual([false, 1]);
  });

  it("computes the dashboard's birthdays and contact list where the index lives", async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    search = new ClientSearch(d.db, 0, false);
    const now = new Date('2026-04-10T12:00:00Z');
    const ana = await d.mutate.createClient({ ...seller('Ana'), birthday: '1980-04-10', rating: 5 });
    const rui = await d.mutate.createClient({ ...seller('Rui'), birthday: '1990-04-09' });
    await d.mutate.createClient({ ...seller('Eva'), birthday: '1975-04-10' });
    await settled(search);

    expect((await search.birthdays(now))?.map((c) => c.name)).toEqual(['Ana', 'Eva']);
    const overview = await search.contactOverview(new Map([[rui.id!, '2026-04-10T09:00:00Z']]), now);
    expect(overview).toMatchObject({ today: 1, week: 0, older: 2 });
    expect(overview?.recentlyContacted.map((c) => c.client.name)).toEqual(['Rui']);
    expect(overview?.toContact.map((c) => c.id)[0]).toBe(ana.id);
  });

  it('answers the picker, the ranked campaign list and a count without ids', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    search = new ClientSearch(d.db, 0, false);
    const ana = await d.mutate.createClient({ ...seller('Ana'), email: 'ana@exemplo.pt' });
    const rui = await d.mutate.createClient(seller('Rui'));
    await d.mutate.createClient(buyer('Álvaro'));
    await settled(search);

    expect((await search.pick('ALVARO'))?.map((c) => c.name)).toEqual(['Álvaro']);
    expect((await search.pick('exemplo'))?.map((c) => c.id)).toEqual([ana.id]);
    expect((await search.pick('', 'Vendedor'))?.map((c) => c.name)).toEqual(['Ana', 'Rui']);
    expect((await search.pick('', undefined, 1))?.length).toBe(1);

    // Never contacted first, then the longest without contact; only clients with a phone.
    const now = new Date('2026-04-10T12:00:00Z');
    const contacts = new Map([[ana.id!, '2026-04-01T09:00:00Z']]);
    const all = await search.ranked(contacts, null, 1, now);
    expect(all.ids).toEqual([rui.id, ana.id]);
    expect(all.first.map((r) => [r.id, r.daysSinceLastContact])).toEqual([[rui.id, null]]);
    const filters = generatorFilters({ ...EMPTY_GENERATOR_FILTERS, lastContact: '30' });
    if (!filters.ok) throw new Error(filters.message);
    expect((await search.ranked(contacts, filters.filters, 5, now)).ids).toEqual([rui.id]);

    const counted = await search.query({ hasPhone: true }, 0);
    expect(counted).toMatchObject({ complete: true, count: 2, ids: [] });
  });

  it("answers /reports' client facts and a property's matching buyers, the first rows only", async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    search = new ClientSearch(d.db, 0, false);
    for (const [name, budget] of [
      ['Ana', 250000],
      ['Rui', 260000],
      ['Eva', 240000],
      ['Zé', 90000],
    ] as const)
      await d.mutate.createClient({ ...buyer(name), customFields: { budget, zone: 'Lisboa' } });
    await d.mutate.createClient(seller('Vera'));
    await settled(search);
    const clients = await d.db.clients.toArray();

    expect(await search.clientFacts()).toEqual(clientFacts(clients));
    const property = {
      id: 'p1',
      business: 'Venda',
      propertyType: 'Apartamento',
      typology: 'T2',
      priceCents: 25_000_000,
      concelho: 'Lisboa',
      status: 'Disponível',
    };
    const expected = matchBuyersForProperty(property, prepareBuyers(clients));
    expect(expected.length).toBeGreaterThan(1);
    const found = await search.buyers(property, 1);
    expect(found?.count).toBe(expected.length);
    expect(found?.shown.map((s) => [s.match, s.row.name])).toEqual([
      [expected[0], clients.find((c) => c.id === expected[0]!.clientId)!.name],
    ]);
  });
});

describe('sameRow', () => {
  const row = { ...buyer('Ana'), id: 'c1', tags: ['VIP'], customFields: { budget: 1 } } as never;
  it('compares every field, nested ones by value', () => {
    expect(sameRow(row, JSON.parse(JSON.stringify(row)))).toBe(true);
    expect(sameRow(row, { ...(row as object), tags: ['VIP', 'Novo'] } as never)).toBe(false);
    expect(sameRow(row, { ...(row as object), customFields: { budget: 2 } } as never)).toBe(false);
    expect(sameRow(row, { ...(row as object), name: 'Ana Sá' } as never)).toBe(false);
    expect(sameRow(row, { ...(row as object), extra: null } as never)).toBe(false);
  });
});
