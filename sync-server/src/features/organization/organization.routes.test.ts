import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  organizationDetailsSchema,
  userSchema,
  validationMessages,
} from '@casa/shared-schema';
import { verifyPassword } from '../../lib/password';
import { createMember, createUser, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function adminClient(maxUsers?: number) {
  const { organization, user } = await createMember(server.knex, 'admin');
  if (maxUsers !== undefined) {
    await server.knex('organizations').where('id', organization.id).update({ max_users: maxUsers });
  }
  return { organization, admin: user, client: await server.loginAs(user.email, TEST_PASSWORD) };
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rita',
  lastName: 'Lopes',
  email: uniqueEmail('rita'),
  phone: '912345678',
  password: 'Segredo#1x',
  ...overrides,
});

describe('GET /api/organization', () => {
  it("answers the admin's organization with its limits and package name", async () => {
    const { organization, client } = await adminClient();
    const now = new Date().toISOString();
    await server.knex('packages').insert({
      id: '11111111-1111-4111-8111-111111111111',
      name: 'org-test-pkg',
      display_name: 'Pacote Teste',
      price: '10.00',
      features: '[]',
      limitations: '{}',
      created_at: now,
      updated_at: now,
    });
    await server
      .knex('organizations')
      .where('id', organization.id)
      .update({ package_id: '11111111-1111-4111-8111-111111111111', email: 'geral@teste.pt' });
    const res = await client.get('/api/organization');
    expect(res.status).toBe(200);
    const body = organizationDetailsSchema.parse(res.json);
    expect(body).toMatchObject({
      id: organization.id,
      name: organization.name,
      email: 'geral@teste.pt',
      plan: 'starter',
      status: 'active',
      maxUsers: 5,
      maxClients: 500,
      packageDisplayName: 'Pacote Teste',
    });
    expect(typeof body.createdAt).toBe('string');
  });

  it('is for admins only: 401 without a session, 403 for agent, viewer and super admin', async () => {
    expect((await server.client().get('/api/organization')).status).toBe(401);
    for (const role of ['agent', 'viewer'] as const) {
      const { user } = await createMember(server.knex, role);
      const client = await server.loginAs(user.email, TEST_PASSWORD);
      const res = await client.get('/api/organization');
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(errorMessages.forbidden);
    }
    const superAdmin = await createUser(server.knex, { role: 'super_admin' });
    const client = await server.loginAs(superAdmin.email, TEST_PASSWORD);
    expect((await client.get('/api/organization/users')).status).toBe(403);
  });
});

describe('organization users', () => {
  it('lists only its own users, without password hashes, with lastLoginAt', async () => {
    const { organization, admin, client } = await adminClient();
    const colleague = await createUser(server.knex, { organizationId: organization.id, role: 'viewer' });
    await createMember(server.knex, 'agent'); // another organization
    const res = await client.get('/api/organization/users');
    expect(res.status).toBe(200);
    const users = userSchema.array().parse(res.json);
    expect(users.map((u) => u.id).sort()).toEqual([admin.id, colleague.id].sort());
    expect(res.text).not.toContain('argon2');
    expect(res.text).not.toMatch(/password/i);
    expect(users.find((u) => u.id === admin.id)?.lastLoginAt).not.toBeNull();
  });

  it('creates a user with default role agent and a hashed password that logs in', async () => {
    const { organization, client } = await adminClient();
    const input = newUser({ email: 'Nova.Agente@Exemplo.pt' });
    const res = await client.post('/api/organization/users', input);
    expect(res.status).toBe(201);
    expect(userSchema.parse(res.json)).toMatchObject({
      organizationId: organization.id,
      email: 'nova.agente@exemplo.pt',
      role: 'agent',
      status: 'active',
      firstName: 'Rita',
    });
    const row = await server.knex('users').where('id', res.json.id).first('password_hash');
    expect(await verifyPassword(row.password_hash, 'Segredo#1x')).toBe(true);
    await server.loginAs('nova.agente@exemplo.pt', 'Segredo#1x');
  });

  it('validates, refuses a taken email (409) and a role outside the organization', async () => {
    const { client } = await adminClient();
    const bad = await client.post('/api/organization/users', { firstName: '', email: 'x', password: '1' });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toMatchObject({
      firstName: validationMessages.firstNameRequired,
      email: validationMessages.invalidEmail,
      password: validationMessages.registerPasswordMin8,
    });
    const other = await createUser(server.knex, { role: 'agent' });
    const taken = await client.post('/api/organization/users', newUser({ email: other.email }));
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(errorMessages.emailInUse);
    const superRole = await client.post('/api/organization/users', newUser({ role: 'super_admin' }));
    expect(superRole.status).toBe(400);
  });

  it("enforces the organization's maxUsers (0 = unlimited)", async () => {
    const { organization, client } = await adminClient(2);
    expect((await client.post('/api/organization/users', newUser())).status).toBe(201);
    const full = await client.post('/api/organization/users', newUser());
    expect(full.status).toBe(409);
    expect(full.json.message).toBe(errorMessages.userLimitReached);
    await server.knex('organizations').where('id', organization.id).update({ max_users: 0 });
    expect((await client.post('/api/organization/users', newUser())).status).toBe(201);
  });

  it('applies saved registration settings: per-role limits, allowed domains, default role', async () => {
    const { organization, client } = await adminClient(0);
    await server.knex('registration_settings').insert({
      id: crypto.randomUUID(),
      organization_id: organization.id,
      enabled: true,
      allowed_domains: JSON.stringify(['exemplo.pt']),
      max_users_per_role: JSON.stringify({ admin: 5, agent: 1, viewer: 0 }),
      default_role: 'viewer',
      updated_at: new Date().toISOString(),
    });
    const wrongDomain = await client.post('/api/organization/users', newUser({ email: 'a@gmail.com' }));
    expect(wrongDomain.status).toBe(400);
    expect(wrongDomain.json.message).toBe(errorMessages.emailDomainNotAllowed);
    const defaulted = await client.post('/api/organization/users', newUser());
    expect(defaulted.json.role).toBe('viewer');
    expect((await client.post('/api/organization/users', newUser({ role: 'agent' }))).status).toBe(201);
    const overRole = await client.post('/api/organization/users', newUser({ role: 'agent' }));
    expect(overRole.status).toBe(409);
    expect(overRole.json.message).toBe(errorMessages.userRoleLimitReached);
  });

  it('updates a user; the email never changes and the password only when sent', async () => {
    const { organization, client } = await adminClient();
    const user = await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    const res = await client.put(`/api/organization/users/${user.id}`, {
      firstName: 'Marta',
      email: 'outro@exemplo.pt',
      role: 'viewer',
      status: 'suspended',
      password: '',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: 'Marta',
      email: user.email,
      role: 'viewer',
      status: 'suspended',
    });
    const row = await server.knex('users').where('id', user.id).first('password_hash');
    expect(await verifyPassword(row.password_hash, TEST_PASSWORD)).toBe(true);
    await client.put(`/api/organization/users/${user.id}`, { password: 'novaSenha9', status: 'active' });
    await server.loginAs(user.email, 'novaSenha9');
  });

  it("answers 404 for another organization's user on update and delete", async () => {
    const { client } = await adminClient();
    const { user: stranger } = await createMember(server.knex, 'agent');
    const put = await client.put(`/api/organization/users/${stranger.id}`, { firstName: 'X' });
    expect(put.status).toBe(404);
    expect(put.json.message).toBe(errorMessages.userNotFound);
    expect((await client.delete(`/api/organization/users/${stranger.id}`)).status).toBe(404);
    expect((await client.delete('/api/organization/users/not-a-uuid')).status).toBe(404);
    expect(await server.knex('users').where('id', stranger.id).first('first_name')).toMatchObject({
      first_name: 'Ana',
    });
  });

  it('deletes a user, but never oneself nor the last admin', async () => {
    const { organization, admin, client } = await adminClient();
    const agent = await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    expect((await client.delete(`/api/organization/users/${agent.id}`)).status).toBe(204);
    expect(await server.knex('users').where('id', agent.id).first()).toBeUndefined();

    const self = await client.delete(`/api/organization/users/${admin.id}`);
    expect(self.status).toBe(403);
    expect(self.json.message).toBe(errorMessages.cannotDeleteSelf);

    const demote = await client.put(`/api/organization/users/${admin.id}`, { role: 'agent' });
    expect(demote.status).toBe(409);
    expect(demote.json.message).toBe(errorMessages.lastAdminRequired);
  });

  it('is refused to agents and viewers (403)', async () => {
    const { organization } = await adminClient();
    const agent = await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    const client = await server.loginAs(agent.email, TEST_PASSWORD);
    expect((await client.post('/api/organization/users', newUser())).status).toBe(403);
    expect((await client.delete(`/api/organization/users/${agent.id}`)).status).toBe(403);
  });
});
