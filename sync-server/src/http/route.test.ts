import { errorMessages } from '@casa/shared-schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMember, createUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { defineRoutes, queryOf, route, type Audience } from './route';

const probe = (audience: Audience) =>
  route(
    {
      method: 'POST',
      path: `/api/probe/${audience}`,
      summary: 'probe',
      audience,
      answer: z.object({ ok: z.literal(true) }),
    },
    (ctx) => {
      ctx.body = { ok: true };
    },
  );

/** Counts its parses: the declared query is parsed once per request, by the route's validation. */
let queryParses = 0;
const countedQuery = z.object({
  n: z.coerce.number().transform((n) => {
    queryParses += 1;
    return n * 2;
  }),
});

/** Probe routes: one per audience, a wrong answer, a non-JSON answer, a validated body and query. */
const probes = defineRoutes('probe', [
  route(
    {
      method: 'GET',
      path: '/api/probe/query',
      summary: 'query',
      audience: 'public',
      query: countedQuery,
      answer: z.object({ n: z.number(), other: z.number() }),
    },
    (ctx) => {
      // The declared schema's value is the one validation kept; another schema parses the query itself.
      ctx.body = {
        n: queryOf(ctx, countedQuery).n,
        other: queryOf(ctx, z.object({ n: z.coerce.number() })).n,
      };
    },
  ),
  ...(['public', 'member', 'writer', 'admin', 'super_admin'] as const).map(probe),
  route(
    {
      method: 'GET',
      path: '/api/probe/wrong',
      summary: 'wrong',
      audience: 'public',
      answer: z.object({ n: z.number() }),
    },
    (ctx) => {
      ctx.body = { n: 'not a number' };
    },
  ),
  route(
    { method: 'GET', path: '/api/probe/text', summary: 'text', audience: 'public', answerType: 'text/plain' },
    (ctx) => {
      ctx.body = 'olá';
    },
  ),
  route(
    {
      method: 'POST',
      path: '/api/probe/body',
      summary: 'body',
      audience: 'public',
      body: z.object({ name: z.string().min(1, 'Indique o nome') }),
      invalidMessage: 'Verifique os campos',
      answer: z.object({ ok: z.literal(true) }),
    },
    (ctx) => {
      ctx.body = { ok: true };
    },
  ),
]);

describe('declared routes (http/route.ts)', () => {
  let server: TestServer;
  const as: Record<string, TestClient> = {};
  beforeAll(async () => {
    server = await startTestServer({ routers: [probes.router()] });
    for (const role of ['viewer', 'agent', 'admin'] as const) {
      const { user } = await createMember(server.knex, role);
      as[role] = await server.loginAs(user.email, TEST_PASSWORD);
    }
    const root = await createUser(server.knex, { isSuperAdmin: true });
    as.super = await server.loginAs(root.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['member', 'viewer', 200],
    ['writer', 'viewer', 403],
    ['writer', 'agent', 200],
    ['admin', 'agent', 403],
    ['admin', 'admin', 200],
    ['admin', 'super', 200],
    ['super_admin', 'admin', 403],
    ['super_admin', 'super', 200],
  ])('audience %s: a %s answers %i', async (audience, who, status) => {
    const res = await as[who]!.post(`/api/probe/${audience}`, {});
    expect(res.status).toBe(status);
    if (status === 403) expect(res.json.message).toBe(errorMessages.forbidden);
  });

  it('answers 401 without a session, except to the public', async () => {
    expect((await server.client().post('/api/probe/member', {})).status).toBe(401);
    expect((await server.client().post('/api/probe/public', {})).status).toBe(200);
  });

  it('fails loudly when a handler answers a shape other than its declared answer', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const res = await server.client().get('/api/probe/wrong');
    expect(res.status).toBe(500);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('GET /api/probe/wrong answered a shape other than its declared answer: n:'),
    );
  });

  it('leaves a declared non-JSON answer alone', async () => {
    const res = await server.client().get('/api/probe/text');
    expect(res.status).toBe(200);
    expect(res.text).toBe('olá');
  });

  it('parses a declared query once and hands its value to the handler (queryOf)', async () => {
    queryParses = 0;
    const res = await server.client().get('/api/probe/query?n=21');
    expect(res.json).toEqual({ n: 42, other: 21 });
    expect(queryParses).toBe(1);
    expect((await server.client().get('/api/probe/query?n=x')).status).toBe(400);
  });

  it('refuses a body its schema refuses, with the route message and field errors', async () => {
    const res = await server.client().post('/api/probe/body', { name: '' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'validation',
      message: 'Verifique os campos',
      fieldErrors: { name: 'Indique o nome' },
    });
    expect((await server.client().post('/api/probe/body', { name: 'Ana' })).status).toBe(200);
  });
});
