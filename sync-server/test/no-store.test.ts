import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/app';
import { createMember, createUser, TEST_PASSWORD } from './factories';
import { startTestServer, type TestClient, type TestServer } from './server';

/**
 * Walks every registered /api route as an organization admin and as a super admin (GET: every route; other
 * methods: an empty body, which each route refuses before writing) and anonymously: every answer, success or
 * error, says `Cache-Control: no-store` (issue 17). The only routes that choose otherwise are listed, with why.
 */
const OWN_CACHE_POLICY: Record<string, string> = {
  // The API description holds shapes only, no data; the same for everyone.
  'GET /api/openapi.json': 'public, max-age=300',
};

// Routes whose empty-body call would end the session or the account, or start work: walked as GET only.
const NOT_CALLED = new Set([
  'DELETE /api/account',
  'POST /api/auth/logout',
  'POST /api/auth/login',
  'POST /api/system/backup',
]);

const routes = apiRoutes().map(({ method, path, audience }) => ({ method, path, audience }));
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('Cache-Control: no-store on every /api answer', () => {
  let server: TestServer;
  let admin: TestClient;
  let superAdmin: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    const { user } = await createMember(server.knex, 'admin');
    admin = await server.loginAs(user.email, TEST_PASSWORD);
    const root = await createUser(server.knex, { isSuperAdmin: true });
    superAdmin = await server.loginAs(root.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
  });

  const walked = routes.filter((r) => !NOT_CALLED.has(key(r)));

  it('walks most routes', () => {
    expect(walked.length).toBeGreaterThan(60);
  });

  it.each(walked)('$method $path', async (route) => {
    const url = route.path.replace(/:[A-Za-z]+/g, randomUUID());
    const body = route.method === 'GET' ? undefined : {};
    const expected = OWN_CACHE_POLICY[key(route)] ?? 'no-store';
    for (const client of [admin, superAdmin, server.client()]) {
      const res = await client.request(route.method, url, { body });
      expect(res.status, `${key(route)} answered 5xx: ${res.text}`).toBeLessThan(500);
      expect(res.headers.get('cache-control'), key(route)).toBe(expected);
    }
  });

  it('an unknown /api path answers no-store too', async () => {
    const res = await admin.get('/api/nao-existe');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
