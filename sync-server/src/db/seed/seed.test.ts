import { CALL_RESULTS, clientSearchText, propertySearchText } from '@casa/shared-schema';
import { lisbonDate, lisbonDateTime, addLisbonDays } from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { verifyPassword } from '../../lib/password';
import { fromDbRow, fromDbRows } from '../rows';
import type { TableName } from '../tables';
import {
  DEMO_CLIENT_COUNT,
  DEMO_IDS,
  DEMO_PROPERTY_COUNT,
  DEMO_VISIT_COUNT,
  OTHER_CLIENT_COUNT,
  OTHER_PROPERTY_COUNT,
  seedDemo,
} from './seed';
import { addExtraProperties } from './seed-properties';

// Summer time in Lisbon (UTC+1), late evening: "today" differs between naive UTC maths and Lisbon.
const NOW = new Date('2026-07-15T22:30:00.000Z');

type Row = Record<string, unknown>;

async function count(knex: Knex, table: TableName, where: Row = {}): Promise<number> {
  return Number((await knex(table).where(where).count({ n: '*' }).first())?.n);
}

async function all<T = Row>(knex: Knex, table: TableName): Promise<T[]> {
  return fromDbRows<T>(table, await knex(table).select());
}

describe(`demo seed (${TEST_DIALECT})`, () => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('creates the accounts, packages and settings of the demo, once', async () => {
    expect(await seedDemo(db.knex, { now: NOW })).toEqual({
      seeded: true,
      extraClients: 0,
      extraProperties: 0,
    });
    const users = await all<{
      email: string;
      role: string;
      organizationId: string | null;
      isSuperAdmin: boolean;
      firstName: string;
      lastName: string;
      passwordHash: string;
    }>(db.knex, 'users');
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get('admin@demo.pt')).toMatchObject({
      role: 'admin',
      firstName: 'Ana',
      lastName: 'Ferreira',
      organizationId: DEMO_IDS.demoOrganization,
    });
    expect(byEmail.get('agente@demo.pt')).toMatchObject({
      role: 'agent',
      firstName: 'Bruno',
      lastName: 'Costa',
    });
    expect(byEmail.get('viewer@demo.pt')).toMatchObject({
      role: 'viewer',
      firstName: 'Carla',
      lastName: 'Mendes',
    });
    expect(byEmail.get('super@demo.pt')).toMatchObject({
      role: 'super_admin',
      isSuperAdmin: true,
      organizationId: null,
    });
    expect(byEmail.get('admin@outra.pt')).toMatchObject({
      role: 'admin',
      organizationId: DEMO_IDS.otherOrganization,
    });
    expect(await verifyPassword(byEmail.get('viewer@demo.pt')?.passwordHash ?? '', 'Demo1234!')).toBe(true);
    expect(new Set(users.map((u) => u.passwordHash)).size).toBe(1);

    const packages = await all<{
      id: string;
      name: string;
      displayName: string;
      price: string;
      yearlyPrice: string;
      maxUsers: number;
      maxClients: number;
      features: string[];
    }>(db.knex, 'packages');
    const pkg = Object.fromEntries(packages.map((p) => [p.name, p]));
    expect(pkg['org-starter']).toMatchObject({
      displayName: 'Iniciante',
      price: '99.00',
      yearlyPrice: '999.00',
      maxUsers: 5,
    });
    expect(pkg['org-professional']).toMatchObject({
      displayName: 'Profissional',
      price: '199.00',
      yearlyPrice: '1999.00',
      maxUsers: 15,
    });
    expect(pkg['org-enterprise']).toMatchObject({
      displayName: 'Empresarial',
      price: '399.00',
      yearlyPrice: '3999.00',
      maxUsers: 50,
    });
    expect(pkg['ind-basic']).toMatchObject({
      displayName: 'Básico',
      price: '29.00',
      yearlyPrice: '299.00',
      maxUsers: 1,
      maxClients: 100,
    });
    expect(pkg['ind-premium']).toMatchObject({
      displayName: 'Premium',
      price: '59.00',
      yearlyPrice: '599.00',
      maxClients: 0,
    });
    expect(pkg['ind-pro']).toMatchObject({
      displayName: 'Profissional',
      price: '99.00',
      yearlyPrice: '999.00',
    });
    for (const p of packages) expect(p.features.length).toBeGreaterThan(2);

    const demo = fromDbRow(
      'organizations',
      await db.knex('organizations').where({ id: DEMO_IDS.demoOrganization }).first(),
    );
    expect(demo).toMatchObject({
      name: 'Imobiliária Demo',
      plan: 'professional',
      status: 'active',
      isProtected: true,
      packageId: pkg['org-professional']?.id,
    });
    expect(await count(db.knex, 'subscriptions', { organization_id: DEMO_IDS.demoOrganization })).toBe(1);
    expect(await count(db.knex, 'registration_settings')).toBe(2);
    expect(await count(db.knex, 'user_settings')).toBe(5);
    expect(await count(db.knex, 'notification_preferences')).toBe(5);

    expect(await seedDemo(db.knex, { now: NOW })).toEqual({
      seeded: false,
      extraClients: 0,
      extraProperties: 0,
    });
    expect(await count(db.knex, 'users')).toBe(5);
    expect(await count(db.knex, 'clients')).toBe(DEMO_CLIENT_COUNT + OTHER_CLIENT_COUNT);
    expect(await count(db.knex, 'packages')).toBe(6);
  });

  it('fills the demo agency with consistent business data relative to now', async () => {
    await seedDemo(db.knex, { now: NOW });
    const demo = { organization_id: DEMO_IDS.demoOrganization };
    expect(await count(db.knex, 'clients', demo)).toBe(DEMO_CLIENT_COUNT);
    expect(await count(db.knex, 'clients', { organization_id: DEMO_IDS.otherOrganization })).toBe(
      OTHER_CLIENT_COUNT,
    );
    const clients = await all<{
      id: string;
      organizationId: string;
      type: string;
      phone: string | null;
      email: string | null;
      birthday: string | null;
      tags: string[];
    }>(db.knex, 'clients');
    const demoClients = clients.filter((c) => c.organizationId === DEMO_IDS.demoOrganization);
    expect(new Set(demoClients.map((c) => c.type))).toEqual(new Set(['Comprador', 'Vendedor', 'Investidor']));
    expect(demoClients.some((c) => c.phone === null)).toBe(true);
    expect(demoClients.some((c) => c.email === null)).toBe(true);
    const today = lisbonDate(NOW); // 2026-07-15 23:30 in Lisbon
    expect(today).toBe('2026-07-15');
    expect(demoClients.filter((c) => c.birthday?.slice(5) === today.slice(5)).length).toBeGreaterThanOrEqual(
      4,
    );

    const tags = await all<{ id: string; name: string }>(db.knex, 'tags');
    expect(await count(db.knex, 'tags', demo)).toBeGreaterThanOrEqual(8);
    const links = await all<{ clientId: string; tagId: string }>(db.knex, 'client_tags');
    const tagName = new Map(tags.map((t) => [t.id, t.name]));
    for (const client of clients) {
      const linked = links.filter((l) => l.clientId === client.id).map((l) => tagName.get(l.tagId));
      expect([...linked].sort()).toEqual([...client.tags].sort());
    }

    const since90 = NOW.getTime() - 90 * 86_400_000 - 1000;
    const interactions = await all<{ createdAt: string }>(db.knex, 'client_interactions');
    expect(interactions.length).toBeGreaterThan(200);
    for (const i of interactions) expect(Date.parse(i.createdAt)).toBeGreaterThanOrEqual(since90);

    const followUps = await all<{ scheduledDate: string; completed: boolean; completedAt: string | null }>(
      db.knex,
      'follow_ups',
    );
    const startToday = lisbonDateTime(today, 0).getTime();
    const startTomorrow = lisbonDateTime(addLisbonDays(NOW, 1), 0).getTime();
    const at = (f: { scheduledDate: string }) => Date.parse(f.scheduledDate);
    expect(
      followUps.filter((f) => !f.completed && at(f) >= startToday && at(f) < startTomorrow).length,
    ).toBeGreaterThan(0);
    expect(followUps.filter((f) => !f.completed && at(f) < startToday).length).toBeGreaterThan(0);
    expect(followUps.filter((f) => !f.completed && at(f) >= startTomorrow).length).toBeGreaterThan(0);
    const done = followUps.filter((f) => f.completed);
    expect(done.length).toBeGreaterThan(0);
    for (const f of done) expect(f.completedAt).not.toBeNull();

    const calls = await all<{ calledAt: string; result: string; campaignId: string | null }>(
      db.knex,
      'cold_calls',
    );
    expect(new Set(calls.map((c) => c.result))).toEqual(new Set(CALL_RESULTS));
    for (const c of calls) {
      expect(Date.parse(c.calledAt)).toBeGreaterThanOrEqual(NOW.getTime() - 30 * 86_400_000);
      expect(Date.parse(c.calledAt)).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(calls.some((c) => c.campaignId !== null)).toBe(true);
    expect(await count(db.knex, 'cold_call_campaigns', demo)).toBe(2);
    expect(await count(db.knex, 'campaign_clients', demo)).toBeGreaterThan(20);

    const userIds = [
      DEMO_IDS.superAdmin,
      DEMO_IDS.demoAdmin,
      DEMO_IDS.demoAgent,
      DEMO_IDS.demoViewer,
      DEMO_IDS.otherAdmin,
    ];
    for (const id of userIds) {
      expect(await count(db.knex, 'notifications', { user_id: id }), id).toBeGreaterThanOrEqual(3);
    }
  });

  it('stores the search text of every seeded client, as the clients domain does', async () => {
    await seedDemo(db.knex, { now: NOW, extraClients: 50 });
    const rows = await all<{ name: string; tags: string[]; searchText: string | null }>(db.knex, 'clients');
    for (const row of rows) {
      expect(row.searchText, row.name).toBe(clientSearchText(row, row.tags));
    }
  });

  it('adds exactly the requested extra clients to the demo agency, also on a seeded database', async () => {
    await seedDemo(db.knex, { now: NOW });
    expect(await seedDemo(db.knex, { now: NOW, extraClients: 2000 })).toEqual({
      seeded: false,
      extraClients: 2000,
      extraProperties: 0,
    });
    expect(await count(db.knex, 'clients', { organization_id: DEMO_IDS.demoOrganization })).toBe(
      DEMO_CLIENT_COUNT + 2000,
    );
    await seedDemo(db.knex, { now: NOW, extraClients: 5 });
    expect(await count(db.knex, 'clients', { organization_id: DEMO_IDS.demoOrganization })).toBe(
      DEMO_CLIENT_COUNT + 2005,
    );
    expect(await count(db.knex, 'clients', { organization_id: DEMO_IDS.otherOrganization })).toBe(
      OTHER_CLIENT_COUNT,
    );
  });

  it('seeds the demo first when extra clients are asked of an empty database', async () => {
    expect(await seedDemo(db.knex, { now: NOW, extraClients: 10 })).toEqual({
      seeded: true,
      extraClients: 10,
      extraProperties: 0,
    });
    expect(await count(db.knex, 'clients', { organization_id: DEMO_IDS.demoOrganization })).toBe(
      DEMO_CLIENT_COUNT + 10,
    );
  });

  it('seeds properties across five concelhos, owned by Vendedor clients of their organization', async () => {
    await seedDemo(db.knex, { now: NOW });
    const properties = await all<{
      organizationId: string;
      reference: string;
      concelho: string;
      ownerClientId: string | null;
      searchText: string;
    }>(db.knex, 'properties');
    const demo = properties.filter((p) => p.organizationId === DEMO_IDS.demoOrganization);
    expect(demo).toHaveLength(DEMO_PROPERTY_COUNT);
    expect(properties).toHaveLength(DEMO_PROPERTY_COUNT + OTHER_PROPERTY_COUNT);
    expect(new Set(demo.map((p) => p.concelho))).toEqual(
      new Set(['Lisboa', 'Porto', 'Setúbal', 'Braga', 'Faro']),
    );
    expect(new Set(demo.map((p) => p.reference)).size).toBe(DEMO_PROPERTY_COUNT);
    const clients = await all<{ id: string; type: string; organizationId: string }>(db.knex, 'clients');
    const byId = new Map(clients.map((c) => [c.id, c]));
    for (const p of properties) {
      expect(p.searchText).toBe(propertySearchText(p));
      if (!p.ownerClientId) continue;
      expect(byId.get(p.ownerClientId)).toMatchObject({ type: 'Vendedor', organizationId: p.organizationId });
    }
  });

  it('seeds visits of buyers to properties of the same organization, the done ones with feedback', async () => {
    await seedDemo(db.knex, { now: NOW });
    const visits = await all<{
      organizationId: string;
      type: string;
      clientId: string;
      propertyId: string | null;
      completed: boolean;
      visitInterest: number | null;
      visitPriceOpinion: string | null;
    }>(db.knex, 'follow_ups');
    const withProperty = visits.filter((v) => v.propertyId);
    expect(withProperty).toHaveLength(DEMO_VISIT_COUNT);
    const properties = await all<{ id: string; organizationId: string }>(db.knex, 'properties');
    const clients = await all<{ id: string; type: string }>(db.knex, 'clients');
    for (const v of withProperty) {
      expect(v.type).toBe('Visita');
      expect(v.organizationId).toBe(DEMO_IDS.demoOrganization);
      expect(properties.find((p) => p.id === v.propertyId)?.organizationId).toBe(v.organizationId);
      expect(clients.find((c) => c.id === v.clientId)?.type).toBe('Comprador');
      if (v.completed) expect(v.visitInterest).toBeGreaterThanOrEqual(1);
      else expect(v.visitInterest).toBeNull();
    }
    expect(withProperty.filter((v) => v.completed).length).toBeGreaterThan(DEMO_VISIT_COUNT / 2);
    expect(withProperty.some((v) => !v.completed)).toBe(true);
  });

  it('adds the requested extra properties, numbered after the highest reference', async () => {
    await seedDemo(db.knex, { now: NOW });
    expect(await seedDemo(db.knex, { now: NOW, extraProperties: 1200 })).toEqual({
      seeded: false,
      extraClients: 0,
      extraProperties: 1200,
    });
    const refs = (await db
      .knex('properties')
      .where({ organization_id: DEMO_IDS.demoOrganization })
      .pluck('reference')) as string[];
    expect(refs).toHaveLength(DEMO_PROPERTY_COUNT + 1200);
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs).toContain(`CASA-${String(DEMO_PROPERTY_COUNT + 1200).padStart(6, '0')}`);
    // Photos are the demo's only: the benchmark's extra properties get none.
    const withPhotos = await db.knex('property_photos').distinct('property_id').pluck('property_id');
    expect(withPhotos).toHaveLength(DEMO_PROPERTY_COUNT + OTHER_PROPERTY_COUNT);
  });

  it('gives the extra properties 1–N photos each, a cover first, when the benchmark asks for them', async () => {
    await seedDemo(db.knex, { now: NOW });
    await addExtraProperties(db.knex, DEMO_IDS.demoOrganization, [DEMO_IDS.demoAgent], 30, NOW, {
      photosPerProperty: 2,
    });
    const extra = (await db
      .knex('properties')
      .where({ organization_id: DEMO_IDS.demoOrganization })
      .where('reference', '>', `CASA-${String(DEMO_PROPERTY_COUNT).padStart(6, '0')}`)
      .pluck('id')) as string[];
    expect(extra).toHaveLength(30);
    const photos = await all<{ propertyId: string; position: number; isCover: boolean }>(
      db.knex,
      'property_photos',
    );
    for (const id of extra) {
      const own = photos.filter((p) => p.propertyId === id).sort((a, b) => a.position - b.position);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(2);
      expect(own.map((p) => p.isCover)).toEqual(own.map((_, i) => i === 0));
    }
    // Their own stream: no id taken from the demo's photos, and each has its thumbnail bytes.
    const files = (await db.knex('property_photo_files').whereNotNull('thumb').count({ n: '*' }).first())?.n;
    expect(Number(files)).toBe(photos.length);
  });

  it('gives every seeded property 1–4 drawn photos, stored like uploads: a cover, a JPEG and a WebP', async () => {
    await seedDemo(db.knex, { now: NOW });
    const photos = await all<{ id: string; propertyId: string; position: number; isCover: boolean }>(
      db.knex,
      'property_photos',
    );
    const byProperty = new Map<string, typeof photos>();
    for (const p of photos) byProperty.set(p.propertyId, [...(byProperty.get(p.propertyId) ?? []), p]);
    expect(byProperty.size).toBe(DEMO_PROPERTY_COUNT + OTHER_PROPERTY_COUNT);
    for (const list of byProperty.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(4);
      expect(list.filter((p) => p.isCover).map((p) => p.position)).toEqual([0]);
      expect(list.map((p) => p.position).sort()).toEqual(list.map((_, i) => i));
    }
    expect(new Set(photos.map((p) => p.id)).size).toBe(photos.length);
    const file = await db.knex('property_photo_files').where({ id: photos[0]!.id }).first();
    expect([file.display_mime, file.thumb_mime]).toEqual(['image/jpeg', 'image/webp']);
    expect(await count(db.knex, 'property_photo_files')).toBe(photos.length);
  });
});
