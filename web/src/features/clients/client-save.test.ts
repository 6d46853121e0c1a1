import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from '../../data/testing/fake-sync-server';
import { createDevice, type Device } from '../../data/testing/device';
import { AGENT, ORG } from '../../data/testing/fixtures';
import { emptyClientForm } from './client-form.logic';
import { saveClient } from './client-save';
import { allTags, clientDetail, clientInteractions } from './clients.queries';

let d: Device | undefined;
afterEach(async () => {
  await d?.db.delete();
});

async function device() {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  d = await createDevice(server, AGENT);
  return d;
}

describe('saveClient', () => {
  it('creates the client, a new tag, reuses an existing one in another case, then edits', async () => {
    const { db, mutate } = await device();
    const vip = await mutate.createTag({ name: 'VIP', color: '#ef4444' });
    const values = {
      ...emptyClientForm('Comprador'),
      name: 'Ana Sá',
      rating: 4,
      customFields: { budget: '300000', zone: 'Cascais' },
      tags: [
        { id: null, name: 'vip', color: '#22c55e' },
        { id: null, name: 'Moradia T3', color: '#22c55e' },
      ],
    };
    const id = await saveClient(mutate, values, await allTags(db));
    const { client } = await clientDetail(db, id);
    expect(client).toMatchObject({
      name: 'Ana Sá',
      rating: 4,
      customFields: { budget: 300000, zone: 'Cascais' },
      tags: ['Moradia T3', 'VIP'],
    });
    const tags = await allTags(db);
    expect(tags.map((t) => [t.name, t.color])).toEqual([
      ['Moradia T3', '#22c55e'],
      ['VIP', '#ef4444'],
    ]);
    expect(client!.tagDetails.map((t) => t.id)).toContain(vip.id);

    const outboxBefore = await db.outbox.count();
    await saveClient(
      mutate,
      { ...values, name: 'Ana Sá Lopes', tags: values.tags.slice(0, 1).map((t) => ({ ...t, id: vip.id! })) },
      tags,
      { client: client!, tagIds: client!.tagDetails.map((t) => t.id) },
    );
    const edited = (await clientDetail(db, id)).client;
    expect(edited).toMatchObject({ name: 'Ana Sá Lopes', tags: ['VIP'] });
    expect(await db.outbox.count()).toBe(outboxBefore + 2);
  });

  it('sends no tag mutation when the tags did not change', async () => {
    const { db, mutate } = await device();
    const id = await saveClient(mutate, { ...emptyClientForm('Vendedor'), name: 'Rui' }, []);
    const { client } = await clientDetail(db, id);
    const before = await db.outbox.count();
    await saveClient(mutate, { ...emptyClientForm('Vendedor'), name: 'Rui Sousa' }, [], {
      client: client!,
      tagIds: [],
    });
    expect(await db.outbox.count()).toBe(before + 1);
  });

  it('rejects an invalid client before touching tags', async () => {
    const { db, mutate } = await device();
    await expect(
      saveClient(mutate, { ...emptyClientForm('Comprador'), name: 'Sem orçamento' }, []),
    ).rejects.toThrow('Verifique os campos obrigatórios');
    expect(await db.tags.count()).toBe(0);
  });
});

describe('clientInteractions', () => {
  it('lists a client interactions newest first', async () => {
    const { db, mutate } = await device();
    const id = await saveClient(mutate, { ...emptyClientForm('Vendedor'), name: 'Rui' }, []);
    await mutate.addInteraction({ clientId: id, type: 'Email' });
    await new Promise((r) => setTimeout(r, 5));
    await mutate.addInteraction({ clientId: id, type: 'Visita' });
    expect((await clientInteractions(db, id)).map((i) => i.type)).toEqual(['Visita', 'Email']);
    expect((await clientDetail(db, '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10')).client).toBeNull();
  });
});
