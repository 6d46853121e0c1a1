import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  organizationSchema,
  registrationSettingsSchema,
  saasStatsSchema,
  userSchema,
  validationMessages,
} from '@casa/shared-schema';
import { createClient, createMember, createUser, TEST_PASSWORD, uniqueEmail } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { createPackageRow } from './saas-fixtures';

let server: TestServer;
let superClient: TestClient;
let superAdminId: string;
beforeAll(async () => {
  server = await startTestServer();
  const superAdmin = await createUser(server.knex, { role: 'super_admin' });
  superAdminId = superAdmin.id;
  superClient = await server.loginAs(superAdmin.email, TEST_PASSWORD);
});
afterAll(() => server.close());

const orgInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Agência ${crypto.randomUUID().slice(0, 8)}`,
  email: uniqueEmail('geral'),
  ...overrides,
});

async function nonSuperClients() {
  const clients: TestClient[] = [];
  for (const role of ['admin', 'agent', 'viewer'] as const) {
    const { user } = await createMember(server.knex, role);
    clients.push(await server.loginAs(user.email, TEST_PASSWORD));
  }
  return clients;
}

describe('SaaS organizations', () => {
  it('creates with limits copied from the package, lists with user and client counts', async () => {
    const pkg = await createPackageRow(server.knex, {
      name: 'org-professional-x',
      max_users: 15,
      max_clients: 5000,
    });
    const created = await superClient.post('/api/saas/organizations', orgInput({ packageId: pkg.id }));
    expect(created.status).toBe(201);
    expect(organizationSchema.parse(created.json)).toMatchObject({
      packageId: pkg.id,
      maxUsers: 15,
      maxClients: 5000,
      plan: 'professional',
      status: 'active',
    });
    const orgId = created.json.id as string;
    await createUser(server.knex, { organizationId: orgId, role: 'admin' });
    await createClient(server.knex, orgId);
    await createClient(server.knex, orgId, { deletedAt: new Date().toISOString() });
    const list = await superClient.get('/api/saas/organizations');
    expect(list.status).toBe(200);
    const row = organizationSchema
      .array()
      .parse(list.json)
      .find((o) => o.id === orgId);
    expect(row).toMatchObject({ userCount: 1, clientCount: 1 });
  });

  it('falls back to 5 and 500 for invalid numbers, and requires name and email', async () => {
    const res = await superClient.post(
      '/api/saas/organizations',
      orgInput({ maxUsers: 'abc', maxClients: -3 }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ maxUsers: 5, maxClients: 500 });
    const missing = await superClient.post('/api/saas/organizations', { name: '', email: '' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(validationMessages.organizationNameEmailRequired);
  });

  it('answers 409 for a duplicate name or email and 404 for an unknown id', async () => {
    const first = orgInput();
    expect((await superClient.post('/api/saas/organizations', first)).status).toBe(201);
    const accented = orgInput({ name: 'AGÊNCIA CENTRAL' });
    expect((await superClient.post('/api/saas/organizations', accented)).status).toBe(201);
    for (const dup of [
      orgInput({ name: first.name.toUpperCase() }),
      orgInput({ name: 'agência central' }),
      orgInput({ email: first.email }),
    ]) {
      const res = await superClient.post('/api/saas/organizations', dup);
      expect(res.status).toBe(409);
      expect(res.json.message).toBe('Já existe uma organização com este nome ou email.');
    }
    const unknown = await superClient.put(`/api/saas/organizations/${crypto.randomUUID()}`, { name: 'Nova' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Organização não encontrada.');
  });

  it('updates (email not editable) and toggles the status; suspension blocks its users at once', async () => {
    const { organization, user } = await createMember(server.knex, 'agent');
    const member = await server.loginAs(user.email, TEST_PASSWORD);
    const put = await superClient.put(`/api/saas/organizations/${organization.id}`, {
      name: 'Nome Novo Lda',
      email: 'mudou@exemplo.pt',
      maxUsers: 9,
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ name: 'Nome Novo Lda', email: null, maxUsers: 9 });

    const suspend = await superClient.put(`/api/saas/organizations/${organization.id}/status`, {
      status: 'suspended',
    });
    expect(suspend.status).toBe(200);
    expect(suspend.json.status).toBe('suspended');
    const blocked = await member.get('/api/auth/me');
    expect(blocked.status).toBe(403);
    expect(blocked.json.message).toBe(errorMessages.accountSuspended);
    const bad = await superClient.put(`/api/saas/organizations/${organization.id}/status`, {
      status: 'trial',
    });
    expect(bad.status).toBe(400);
    const activate = await superClient.put(`/api/saas/organizations/${organization.id}/status`, {
      status: 'active',
    });
    expect(activate.json.status).toBe('active');
    await server.loginAs(user.email, TEST_PASSWORD);
  });

  it('deletes with its data, but never a protected organization', async () => {
    const { organization, user } = await createMember(server.knex, 'admin');
    const clientId = await createClient(server.knex, organization.id);
    expect((await superClient.delete(`/api/saas/organizations/${organization.id}`)).status).toBe(204);
    expect(await server.knex('users').where('id', user.id).first()).toBeUndefined();
    expect(await server.knex('clients').where('id', clientId).first()).toBeUndefined();

    const demo = await createMember(server.knex, 'admin', { name: 'Imobiliária Demo' });
    await server.knex('organizations').where('id', demo.organization.id).update({ is_protected: true });
    const res = await superClient.delete(`/api/saas/organizations/${demo.organization.id}`);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Organização Protegida');
    expect(await server.knex('organizations').where('id', demo.organization.id).first('id')).toBeDefined();
  });

  it('is 401 without a session and 403 for admin, agent and viewer', async () => {
    expect((await server.client().get('/api/saas/organizations')).status).toBe(401);
    const { organization } = await createMember(server.knex, 'agent');
    for (const client of await nonSuperClients()) {
      expect((await client.get('/api/saas/organizations')).status).toBe(403);
      expect((await client.post('/api/saas/organizations', orgInput())).status).toBe(403);
      const status = await client.put(`/api/saas/organizations/${organization.id}/status`, {
        status: 'suspended',
      });
      expect(status.status).toBe(403);
      expect(status.json.message).toBe(errorMessages.forbidden);
      expect((await client.delete(`/api/saas/organizations/${organization.id}`)).status).toBe(403);
    }
    expect((await server.knex('organizations').where('id', organization.id).first('status')).status).toBe(
      'active',
    );
  });
});

describe('SaaS users', () => {
  it('lists every user with the organization name and no password hashes', async () => {
    const { organization, user } = await createMember(server.knex, 'viewer');
    const res = await superClient.get('/api/saas/users');
    expect(res.status).toBe(200);
    const users = userSchema.array().parse(res.json);
    expect(users.find((u) => u.id === user.id)?.organizationName).toBe(organization.name);
    expect(res.text).not.toMatch(/password|argon2/i);
  });

  it('creates, updates (email fixed), suspends, reactivates and deletes a user', async () => {
    const { organization } = await createMember(server.knex, 'admin');
    const email = uniqueEmail('novo');
    const created = await superClient.post('/api/saas/users', {
      firstName: 'Paulo',
      lastName: 'Reis',
      email,
      role: 'agent',
      organizationId: organization.id,
      status: 'active',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email, role: 'agent', organizationId: organization.id });
    const id = created.json.id as string;
    const dup = await superClient.post('/api/saas/users', {
      firstName: 'X',
      email,
      organizationId: organization.id,
    });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('Este email já está em uso por outro utilizador.');
    const put = await superClient.put(`/api/saas/users/${id}`, {
      firstName: 'Pedro',
      email: 'x@y.pt',
      role: 'viewer',
    });
    expect(put.json).toMatchObject({ firstName: 'Pedro', email, role: 'viewer' });
    const suspended = await superClient.put(`/api/saas/users/${id}/status`, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect(suspended.json.status).toBe('suspended');
    expect((await superClient.put(`/api/saas/users/${id}/status`, { status: 'active' })).json.status).toBe(
      'active',
    );
    expect((await superClient.delete(`/api/saas/users/${id}`)).status).toBe(204);
    const gone = await superClient.delete(`/api/saas/users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.message).toBe('Utilizador não encontrado.');
  });

  it('needs an organization for organization roles', async () => {
    const res = await superClient.post('/api/saas/users', {
      firstName: 'Sem',
      email: uniqueEmail(),
      role: 'agent',
    });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors.organizationId).toBe(errorMessages.organizationRequired);
  });

  it("never suspends or deletes a super admin ('Protegido')", async () => {
    const other = await createUser(server.knex, { role: 'super_admin' });
    for (const target of [other.id, superAdminId]) {
      const status = await superClient.put(`/api/saas/users/${target}/status`, { status: 'suspended' });
      expect(status.status).toBe(403);
      expect(status.json.message).toBe(errorMessages.cannotSuspendSuperAdmin);
      expect((await superClient.delete(`/api/saas/users/${target}`)).status).toBe(403);
      expect((await superClient.put(`/api/saas/users/${target}`, { role: 'agent' })).status).toBe(403);
    }
    expect((await server.knex('users').where('id', other.id).first('status')).status).toBe('active');
  });

  it('is 401 without a session and 403 for admin, agent and viewer', async () => {
    expect((await server.client().get('/api/saas/users')).status).toBe(401);
    const { user } = await createMember(server.knex, 'agent');
    for (const client of await nonSuperClients()) {
      expect((await client.get('/api/saas/users')).status).toBe(403);
      expect((await client.put(`/api/saas/users/${user.id}/status`, { status: 'suspended' })).status).toBe(
        403,
      );
      expect((await client.delete(`/api/saas/users/${user.id}`)).status).toBe(403);
    }
  });
});

describe('registration settings', () => {
  it('answers the defaults when nothing was saved, then saves merged and deduplicated values', async () => {
    const { organization, user } = await createMember(server.knex, 'admin');
    const url = `/api/organizations/${organization.id}/registration-settings`;
    const defaults = await superClient.get(url);
    expect(defaults.status).toBe(200);
    expect(registrationSettingsSchema.parse(defaults.json)).toMatchObject({
      enabled: false,
      requireApproval: true,
      invitationOnly: false,
      defaultRole: 'viewer',
      allowedDomains: [],
      maxUsersPerRole: { admin: 5, agent: 50, viewer: 100 },
    });
    const saved = await superClient.put(url, {
      enabled: true,
      allowedDomains: ['Exemplo.pt', '@exemplo.pt', 'outra.pt'],
      maxUsersPerRole: { agent: 0 },
      customFields: [{ id: 'licenca', label: 'Licença AMI', type: 'text', required: true }],
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      enabled: true,
      allowedDomains: ['exemplo.pt', 'outra.pt'],
      maxUsersPerRole: { admin: 5, agent: 0, viewer: 100 },
      defaultRole: 'viewer',
    });
    const admin = await server.loginAs(user.email, TEST_PASSWORD);
    expect((await admin.get(url)).json.allowedDomains).toEqual(['exemplo.pt', 'outra.pt']);
    expect((await admin.put(url, { enabled: false })).status).toBe(403);
  });

  it('validates limits and custom fields', async () => {
    const { organization } = await createMember(server.knex, 'admin');
    const url = `/api/organizations/${organization.id}/registration-settings`;
    const res = await superClient.put(url, {
      maxUsersPerRole: { admin: -1 },
      customFields: [{ id: 'x', label: ' ', type: 'text' }],
    });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toMatchObject({
      'maxUsersPerRole.admin': validationMessages.nonNegative,
      'customFields.0.label': validationMessages.fieldRequired,
    });
  });

  it("answers 404 to another organization's admin and 403 to an agent of the organization", async () => {
    const { organization } = await createMember(server.knex, 'admin');
    const url = `/api/organizations/${organization.id}/registration-settings`;
    const { user: otherAdmin } = await createMember(server.knex, 'admin');
    const other = await server.loginAs(otherAdmin.email, TEST_PASSWORD);
    expect((await other.get(url)).status).toBe(404);
    const agent = await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    const agentClient = await server.loginAs(agent.email, TEST_PASSWORD);
    expect((await agentClient.get(url)).status).toBe(403);
    expect((await server.client().get(url)).status).toBe(401);
    expect(
      (await superClient.get(`/api/organizations/${crypto.randomUUID()}/registration-settings`)).status,
    ).toBe(404);
  });
});

describe('GET /api/saas/stats', () => {
  it('counts organizations, users per role and estimates the monthly revenue', async () => {
    const before = saasStatsSchema.parse((await superClient.get('/api/saas/stats')).json);
    const pkg = await createPackageRow(server.knex, { price: '99.50' });
    const priced = await createMember(server.knex, 'admin');
    await server.knex('organizations').where('id', priced.organization.id).update({ package_id: pkg.id });
    const unpriced = await createMember(server.knex, 'agent');
    await server.knex('organizations').where('id', unpriced.organization.id).update({ plan: 'professional' });
    await createMember(server.knex, 'viewer', { name: 'Suspensa Lda' }).then(({ organization }) =>
      server.knex('organizations').where('id', organization.id).update({ status: 'suspended' }),
    );
    const res = await superClient.get('/api/saas/stats');
    expect(res.status).toBe(200);
    const after = saasStatsSchema.parse(res.json);
    expect(after.totalOrganizations - before.totalOrganizations).toBe(3);
    expect(after.activeOrganizations - before.activeOrganizations).toBe(2);
    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.usersByRole.admin - before.usersByRole.admin).toBe(1);
    expect(after.usersByRole.super_admin).toBeGreaterThanOrEqual(1);
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(cents(after.monthlyRevenue) - cents(before.monthlyRevenue)).toBe(9950 + 5500);
    expect(after.recentOrganizations.length).toBeLessThanOrEqual(5);
    expect(after.recentOrganizations.map((o) => o.name)).toContain('Suspensa Lda');
  });

  it('is 403 for everyone but the super admin', async () => {
    for (const client of await nonSuperClients())
      expect((await client.get('/api/saas/stats')).status).toBe(403);
  });
});
