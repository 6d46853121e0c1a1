import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@casa/shared-schema';
import type { AppContextExt, AppState } from '../src/http/types';
import { SESSION_COOKIE } from '../src/http/session';
import { createMember, TEST_PASSWORD } from './factories';
import { startTestServer, type TestServer } from './server';

const probes = new Router<AppState, AppContextExt>();
probes.get('/api/__probe/boom', () => {
  throw new Error('kaboom: SELECT secret FROM vault');
});
probes.post('/api/__probe/echo', (ctx) => {
  ctx.body = { received: ctx.request.body };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routers: [probes], env: { BODY_LIMIT: '10kb', TRUST_PROXY: 'true' } });
});
afterAll(() => server.close());

describe('app shell', () => {
  it('GET /api/health reports status, database, version and uptime', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', db: 'ok', version: expect.any(String) });
    expect(typeof res.json.uptime).toBe('number');
  });

  it('echoes or creates an X-Request-Id', async () => {
    const client = server.client();
    const mine = await client.get('/api/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const fresh = await client.get('/api/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const res = await server.client().get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await server.client().get('/api/nao-existe');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({
      message: errorMessages.notFound,
      error: errorMessages.notFound,
      code: 'not_found',
    });
    expect(errorMessages.notFound).toBe('Recurso não encontrado.');
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await server.client().request('POST', '/api/__probe/echo', {
      raw: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: errorMessages.invalidJson,
      error: errorMessages.invalidJson,
      code: 'bad_request',
    });
  });

  it('answers a body over BODY_LIMIT with 413', async () => {
    const res = await server.client().post('/api/__probe/echo', { blob: 'x'.repeat(20 * 1024) });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
  });

  it('parses a JSON body within the limit', async () => {
    const res = await server.client().post('/api/__probe/echo', { a: 1 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: { a: 1 } });
  });

  it('hides the stack of a 500 and logs it', async () => {
    const res = await server.client().get('/api/__probe/boom');
    expect(res.status).toBe(500);
    expect(res.json).toEqual({
      message: errorMessages.internal,
      error: errorMessages.internal,
      code: 'internal',
    });
    expect(res.text).not.toMatch(/kaboom|vault|at .*\.ts/);
    const logged = server.logs.find((l) => l.msg === 'unhandled error');
    expect(JSON.stringify(logged)).toContain('kaboom');
  });
});

describe('CSRF', () => {
  it('issues a readable SameSite=Strict csrf_token cookie on first contact', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('csrf_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/samesite=strict/i);
    expect(cookie).not.toMatch(/httponly/i);
  });

  it('rejects an unsafe /api request without the header', async () => {
    const client = server.client();
    await client.get('/api/health');
    const res = await client.post('/api/__probe/echo', { a: 1 }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'csrf', message: errorMessages.csrfFailed });
  });

  it('rejects a header that does not match the cookie', async () => {
    const client = server.client();
    await client.get('/api/health');
    const res = await client.post(
      '/api/__probe/echo',
      { a: 1 },
      { csrf: false, headers: { 'X-CSRF-Token': 'x'.repeat(43) } },
    );
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('csrf');
  });

  it('rejects a foreign Origin even with a matching token', async () => {
    const client = server.client();
    const res = await client.post(
      '/api/__probe/echo',
      { a: 1 },
      { headers: { Origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('csrf');
  });

  it('accepts the matching header and our own Origin', async () => {
    const client = server.client();
    const res = await client.post('/api/__probe/echo', { a: 1 }, { headers: { Origin: server.url } });
    expect(res.status).toBe(200);
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY=true)', () => {
  it('marks the session and CSRF cookies Secure when the request was https', async () => {
    const { user } = await createMember(server.knex);
    const client = server.client();
    const res = await client.post(
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': new URL(server.url).host } },
    );
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toMatch(/;\s*secure/i);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    const fresh = await fetch(`${server.url}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    const csrf = fresh.headers.getSetCookie().find((c) => c.startsWith('csrf_token='));
    expect(csrf).toMatch(/;\s*secure/i);
  });
});
