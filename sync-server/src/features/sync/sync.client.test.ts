import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages, type PullQuery, type PushRequest } from '@casa/shared-schema';
import { createApiClient } from '../../../../web/src/lib/api';
import { httpTransport } from '../../../../web/src/data/http-transport';
import { ReplicaDb, ReplicaDbV1 } from '../../../../web/src/data/db';
import { createMutators, type Mutators } from '../../../../web/src/data/mutators';
import { SyncEngine } from '../../../../web/src/data/sync-engine';
import { manualTimers } from '../../../../web/src/data/testing/device';
import { replicaState } from '../../../../web/src/data/testing/fixtures';
import type { ReplicaSession } from '../../../../web/src/data/session';
import type { SyncTransport } from '../../../../web/src/data/transport';
import { callFigures, recentContacts } from '../../../../web/src/features/dashboard/dashboard.queries';
import { activitySeries, periodBuckets } from '../../../../web/src/features/reports/reports.figures';
import { activityFacts } from '../../../../web/src/features/reports/reports.queries';
import {
  createClient,
  createMember,
  createUser,
  TEST_PASSWORD,
  type UserFixture,
} from '../../../test/factories';
import type { TestClient, TestServer } from '../../../test/server';
import { startTestServer } from '../../../test/server';
import { inTransaction } from '../../db/transaction';
import { MUTATORS, type Mutator } from './sync-mutations';
import { cookieFetch } from './sync.testkit';

/*
 * The web data layer (Dexie replica on fake-indexeddb, mutators, SyncEngine, the app's HTTP transport)
 * against the real Koa server over HTTP, on the dialect of the project (SQLite or Postgres).
 */

let server: TestServer;
let orgId: string;
let adminHttp: TestClient;

/** The phone network: offline, a request that never arrives, a response lost after the server committed. */
class LossyTransport implements SyncTransport {
  offline = false;
  dropRequests = 0;
  dropResponses = 0;
  readonly inner: SyncTransport;

  constructor(public http: TestClient) {
    const api = createApiClient({
      fetch: cookieFetch(server.url, () => this.http),
      getCookie: (name) => this.http.cookies.get(name),
      onSuspended: () => undefined,
    });
    this.inner = httpTransport(api);
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    if (this.offline) throw new TypeError('Failed to fetch');
    if (this.dropRequests > 0) {
      this.dropRequests -= 1;
      throw new TypeError('Failed to fetch');
    }
    const result = await fn();
    if (this.dropResponses > 0) {
      this.dropResponses -= 1;
      throw new TypeError('network connection was lost');
    }
    return result;
  }

  pull(query: Partial<PullQuery>) {
    return this.call(() => this.inner.pull(query));
  }

  push(request: PushRequest) {
    return this.call(() => this.inner.push(request));
  }
}

type Phone = {
  user: UserFixture;
  dbName: string;
  db: ReplicaDb;
  net: LossyTransport;
  engine: SyncEngine;
  mutate: Mutators;
  /** The app is killed: engine dropped, IndexedDB kept; a new engine and mutators open it. */
  crash(): Promise<void>;
};

const phones: Phone[] = [];

async function phoneOf(user: UserFixture, http?: TestClient, dbName?: string): Promise<Phone> {
  const net = new LossyTransport(http ?? (await server.loginAs(user.email, TEST_PASSWORD)));
  const session: ReplicaSession = {
    userId: user.id,
    organizationId: user.organizationId ?? orgId,
    role: user.role,
  };
  const phone = { user, net, dbName: dbName ?? `casa-replica-${user.id}-${randomUUID()}` } as Phone;
  const wire = () => {
    phone.db = new ReplicaDb(phone.dbName);
    phone.engine = new SyncEngine({
      db: phone.db,
      transport: net,
      session: () => session,
      env: { isOnline: () => !net.offline, timers: manualTimers },
    });
    phone.mutate = createMutators({ db: phone.db, session: () => session });
  };
  wire();
  phone.crash = async () => {
    phone.engine.stop();
    phone.db.close();
    wire();
    await phone.db.open();
  };
  await phone.db.open();
  phones.push(phone);
  return phone;
}

const newAgent = () => createUser(server.knex, { organizationId: orgId, role: 'agent' });

/** A second, fresh device of the same user: what the server holds for them, through a full pull. */
async function serverView(user: UserFixture) {
  const fresh = await phoneOf(user);
  await fresh.engine.syncNow();
  expect(fresh.engine.state.get().error).toBeNull();
  return replicaState(fresh.db);
}

async function outcomes(phone: Phone) {
  const clientId = (await phone.db.meta.get('clientId'))?.value as string;
  const rows = (await server
    .knex('sync_mutation_results')
    .where({ client_id: clientId })
    .orderBy('mutation_id')
    .select('mutation_id')) as Array<{ mutation_id: number | string }>;
  return rows.map((r) => Number(r.mutation_id));
}

const count = async (table: string, where: Record<string, unknown>) =>
  Number(((await server.knex(table).where(where).count({ n: '*' })) as Array<{ n: unknown }>)[0]!.n);

const now = () => new Date().toISOString();
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  const admin = await createMember(server.knex, 'admin');
  orgId = admin.organization.id;
  adminHttp = await server.loginAs(admin.user.email, TEST_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const p of phones.splice(0)) {
    p.engine.stop();
    await p.db.delete();
  }
});

describe('the web sync client against the real server', { timeout: 30_000 }, () => {
  it('offline writes reach the server once each, in order, and the replica equals the server', async () => {
    const user = await newAgent();
    const notificationId = randomUUID();
    const now = new Date().toISOString();
    await server.knex('notifications').insert({
      id: notificationId,
      organization_id: orgId,
      user_id: user.id,
      type: 'system',
      title: 'Aviso',
      read: false,
      created_at: now,
      updated_at: now,
    });
    const phone = await phoneOf(user);
    await phone.engine.syncNow();
    expect(await phone.db.notifications.get(notificationId)).toMatchObject({ read: false });

    phone.net.offline = true;
    const ana = await phone.mutate.createClient({
      name: 'Ana Offline',
      type: 'Comprador',
      phone: '912345678',
      customFields: { budget: 250000 },
    });
    await phone.mutate.updateClient({ id: ana.id!, rating: 4, notes: 'quer T2' });
    const interaction = await phone.mutate.addInteraction({ clientId: ana.id, type: 'Chamada' });
    const call = await phone.mutate.logColdCall({
      clientId: ana.id,
      result: 'Interessado',
      followUp: { scheduledDate: tomorrow(), title: 'Voltar a ligar' },
    });
    const fu = await phone.mutate.createFollowUp({
      clientId: ana.id,
      title: 'Visita',
      type: 'Telefonar',
      scheduledDate: tomorrow(),
    });
    const done = await phone.mutate.completeFollowUp({
      id: fu.id!,
      completionComment: 'feito',
      nextFollowUp: { scheduledDate: tomorrow(), title: 'Proposta' },
    });
    await phone.mutate.markNotificationRead({ id: notificationId });
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 7, online: false });

    phone.net.offline = false;
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null, rejected: [] });
    expect(await outcomes(phone)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const statuses = (await server
      .knex('sync_mutation_results')
      .whereIn('mutation_id', [1, 2, 3, 4, 5, 6, 7])
      .andWhere({ client_id: (await phone.db.meta.get('clientId'))?.value as string })
      .pluck('status')) as string[];
    expect(statuses).toEqual(Array(7).fill('applied'));
    expect(done.mutationId).toBe(6);
    expect(await count('clients', { id: ana.id })).toBe(1);
    expect(await server.knex('clients').where({ id: ana.id }).first('rating', 'notes')).toMatchObject({
      rating: 4,
      notes: 'quer T2',
    });
    expect(await count('client_interactions', { id: interaction.id })).toBe(1);
    expect(await count('cold_calls', { id: call.id })).toBe(1);
    // The call's follow-up and the completion's next one, both kept with the device's ids.
    expect(await count('follow_ups', { client_id: ana.id })).toBe(3);
    expect(await count('notifications', { id: notificationId, read: true })).toBe(1);
    for (const row of await phone.db.followUps.toArray()) {
      expect(await count('follow_ups', { id: row.id })).toBe(1);
    }
    expect(await replicaState(phone.db)).toEqual(await serverView(user));
  });

  it('a push whose response was lost is retried without applying anything twice', async () => {
    const user = await newAgent();
    const phone = await phoneOf(user);
    const a = await phone.mutate.createClient({ name: 'Perdida A', type: 'Vendedor', phone: '912345678' });
    await phone.mutate.addInteraction({ clientId: a.id, type: 'Chamada' });
    phone.net.dropResponses = 1;
    await phone.engine.syncNow();
    expect(phone.engine.state.get().pending).toBe(2);
    expect(await outcomes(phone)).toEqual([1, 2]);

    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null, rejected: [] });
    expect(await outcomes(phone)).toEqual([1, 2]);
    expect(await count('client_interactions', { client_id: a.id })).toBe(1);
    expect(await replicaState(phone.db)).toEqual(await serverView(user));
  });

  it('a request lost before the server: the retry sends the same mutations', async () => {
    const user = await newAgent();
    const phone = await phoneOf(user);
    await phone.mutate.createClient({ name: 'Pedido perdido', type: 'Investidor', phone: '912345678' });
    phone.net.dropRequests = 1;
    await phone.engine.syncNow();
    expect(await outcomes(phone)).toEqual([]);
    await phone.engine.syncNow();
    expect(await outcomes(phone)).toEqual([1]);
    expect(phone.engine.state.get().pending).toBe(0);
  });

  it('a crash between the local write and the push: a new engine on the same database continues', async () => {
    const user = await newAgent();
    const phone = await phoneOf(user);
    const { id } = await phone.mutate.createClient({
      name: 'Antes do crash',
      type: 'Comprador',
      phone: '912345678',
      customFields: { budget: 250000 },
    });
    await phone.crash();
    expect(await phone.db.outbox.count()).toBe(1);
    await phone.mutate.updateClient({ id: id!, notes: 'depois do crash' });
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null });
    expect(await outcomes(phone)).toEqual([1, 2]);
    expect(await server.knex('clients').where({ id }).first('notes')).toMatchObject({
      notes: 'depois do crash',
    });
    expect(await replicaState(phone.db)).toEqual(await serverView(user));
  });

  it('a session that expired offline keeps the outbox; after a new login it drains', async () => {
    const user = await newAgent();
    const phone = await phoneOf(user);
    await phone.engine.syncNow();
    phone.net.offline = true;
    const { id } = await phone.mutate.createClient({
      name: 'Sessão expirada',
      type: 'Comprador',
      phone: '912345678',
      customFields: { budget: 250000 },
    });
    await server.knex('sessions').where('data', 'like', `%${user.id}%`).del();
    phone.net.offline = false;
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ needsLogin: true, pending: 1 });
    expect(await count('clients', { id })).toBe(0);

    phone.net.http = await server.loginAs(user.email, TEST_PASSWORD);
    await phone.engine.resumeAfterLogin();
    expect(phone.engine.state.get()).toMatchObject({ needsLogin: false, pending: 0, error: null });
    expect(await count('clients', { id })).toBe(1);
    expect(await replicaState(phone.db)).toEqual(await serverView(user));
  });

  it('an agent turned viewer mid-queue: each write rejected with the 403 text and undone', async () => {
    const user = await newAgent();
    const phone = await phoneOf(user);
    const kept = await phone.mutate.createClient({
      name: 'Ainda agente',
      type: 'Vendedor',
      phone: '912345678',
    });
    await phone.engine.syncNow();
    phone.net.offline = true;
    const lost = await phone.mutate.createClient({
      name: 'Já visualizador',
      type: 'Vendedor',
      phone: '912345678',
    });
    await phone.mutate.updateClient({ id: kept.id!, notes: 'recusada' });
    const demoted = await adminHttp.put(`/api/organization/users/${user.id}`, { role: 'viewer' });
    expect(demoted.status, demoted.text).toBe(200);
    phone.net.offline = false;
    await phone.engine.syncNow();

    const { rejected, pending } = phone.engine.state.get();
    expect(pending).toBe(0);
    expect(rejected.map((r) => [r.name, r.error.message, r.error.status])).toEqual([
      ['createClient', errorMessages.forbidden, 403],
      ['updateClient', errorMessages.forbidden, 403],
    ]);
    expect(await phone.db.clients.get(lost.id!)).toBeUndefined();
    expect((await phone.db.clients.get(kept.id!))?.notes ?? null).toBeNull();
    expect(await count('clients', { id: lost.id })).toBe(0);
    expect(await replicaState(phone.db)).toEqual(await serverView(user));
  });

  it('two devices converge, field by field (last writer wins per field)', async () => {
    const [userA, userB] = [await newAgent(), await newAgent()];
    const a = await phoneOf(userA);
    const b = await phoneOf(userB);
    const { id } = await a.mutate.createClient({
      name: 'Partilhada',
      type: 'Comprador',
      phone: '912345678',
      customFields: { budget: 250000 },
    });
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await b.db.clients.get(id!)).toMatchObject({ name: 'Partilhada' });

    a.net.offline = true;
    await a.mutate.updateClient({ id: id!, notes: 'nota de A' });
    await b.mutate.updateClient({ id: id!, rating: 5 });
    await b.engine.syncNow();
    a.net.offline = false;
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await a.db.clients.get(id!)).toMatchObject({ notes: 'nota de A', rating: 5 });
    expect(await b.db.clients.get(id!)).toEqual(await a.db.clients.get(id!));
    expect(await server.knex('clients').where({ id }).first('notes', 'rating')).toMatchObject({
      notes: 'nota de A',
      rating: 5,
    });
  });

  it('a store written by the previous app version (v1) migrates with its outbox and drains', async () => {
    const user = await newAgent();
    const name = `casa-replica-${user.id}-${randomUUID()}`;
    const tagId = randomUUID();
    const v1 = new ReplicaDbV1(name);
    await v1.open();
    await v1.table('tags').put({ id: tagId, name: 'VIP v1', color: '#ef4444' });
    await v1.table('outbox').bulkAdd([
      {
        mutationId: 1,
        name: 'createTag',
        args: { id: tagId, name: 'VIP v1', color: '#ef4444' },
        createdAt: now(),
      },
      { mutationId: 2, name: 'markAllNotificationsRead', args: {}, createdAt: now() },
    ]);
    await v1.table('meta').put({ key: 'nextMutationId', value: 3 });
    v1.close();

    const phone = await phoneOf(user, undefined, name);
    expect(phone.db.verno).toBe(7); // v5 dropped the unused `unconfirmed` store, v6 added properties and their photos, v7 the follow-ups' propertyId index
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null, rejected: [] });
    expect(await outcomes(phone)).toEqual([1, 2]);
    expect(await count('tags', { id: tagId, organization_id: orgId })).toBe(1);
    expect(await replicaState(phone.db)).toEqual(await serverView(user));
  });

  it("a fresh device's snapshot holds the organization's rows, table by table", async () => {
    const user = await newAgent();
    const phone = await phoneOf(user);
    for (let i = 0; i < 5; i++)
      await phone.mutate.createClient({ name: `Snapshot ${i}`, type: 'Vendedor', phone: '912345678' });
    await phone.engine.syncNow();
    const view = await serverView(user);
    const tables = {
      clients: 'clients',
      tags: 'tags',
      clientTags: 'client_tags',
      followUps: 'follow_ups',
      interactions: 'client_interactions',
      campaigns: 'cold_call_campaigns',
      campaignClients: 'campaign_clients',
      coldCalls: 'cold_calls',
    } as const;
    for (const [synced, table] of Object.entries(tables)) {
      const rows = await server
        .knex(table)
        .where({ organization_id: orgId })
        .whereNull('deleted_at')
        .count({ n: '*' });
      expect(view[synced as keyof typeof tables].length, synced).toBe(
        Number((rows as Array<{ n: unknown }>)[0]!.n),
      );
    }
    expect(view.users.map((u) => u.id).sort()).toEqual(
      ((await server.knex('users').where({ organization_id: orgId }).select('id')) as Array<{ id: string }>)
        .map((u) => u.id)
        .sort(),
    );
    expect(view.clients.length).toBeGreaterThanOrEqual(5);
  });
  it('a poison mutation between two good ones: both applied, the poison listed in pt-PT, the device in step', async () => {
    // addInteraction with this summary makes a write the database refuses every time (a NOT NULL
    // constraint, on both dialects): what a too-deep JSON or a U+0000 did before the schema bounds.
    const original: Mutator = MUTATORS.addInteraction;
    vi.spyOn(MUTATORS, 'addInteraction').mockImplementation((ctx, args) =>
      (args as { summary?: string }).summary === 'veneno'
        ? inTransaction(ctx, (tx) => tx.db('tags').insert({ id: randomUUID() }))
        : original(ctx, args),
    );
    const user = await newAgent();
    const phone = await phoneOf(user);
    const before = await phone.mutate.createClient({ name: 'Antes', type: 'Vendedor', phone: '912345678' });
    const poison = await phone.mutate.addInteraction({
      clientId: before.id,
      type: 'Chamada',
      summary: 'veneno',
    });
    const after = await phone.mutate.createClient({ name: 'Depois', type: 'Vendedor', phone: '912345678' });
    await phone.engine.syncNow();

    const { rejected, pending, error } = phone.engine.state.get();
    expect({ pending, error }).toEqual({ pending: 0, error: null });
    expect(rejected.map((r) => [r.name, r.error.message])).toEqual([
      ['addInteraction', errorMessages.syncMutationConstraint],
    ]);
    expect(await outcomes(phone)).toEqual([1, 2, 3]);
    expect(await count('clients', { id: before.id })).toBe(1);
    expect(await count('clients', { id: after.id })).toBe(1);
    expect(await count('client_interactions', { id: poison.id })).toBe(0);
    expect(await phone.db.interactions.get(poison.id!)).toBeUndefined(); // undone locally
    expect(await replicaState(phone.db)).toEqual(await serverView(user));

    // The queue goes on.
    await phone.mutate.updateClient({ id: after.id!, notes: 'segue' });
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null });
    expect(await server.knex('clients').where({ id: after.id }).first('notes')).toEqual({ notes: 'segue' });
  });

  it('a push the server cannot take now (503) still pulls, shows it, and drains once the fault passes', async () => {
    let failing = true;
    const original: Mutator = MUTATORS.createClient;
    vi.spyOn(MUTATORS, 'createClient').mockImplementation((ctx, args) =>
      failing ? Promise.reject(Object.assign(new Error('locked'), { code: '55P03' })) : original(ctx, args),
    );
    const user = await newAgent();
    const phone = await phoneOf(user);
    await phone.engine.syncNow();
    const mine = await phone.mutate.createClient({ name: 'Espera', type: 'Vendedor', phone: '912345678' });
    const tag = await adminHttp.post('/api/tags', {
      name: `Puxada ${randomUUID().slice(0, 6)}`,
      color: '#ef4444',
    });
    expect(tag.status, tag.text).toBe(201);
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({
      pending: 1,
      error: errorMessages.syncPushFailed(errorMessages.syncUnavailable),
    });
    expect(await phone.db.tags.get(tag.json.id)).toBeDefined(); // pulled despite the failed push
    expect(await phone.db.clients.get(mine.id!)).toMatchObject({ name: 'Espera' }); // kept locally

    failing = false;
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null, rejected: [] });
    expect(await count('clients', { id: mine.id })).toBe(1);
    expect(await replicaState(phone.db)).toEqual(await serverView(user));
  });
});

/** A stored instant as ISO (Postgres answers Date objects, SQLite the stored text). */
const instant = (value: unknown) => new Date(value as string).toISOString();

describe('work done offline keeps the time it happened', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a day offline synced the next morning: the server, the reports and Chamadas Hoje of both days', async () => {
    // One clock for the device and the server (same process): Tuesday 9 June 2026, Lisbon is UTC+1.
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = (iso: string) => vi.setSystemTime(new Date(iso));
    at('2026-06-09T07:00:00.000Z'); // 08:00 in Lisbon: the agent is online and syncs
    const { organization, user } = await createMember(server.knex, 'agent');
    const rui = await createClient(server.knex, organization.id, { name: 'Rui Sem Rede' });
    const notificationId = randomUUID();
    await server.knex('notifications').insert({
      id: notificationId,
      organization_id: organization.id,
      user_id: user.id,
      type: 'system',
      title: 'Aviso',
      read: false,
      created_at: '2026-06-09T06:00:00.000Z',
      updated_at: '2026-06-09T06:00:00.000Z',
    });
    const phone = await phoneOf(user);
    await phone.engine.syncNow();
    const followUp = await phone.mutate.createFollowUp({
      clientId: rui,
      title: 'Ligar ao Rui',
      type: 'Telefonar',
      scheduledDate: '2026-06-09T12:00:00.000Z',
    });
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null });

    // No signal for the rest of the day.
    phone.net.offline = true;
    at('2026-06-09T08:10:00.000Z'); // 09:10
    const morningCall = await phone.mutate.logColdCall({ clientId: rui, result: 'Atendeu', duration: 2 });
    at('2026-06-09T08:12:00.000Z');
    const sofia = await phone.mutate.createClient({ name: 'Sofia Offline', type: 'Vendedor' });
    at('2026-06-09T12:09:00.000Z'); // 13:09
    await phone.mutate.completeFollowUp({ id: followUp.id!, completionComment: 'Atendeu' });
    const email = await phone.mutate.addInteraction({ clientId: rui, type: 'Email' });
    await phone.mutate.markNotificationRead({ id: notificationId });
    at('2026-06-09T22:40:00.000Z'); // 23:40, still Tuesday in Lisbon
    const lateCall = await phone.mutate.logColdCall({ clientId: sofia.id, result: 'Interessado' });
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 6, online: false });

    // Wednesday 08:30: the signal is back.
    at('2026-06-10T07:30:00.000Z');
    const syncedAt = '2026-06-10T07:30:00.000Z';
    phone.net.offline = false;
    await phone.engine.syncNow();
    expect(phone.engine.state.get()).toMatchObject({ pending: 0, error: null, rejected: [] });

    // The server keeps the moments of the acts; updated_at and the change log keep the sync's time.
    const call = async (id: string) =>
      (await server.knex('cold_calls').where({ id }).first('called_at', 'created_at', 'updated_at')) as Row;
    type Row = Record<string, unknown>;
    const first = await call(morningCall.id!);
    expect([instant(first.called_at), instant(first.created_at), instant(first.updated_at)]).toEqual([
      '2026-06-09T08:10:00.000Z',
      '2026-06-09T08:10:00.000Z',
      syncedAt,
    ]);
    expect(instant((await call(lateCall.id!)).called_at)).toBe('2026-06-09T22:40:00.000Z');
    const done = (await server.knex('follow_ups').where({ id: followUp.id }).first()) as Row;
    expect([instant(done.completed_at), instant(done.updated_at)]).toEqual([
      '2026-06-09T12:09:00.000Z',
      syncedAt,
    ]);
    const interaction = (await server.knex('client_interactions').where({ id: email.id }).first()) as Row;
    expect(instant(interaction.created_at)).toBe('2026-06-09T12:09:00.000Z');
    const client = (await server.knex('clients').where({ id: sofia.id }).first()) as Row;
    expect(instant(client.created_at)).toBe('2026-06-09T08:12:00.000Z');
    const notification = (await server.knex('notifications').where({ id: notificationId }).first()) as Row;
    expect(instant(notification.read_at)).toBe('2026-06-09T12:09:00.000Z');
    const logged = (await server
      .knex('sync_changes')
      .where({ organization_id: organization.id, table_name: 'cold_calls' })
      .pluck('changed_at')) as unknown[];
    expect(logged.map(instant)).toEqual([syncedAt, syncedAt]);

    // Wednesday: one more call, online. The server's 'Chamadas Hoje' counts only it.
    at('2026-06-10T07:45:00.000Z'); // 08:45
    await phone.mutate.logColdCall({ clientId: rui, result: 'Não Atendeu' });
    await phone.engine.syncNow();
    at('2026-06-10T07:46:00.000Z');
    const stats = async (query = '') => (await phone.net.http.get(`/api/stats/coldcalls${query}`)).json;
    expect(await stats('?period=7d')).toMatchObject({
      totalCalls: 3,
      callsToday: 1,
      period: { count: 3 },
    });
    const followUps = await phone.net.http.get('/api/stats/followups');
    expect(followUps.json).toMatchObject({ completedThisMonth: 1 });
    // The replica, now holding the server's rows: Wednesday's and Tuesday's figures.
    const wednesday = new Date('2026-06-10T07:45:00.000Z');
    const tuesdayNight = new Date('2026-06-09T22:59:00.000Z');
    expect((await callFigures(phone.db, wednesday)).callsToday).toBe(1);
    expect((await callFigures(phone.db, tuesdayNight)).callsToday).toBe(2);
    const buckets = periodBuckets('7d', wednesday);
    const series = activitySeries(
      {
        ...(await activityFacts(phone.db, { start: buckets[0]!.start, end: buckets.at(-1)!.end })),
        clientsCreated: [],
      },
      buckets,
    );
    expect(series.labels.slice(-2)).toEqual(['09/06', '10/06']);
    expect(series.calls.slice(-2)).toEqual([2, 1]);
    expect(series.interactions.slice(-2)).toEqual([1, 0]);
    expect(series.followUpsCompleted.slice(-2)).toEqual([1, 0]);
    // 'Days since last contact' starts from the act: Sofia was last called on Tuesday night.
    expect((await recentContacts(phone.db, wednesday)).get(sofia.id!)).toBe('2026-06-09T22:40:00.000Z');

    // And the server's 'Chamadas Hoje' as it stood at the end of Tuesday.
    at('2026-06-09T22:59:00.000Z');
    expect(await stats()).toMatchObject({ callsToday: 2 });
  });
});
