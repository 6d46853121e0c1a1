import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRandom,
  fillEveryField,
  lostDetail,
  lostFields,
  ROUND_TRIP_CASES,
  roundTripRefs,
  roundTripValue,
  type RoundTripRef,
  type RoundTripRefIds,
} from '@casa/shared-schema/generators';
import { profileUpdateSchema } from '@casa/shared-schema';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, buyer, ORG, seller } from './testing/fixtures';

/*
 * The device's optimistic writes, round trips generated from the schemas (docs/adding-a-field.md,
 * "Round trips"), for every case of the shared table ROUND_TRIP_CASES (shared-schema/src/generators/
 * round-trip-cases.ts): a value with EVERY argument filled at random must be in the replica's row at
 * once. The server's paths run the same table in sync-server/src/features/sync/round-trip.test.ts.
 */

type Row = Record<string, unknown>;
const rng = createRandom('device-round-trip');
const devices: Device[] = [];

async function device(): Promise<Device> {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  const d = await createDevice(server, AGENT, { role: 'agent' });
  devices.push(d);
  return d;
}

afterEach(async () => {
  for (const d of devices.splice(0)) await d.db.delete();
});

/** A row of each kind a case refers to, made by the device's own mutations (notifications by the server). */
function makers(d: Device): Record<RoundTripRef, () => Promise<string>> {
  const m: Record<RoundTripRef, () => Promise<string>> = {
    client: async () => (await d.mutate.createClient(buyer('Ana'))).id!,
    seller: async () => (await d.mutate.createClient(seller('Rui'))).id!,
    property: async () =>
      (
        await d.mutate.createProperty({
          title: 'Apartamento T2',
          business: 'Venda',
          propertyType: 'Apartamento',
        })
      ).id!,
    tag: async () => (await d.mutate.createTag({ name: `Etiqueta ${rng.int(1, 999_999)}` })).id!,
    campaign: async () => (await d.mutate.createCampaign({ name: 'Campanha', clientIds: [] })).id!,
    followUp: async () =>
      (
        await d.mutate.createFollowUp({
          clientId: await m.client(),
          title: 'Telefonar',
          type: 'Telefonar',
          scheduledDate: '2027-03-02T10:00:00.000Z',
        })
      ).id!,
    visit: async () =>
      (
        await d.mutate.createFollowUp({
          clientId: await m.client(),
          propertyId: await m.property(),
          title: 'Visita',
          type: 'Visita',
          scheduledDate: '2027-03-02T10:00:00.000Z',
        })
      ).id!,
    notification: async () => {
      // A row the server wrote (scheduler) and a pull brought: the device only marks it read.
      const id = rng.uuid();
      const at = new Date().toISOString();
      await d.db.notifications.put({
        id,
        organizationId: ORG,
        userId: AGENT,
        type: 'system',
        title: 'Aviso',
        body: null,
        read: false,
        readAt: null,
        data: null,
        createdAt: at,
        updatedAt: at,
      });
      return id;
    },
  };
  return m;
}

describe.each(ROUND_TRIP_CASES)('every field survives: $name', (c) => {
  it("the device's optimistic write", async () => {
    const d = await device();
    const make = makers(d);
    const ids: RoundTripRefIds = {};
    for (const [key, ref, n] of roundTripRefs(c)) {
      if (n === undefined) ids[key] = await make[ref]();
      else ids[key] = await Promise.all(Array.from({ length: n }, () => make[ref]()));
    }
    const v = roundTripValue(c, rng, AGENT, ids);
    const write = d.mutate[c.mutation] as (args: Row) => Promise<unknown>;
    await write(v.args);
    const rows = (await d.db.replicated(c.table).toArray()).filter((r) => !r.deletedAt);
    const row = v.find(rows);
    const lost = lostFields(v.expected, row);
    expect(lost, `${c.name}: optimistic write lost ${lostDetail(v.expected, row)}`).toEqual([]);
  });
});

describe('every field of the profile survives', () => {
  it("the device's optimistic updateProfile (edited offline), and the server gets it once", async () => {
    const d = await device();
    await d.engine.syncNow();
    const me = await d.db.users.get(AGENT);
    expect(me).toBeDefined();
    const sent = fillEveryField(profileUpdateSchema, { email: me!.email }, rng, ['currentPassword']);
    const parsed = profileUpdateSchema.parse(sent) as Row;
    await d.mutate.updateProfile(sent);
    const lostAtOnce = lostFields(parsed, await d.db.users.get(AGENT));
    expect(lostAtOnce, 'optimistic updateProfile lost').toEqual([]);
    await d.engine.syncNow();
    expect(await d.db.outbox.count()).toBe(0);
    expect(lostFields(parsed, await d.db.users.get(AGENT)), 'after the push and pull lost').toEqual([]);
  });
});

describe('a property created on the device', () => {
  it('gets a provisional CASA-number on the device, one more than the highest it holds', async () => {
    const d = await device();
    const a = await d.mutate.createProperty({ title: 'A', business: 'Venda', propertyType: 'Moradia' });
    const b = await d.mutate.createProperty({ title: 'B', business: 'Venda', propertyType: 'Moradia' });
    expect((await d.db.replicated('properties').get(a.id!))?.reference).toBe('CASA-000001');
    expect((await d.db.replicated('properties').get(b.id!))?.reference).toBe('CASA-000002');
  });
});
