import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSyncServer } from '../../data/testing/fake-sync-server';
import { createDevice, type Device } from '../../data/testing/device';
import { AGENT, ORG, seller } from '../../data/testing/fixtures';
import { campaignLists, campaignSummaries, coldCallStats, lastContactMap } from './cold-calls.queries';

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

describe('cold-call queries over the replica', () => {
  it('splits a campaign into available and contacted, with last contacts, in the list generator order', async () => {
    const { mutate: m, db } = await device();
    const ana = (await m.createClient(seller('Ana'))).id!;
    const rui = (await m.createClient(seller('Rui'))).id!;
    const eva = (await m.createClient(seller('Eva'))).id!;
    await m.addInteraction({ clientId: eva, type: 'Email' });
    const { id: campaignId } = await m.createCampaign({ name: 'Vendedores' });
    expect((await campaignLists(db, campaignId!)).available).toHaveLength(3);

    await m.logColdCall({ clientId: rui, campaignId, result: 'Interessado' });
    const lists = await campaignLists(db, campaignId!);
    expect(lists.available.map((c) => c.id)).toEqual([ana, eva]);
    expect(lists.available[1]).toMatchObject({ daysSinceLastContact: 0 });
    expect(lists.available[0]).toMatchObject({ lastContactDate: null, daysSinceLastContact: null });
    expect(lists.contacted.map((c) => c.id)).toEqual([rui]);
    expect(lists.contacted[0]!.lastContactDate).toBeTruthy();

    // A deleted client leaves the lists (as the server joins live clients).
    await m.deleteClient({ id: ana });
    expect((await campaignLists(db, campaignId!)).available.map((c) => c.id)).toEqual([eva]);

    const [summary] = await campaignSummaries(db);
    expect(summary).toMatchObject({ id: campaignId, memberCount: 2, contactedCount: 1, targetCount: 20 });
  });

  it('measures progress over the live members, whatever the target the campaign was created with', async () => {
    const { mutate: m, db } = await device();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'G'])
      ids.push((await m.createClient(seller(name))).id!);
    const { id: campaignId } = await m.createCampaign({ name: 'Cinco', targetCount: 5 });
    const members = (await campaignLists(db, campaignId!)).available.map((c) => c.id);
    expect(members).toHaveLength(5);
    const outside = ids.filter((id) => !members.includes(id));
    // A sixth member added by hand, and a call to a seventh logged in the campaign (which joins it).
    await m.addCampaignClient({ campaignId, clientId: outside[0] });
    expect(await campaignSummaries(db)).toMatchObject([
      { memberCount: 6, contactedCount: 0, targetCount: 5 },
    ]);
    await m.logColdCall({ clientId: outside[1], campaignId, result: 'Atendeu' });
    expect(await campaignSummaries(db)).toMatchObject([{ memberCount: 7, contactedCount: 1 }]);
    // A deleted member leaves both figures.
    await m.deleteClient({ id: outside[1] });
    expect(await campaignSummaries(db)).toMatchObject([{ memberCount: 6, contactedCount: 0 }]);
    const lists = await campaignLists(db, campaignId!);
    expect(lists.available.length + lists.contacted.length).toBe(6);
  });

  it('reads last contacts per client or for everyone alike', async () => {
    const { mutate: m, db } = await device();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await m.createClient(seller(name))).id!);
    await m.addInteraction({ clientId: ids[0], type: 'Email' });
    await m.logColdCall({ clientId: ids[1], result: 'Atendeu' });
    const all = await lastContactMap(db);
    expect([...all.keys()].sort()).toEqual([ids[0], ids[1]].sort());
    expect(await lastContactMap(db, ids)).toEqual(all);
  });

  it('counts the stat cards from the replica', async () => {
    const { mutate: m, db } = await device();
    const id = (await m.createClient(seller('Ana'))).id!;
    await m.createCampaign({ name: 'Uma' });
    await m.logColdCall({ clientId: id, result: 'Interessado' });
    await m.logColdCall({ clientId: id, result: 'Recusou' });
    await m.logColdCall({ clientId: id, result: 'Atendeu' });
    expect(await coldCallStats(db)).toEqual({
      totalCalls: 3,
      callsToday: 3,
      conversionRate: 33.3,
      activeCampaigns: 1,
    });
  });
});
