import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clientCreateSchema,
  clientUpdateSchema,
  coldCallCreateSchema,
  followUpCreateSchema,
  interactionCreateSchema,
  propertyCreateSchema,
  propertyUpdateSchema,
  tagCreateSchema,
  type MutationName,
  type SyncTable,
} from '@casa/shared-schema';
import {
  buildCompradorFields,
  buildVendedorFields,
  createRandom,
  fillEveryField,
  lostFields,
} from '@casa/shared-schema/generators';
import type { z } from 'zod';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, buyer, ORG } from './testing/fixtures';

/*
 * The device's optimistic writes, round trips generated from the schemas (docs/adding-a-field.md): a
 * value with EVERY field of the create schema filled at random must be in the replica's row at once.
 * The server's paths are checked in sync-server/src/features/sync/round-trip.test.ts.
 */

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

type Case = {
  entity: string;
  table: SyncTable;
  mutation: MutationName;
  schema: z.ZodType;
  base: (d: Device) => Promise<Record<string, unknown>>;
  /** Fields the create accepts and leaves to another write, by design. */
  notStored?: readonly string[];
};

const clientOf = async (d: Device) => (await d.mutate.createClient(buyer('Ana'))).id!;

const CASES: Case[] = [
  {
    entity: 'client',
    table: 'clients',
    mutation: 'createClient',
    schema: clientCreateSchema,
    base: async () => ({ type: 'Comprador', customFields: buildCompradorFields(rng), agentId: AGENT }),
    notStored: ['tags'], // the name list mirrors client_tags: only setClientTags writes it
  },
  { entity: 'tag', table: 'tags', mutation: 'createTag', schema: tagCreateSchema, base: async () => ({}) },
  {
    entity: 'follow-up',
    table: 'followUps',
    mutation: 'createFollowUp',
    schema: followUpCreateSchema,
    base: async (d) => ({ clientId: await clientOf(d), completed: false }),
  },
  {
    entity: 'interaction',
    table: 'interactions',
    mutation: 'addInteraction',
    schema: interactionCreateSchema,
    base: async (d) => ({
      clientId: await clientOf(d),
      followUpRequired: false,
      followUpDate: null,
      relatedId: rng.uuid(),
    }),
  },
  {
    entity: 'cold call',
    table: 'coldCalls',
    mutation: 'logColdCall',
    schema: coldCallCreateSchema,
    base: async (d) => ({ clientId: await clientOf(d), campaignId: null, followUpNeeded: false }),
  },
  {
    entity: 'property',
    table: 'properties',
    mutation: 'createProperty',
    schema: propertyCreateSchema,
    base: async (d) => propertyBase(await sellerOf(d)),
  },
];

const sellerOf = async (d: Device) =>
  (await d.mutate.createClient({ name: 'Vera', type: 'Vendedor', customFields: {} })).id!;

/** What a property's random value cannot leave to chance: a free reference, the address, the contract. */
function propertyBase(ownerClientId: string): Record<string, unknown> {
  return {
    reference: `RT-${rng.int(1, 1e9)}`,
    distrito: 'Porto',
    concelho: 'Matosinhos',
    postalCode: '4450-208',
    yearBuilt: 1998,
    mediationStart: '2026-11-01',
    mediationEnd: '2027-04-30',
    features: ['Garagem'],
    ownerClientId,
    agentId: AGENT,
  };
}

function expectWhole(
  path: string,
  entity: string,
  parsed: Record<string, unknown>,
  row?: Record<string, unknown>,
) {
  const lost = lostFields(parsed, row);
  const detail = lost.map((k) => `${k} (sent ${JSON.stringify(parsed[k])}, got ${JSON.stringify(row?.[k])})`);
  expect(lost, `${entity}: ${path} lost ${detail.join(', ')}`).toEqual([]);
}

describe.each(CASES)('every field of a $entity survives', (c) => {
  it("the device's optimistic create", async () => {
    const d = await device();
    const sent = fillEveryField(c.schema, { id: rng.uuid(), ...(await c.base(d)) }, rng, c.notStored);
    const parsed = c.schema.parse(sent) as Record<string, unknown>;
    const create = d.mutate[c.mutation] as (args: Record<string, unknown>) => Promise<unknown>;
    await create(sent);
    const row = (await d.db.replicated(c.table).get(String(sent.id))) as Record<string, unknown> | undefined;
    expectWhole('optimistic create', c.entity, parsed, row);
  });
});

describe('every field of a client survives', () => {
  it("the device's optimistic update", async () => {
    const d = await device();
    const id = await clientOf(d);
    const sent = fillEveryField(
      clientUpdateSchema,
      { type: 'Vendedor', customFields: buildVendedorFields(rng), tags: [], agentId: AGENT },
      rng,
    );
    const parsed = clientUpdateSchema.parse(sent) as Record<string, unknown>;
    await d.mutate.updateClient({ id, ...sent });
    expectWhole('optimistic update', 'client', parsed, await d.db.clients.get(id));
  });
});

describe('every field of a property survives', () => {
  it("the device's optimistic update", async () => {
    const d = await device();
    const { id } = await d.mutate.createProperty({ title: 'Loja', business: 'Venda', propertyType: 'Loja' });
    const sent = fillEveryField(propertyUpdateSchema, propertyBase(await sellerOf(d)), rng);
    const parsed = propertyUpdateSchema.parse(sent) as Record<string, unknown>;
    await d.mutate.updateProperty({ id: id!, ...sent });
    expectWhole('optimistic update', 'property', parsed, await d.db.replicated('properties').get(id!));
  });

  it('gets a provisional CASA-number on the device, one more than the highest it holds', async () => {
    const d = await device();
    const a = await d.mutate.createProperty({ title: 'A', business: 'Venda', propertyType: 'Moradia' });
    const b = await d.mutate.createProperty({ title: 'B', business: 'Venda', propertyType: 'Moradia' });
    expect((await d.db.replicated('properties').get(a.id!))?.reference).toBe('CASA-000001');
    expect((await d.db.replicated('properties').get(b.id!))?.reference).toBe('CASA-000002');
  });
});
