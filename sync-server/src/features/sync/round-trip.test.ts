import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileUpdateSchema, type SyncTable } from '@casa/shared-schema';
import {
  createRandom,
  fillEveryField,
  lostDetail,
  lostFields,
  ROUND_TRIP_CASES,
  roundTripRefs,
  roundTripValue,
  type RoundTripCase,
  type RoundTripRef,
  type RoundTripRefIds,
  type RoundTripValue,
} from '@casa/shared-schema/generators';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { Device, Replica } from './sync.testkit';

/*
 * Round trips generated from the schemas (docs/adding-a-field.md, "Round trips"), for every case of the
 * shared table ROUND_TRIP_CASES (shared-schema/src/generators/round-trip-cases.ts): a value with EVERY
 * argument of the write filled at random must come back whole from the REST route (the pulled row and
 * the GET) and from the sync push (the pulled row). A field a path drops fails with its name.
 * The device's optimistic writes run the same table in web/src/data/round-trip.test.ts.
 */

type Row = Record<string, unknown>;

let server: TestServer;
let http: TestClient;
let user: { id: string; email: string; organizationId: string | null };
const rng = createRandom('round-trip');

async function created(path: string, body: Row): Promise<string> {
  const res = await http.post(path, body);
  expect(res.status, `${path}: ${res.text}`).toBe(201);
  return String(body.id);
}

/** A row of each kind a case refers to, made through REST (notifications come from the server only). */
const MAKE: Record<RoundTripRef, () => Promise<string>> = {
  client: () => created('/api/clients', { id: randomUUID(), name: 'Referido', type: 'Vendedor' }),
  seller: () => created('/api/clients', { id: randomUUID(), name: 'Proprietário', type: 'Vendedor' }),
  property: () =>
    created('/api/properties', {
      id: randomUUID(),
      title: 'Apartamento T2',
      business: 'Venda',
      propertyType: 'Apartamento',
    }),
  tag: () => created('/api/tags', { id: randomUUID(), name: `Etiqueta ${rng.int(1, 999_999)}` }),
  campaign: () => created('/api/campaigns', { id: randomUUID(), name: 'Campanha', clientIds: [] }),
  followUp: async () =>
    created('/api/followups', {
      id: randomUUID(),
      clientId: await MAKE.client(),
      title: 'Telefonar',
      type: 'Telefonar',
      scheduledDate: '2027-03-02T10:00:00.000Z',
    }),
  visit: async () =>
    created('/api/followups', {
      id: randomUUID(),
      clientId: await MAKE.client(),
      propertyId: await MAKE.property(),
      title: 'Visita',
      type: 'Visita',
      scheduledDate: '2027-03-02T10:00:00.000Z',
    }),
  notification: async () => {
    // As the scheduler writes them (createNotification): straight into the table, for this user.
    const id = randomUUID();
    const at = new Date().toISOString();
    await server.knex('notifications').insert({
      id,
      organization_id: user.organizationId,
      user_id: user.id,
      type: 'system',
      title: 'Aviso',
      body: null,
      read: false,
      read_at: null,
      data: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    return id;
  },
};

async function valueOf(c: RoundTripCase): Promise<RoundTripValue> {
  const ids: RoundTripRefIds = {};
  for (const [key, ref, n] of roundTripRefs(c)) {
    if (n === undefined) ids[key] = await MAKE[ref]();
    else ids[key] = await Promise.all(Array.from({ length: n }, () => MAKE[ref]()));
  }
  return roundTripValue(c, rng, user.id, ids);
}

async function pulledRows(table: SyncTable, as = http): Promise<Row[]> {
  const replica = new Replica(as);
  await replica.sync();
  return [...replica.rows(table).values()];
}

function expectWhole(what: string, path: string, expected: Row, row?: Row) {
  expect(lostFields(expected, row), `${what}: ${path} lost ${lostDetail(expected, row)}`).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'admin');
  user = member.user;
  http = await server.loginAs(member.user.email, TEST_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe.each(ROUND_TRIP_CASES)('every field survives: $name', (c) => {
  it.runIf(c.rest)('REST → pull, and the GET', async () => {
    const v = await valueOf(c);
    const res = await http.request(c.rest!.method, v.pathOf(c.rest!.path), { body: v.args });
    expect(res.status, res.text).toBeLessThan(300);
    expectWhole(c.name, 'REST', v.expected, v.find(await pulledRows(c.table)));
    if (!c.get) return;
    const read = await http.get(v.pathOf(c.get));
    expect(read.status, read.text).toBe(200);
    const body = read.json as Row | Row[];
    const row = Array.isArray(body) ? body.find((r) => r.id === v.args.id) : body;
    expectWhole(c.name, `GET ${c.get}`, v.expected, row);
  });

  it('sync push → pull', async () => {
    const v = await valueOf(c);
    const device = new Device(http);
    const pushed = await device.push([device.mutation(c.mutation, v.args)]);
    expect(pushed.results[0]?.status, JSON.stringify(pushed.results[0])).toBe('applied');
    expectWhole(c.name, 'sync push', v.expected, v.find(await pulledRows(c.table)));
  });
});

describe('every field of a client survives', () => {
  it('CSV export → import', async () => {
    const v = await valueOf(ROUND_TRIP_CASES.find((c) => c.mutation === 'createClient')!);
    const name = `Exportado ${rng.int(1, 999_999)}`;
    expect((await http.post('/api/clients', { ...v.args, name })).status).toBe(201);
    const tag = await http.post('/api/tags', { name: `Etiqueta ${rng.int(1, 999_999)}` });
    const tagged = await http.post(`/api/clients/${String(v.args.id)}/tags`, {
      tagIds: [(tag.json as { id: string }).id],
    });
    expect(tagged.status, tagged.text).toBe(200);
    const tags = (tagged.json as Array<{ name: string }>).map((t) => t.name);
    const csv = await http.get('/api/export/clients');
    expect(csv.status).toBe(200);
    // Into a second organization: the import makes new clients, found by name.
    const other = await createMember(server.knex, 'admin');
    const otherHttp = await server.loginAs(other.user.email, TEST_PASSWORD);
    const imported = await otherHttp.post('/api/import/clients', { csvData: csv.text });
    expect(imported.status, imported.text).toBe(200);
    const row = (await pulledRows('clients', otherHttp)).find((r) => r.name === name);
    // The server sets id, agent and dates on import (the CSV's columns marked not imported).
    const { id: _id, agentId: _agent, ...fields }: Row = { ...v.expected, name, tags };
    expectWhole('client', 'CSV export → import', fields, row);
  });
});

describe('every field of the profile survives (edited offline through the replica)', () => {
  // The whole form but the password (the email stays: a new one needs the password, REST only).
  const profileValue = () => {
    const sent = fillEveryField(profileUpdateSchema, { email: user.email }, rng, ['currentPassword']);
    return { sent, parsed: profileUpdateSchema.parse(sent) as Row };
  };
  const ownRow = async (as = http) => (await pulledRows('users', as)).find((r) => r.id === user.id);

  it('REST PUT /api/profile → pull', async () => {
    const { sent, parsed } = profileValue();
    const res = await http.put('/api/profile', sent);
    expect(res.status, res.text).toBe(200);
    expectWhole('profile', 'PUT /api/profile', parsed, await ownRow());
  });

  it("sync push updateProfile → pull, the member's own and a colleague's replica alike", async () => {
    const { sent, parsed } = profileValue();
    const device = new Device(http);
    const pushed = await device.push([device.mutation('updateProfile', sent)]);
    expect(pushed.results[0]?.status, JSON.stringify(pushed.results[0])).toBe('applied');
    expectWhole('profile', 'sync push updateProfile', parsed, await ownRow());
    // The agency's directory (docs/decisions.md): colleagues see the phone and bio too.
    const colleague = await createUser(server.knex, { organizationId: user.organizationId, role: 'viewer' });
    expectWhole(
      'profile',
      "a colleague's pull",
      parsed,
      await ownRow(await server.loginAs(colleague.email, TEST_PASSWORD)),
    );
  });
});
