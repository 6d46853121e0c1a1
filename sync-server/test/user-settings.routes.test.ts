import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, errorMessages, validationMessages } from '@casa/shared-schema';
import { verifyPassword } from '../src/lib/password';
import { LAST_ADMIN_MESSAGE } from '../src/features/user-settings/account-deletion.domain';
import { createClient, createMember, createOrganization, createUser, TEST_PASSWORD } from './factories';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET/PUT /api/user/settings', () => {
  it('answers the defaults when nothing is stored', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.get('/api/user/settings');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(DEFAULT_USER_SETTINGS);
    expect(res.json.appearance.theme).toBe('system');
  });

  it('deep-merges partial updates and reads them back', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const first = await client.put('/api/user/settings', { appearance: { theme: 'dark' } });
    expect(first.status).toBe(200);
    const second = await client.put('/api/user/settings', {
      privacy: { dataSharing: true },
      appearance: { compactMode: true },
    });
    expect(second.status).toBe(200);
    const expected = {
      ...DEFAULT_USER_SETTINGS,
      appearance: { ...DEFAULT_USER_SETTINGS.appearance, theme: 'dark', compactMode: true },
      privacy: { ...DEFAULT_USER_SETTINGS.privacy, dataSharing: true },
    };
    expect(second.json).toEqual(expected);
    expect((await client.get('/api/user/settings')).json).toEqual(expected);
    expect(await server.knex('user_settings').where('user_id', user.id)).toHaveLength(1);
  });

  it('rejects invalid values', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/user/settings', { appearance: { theme: 'neon' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation');
    expect(res.json.fieldErrors).toHaveProperty(['appearance.theme']);
  });
});

describe('PUT /api/user/profile', () => {
  it('updates name fields without touching the password', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/user/profile', {
      firstName: 'Carla',
      lastName: 'Mendes',
      phone: '912345678',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: 'Carla',
      lastName: 'Mendes',
      phone: '912345678',
      email: user.email,
    });
  });

  it('needs the current password to change it, and applies the rules', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const missing = await client.put('/api/user/profile', {
      newPassword: 'NovaSenha123',
      confirmPassword: 'NovaSenha123',
    });
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors.currentPassword).toBe(
      validationMessages.userProfileCurrentPasswordRequired,
    );
    const short = await client.put('/api/user/profile', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'curta',
    });
    expect(short.json.fieldErrors.newPassword).toBe(validationMessages.userProfilePasswordMin8);
    const wrong = await client.put('/api/user/profile', {
      currentPassword: 'errada-errada',
      newPassword: 'NovaSenha123',
      confirmPassword: 'NovaSenha123',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(errorMessages.wrongCurrentPassword);
    const ok = await client.put('/api/user/profile', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'NovaSenha123',
      confirmPassword: 'NovaSenha123',
    });
    expect(ok.status).toBe(200);
    const row = await server.knex('users').where('id', user.id).first();
    expect(await verifyPassword(row.password_hash, 'NovaSenha123')).toBe(true);
  });
});

describe('GET /api/user/export', () => {
  it('downloads a dated JSON file with the user data and only their own organization rows', async () => {
    const { user, organization } = await createMember(server.knex, 'agent', { name: 'Imobiliária Norte' });
    const colleague = await createUser(server.knex, { organizationId: organization.id });
    const mine = await createClient(server.knex, organization.id, { agentId: user.id, name: 'Cliente Meu' });
    await createClient(server.knex, organization.id, {
      agentId: user.id,
      name: 'Apagado',
      deletedAt: new Date().toISOString(),
    });
    const theirs = await createClient(server.knex, organization.id, {
      agentId: colleague.id,
      name: 'Cliente do Colega',
    });
    const now = new Date().toISOString();
    const base = { organization_id: organization.id, created_at: now, updated_at: now };
    await server.knex('client_interactions').insert([
      { id: crypto.randomUUID(), ...base, client_id: mine, type: 'Email', agent_id: colleague.id },
      { id: crypto.randomUUID(), ...base, client_id: theirs, type: 'Email', agent_id: colleague.id },
    ]);
    await server.knex('follow_ups').insert({
      id: crypto.randomUUID(),
      ...base,
      client_id: mine,
      title: 'Ligar',
      type: 'Telefonar',
      scheduled_date: now,
      agent_id: user.id,
    });
    await server
      .knex('cold_calls')
      .insert({ id: crypto.randomUUID(), ...base, client_id: mine, called_at: now, agent_id: user.id });
    await server.knex('user_settings').insert({
      id: crypto.randomUUID(),
      user_id: user.id,
      settings: JSON.stringify({ appearance: { theme: 'dark' } }),
      updated_at: now,
    });

    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="casa-crm-dados-${day}.json"`);
    const data = JSON.parse(res.text);
    expect(data.profile).toMatchObject({ id: user.id, email: user.email });
    expect(data.organization).toEqual({ id: organization.id, name: 'Imobiliária Norte' });
    expect(data.settings.appearance.theme).toBe('dark');
    expect(data.notificationPreferences).toMatchObject({ follow_ups: true, notification_time: '09:00' });
    expect(data.clients.map((c: { name: string }) => c.name)).toEqual(['Cliente Meu']);
    expect(data.interactions).toHaveLength(1);
    expect(data.interactions[0].clientId).toBe(mine);
    expect(data.followUps).toHaveLength(1);
    expect(data.coldCalls).toHaveLength(1);
    expect(res.text).not.toContain('password');
  });
});

describe('DELETE /api/account', () => {
  it('deletes the only member together with the organization and ends the session', async () => {
    const { user, organization } = await createMember(server.knex, 'admin');
    await createClient(server.knex, organization.id, { agentId: user.id });
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.delete('/api/account');
    expect(res.status).toBe(200);
    expect(await server.knex('users').where('id', user.id)).toHaveLength(0);
    expect(await server.knex('organizations').where('id', organization.id)).toHaveLength(0);
    expect(await server.knex('clients').where('organization_id', organization.id)).toHaveLength(0);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('deletes an agent but keeps the organization and its clients', async () => {
    const { organization } = await createMember(server.knex, 'admin');
    const agent = await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    const clientId = await createClient(server.knex, organization.id, { agentId: agent.id });
    const client = await server.loginAs(agent.email, TEST_PASSWORD);
    expect((await client.delete('/api/account')).status).toBe(200);
    expect(await server.knex('users').where('id', agent.id)).toHaveLength(0);
    const row = await server.knex('clients').where('id', clientId).first();
    expect(row.agent_id).toBeNull();
  });

  it('refuses to remove the last admin of an organization that still has users', async () => {
    const { user: admin, organization } = await createMember(server.knex, 'admin');
    await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    const client = await server.loginAs(admin.email, TEST_PASSWORD);
    const res = await client.delete('/api/account');
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(LAST_ADMIN_MESSAGE);
    expect(await server.knex('users').where('id', admin.id)).toHaveLength(1);
    // With a second admin it goes through.
    await createUser(server.knex, { organizationId: organization.id, role: 'admin' });
    expect((await client.delete('/api/account')).status).toBe(200);
  });

  it('refuses to delete the last super admin', async () => {
    await server.knex('users').where('is_super_admin', true).delete();
    const root = await createUser(server.knex, { isSuperAdmin: true });
    const client = await server.loginAs(root.email, TEST_PASSWORD);
    const res = await client.delete('/api/account');
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(errorMessages.cannotSuspendSuperAdmin);
    const second = await createUser(server.knex, { isSuperAdmin: true });
    expect((await client.delete('/api/account')).status).toBe(200);
    expect(await server.knex('users').where('id', second.id)).toHaveLength(1);
  });

  it('is refused without CSRF header', async () => {
    const org = await createOrganization(server.knex);
    const user = await createUser(server.knex, { organizationId: org.id });
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.delete('/api/account', { csrf: false });
    expect(res.status).toBe(403);
    expect(await server.knex('users').where('id', user.id)).toHaveLength(1);
  });
});
