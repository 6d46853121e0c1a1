import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/cluster';
import { createKnex } from '../../src/db/knex';
import { migrateLatest } from '../../src/db/migrate';
import { openStream, quiet, type StreamReader } from '../../src/features/live/live.testkit';
import { Device } from '../../src/features/sync/sync.testkit';
import { createClient, createMember, createUser, TEST_PASSWORD } from '../factories';
import { pgUrlFor, withAdmin } from '../db';
import { TestClient } from '../server';

// Two server processes on one PostgreSQL behind HAProxy (scripts/cluster.ts), tested through the proxy:
// `pnpm test:cluster` (README "Deploy"), the last step of `npm test` (its own Vitest config: two cold
// server boots take 20–60 s on a loaded machine, more than a unit test's budget). Ports 3290–3293.

const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 3290);
const database = `casa_cluster_${randomBytes(6).toString('hex')}`;
const databaseUrl = pgUrlFor(database);

let knex: Knex;
let cluster: Cluster;
const streams: StreamReader[] = [];
const REMINDERS = 12;
let reminderOrg: string;

beforeAll(async () => {
  await withAdmin((c) => c.query(`CREATE DATABASE ${database}`));
  knex = createKnex({ client: 'pg', connectionString: databaseUrl });
  await migrateLatest(knex);
  // Follow-ups due in 10 minutes before the processes start: both processes' first scheduler tick (1 s
  // after boot) race for every one of them.
  const { organization, user } = await createMember(knex, 'agent');
  reminderOrg = organization.id;
  const clientId = await createClient(knex, organization.id, { agentId: user.id });
  const soon = new Date(Date.now() + 10 * 60_000).toISOString();
  await knex('follow_ups').insert(
    Array.from({ length: REMINDERS }, (_, i) => ({
      id: randomUUID(),
      organization_id: organization.id,
      client_id: clientId,
      agent_id: user.id,
      title: `Visita ${i}`,
      type: 'Chamada',
      scheduled_date: soon,
      completed: false,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })),
  );
  cluster = await startCluster({
    processes: 2,
    port: PORT,
    databaseUrl,
    seed: false,
    stdio: 'inherit',
    env: { SESSION_SECRET: 'cluster-test-secret-0123456789-abcdefghijkl', LOG_LEVEL: 'error' },
  });
}, 180_000);

afterAll(async () => {
  streams.forEach((s) => s.close());
  await cluster?.stop();
  await knex?.destroy();
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}, 60_000);

async function login(email: string, password = TEST_PASSWORD): Promise<TestClient> {
  const client = new TestClient(cluster.url);
  const res = await client.post('/api/auth/login', { email, password });
  expect(res.status, res.text).toBe(200);
  return client;
}

/** The same session (cookies) speaking to another address: one process directly. */
function at(client: TestClient, baseUrl: string): TestClient {
  const other = new TestClient(baseUrl);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

describe('two processes behind HAProxy on one PostgreSQL', () => {
  it('keeps a session whichever process answers', async () => {
    const { user } = await createMember(knex, 'agent');
    const client = await login(user.email);
    for (let i = 0; i < 4; i++) expect((await client.get('/api/auth/me')).status).toBe(200);
    for (const url of cluster.processUrls)
      expect((await at(client, url).get('/api/auth/me')).status).toBe(200);
  });

  it('pokes a device held by process B within 2 s of a write answered by process A', async () => {
    const { user, organization } = await createMember(knex, 'agent');
    const other = await createUser(knex, { organizationId: organization.id, role: 'agent' });
    const a = await login(user.email);
    const b = await login(other.email);
    const [urlA, urlB] = cluster.processUrls as [string, string];
    const onB = await openStream(b, urlB);
    const viaProxy = await openStream(b, cluster.url);
    streams.push(onB, viaProxy);
    expect(onB.status).toBe(200);
    expect(viaProxy.status).toBe(200);
    const created = await at(a, urlA).post('/api/clients', {
      name: 'Cliente do Processo A',
      type: 'Vendedor',
    });
    expect(created.status, created.text).toBe(201);
    await onB.nextPoke(0, 2000);
    await viaProxy.nextPoke(0, 2000);
  });

  it('sends each reminder once', async () => {
    const count = async () =>
      Number(
        (
          (await knex('notifications')
            .where({ organization_id: reminderOrg, type: 'follow_up' })
            .count({ n: '*' })
            .first()) as { n: number | string }
        ).n,
      );
    for (let i = 0; i < 60 && (await count()) < REMINDERS; i++) await quiet(500);
    await quiet(1500);
    expect(await count()).toBe(REMINDERS);
    const perFollowUp = (await knex('follow_ups')
      .where({ organization_id: reminderOrg })
      .whereNull('reminder_sent_at')
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(Number(perFollowUp.n)).toBe(0);
  });

  it('counts the login lockout across processes', async () => {
    const { user } = await createMember(knex, 'agent');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const url = cluster.processUrls[i % 2]!;
      const res = await new TestClient(url).post('/api/auth/login', {
        email: user.email,
        password: 'Errada#2026',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // The right password now, on either process: still locked out.
    for (const url of cluster.processUrls) {
      const res = await new TestClient(url).post('/api/auth/login', {
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(res.status).toBe(429);
    }
  });

  it('loses nothing when a process is killed mid-push: the device retries through the other', async () => {
    const { user } = await createMember(knex, 'agent');
    const client = await login(user.email);
    const device = new Device(at(client, cluster.processUrls[0]!));
    const ids = Array.from({ length: 150 }, () => randomUUID());
    const mutations = ids.map((id, i) =>
      device.mutation('createClient', { id, name: `Lote ${i}`, type: 'Vendedor' }),
    );
    // Process 1 dies while it applies the batch (or just after): the answer is lost either way.
    const first = device.http.post('/api/sync/push', { clientId: device.clientId, mutations }).then(
      (r) => r.status,
      () => 'lost',
    );
    await quiet(150);
    await cluster.kill(0);
    await first;
    await expect(fetch(`${cluster.processUrls[0]}/api/health`)).rejects.toThrow(); // really gone
    // The device sends the same outbox again, through the proxy: process 2 answers.
    device.http = at(client, cluster.url);
    let answer: Awaited<ReturnType<Device['push']>> | undefined;
    for (let i = 0; i < 10 && !answer; i++) {
      // As the device's engine: a refused or a dropped connection (a socket the proxy had open to the
      // dead process, or one it closed meanwhile) is retried after a pause.
      const res = await device.http
        .post('/api/sync/push', { clientId: device.clientId, mutations })
        .catch(() => null);
      if (res?.status === 200) answer = res.json;
      else await quiet(500);
    }
    expect(answer?.results).toHaveLength(ids.length);
    const rows = (await knex('clients').whereIn('id', ids).select('id')) as { id: string }[];
    expect(new Set(rows.map((r) => r.id)).size).toBe(ids.length);
    const logged = (await knex('sync_changes')
      .where({ table_name: 'clients' })
      .whereIn('row_id', ids)
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(Number(logged.n)).toBe(ids.length); // each mutation applied (and logged) exactly once
    await cluster.restart(0);
  }, 90_000);
});
