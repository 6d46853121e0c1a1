import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, errorMessages, userSchema, validationMessages } from '@casa/shared-schema';
import { SESSION_COOKIE } from '../src/http/session';
import { createMember, TEST_PASSWORD, uniqueEmail } from './factories';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/auth/register', () => {
  it('registers from the register screen payload with its organization name', async () => {
    const email = uniqueEmail('reg');
    const res = await server.client().post('/api/auth/register', {
      email: email.toUpperCase(),
      password: 'umaSenha123',
      fullName: 'Maria da Silva Santos',
      organizationName: 'Imobiliária Central',
    });
    expect(res.status).toBe(201);
    const user = userSchema.parse(res.json);
    expect(user).toMatchObject({ email, firstName: 'Maria', lastName: 'da Silva Santos', role: 'admin' });
    expect(res.json).not.toHaveProperty('passwordHash');
    const org = await server.knex('organizations').where('id', user.organizationId).first();
    expect(org.name).toBe('Imobiliária Central');
    const row = await server.knex('users').where('id', user.id).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('names the organization after the person when none is given', async () => {
    const res = await server.client().post('/api/auth/register', {
      email: uniqueEmail('reg'),
      password: 'umaSenha123',
      fullName: 'João Pereira',
      organizationName: '',
    });
    expect(res.status).toBe(201);
    const org = await server.knex('organizations').where('id', res.json.organizationId).first();
    expect(org.name).toBe('João Pereira - Organização');
  });

  it('accepts the sign-up step 1 payload {email, name, hashedPassword, role} and makes an admin', async () => {
    const email = uniqueEmail('signup');
    const res = await server.client().post('/api/auth/register', {
      email,
      name: 'Rui Costa',
      hashedPassword: 'Abc#12345',
      role: 'viewer',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email, role: 'admin', firstName: 'Rui', lastName: 'Costa' });
    const org = await server.knex('organizations').where('id', res.json.organizationId).first();
    expect(org.name).toBe('Rui Costa - Organização');
    // The password is usable.
    const login = await server.client().post('/api/auth/login', { email, password: 'Abc#12345' });
    expect(login.status).toBe(200);
  });

  it('answers 409 with the email-in-use text for an email already in use', async () => {
    const { user } = await createMember(server.knex);
    const res = await server.client().post('/api/auth/register', {
      email: user.email.toUpperCase(),
      password: 'umaSenha123',
      fullName: 'Outra Pessoa',
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      message: errorMessages.emailInUse,
      error: errorMessages.emailInUse,
      code: 'email_in_use',
    });
  });

  it('validates with the product messages', async () => {
    const short = await server.client().post('/api/auth/register', {
      email: uniqueEmail(),
      password: 'curta',
      fullName: 'Ana',
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      code: 'validation',
      message: validationMessages.registerPasswordMin8,
    });
    expect(short.json.fieldErrors.password).toBe(validationMessages.registerPasswordMin8);
    const missing = await server
      .client()
      .post('/api/auth/register', { email: uniqueEmail(), password: 'umaSenha123' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(validationMessages.fillRequiredFields);
  });
});

describe('login, session and logout', () => {
  it('logs in with the right password, sets the session cookie and last_login_at', async () => {
    const { user, organization } = await createMember(server.knex, 'agent', { name: 'Imobiliária Sol' });
    const client = server.client();
    const res = await client.post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(currentUserSchema.parse(res.json)).toMatchObject({
      id: user.id,
      organizationName: organization.name,
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/;\s*secure/i); // plain http here
    const row = await server.knex('users').where('id', user.id).first();
    expect(row.last_login_at).not.toBeNull();
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      id: user.id,
      email: user.email,
      organizationName: 'Imobiliária Sol',
      role: 'agent',
    });
  });

  it('rejects a wrong password and an unknown email with the same 401', async () => {
    const { user } = await createMember(server.knex);
    const wrong = await server.client().post('/api/auth/login', { email: user.email, password: 'errada!!' });
    const unknown = await server
      .client()
      .post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'errada!!' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ message: errorMessages.invalidCredentials, code: 'unauthenticated' });
    }
    expect(errorMessages.invalidCredentials).toBe('Email ou palavra-passe incorretos.');
  });

  it('requires both fields', async () => {
    const res = await server.client().post('/api/auth/login', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(validationMessages.fillAllFields);
  });

  it('locks (email, IP) out on the 6th attempt after 5 failures, then clears on success', async () => {
    const { user } = await createMember(server.knex);
    const client = server.client();
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/login', { email: user.email, password: `errada-${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('rate_limited');
    expect(locked.json.message).toBe(errorMessages.tooManyLoginAttempts(15));
    expect(locked.json.message).toMatch(/15 minutos/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Time passes: age the failures beyond the window, and the right password works and clears them.
    const old = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await server.knex('login_failures').where('email', user.email).update({ created_at: old });
    const ok = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await server.knex('login_failures').where('email', user.email)).toHaveLength(0);
  });

  it('counts the minutes left from the oldest failure in the window', async () => {
    const { user } = await createMember(server.knex);
    const base = Date.now();
    const rows = [11, 9, 5, 2, 1].map((minutesAgo) => ({
      email: user.email,
      ip: '127.0.0.1',
      created_at: new Date(base - minutesAgo * 60 * 1000).toISOString(),
    }));
    await server.knex('login_failures').insert(rows);
    const res = await server.client().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.json.message).toBe(errorMessages.tooManyLoginAttempts(4));
  });

  it('rotates the session id at login', async () => {
    const { user } = await createMember(server.knex);
    const other = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const first = client.cookies.get(SESSION_COOKIE);
    const firstSig = client.cookies.get(`${SESSION_COOKIE}.sig`);
    expect(first).toBeTruthy();
    const again = await client.post('/api/auth/login', { email: other.user.email, password: TEST_PASSWORD });
    expect(again.status).toBe(200);
    const second = client.cookies.get(SESSION_COOKIE);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The old id is gone server-side: replaying it (with its valid signature) is anonymous.
    const replay = server.client();
    replay.cookies.set(SESSION_COOKIE, first!);
    replay.cookies.set(`${SESSION_COOKIE}.sig`, firstSig!);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
    expect((await client.get('/api/auth/me')).json.id).toBe(other.user.id);
  });

  it('me answers 401 when not logged in', async () => {
    const res = await server.client().get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthenticated');
  });

  it('POST /api/auth/logout ends the session', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const sid = client.cookies.get(SESSION_COOKIE);
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(Number((await server.knex('sessions').where('sid', sid!).count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('a cross-site GET /api/logout cannot end a session: logout is POST only (with the CSRF token)', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.get('/api/logout');
    expect(res.status).toBe(404);
    const forged = await client.post('/api/auth/logout', undefined, { csrf: false });
    expect(forged.status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('keeps sessions in the database (shared by every process)', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const sid = client.cookies.get(SESSION_COOKIE)!;
    const row = await server.knex('sessions').where('sid', sid).first();
    expect(JSON.parse(row.data)).toMatchObject({ userId: user.id });
    expect(Number(row.expires_at)).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('rolls the session with its row: the cookie is re-sent only when the expiry moves (issue 19)', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const sid = client.cookies.get(SESSION_COOKIE)!;
    const sessionCookies = (res: { headers: Headers }) =>
      res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}`));
    const fresh = await client.get('/api/auth/me');
    expect(fresh.status).toBe(200);
    expect(sessionCookies(fresh)).toEqual([]);
    // As if the row had last rolled 20 minutes ago (the store rolls at most once per 10 minutes).
    const aged = Date.now() + 30 * 24 * 60 * 60 * 1000 - 20 * 60 * 1000;
    await server.knex('sessions').where('sid', sid).update({ expires_at: aged });
    const due = await client.get('/api/auth/me');
    expect(due.status).toBe(200);
    expect(sessionCookies(due)).toHaveLength(2); // the id and its signature, with a new expiry
    expect(sessionCookies(due)[0]).toMatch(
      new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}=${sid};.*expires=`),
    );
    const row = await server.knex('sessions').where('sid', sid).first();
    expect(Number(row.expires_at)).toBeGreaterThan(aged + 15 * 60 * 1000);
    expect(JSON.parse(row.data)).toMatchObject({ userId: user.id });
    expect(sessionCookies(await client.get('/api/auth/me'))).toEqual([]);
  });
});
