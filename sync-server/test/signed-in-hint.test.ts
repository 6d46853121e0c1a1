import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@casa/shared-schema/values';
import { createMember, TEST_PASSWORD } from './factories';
import { startTestServer, type TestClient, type TestResponse, type TestServer } from './server';

/**
 * The readable hint that a session may be open here (shared-schema/src/api/cookies.ts): the web app of a
 * visitor reads it before asking anything a visitor would be refused (issue 19). It follows the session.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const hintLine = (res: TestResponse) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
const hinted = (client: TestClient) => client.cookies.get(SIGNED_IN_HINT_COOKIE) === '1';

describe('the signed-in hint cookie', () => {
  it('a visitor gets none; a login sets it readable, with no session id in it', async () => {
    const visitor = server.client();
    expect((await visitor.get('/api/auth/me')).status).toBe(401);
    expect(hinted(visitor)).toBe(false);

    const { user } = await createMember(server.knex);
    const client = server.client();
    await client.get('/api/health');
    const login = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const line = hintLine(login);
    expect(line).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(line).not.toMatch(/httponly/i);
    expect(line).toMatch(/samesite=lax/i);
    expect(line).toMatch(/path=\//i);
    expect(hinted(client)).toBe(true);
    // Sent once: a request that already carries it gets no new one.
    expect(hintLine(await client.get('/api/auth/me'))).toBeUndefined();
  });

  it('a session from before the hint gets it at its next request', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    client.cookies.delete(SIGNED_IN_HINT_COOKIE);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(hintLine(me)).toMatch(/=1;/);
  });

  it('a logout clears it', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    expect(hinted(client)).toBe(true);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(hinted(client)).toBe(false);
  });

  it('a session ended elsewhere (a password change) clears it at its next answer, a 401', async () => {
    const { user } = await createMember(server.knex);
    const here = await server.loginAs(user.email, TEST_PASSWORD);
    const phone = await server.loginAs(user.email, TEST_PASSWORD);
    const password = 'Outra#Chave2027';
    const change = { currentPassword: TEST_PASSWORD, newPassword: password, confirmPassword: password };
    expect((await here.put('/api/profile/password', change)).status).toBe(200);
    const me = await phone.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(hinted(phone)).toBe(false);
    expect(hinted(here)).toBe(true);
  });
});
