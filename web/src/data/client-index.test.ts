import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, buyer, ORG, seller } from './testing/fixtures';
import { clientIndexOf, filterClients } from './client-index';

let d: Device | undefined;
afterEach(async () => {
  await d?.db.delete();
});

const names = (d: Device, criteria = {}) =>
  filterClients(clientIndexOf(d.db).getSnapshot().entries, criteria).map((e) => e.client.name);

describe('client index', () => {
  it('follows local writes (create, update, tags, delete) and searches like the server', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    d = await createDevice(server, AGENT);
    const m = d.mutate;
    const index = clientIndexOf(d.db);
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
