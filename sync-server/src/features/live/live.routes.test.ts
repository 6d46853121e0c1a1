import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { openStream, quiet, type StreamReader } from './live.testkit';

let server: TestServer;
const open: StreamReader[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await server.close();
});

async function member(organizationId?: string) {
  if (organizationId) {
    const user = await createUser(server.knex, { organizationId, role: 'agent' });
    return { user, client: await server.loginAs(user.email, user.password) };
  }
  const { user } = await createMember(server.knex, 'agent');
  return { user, client: await server.loginAs(user.email, user.password) };
}

async function stream(client: Awaited<ReturnType<typeof member>>['client']) {
  const s = await openStream(client);
  open.push(s);
  return s;
}

describe('GET /api/sync/live', () => {
  it('answers 401 without a session and 403 for a user without organization', async () => {
    const anonymous = await openStream(server.client());
    expect(anonymous.status).toBe(401);
    const admin = await createUser(server.knex, { isSuperAdmin: true });
    const superAdmin = await openStream(await server.loginAs(admin.email, admin.password));
    expect(superAdmin.status).toBe(403);
  });

  it("leaves a suspended user's 'why' to the next pull: the stream answers 403 without ending the session", async () => {
    const a = await member();
    await server.knex('organizations').where({ id: a.user.organizationId }).update({ status: 'suspended' });
    expect((await openStream(a.client)).status).toBe(403);
    const pull = await a.client.get('/api/sync/pull');
    expect([pull.status, pull.json?.code]).toEqual([403, 'suspended']);
    // That answer ended the session: the stream now answers 401 like any anonymous request.
    expect((await openStream(a.client)).status).toBe(401);
  });

  it('answers 400 to a request that does not accept an event stream', async () => {
    const a = await member();
    const res = await a.client.get('/api/sync/live');
    expect(res.status).toBe(400);
  });

  it('is an unbuffered event stream', async () => {
    const a = await member();
    const s = await stream(a.client);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('cache-control')).toBe('no-store');
  });

  it('pokes another member within 2 s of a write, and nobody of another organization', async () => {
    const a = await member();
    const b = await member(a.user.organizationId!);
    const stranger = await member();
    const sb = await stream(b.client);
    const sa = await stream(a.client);
    const ss = await stream(stranger.client);
    const created = await a.client.post('/api/clients', { name: 'Cliente Vivo', type: 'Vendedor' });
    expect(created.status).toBe(201);
    await sb.nextPoke(0);
    await sa.nextPoke(0);
    await quiet(300);
    expect(ss.pokes()).toBe(0);
    // A poke carries no data: only the word.
    expect(sb.frames.filter((f) => !f.startsWith(':') && !f.startsWith('retry:'))).toEqual(
      Array.from({ length: sb.pokes() }, () => 'data: poke'),
    );
  });

  it('pokes only its own user for a private row (notification preferences)', async () => {
    const a = await member();
    const b = await member(a.user.organizationId!);
    const sa = await stream(a.client);
    const sb = await stream(b.client);
    const put = await a.client.put('/api/notifications/preferences', { cold_calls: false });
    expect(put.status).toBe(200);
    await sa.nextPoke(0);
    await quiet(300);
    expect(sb.pokes()).toBe(0);
  });

  it('coalesces a burst of writes into few pokes', async () => {
    const a = await member();
    const b = await member(a.user.organizationId!);
    const sb = await stream(b.client);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        a.client.post('/api/clients', { name: `Lote ${i}`, type: 'Vendedor' }),
      ),
    );
    await sb.nextPoke(0);
    await quiet(400);
    expect(sb.pokes()).toBeGreaterThanOrEqual(1);
    expect(sb.pokes()).toBeLessThan(8);
  });

  it('ends the stream at logout', async () => {
    const a = await member();
    const sa = await stream(a.client);
    const out = await a.client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    await sa.ended();
  });
});
