import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import { createMember, uniqueEmail, TEST_PASSWORD } from './factories';
import { startTestServer, type TestServer } from './server';

/**
 * Issue 17: the lockout holds whatever the concurrency (each attempt is counted before its password is
 * checked), one address is limited across emails, and sign-ups are limited per address.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '12', SIGNUP_MAX_PER_ADDRESS: '4' },
  });
});
afterAll(async () => {
  await server.close();
});

const evaluated = (statuses: number[]) => statuses.filter((s) => s !== 429).length;

describe('login lockout under parallel guesses', () => {
  it('evaluates at most 5 of 60 guesses sent together, and the right one sent last does not get in', async () => {
    const { user } = await createMember(server.knex);
    const client = server.client();
    await client.get('/api/health'); // the CSRF cookie, once, before the burst
    const guesses = Array.from({ length: 60 }, (_, i) =>
      i === 59 ? TEST_PASSWORD : `Errada#${i.toString().padStart(2, '0')}`,
    );
    const answers = await Promise.all(
      guesses.map((password) => client.post('/api/auth/login', { email: user.email, password })),
    );
    const statuses = answers.map((a) => a.status);
    for (const status of statuses) expect([200, 401, 429]).toContain(status);
    expect(evaluated(statuses)).toBeLessThanOrEqual(5);
    expect(answers.find((a) => a.status === 429)?.json.message).toMatch(
      /^Demasiadas tentativas de início de sessão/,
    );
    if (statuses[59] !== 200) {
      // Refused attempts leave nothing behind: only evaluated failures are recorded.
      const failures = await server.knex('login_failures').where('email', user.email);
      expect(failures.length).toBe(statuses.filter((s) => s === 401).length);
      // Five failures lock the pair: even the right password is not evaluated now.
      const after = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(after.status).toBe(failures.length >= 5 ? 429 : 200);
    }
  }, 60_000);
});

describe('one address across many emails', () => {
  it('stops after the per-address failures, for any email', async () => {
    await server.knex('rate_limit_hits').delete();
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await client.post('/api/auth/login', {
        email: uniqueEmail('sonda'),
        password: 'Errada#123',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(401));
    expect(statuses.slice(12)).toEqual([429, 429]);
    // The lock is the address's: a real account from the same address is refused too, before any check.
    const { user } = await createMember(server.knex);
    const res = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.json.message).toBe(errorMessages.tooManyLoginAttempts(15));
    await server.knex('rate_limit_hits').delete();
  });

  it('successful logins do not count', async () => {
    await server.knex('rate_limit_hits').delete();
    const { user } = await createMember(server.knex);
    for (let i = 0; i < 15; i++) await server.loginAs(user.email, TEST_PASSWORD);
    expect(await server.knex('rate_limit_hits').where('bucket', 'login-address')).toHaveLength(0);
  });
});

describe('sign-up per address', () => {
  it('answers 429 past the limit, before looking at the email', async () => {
    await server.knex('rate_limit_hits').delete();
    const client = server.client();
    const body = () => ({
      email: uniqueEmail('registo'),
      password: 'Segura#2026',
      fullName: 'Ana Registo',
      organizationName: null,
    });
    for (let i = 0; i < 4; i++) expect((await client.post('/api/auth/register', body())).status).toBe(201);
    const refused = await client.post('/api/auth/register', body());
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(errorMessages.tooManySignups(60));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    await server.knex('rate_limit_hits').delete();
  });
});
