import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './db';
import { createClient, createMember, TEST_PASSWORD } from './factories';
import { CUSTOM_FIELDS_LIMITS, insertLargestClients, largestCustomFields } from './largest-data';
import { startTestServer, type TestClient, type TestServer } from './server';
import type { DomainCtx } from '../src/http/context';
import { streamUserExport } from '../src/features/user-settings/user-export.domain';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clients at the customFields bounds: a blocking export of them (the old one) took seconds. */
const LARGE_CLIENTS = 2_500;

describe(`GET /api/user/export in bounded pieces (${TEST_DIALECT})`, () => {
  it('pages every row once, whatever the page size, as compact JSON', async () => {
    const { user, organization } = await createMember(server.knex, 'agent');
    const ids = [];
    for (let i = 0; i < 7; i++)
      ids.push(await createClient(server.knex, organization.id, { agentId: user.id }));
    const now = new Date().toISOString();
    await server.knex('client_interactions').insert(
      ids.map((clientId) => ({
        id: randomUUID(),
        organization_id: organization.id,
        client_id: clientId,
        type: 'Email',
        agent_id: user.id,
        created_at: now,
        updated_at: now,
      })),
    );
    const ctx: DomainCtx = {
      db: server.knex,
      now,
      log: undefined as unknown as DomainCtx['log'],
      auth: { userId: user.id, organizationId: organization.id, role: 'agent', isSuperAdmin: false },
    } as DomainCtx;
    for (const pageRows of [1, 3, 7, 200]) {
      let text = '';
      for await (const piece of await streamUserExport(ctx, pageRows)) text += piece;
      expect(text).not.toContain('\n');
      const data = JSON.parse(text);
      expect(data.clients.map((c: { id: string }) => c.id).sort()).toEqual([...ids].sort());
      expect(data.interactions).toHaveLength(7);
      expect(data).toMatchObject({ exportedAt: now, followUps: [], coldCalls: [] });
    }
  });
});

/** Each export of every client and what a complete answer holds. */
const EXPORTS: Array<[string, (body: string) => void]> = [
  [
    '/api/user/export',
    (body) => {
      const data = JSON.parse(body);
      expect(data.clients).toHaveLength(LARGE_CLIENTS);
      expect(data.clients[0].customFields).toEqual(largestCustomFields(0));
    },
  ],
  ['/api/export/clients', (body) => expect(body.split('\r\n').length - 2).toBe(LARGE_CLIENTS)],
  ['/api/clients', (body) => expect(JSON.parse(body)).toHaveLength(LARGE_CLIENTS)],
];

describe(`the largest exports the bounds allow never block the server (${TEST_DIALECT})`, () => {
  let http: TestClient;
  let quiet: number[];

  beforeAll(async () => {
    expect(Buffer.byteLength(JSON.stringify(largestCustomFields(0)))).toBeLessThanOrEqual(
      CUSTOM_FIELDS_LIMITS.bytes,
    );
    const { user, organization } = await createMember(server.knex, 'agent');
    await insertLargestClients(server.knex, {
      organizationId: organization.id,
      agentId: user.id,
      count: LARGE_CLIENTS,
    });
    http = await server.loginAs(user.email, TEST_PASSWORD);
    quiet = await healthWhile(async () => {
      await sleep(1_000);
    });
  }, 60_000);

  /** /api/health latencies, one request after another, while `work` runs. */
  async function healthWhile(work: () => Promise<unknown>): Promise<number[]> {
    const probe = server.client();
    await probe.get('/api/health');
    let done = false;
    const running = work().finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      expect((await probe.get('/api/health')).status).toBe(200);
      latencies.push(performance.now() - started);
      await sleep(10);
    }
    await running;
    return latencies;
  }

  for (const [path, complete] of EXPORTS) {
    it(`${path}: /api/health answers within 200 ms all along`, async () => {
      // Read as a stream and parsed only afterwards: this process also runs the server, so a big
      // JSON.parse here would be counted as the server's latency.
      let status = 0;
      const chunks: Buffer[] = [];
      const latencies = await healthWhile(async () => {
        const res = await fetch(`${server.url}${path}`, { headers: { cookie: http.cookieHeader() } });
        status = res.status;
        for await (const chunk of res.body!) chunks.push(chunk as Buffer);
      });
      expect(status).toBe(200);
      complete(Buffer.concat(chunks).toString('utf8'));
      expect(latencies.length).toBeGreaterThan(3);
      // 200 ms on a machine with a core to spare, plus the noise measured just before (~3 ms when
      // quiet). On an oversubscribed machine (this one is shared: load 20 on 2 cores) every slice of CPU
      // takes proportionally longer, so the bound scales with the load. The old one-piece user export
      // blocked 3.7 s at load 12 and grows with the data; a streamed one stays at a few tens of ms.
      const slowdown = Math.max(1, loadavg()[0]! / availableParallelism());
      expect(Math.max(...latencies)).toBeLessThan(200 * slowdown + Math.max(...quiet));
    }, 60_000);
  }
});
