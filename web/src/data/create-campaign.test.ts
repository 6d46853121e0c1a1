import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, AGENT2, buyer, ORG, replicaState, seller } from './testing/fixtures';

const devices: Device[] = [];

afterEach(async () => {
  for (const d of devices.splice(0)) {
    d.engine.stop();
    await d.db.delete();
  }
});

async function setup() {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  server.addMember(AGENT2);
  const office = await createDevice(server, AGENT2);
  const phone = await createDevice(server, AGENT);
  devices.push(office, phone);
  return { server, office, phone };
}

const membersOf = async (d: Device, campaignId: string) =>
  (await d.db.campaignClients.where('campaignId').equals(campaignId).toArray()).map((m) => m.clientId);

describe('createCampaign adds the matching clients like the server', () => {
  it('offline: the members show at once; after the sync the replica equals the server', async () => {
    const { server, office, phone } = await setup();
    const { id: called } = await office.mutate.createClient(seller('Rui'));
    const { id: fresh } = await office.mutate.createClient(seller('Ana'));
    await office.mutate.createClient(buyer('Sem Telefone'));
    await office.mutate.logColdCall({ clientId: called, result: 'Atendeu' });
    await office.engine.syncNow();
    await phone.engine.syncNow();

    phone.transport.offline = true;
    const { id: campaignId } = await phone.mutate.createCampaign({
      name: 'Vendedores',
      filters: { clientType: 'Vendedor' },
      targetCount: 5,
    });
    // Never contacted first, then the called one; the client without a phone does not qualify.
    expect(await membersOf(phone, campaignId!)).toHaveLength(2);
    const ordered = await phone.db.campaignClients.where('campaignId').equals(campaignId!).sortBy('id');
    expect(ordered.map((m) => m.clientId)).toEqual([fresh, called]);

    // Meanwhile another agent adds a matching client: the server's list generator will include it.
    const { id: late } = await office.mutate.createClient(seller('Bea'));
    await office.engine.syncNow();

    phone.transport.offline = false;
    await phone.engine.syncNow();
    await phone.engine.syncNow();
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
    expect((await membersOf(phone, campaignId!)).sort()).toEqual([called, fresh, late].sort());
    expect(await phone.db.base.count()).toBe(0);
  });

  it('caps the members at targetCount and keeps the clients contacted recently out with lastContactDays', async () => {
    const { phone } = await setup();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await phone.mutate.createClient(seller(name))).id!);
    await phone.mutate.addInteraction({ clientId: ids[0], type: 'Email' });
    const { id: capped } = await phone.mutate.createCampaign({ name: 'Dois', targetCount: 2 });
    expect(await membersOf(phone, capped!)).toHaveLength(2);
    const { id: cold } = await phone.mutate.createCampaign({
      name: 'Frios',
      filters: { lastContactDays: 30 },
    });
    expect((await membersOf(phone, cold!)).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it('with the previewed clientIds the device and the server keep exactly that list', async () => {
    const { server, office, phone } = await setup();
    const { id: rui } = await office.mutate.createClient(seller('Rui'));
    const { id: ana } = await office.mutate.createClient(seller('Ana'));
    await office.engine.syncNow();
    await phone.engine.syncNow();

    phone.transport.offline = true;
    const { id: campaignId } = await phone.mutate.createCampaign({
      name: 'Escolhidos',
      filters: { clientType: 'Vendedor' },
      targetCount: 1,
      clientIds: [rui, ana],
    });
    expect(await membersOf(phone, campaignId!)).toEqual([rui]);

    // A newer matching client would rank first on the server; the agent's list is kept instead.
    await office.mutate.createClient(seller('Bea'));
    await office.engine.syncNow();
    phone.transport.offline = false;
    await phone.engine.syncNow();
    await phone.engine.syncNow();
    expect(await replicaState(phone.db)).toEqual(server.stateFor(AGENT));
    expect(await membersOf(phone, campaignId!)).toEqual([rui]);
  });
});
