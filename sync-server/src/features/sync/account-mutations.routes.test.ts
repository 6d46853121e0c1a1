import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, validationMessages } from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { Device } from './sync.testkit';

/*
 * The shared mutators the server runs for the account writes (settings, preferences, notifications, the
 * profile) and the edge cases where the device and the server must give the same answer; the device's
 * side of each is in shared-schema/src/mutators/mutators.test.ts.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function addNotification(userId: string, organizationId: string | null): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await server.knex('notifications').insert({
    id,
    organization_id: organizationId,
    user_id: userId,
    type: 'system',
    title: 'Aviso',
    read: false,
    created_at: at,
    updated_at: at,
  });
  return id;
}

describe('a super admin without organization', () => {
  let root: TestClient;
  let rootId: string;
  let rootEmail: string;

  beforeAll(async () => {
    const user = await createUser(server.knex, { role: 'super_admin' });
    rootId = user.id;
    rootEmail = user.email;
    root = await server.loginAs(user.email, TEST_PASSWORD);
  });

  it('still saves settings and preferences and marks their notifications read', async () => {
    const settings = await root.put('/api/user/settings', { appearance: { theme: 'dark' } });
    expect(settings.status).toBe(200);
    expect(settings.json.appearance.theme).toBe('dark');
    expect((await root.get('/api/user/settings')).json.appearance.theme).toBe('dark');

    const prefs = await root.put('/api/notifications/preferences', { birthdays: false });
    expect(prefs.status).toBe(200);
    expect(prefs.json.birthdays).toBe(false);

    const one = await addNotification(rootId, null);
    await addNotification(rootId, null);
    const read = await root.put(`/api/notifications/${one}/read`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: one, read: true });
    expect((await root.put('/api/notifications/read-all')).json).toEqual({ updated: 1 });
    // Nothing of theirs is in any organization's change log.
    expect(await server.knex('sync_changes').whereIn('row_id', [one, rootId])).toEqual([]);
  });

  it('edits their profile; a new email needs the current password, in the same order as before', async () => {
    const base = { firstName: 'Raiz', lastName: 'Admin', email: rootEmail };
    const saved = await root.put('/api/profile', { ...base, phone: '912000111', bio: 'SaaS' });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ firstName: 'Raiz', phone: '912000111', bio: 'SaaS' });

    const moved = { ...base, email: `raiz.${Date.now()}@exemplo.pt` };
    const noPassword = await root.put('/api/profile', moved);
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.message).toBe(validationMessages.emailChangeNeedsPassword);
    expect(noPassword.json.fieldErrors).toEqual({
      currentPassword: validationMessages.emailChangeNeedsPassword,
    });
    const wrong = await root.put('/api/profile', { ...moved, currentPassword: 'errada' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(errorMessages.wrongCurrentPassword);
    const { user: other } = await createMember(server.knex);
    const taken = await root.put('/api/profile', {
      ...moved,
      email: other.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(errorMessages.emailInUse);
    const ok = await root.put('/api/profile', { ...moved, currentPassword: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe(moved.email);
    // Blank phone and bio are cleared, as the whole form is sent.
    expect((await root.put('/api/profile', { ...moved, phone: '' })).json).toMatchObject({
      phone: null,
      bio: null,
    });
  });

  it('is refused (403) a campaign, after the body is judged (400)', async () => {
    const bad = await root.post('/api/campaigns', { name: '' });
    expect(bad.status).toBe(400);
    const refused = await root.post('/api/campaigns', { name: 'Campanha', filters: {}, targetCount: 2 });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(errorMessages.organizationRequired);
  });
});

describe('the same answer on the device and the server', () => {
  let agent: TestClient;
  let device: Device;

  beforeAll(async () => {
    const member = await createMember(server.knex, 'agent');
    agent = await server.loginAs(member.user.email, TEST_PASSWORD);
    device = new Device(agent);
  });

  const newClient = async (name: string) =>
    (await agent.post('/api/clients', { name, type: 'Vendedor' })).json.id as string;
  const newTag = async (name: string) => (await agent.post('/api/tags', { name })).json.id as string;

  it('setClientTags with a tag id given twice links it once (REST and push)', async () => {
    const client = await newClient('Duplicado');
    const [a, b] = [await newTag('Repetida A'), await newTag('Repetida B')];
    const rest = await agent.post(`/api/clients/${client}/tags`, { tagIds: [b, a, b, a] });
    expect(rest.status).toBe(200);
    expect(rest.json.map((t: { id: string }) => t.id)).toEqual([a, b]);
    const pushed = await device.push([
      device.mutation('setClientTags', { clientId: client, tagIds: [a, a] }),
    ]);
    expect(pushed.results[0]).toMatchObject({ status: 'applied' });
    const links = await server.knex('client_tags').where({ client_id: client }).whereNull('deleted_at');
    expect(links.map((l: { tag_id: string }) => l.tag_id)).toEqual([a]);
    expect((await agent.get(`/api/clients/${client}`)).json.tags).toEqual(['Repetida A']);
  });

  it("addCampaignClient with another client's live membership id is a 409 and changes nothing", async () => {
    const [ana, rui] = [await newClient('Ana Membro'), await newClient('Rui Membro')];
    const campaign = (await agent.post('/api/campaigns', { name: 'Ids', filters: {}, clientIds: [] })).json
      .id as string;
    const membership = randomUUID();
    const added = await agent.post(`/api/campaigns/${campaign}/clients/${ana}`, { id: membership });
    expect(added.status).toBe(201);
    const stolen = await agent.post(`/api/campaigns/${campaign}/clients/${rui}`, { id: membership });
    expect(stolen.status).toBe(409);
    expect(stolen.json.message).toBe(errorMessages.conflict);
    const pushed = await device.push([
      device.mutation('addCampaignClient', { id: membership, campaignId: campaign, clientId: rui }),
    ]);
    expect(pushed.results[0]).toMatchObject({
      status: 'rejected',
      error: { status: 409, message: errorMessages.conflict },
    });
    const rows = await server
      .knex('campaign_clients')
      .where({ campaign_id: campaign })
      .whereNull('deleted_at');
    expect(rows.map((r: { id: string; client_id: string }) => [r.id, r.client_id])).toEqual([
      [membership, ana],
    ]);
  });
});
