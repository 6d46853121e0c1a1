import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, TEST_PASSWORD } from './factories';
import { startTestServer, type TestClient, type TestServer } from './server';

/**
 * Issue 17: changing or resetting a password ends every other session of that user at once; the session
 * that made the change stays when the user changed their own password.
 */
const NEW_PASSWORD = 'Outra#Chave2027';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const signedIn = async (client: TestClient) => (await client.get('/api/auth/me')).status === 200;

describe('a password change ends the other sessions', () => {
  it('PUT /api/profile/password keeps this session and ends the others', async () => {
    const { user } = await createMember(server.knex);
    const here = await server.loginAs(user.email, TEST_PASSWORD);
    const phone = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await here.put('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    // The ended session stays ended (its row may be written again by a request in flight).
    expect(await signedIn(phone)).toBe(false);
    await server.loginAs(user.email, NEW_PASSWORD);
  });

  it('PUT /api/user/profile with a new password does the same', async () => {
    const { user } = await createMember(server.knex);
    const here = await server.loginAs(user.email, TEST_PASSWORD);
    const other = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await here.put('/api/user/profile', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(other)).toBe(false);
  });

  it('a profile change without a new password ends nothing', async () => {
    const { user } = await createMember(server.knex);
    const here = await server.loginAs(user.email, TEST_PASSWORD);
    const other = await server.loginAs(user.email, TEST_PASSWORD);
    expect((await here.put('/api/user/profile', { firstName: 'Rita' })).status).toBe(200);
    expect(await signedIn(other)).toBe(true);
  });
});

describe("an admin's password reset ends every session of that user", () => {
  it('organization admin: PUT /api/organization/users/:id', async () => {
    const { organization, user: admin } = await createMember(server.knex, 'admin');
    const agent = await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    const adminClient = await server.loginAs(admin.email, TEST_PASSWORD);
    const agentSessions = [
      await server.loginAs(agent.email, TEST_PASSWORD),
      await server.loginAs(agent.email, TEST_PASSWORD),
    ];
    const res = await adminClient.put(`/api/organization/users/${agent.id}`, { password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    for (const session of agentSessions) expect(await signedIn(session)).toBe(false);
    expect(await signedIn(adminClient)).toBe(true);
    await server.loginAs(agent.email, NEW_PASSWORD);
  });

  it('an edit without a password ends nothing', async () => {
    const { organization, user: admin } = await createMember(server.knex, 'admin');
    const agent = await createUser(server.knex, { organizationId: organization.id, role: 'agent' });
    const adminClient = await server.loginAs(admin.email, TEST_PASSWORD);
    const agentClient = await server.loginAs(agent.email, TEST_PASSWORD);
    expect((await adminClient.put(`/api/organization/users/${agent.id}`, { firstName: 'Rui' })).status).toBe(
      200,
    );
    expect(await signedIn(agentClient)).toBe(true);
  });

  it('SaaS admin: PUT /api/saas/users/:id, and their own reset keeps only the session that made it', async () => {
    const root = await createUser(server.knex, { isSuperAdmin: true });
    const { user } = await createMember(server.knex);
    const rootHere = await server.loginAs(root.email, TEST_PASSWORD);
    const rootElsewhere = await server.loginAs(root.email, TEST_PASSWORD);
    const userClient = await server.loginAs(user.email, TEST_PASSWORD);

    expect((await rootHere.put(`/api/saas/users/${user.id}`, { password: NEW_PASSWORD })).status).toBe(200);
    expect(await signedIn(userClient)).toBe(false);
    expect(await signedIn(rootElsewhere)).toBe(true);

    expect((await rootHere.put(`/api/saas/users/${root.id}`, { password: NEW_PASSWORD })).status).toBe(200);
    expect(await signedIn(rootHere)).toBe(true);
    expect(await signedIn(rootElsewhere)).toBe(false);
  });
});
