import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, packageSchema, validationMessages } from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { createPackageRow } from './saas-fixtures';

let server: TestServer;
let superClient: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  const superAdmin = await createUser(server.knex, { role: 'super_admin' });
  superClient = await server.loginAs(superAdmin.email, TEST_PASSWORD);
});
afterAll(() => server.close());

const input = (name: string) => ({
  name,
  displayName: 'Agência Plus',
  price: '149.9',
  maxUsers: 10,
  maxClients: 1000,
  features: ['Até 10 agentes'],
});

describe('GET /api/packages', () => {
  it('is public with active packages only; the super admin also sees inactive ones', async () => {
    const active = await createPackageRow(server.knex, { sort_order: 1 });
    const inactive = await createPackageRow(server.knex, { is_active: false });
    const res = await server.client().get('/api/packages');
    expect(res.status).toBe(200);
    const ids = packageSchema
      .array()
      .parse(res.json)
      .map((p) => p.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    const all = (await superClient.get('/api/packages')).json.map((p: { id: string }) => p.id);
    expect(all).toEqual(expect.arrayContaining([active.id, inactive.id]));
  });
});

describe('packages CRUD (super admin)', () => {
  it('creates with a 2-decimal price string and the defaults, updates, deletes', async () => {
    const created = await superClient.post('/api/packages', input('agencia-plus'));
    expect(created.status).toBe(201);
    expect(packageSchema.parse(created.json)).toMatchObject({
      name: 'agencia-plus',
      price: '149.90',
      currency: 'EUR',
      isActive: true,
      sortOrder: 0,
      maxUsers: 10,
    });
    const updated = await superClient.put(`/api/packages/${created.json.id}`, {
      price: 159.99,
      isActive: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ price: '159.99', isActive: false, name: 'agencia-plus' });
    expect((await superClient.delete(`/api/packages/${created.json.id}`)).status).toBe(204);
    expect((await superClient.delete(`/api/packages/${created.json.id}`)).status).toBe(404);
  });

  it('validates with the package form messages', async () => {
    const res = await superClient.post('/api/packages', { name: '', displayName: '', price: '1.999' });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toMatchObject({
      name: validationMessages.packageNameRequired,
      displayName: validationMessages.packageDisplayNameRequired,
      price: validationMessages.invalidPrice,
    });
    const noPrice = await superClient.post('/api/packages', { ...input('sem-preco'), price: '' });
    expect(noPrice.json.fieldErrors.price).toBe(validationMessages.priceRequired);
  });

  it('refuses a duplicate name (409)', async () => {
    const existing = await createPackageRow(server.knex);
    const res = await superClient.post('/api/packages', input(existing.name));
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(errorMessages.packageNameInUse);
    const other = await createPackageRow(server.knex);
    expect((await superClient.put(`/api/packages/${other.id}`, { name: existing.name })).status).toBe(409);
  });

  it('refuses to delete a package used by an organization or a subscription (409)', async () => {
    const pkg = await createPackageRow(server.knex);
    const { organization } = await createMember(server.knex, 'admin');
    await server.knex('organizations').where('id', organization.id).update({ package_id: pkg.id });
    const res = await superClient.delete(`/api/packages/${pkg.id}`);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Falha ao eliminar package. Pode estar em uso por organizações.');

    const pkg2 = await createPackageRow(server.knex);
    await server.knex('subscriptions').insert({
      id: crypto.randomUUID(),
      organization_id: organization.id,
      package_id: pkg2.id,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    expect((await superClient.delete(`/api/packages/${pkg2.id}`)).status).toBe(409);
    expect(await server.knex('packages').where('id', pkg2.id).first('id')).toBeDefined();
  });

  it('is 401 without a session and 403 for admin, agent and viewer', async () => {
    expect((await server.client().post('/api/packages', input('x-anon'))).status).toBe(401);
    const pkg = await createPackageRow(server.knex);
    for (const role of ['admin', 'agent', 'viewer'] as const) {
      const { user } = await createMember(server.knex, role);
      const client = await server.loginAs(user.email, TEST_PASSWORD);
      const res = await client.post('/api/packages', input(`x-${role}`));
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(errorMessages.forbidden);
      expect((await client.put(`/api/packages/${pkg.id}`, { price: '1.00' })).status).toBe(403);
      expect((await client.delete(`/api/packages/${pkg.id}`)).status).toBe(403);
    }
  });
});
