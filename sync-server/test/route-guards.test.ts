import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/app';
import { startTestServer, type TestServer } from './server';

/**
 * Walks every registered /api route: without a session, each one that is not deliberately public must
 * answer 401 (a route declared public by mistake fails here). Public routes are listed with a reason.
 */
const PUBLIC = new Set([
  'GET /api/health', // liveness probe; also issues the CSRF cookie
  'POST /api/auth/register', // creating an account
  'POST /api/auth/login', // starting a session
  'POST /api/auth/logout', // ending a session that may already be gone
  'GET /api/packages', // the landing page's pricing (active packages only without a session)
  'GET /api/openapi.json', // the API description; shapes only, no data
  'GET /api/system/maintenance', // the maintenance page and the login banner; message and window only
]);

const routes = apiRoutes().map(({ method, path, audience }) => ({ method, path, audience }));

describe('route guards', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds the routes to walk', () => {
    expect(routes.length).toBeGreaterThan(PUBLIC.size);
    for (const publicRoute of PUBLIC)
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(publicRoute);
  });

  it.each(routes.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`)))(
    '$method $path needs a session',
    async ({ method, path }) => {
      const url = path.replace(/:[A-Za-z]+/g, randomUUID());
      const res = await server.client().request(method, url, { body: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(401);
      expect(typeof res.json?.message).toBe('string');
    },
  );
});
