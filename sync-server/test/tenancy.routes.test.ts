import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { z } from 'zod';
import { defineRoutes, route, type Audience, type HttpMethod } from '../src/http/route';
import { SESSION_COOKIE } from '../src/http/session';
import { createClient, createMember, createUser, TEST_PASSWORD } from './factories';
import { photoForm, tinyPng } from './images';
import { startTestServer, type TestServer } from './server';

const probe = (method: HttpMethod, path: string, audience: Audience) =>
  route({ method, path, summary: 'probe', audience, answer: z.object({ ok: z.literal(true) }) }, (ctx) => {
    ctx.body = { ok: true };
  });
const probes = defineRoutes('probe', [
  probe('POST', '/api/__probe/write', 'writer'),
  probe('GET', '/api/__probe/admin', 'admin'),
  probe('GET', '/api/__probe/super', 'super_admin'),
]).router();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routers: [probes] });
});
afterAll(() => server.close());

describe('roles', () => {
  it('a viewer cannot write: 403 with the exact text', async () => {
    const { user } = await createMember(server.knex, 'viewer');
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.post('/api/__probe/write', {});
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      message: 'Não tem permissões para executar esta operação.',
      code: 'forbidden',
    });
  });

  it('agents, admins and super admins can write', async () => {
    for (const role of ['agent', 'admin'] as const) {
      const { user } = await createMember(server.knex, role);
      const client = await server.loginAs(user.email, TEST_PASSWORD);
      expect((await client.post('/api/__probe/write', {})).status).toBe(200);
    }
    const root = await createUser(server.knex, { isSuperAdmin: true });
    const client = await server.loginAs(root.email, TEST_PASSWORD);
    expect((await client.post('/api/__probe/write', {})).status).toBe(200);
    expect((await client.get('/api/__probe/super')).status).toBe(200);
  });

  it('a role change applies on the next request', async () => {
    const { user } = await createMember(server.knex, 'admin');
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    expect((await client.get('/api/__probe/admin')).status).toBe(200);
    await server.knex('users').where('id', user.id).update({ role: 'viewer' });
    expect((await client.get('/api/__probe/admin')).status).toBe(403);
    expect((await client.post('/api/__probe/write', {})).status).toBe(403);
    expect((await client.get('/api/__probe/super')).status).toBe(403);
  });
});

describe('suspension', () => {
  it('a suspended user gets 403 "suspensa" and loses the session', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const sid = client.cookies.get(SESSION_COOKIE)!;
    await server.knex('users').where('id', user.id).update({ status: 'suspended' });
    const res = await client.get('/api/auth/me');
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('suspended');
    expect(res.json.message).toContain('suspensa');
    expect(await server.knex('sessions').where('sid', sid)).toHaveLength(0);
    // The client then calls logout, which must succeed; afterwards it is simply logged out.
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('an inactive user is treated the same way', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    await server.knex('users').where('id', user.id).update({ status: 'inactive' });
    const res = await client.get('/api/profile');
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(errorMessages.accountSuspended);
  });

  it('users of a suspended organization get 403 "suspensa"', async () => {
    const { user, organization } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    await server.knex('organizations').where('id', organization.id).update({ status: 'suspended' });
    const res = await client.get('/api/user/settings');
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('suspensa');
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('a suspended user cannot log in (once the password is proven)', async () => {
    const { user, organization } = await createMember(server.knex);
    await server.knex('organizations').where('id', organization.id).update({ status: 'suspended' });
    const res = await server.client().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'suspended', message: errorMessages.accountSuspended });
    const wrong = await server
      .client()
      .post('/api/auth/login', { email: user.email, password: 'errada-123' });
    expect(wrong.status).toBe(401);
  });

  it('a deleted user loses the session (401)', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    await server.knex('users').where('id', user.id).delete();
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("a user of 'Outra Imobiliária' cannot read another organization's user photo", async () => {
    const { user: owner } = await createMember(server.knex, 'agent', { name: 'Imobiliária Alfa' });
    const { user: outsider } = await createMember(server.knex, 'admin', { name: 'Outra Imobiliária' });
    const ownerClient = await server.loginAs(owner.email, TEST_PASSWORD);
    const up = await ownerClient.request('POST', '/api/profile/photo', {
      raw: photoForm(tinyPng(), 'a.png', 'image/png'),
    });
    expect(up.status).toBe(200);
    const outsiderClient = await server.loginAs(outsider.email, TEST_PASSWORD);
    const res = await outsiderClient.get(up.json.profilePhoto);
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(errorMessages.notFound);
    expect(res.buffer.includes(tinyPng())).toBe(false);
  });

  it("the export contains none of the other organization's rows", async () => {
    const { user: alpha, organization: alphaOrg } = await createMember(server.knex, 'agent', {
      name: 'Imobiliária Alfa',
    });
    const { user: outsider, organization: otherOrg } = await createMember(server.knex, 'agent', {
      name: 'Outra Imobiliária',
    });
    // Even a row of Alfa that (wrongly) names the outsider as its agent must not leak across.
    const leaked = await createClient(server.knex, alphaOrg.id, {
      agentId: outsider.id,
      name: 'Segredo da Alfa',
    });
    await createClient(server.knex, alphaOrg.id, { agentId: alpha.id, name: 'Cliente Alfa' });
    const own = await createClient(server.knex, otherOrg.id, { agentId: outsider.id, name: 'Cliente Outra' });
    const now = new Date().toISOString();
    await server.knex('client_interactions').insert({
      id: crypto.randomUUID(),
      organization_id: alphaOrg.id,
      client_id: leaked,
      type: 'Email',
      agent_id: outsider.id,
      created_at: now,
      updated_at: now,
    });
    const client = await server.loginAs(outsider.email, TEST_PASSWORD);
    const res = await client.get('/api/user/export');
    expect(res.status).toBe(200);
    const data = JSON.parse(res.text);
    expect(data.clients.map((c: { id: string }) => c.id)).toEqual([own]);
    expect(data.interactions).toEqual([]);
    expect(res.text).not.toContain('Segredo da Alfa');
    expect(res.text).not.toContain('Imobiliária Alfa');
    expect(res.text).not.toContain(alphaOrg.id);
  });

  it('a forged organizationId in a profile update is ignored', async () => {
    const { user, organization } = await createMember(server.knex);
    const { organization: other } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/profile', {
      firstName: 'Ana',
      email: user.email,
      organizationId: other.id,
      role: 'admin',
    });
    expect(res.status).toBe(200);
    const row = await server.knex('users').where('id', user.id).first();
    expect(row.organization_id).toBe(organization.id);
    expect(row.role).toBe('agent');
  });
});
