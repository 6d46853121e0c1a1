import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { fromDbRow, toDbRow } from '../rows';
import type { TableName } from '../tables';

type Row = Record<string, unknown>;

async function insert(knex: Knex, table: TableName, data: Row): Promise<string> {
  const id = (data.id as string | undefined) ?? randomUUID();
  await knex(table).insert(toDbRow(table, { id, ...data }));
  return id;
}

async function count(knex: Knex, table: TableName, where: Row = {}): Promise<number> {
  const row = await knex(table).where(where).count({ n: '*' }).first();
  return Number(row?.n);
}

/** One organization with a user, a client and one row in every table that hangs off them. */
async function buildGraph(knex: Knex) {
  const packageId = await insert(knex, 'packages', {
    name: `p-${randomUUID()}`,
    displayName: 'Teste',
    price: '9.90',
  });
  const orgId = await insert(knex, 'organizations', { name: 'Org', packageId });
  const userId = await insert(knex, 'users', { organizationId: orgId, email: `${randomUUID()}@x.pt` });
  const base = { organizationId: orgId };
  const clientId = await insert(knex, 'clients', {
    ...base,
    agentId: userId,
    createdBy: userId,
    name: 'C',
    type: 'Comprador',
  });
  const tagId = await insert(knex, 'tags', { ...base, name: 'VIP' });
  await insert(knex, 'client_tags', { ...base, clientId, tagId });
  await insert(knex, 'follow_ups', {
    ...base,
    agentId: userId,
    clientId,
    title: 'T',
    type: 'Telefonar',
    scheduledDate: new Date(),
  });
  await insert(knex, 'client_interactions', { ...base, agentId: userId, clientId, type: 'Email' });
  const campaignId = await insert(knex, 'cold_call_campaigns', {
    ...base,
    agentId: userId,
    name: 'Camp',
    targetCount: 5,
  });
  await insert(knex, 'campaign_clients', { ...base, campaignId, clientId });
  const callId = await insert(knex, 'cold_calls', {
    ...base,
    agentId: userId,
    clientId,
    campaignId,
    calledAt: new Date(),
  });
  await insert(knex, 'notifications', { ...base, userId, type: 'system', title: 'Olá' });
  await insert(knex, 'user_settings', { userId, settings: {} });
  await insert(knex, 'notification_preferences', { userId });
  await insert(knex, 'registration_settings', { organizationId: orgId });
  await insert(knex, 'subscriptions', { organizationId: orgId, packageId, billingCycle: 'monthly' });
  await knex('user_photos').insert({
    user_id: userId,
    mime_type: 'image/png',
    size: 3,
    data: Buffer.from([1, 2, 3]),
  });
  return { packageId, orgId, userId, clientId, tagId, campaignId, callId };
}

describe(`constraints (${TEST_DIALECT})`, () => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('deleting a user keeps the business rows (agent_id/created_by set null) and drops the personal ones', async () => {
    const { userId, clientId, callId } = await buildGraph(db.knex);
    await db.knex('users').where({ id: userId }).delete();
    const client = await db.knex('clients').where({ id: clientId }).first();
    expect(client).toMatchObject({ agent_id: null, created_by: null });
    expect(await db.knex('cold_calls').where({ id: callId }).first()).toMatchObject({ agent_id: null });
    for (const table of [
      'notifications',
      'user_settings',
      'notification_preferences',
      'user_photos',
    ] as const) {
      expect(await count(db.knex, table), table).toBe(0);
    }
    expect(await count(db.knex, 'follow_ups')).toBe(1);
    expect(await count(db.knex, 'client_interactions')).toBe(1);
  });

  it('deleting a client cascades to its tags, follow-ups, interactions and campaign entries; cold calls keep a null client', async () => {
    const { clientId, callId } = await buildGraph(db.knex);
    await db.knex('clients').where({ id: clientId }).delete();
    for (const table of ['client_tags', 'follow_ups', 'client_interactions', 'campaign_clients'] as const) {
      expect(await count(db.knex, table), table).toBe(0);
    }
    expect(await db.knex('cold_calls').where({ id: callId }).first()).toMatchObject({ client_id: null });
  });

  it('deleting a tag or a campaign cascades / sets null as documented', async () => {
    const { tagId, campaignId, callId } = await buildGraph(db.knex);
    await db.knex('tags').where({ id: tagId }).delete();
    expect(await count(db.knex, 'client_tags')).toBe(0);
    await db.knex('cold_call_campaigns').where({ id: campaignId }).delete();
    expect(await count(db.knex, 'campaign_clients')).toBe(0);
    expect(await db.knex('cold_calls').where({ id: callId }).first()).toMatchObject({ campaign_id: null });
  });

  it('deleting an organization removes everything it owns', async () => {
    const { orgId } = await buildGraph(db.knex);
    const other = await buildGraph(db.knex);
    await db.knex('organizations').where({ id: orgId }).delete();
    for (const table of [
      'users',
      'clients',
      'tags',
      'cold_calls',
      'subscriptions',
      'registration_settings',
    ] as const) {
      expect(await count(db.knex, table), table).toBe(1); // only the other organization's row is left
    }
    expect(await count(db.knex, 'clients', { organization_id: other.orgId })).toBe(1);
  });

  it('deleting a package leaves its organizations without one; a subscribed package cannot be deleted', async () => {
    const packageId = await insert(db.knex, 'packages', { name: 'solo', displayName: 'Solo' });
    const orgId = await insert(db.knex, 'organizations', { name: 'Org', packageId });
    await db.knex('packages').where({ id: packageId }).delete();
    expect(await db.knex('organizations').where({ id: orgId }).first()).toMatchObject({ package_id: null });
    const graph = await buildGraph(db.knex);
    await expect(db.knex('packages').where({ id: graph.packageId }).delete()).rejects.toThrow();
  });

  it('rejects a row pointing at a missing parent', async () => {
    await expect(
      insert(db.knex, 'clients', { organizationId: randomUUID(), name: 'X', type: 'Comprador' }),
    ).rejects.toThrow();
  });

  it('keeps tag names unique per organization, case-insensitively, among live tags only', async () => {
    const { orgId } = await buildGraph(db.knex);
    const other = await buildGraph(db.knex);
    await expect(insert(db.knex, 'tags', { organizationId: orgId, name: 'vip' })).rejects.toThrow();
    await expect(insert(db.knex, 'tags', { organizationId: orgId, name: 'Vip' })).rejects.toThrow();
    await insert(db.knex, 'tags', { organizationId: orgId, name: 'Vip Gold' });
    await db
      .knex('tags')
      .where({ organization_id: other.orgId })
      .update({ deleted_at: new Date().toISOString() });
    await insert(db.knex, 'tags', { organizationId: other.orgId, name: 'vip' });
    expect(await count(db.knex, 'tags', { organization_id: other.orgId })).toBe(2);
  });

  it('keeps user emails, package names and client-tag pairs unique', async () => {
    const graph = await buildGraph(db.knex);
    const email = (await db.knex('users').where({ id: graph.userId }).first()).email as string;
    await expect(insert(db.knex, 'users', { organizationId: graph.orgId, email })).rejects.toThrow();
    await expect(
      insert(db.knex, 'client_tags', {
        organizationId: graph.orgId,
        clientId: graph.clientId,
        tagId: graph.tagId,
      }),
    ).rejects.toThrow();
  });

  it('fills documented defaults that read back in wire shape', async () => {
    const { orgId, packageId, userId } = await buildGraph(db.knex);
    const settings = fromDbRow(
      'registration_settings',
      await db.knex('registration_settings').where({ organization_id: orgId }).first(),
    );
    expect(settings).toMatchObject({
      enabled: false,
      requireApproval: true,
      invitationOnly: false,
      defaultRole: 'viewer',
      allowedDomains: [],
      customFields: [],
      maxUsersPerRole: { admin: 5, agent: 50, viewer: 100 },
    });
    expect(settings.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const pkg = fromDbRow('packages', await db.knex('packages').where({ id: packageId }).first());
    expect(pkg).toMatchObject({
      price: '9.90',
      yearlyPrice: null,
      currency: 'EUR',
      maxUsers: 5,
      maxClients: 500,
      features: [],
      limitations: {},
      isActive: true,
      sortOrder: 0,
    });
    const org = fromDbRow('organizations', await db.knex('organizations').where({ id: orgId }).first());
    expect(org).toMatchObject({
      plan: 'starter',
      status: 'active',
      maxUsers: 5,
      maxClients: 500,
      settings: {},
      isProtected: false,
      email: null,
    });
    const user = fromDbRow('users', await db.knex('users').where({ id: userId }).first());
    expect(user).toMatchObject({
      authProvider: 'local',
      role: 'agent',
      status: 'active',
      isSuperAdmin: false,
    });
    const prefs = fromDbRow(
      'notification_preferences',
      await db.knex('notification_preferences').where({ user_id: userId }).first(),
    );
    expect(prefs).toMatchObject({ followUps: true, pushNotifications: true, notificationTime: '09:00' });
    const call = fromDbRow('cold_calls', await db.knex('cold_calls').first());
    expect(call).toMatchObject({ duration: 0, followUpNeeded: false, deletedAt: null });
    const client = fromDbRow('clients', await db.knex('clients').first());
    expect(client).toMatchObject({ rating: 0, tags: [], customFields: {}, birthday: null });
  });
});
