import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@casa/shared-schema';
import { createTestDb, type TestDb } from '../../../test/db';
import { createMember, createUser } from '../../../test/factories';
import { runSchedulerTick, type TickReport } from './scheduler.service';

const logs: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });

let db: TestDb;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db.destroy();
});

const tick = (now: string) => runSchedulerTick({ knex: db.knex, log }, new Date(now));
const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();

async function insertClient(
  knex: Knex,
  organizationId: string,
  o: { name?: string; birthday?: string; createdBy?: string; createdAt?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const at = o.createdAt ?? '2020-01-01T00:00:00.000Z';
  await knex('clients').insert({
    id,
    organization_id: organizationId,
    name: o.name ?? `Cliente ${id.slice(0, 4)}`,
    type: 'Comprador',
    birthday: o.birthday ?? null,
    created_by: o.createdBy ?? null,
    created_at: at,
    updated_at: at,
  });
  return id;
}

async function insertFollowUp(
  knex: Knex,
  organizationId: string,
  o: { clientId: string; agentId: string; scheduledDate: string; completed?: boolean; title?: string },
): Promise<string> {
  const id = randomUUID();
  await knex('follow_ups').insert({
    id,
    organization_id: organizationId,
    client_id: o.clientId,
    agent_id: o.agentId,
    title: o.title ?? 'Visita ao T2',
    type: 'Chamada',
    scheduled_date: o.scheduledDate,
    completed: o.completed ?? false,
    created_at: '2020-01-01T00:00:00.000Z',
    updated_at: '2020-01-01T00:00:00.000Z',
  });
  return id;
}

async function setPreferences(knex: Knex, userId: string, prefs: Partial<NotificationPreferences>) {
  await knex('notification_preferences').insert({
    id: randomUUID(),
    user_id: userId,
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    ...prefs,
    updated_at: new Date().toISOString(),
  });
}

type NotificationRow = {
  id: string;
  organization_id: string | null;
  type: string;
  title: string;
  body: string | null;
  data: unknown;
};

const notificationsOf = async (knex: Knex, userId: string, type?: string): Promise<NotificationRow[]> =>
  (await knex('notifications')
    .where('user_id', userId)
    .modify((q) => void (type ? q.where('type', type) : q))
    .orderBy('created_at')) as NotificationRow[];

/** The data column: jsonb (an object) on Postgres, JSON text on SQLite. */
const dataOf = (row: { data: unknown }) =>
  (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;

const NOW = '2026-11-23T10:00:00.000Z'; // 10:00 in Lisbon (winter, UTC+0)

describe('follow-up reminders', () => {
  it('notifies the agent 30 minutes before, once, with the change log written', async () => {
    const { organization, user: agent } = await createMember(db.knex, 'agent');
    const clientId = await insertClient(db.knex, organization.id, { name: 'João Sousa' });
    const soon = await insertFollowUp(db.knex, organization.id, {
      clientId,
      agentId: agent.id,
      scheduledDate: minutes(NOW, 20),
    });
    const later = await insertFollowUp(db.knex, organization.id, {
      clientId,
      agentId: agent.id,
      scheduledDate: minutes(NOW, 31),
    });
    await insertFollowUp(db.knex, organization.id, {
      clientId,
      agentId: agent.id,
      scheduledDate: minutes(NOW, 10),
      completed: true,
    });

    expect((await tick(NOW)).followUps).toBe(1);
    const [n] = await notificationsOf(db.knex, agent.id, 'follow_up');
    expect(n).toMatchObject({
      organization_id: organization.id,
      title: 'Follow-up dentro de 30 minutos: Visita ao T2',
      body: 'Com João Sousa às 10:20.',
    });
    expect(dataOf(n!).followUpId).toBe(soon);
    expect(await db.knex('sync_changes').where({ row_id: n!.id, user_id: agent.id })).toHaveLength(1);
    expect((await db.knex('follow_ups').where('id', soon).first()).reminder_sent_at).not.toBeNull();

    expect((await tick(NOW)).followUps).toBe(0);
    expect((await tick(minutes(NOW, 1))).followUps).toBe(1); // `later` is now 30 minutes away
    const all = await notificationsOf(db.knex, agent.id, 'follow_up');
    expect(all.map((r) => dataOf(r).followUpId)).toEqual([soon, later]);
  });

  it('notifies an overdue follow-up once, and ignores ones overdue for more than a day', async () => {
    const { organization, user: agent } = await createMember(db.knex, 'agent');
    const clientId = await insertClient(db.knex, organization.id, { name: 'Maria' });
    const late = await insertFollowUp(db.knex, organization.id, {
      clientId,
      agentId: agent.id,
      scheduledDate: minutes(NOW, -10),
    });
    await insertFollowUp(db.knex, organization.id, {
      clientId,
      agentId: agent.id,
      scheduledDate: minutes(NOW, -3 * 24 * 60),
    });
    expect((await tick(NOW)).overdue).toBe(1);
    expect((await tick(minutes(NOW, 1))).overdue).toBe(0);
    const rows = await notificationsOf(db.knex, agent.id, 'overdue_task');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Follow-up em atraso: Visita ao T2' });
    expect(rows[0]!.body).toBe('Com Maria, agendado para 23/11/2026 09:50.');
    expect(dataOf(rows[0]!).followUpId).toBe(late);
  });

  it('respects follow_ups and overdue_tasks switched off (and does not send them later)', async () => {
    const { organization, user: agent } = await createMember(db.knex, 'agent');
    await setPreferences(db.knex, agent.id, { follow_ups: false, overdue_tasks: false });
    const clientId = await insertClient(db.knex, organization.id);
    await insertFollowUp(db.knex, organization.id, {
      clientId,
      agentId: agent.id,
      scheduledDate: minutes(NOW, 5),
    });
    await insertFollowUp(db.knex, organization.id, {
      clientId,
      agentId: agent.id,
      scheduledDate: minutes(NOW, -5),
    });
    expect(await tick(NOW)).toMatchObject({ followUps: 0, overdue: 0 });
    await db
      .knex('notification_preferences')
      .where('user_id', agent.id)
      .update({ follow_ups: true, overdue_tasks: true });
    expect(await tick(minutes(NOW, 1))).toMatchObject({ followUps: 0, overdue: 0 });
    expect(await notificationsOf(db.knex, agent.id)).toHaveLength(0);
  });
});

describe('birthdays at the user’s notification_time, Lisbon time', () => {
  it('fires at or after notification_time on the Lisbon day, once per user per day (summer time)', async () => {
    const { organization, user: admin } = await createMember(db.knex, 'admin');
    const agent = await createUser(db.knex, { organizationId: organization.id, role: 'agent' });
    const viewer = await createUser(db.knex, { organizationId: organization.id, role: 'viewer' });
    await setPreferences(db.knex, agent.id, { notification_time: '08:00' });
    await setPreferences(db.knex, viewer.id, { birthdays: false });
    await insertClient(db.knex, organization.id, { name: 'Ana Lopes', birthday: '1980-07-15' });
    await insertClient(db.knex, organization.id, { name: 'Rui Costa', birthday: '1990-07-16' });
    const other = await createMember(db.knex);
    await insertClient(db.knex, other.organization.id, { name: 'Outra Pessoa', birthday: '1970-07-15' });

    // 07:59 in Lisbon (UTC+1): nobody is due yet.
    expect((await tick('2026-07-15T06:59:00.000Z')).birthdays).toBe(0);
    // 08:00 in Lisbon: the agent.
    expect((await tick('2026-07-15T07:00:00.000Z')).birthdays).toBe(1);
    const [forAgent] = await notificationsOf(db.knex, agent.id, 'birthday');
    expect(forAgent).toMatchObject({
      title: 'Um cliente faz anos hoje',
      body: 'Dê os parabéns a Ana Lopes.',
    });
    // 09:00 in Lisbon: the admin and the other organization's agent (default time), each with their own
    // organization's clients; the agent is not notified again.
    expect((await tick('2026-07-15T08:00:00.000Z')).birthdays).toBe(2);
    expect((await notificationsOf(db.knex, other.user.id, 'birthday')).map((r) => r.body)).toEqual([
      'Dê os parabéns a Outra Pessoa.',
    ]);
    expect((await tick('2026-07-15T12:00:00.000Z')).birthdays).toBe(0);
    expect(await notificationsOf(db.knex, admin.id, 'birthday')).toHaveLength(1);
    expect(await notificationsOf(db.knex, agent.id, 'birthday')).toHaveLength(1);

    // 00:30 on the 16th in Lisbon is 23:30 UTC on the 15th: a new Lisbon day, but before 08:00.
    expect((await tick('2026-07-15T23:30:00.000Z')).birthdays).toBe(0);
    expect((await tick('2026-07-16T07:00:00.000Z')).birthdays).toBe(1);
    const agentRows = await notificationsOf(db.knex, agent.id, 'birthday');
    expect(agentRows.map((r) => r.body)).toEqual([
      'Dê os parabéns a Ana Lopes.',
      'Dê os parabéns a Rui Costa.',
    ]);
    expect(dataOf(agentRows[1]!).date).toBe('2026-07-16');
    expect(await notificationsOf(db.knex, viewer.id)).toHaveLength(0);
  });

  it('uses winter time (UTC+0) and counts 29 February on 28 February of a common year', async () => {
    const { organization, user: admin } = await createMember(db.knex, 'admin');
    await insertClient(db.knex, organization.id, { name: 'Bruno', birthday: '1984-02-29' });
    await insertClient(db.knex, organization.id, { name: 'Carla', birthday: '1985-02-28' });
    expect((await tick('2027-02-28T08:59:00.000Z')).birthdays).toBe(0);
    expect((await tick('2027-02-28T09:00:00.000Z')).birthdays).toBe(1);
    const [row] = await notificationsOf(db.knex, admin.id, 'birthday');
    expect(row).toMatchObject({
      title: '2 clientes fazem anos hoje',
      body: 'Dê os parabéns a Bruno, Carla.',
    });
  });
});

describe('birthdays on the DST change day', () => {
  it('a notification_time skipped by the spring-forward (01:30 on 29 March 2026) fires at 02:00 Lisbon', async () => {
    const { organization, user } = await createMember(db.knex, 'agent');
    await setPreferences(db.knex, user.id, { notification_time: '01:30' });
    await insertClient(db.knex, organization.id, { name: 'Diana', birthday: '1975-03-29' });
    // 00:59 UTC is 00:59 WET; one minute later the clocks jump from 01:00 to 02:00 WEST.
    expect((await tick('2026-03-29T00:59:00.000Z')).birthdays).toBe(0);
    expect((await tick('2026-03-29T01:00:00.000Z')).birthdays).toBe(1);
    expect((await tick('2026-03-29T01:30:00.000Z')).birthdays).toBe(0);
    const [row] = await notificationsOf(db.knex, user.id, 'birthday');
    expect(dataOf(row!).date).toBe('2026-03-29');
  });
});

describe('new clients', () => {
  it('tells the other admins once; an import by one person makes one notification', async () => {
    const { organization, user: admin1 } = await createMember(db.knex, 'admin');
    const admin2 = await createUser(db.knex, {
      organizationId: organization.id,
      role: 'admin',
      firstName: 'Rita',
      lastName: 'Dias',
    });
    const agent = await createUser(db.knex, {
      organizationId: organization.id,
      role: 'agent',
      firstName: 'Paulo',
      lastName: 'Neves',
    });
    await insertClient(db.knex, organization.id, {
      name: 'Casa Nova',
      createdBy: agent.id,
      createdAt: minutes(NOW, -5),
    });
    await insertClient(db.knex, organization.id, {
      name: 'Da Rita',
      createdBy: admin2.id,
      createdAt: minutes(NOW, -4),
    });
    await insertClient(db.knex, organization.id, {
      name: 'Antigo',
      createdBy: agent.id,
      createdAt: minutes(NOW, -3 * 24 * 60),
    });

    expect((await tick(NOW)).newClients).toBe(3);
    const a1 = await notificationsOf(db.knex, admin1.id, 'new_client');
    expect(a1.map((r) => r.title).sort()).toEqual(['Novo cliente: Casa Nova', 'Novo cliente: Da Rita']);
    expect(a1.find((r) => r.title === 'Novo cliente: Casa Nova')?.body).toBe('Criado por Paulo Neves.');
    expect((await notificationsOf(db.knex, admin2.id, 'new_client')).map((r) => r.title)).toEqual([
      'Novo cliente: Casa Nova',
    ]);
    expect(await notificationsOf(db.knex, agent.id, 'new_client')).toHaveLength(0);
    expect((await tick(minutes(NOW, 1))).newClients).toBe(0);

    for (let i = 0; i < 12; i++) {
      await insertClient(db.knex, organization.id, { createdBy: agent.id, createdAt: minutes(NOW, 1) });
    }
    expect((await tick(minutes(NOW, 2))).newClients).toBe(2);
    const bulk = (await notificationsOf(db.knex, admin2.id, 'new_client')).find(
      (r) => r.title === '12 novos clientes',
    );
    expect(dataOf(bulk!).count).toBe(12);
  });

  it('reads a large import in pages: every new client told once, in one notification per creator', async () => {
    const { organization, user: admin } = await createMember(db.knex, 'admin');
    const agent = await createUser(db.knex, { organizationId: organization.id, role: 'agent' });
    // More than one page (2,000), all created at one instant: the pages go on by id within it.
    const at = minutes(NOW, -10);
    const rows = Array.from({ length: 2_150 }, (_, i) => ({
      id: randomUUID(),
      organization_id: organization.id,
      name: `Importado ${i}`,
      type: 'Comprador',
      created_by: agent.id,
      created_at: at,
      updated_at: at,
    }));
    await db.knex.batchInsert('clients', rows, 200);
    expect((await tick(NOW)).newClients).toBe(1);
    const [told] = await notificationsOf(db.knex, admin.id, 'new_client');
    expect(told!.title).toBe('2150 novos clientes');
    expect(dataOf(told!).count).toBe(2_150);
    const claims = await db.knex('scheduler_claims').where('key', 'like', 'new_client:%').count({ n: '*' });
    expect(Number(claims[0]!.n)).toBe(2_150);
    expect((await tick(minutes(NOW, 1))).newClients).toBe(0);
  });

  it('respects new_clients switched off', async () => {
    const { organization, user: admin } = await createMember(db.knex, 'admin');
    const agent = await createUser(db.knex, { organizationId: organization.id, role: 'agent' });
    await setPreferences(db.knex, admin.id, { new_clients: false });
    await insertClient(db.knex, organization.id, { createdBy: agent.id, createdAt: minutes(NOW, -1) });
    expect((await tick(NOW)).newClients).toBe(0);
    expect(await notificationsOf(db.knex, admin.id)).toHaveLength(0);
  });
});

/** Runs tick-cli.ts in `count` separate processes started at the same instant; answers their reports. */
async function tickInProcesses(config: TestDb['config'], now: string, count: number): Promise<TickReport[]> {
  const cli = path.join(import.meta.dirname, 'tick-cli.ts');
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  if (config.client === 'pg') Object.assign(env, { DB_CLIENT: 'pg', DATABASE_URL: config.connectionString });
  else Object.assign(env, { DB_CLIENT: 'sqlite', SQLITE_FILE: config.filename });
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', cli, now, '--wait-for-go'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  const outputs = children.map((child) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const ready = new Promise<void>((resolve, reject) => {
      const check = () => (out.includes('ready\n') ? resolve() : undefined);
      child.stdout.on('data', check);
      child.once('exit', (code) => reject(new Error(`tick-cli exited (${code}) before ready: ${err}`)));
    });
    const done = new Promise<string>((resolve, reject) => {
      child.once('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`tick-cli failed (${code}): ${err}`)),
      );
    });
    return { child, ready, done };
  });
  await Promise.all(outputs.map((o) => o.ready));
  for (const o of outputs) o.child.stdin.write('go\n');
  const texts = await Promise.all(outputs.map((o) => o.done));
  return texts.map((text) => JSON.parse(text.trim().split('\n').pop()!) as TickReport);
}

describe('several server processes on one database', () => {
  it('send every reminder exactly once', { timeout: 90_000 }, async () => {
    const { organization, user: admin } = await createMember(db.knex, 'admin');
    const agents = await Promise.all(
      [0, 1, 2, 3].map(() => createUser(db.knex, { organizationId: organization.id, role: 'agent' })),
    );
    const clientId = await insertClient(db.knex, organization.id, { name: 'Ana', birthday: '1980-11-23' });
    for (const agent of agents) {
      await insertFollowUp(db.knex, organization.id, {
        clientId,
        agentId: agent.id,
        scheduledDate: minutes(NOW, 15),
      });
      await insertFollowUp(db.knex, organization.id, {
        clientId,
        agentId: agent.id,
        scheduledDate: minutes(NOW, -15),
      });
      await insertClient(db.knex, organization.id, { createdBy: agent.id, createdAt: minutes(NOW, -2) });
    }
    // Three properties waiting for their match notification; one buyer of agent 0 matches them all.
    await db.knex('clients').insert({
      id: randomUUID(),
      organization_id: organization.id,
      name: 'Beatriz Compradora',
      type: 'Comprador',
      custom_fields: JSON.stringify({ budget: 300_000 }),
      agent_id: agents[0]!.id,
      created_at: '2020-01-01T00:00:00.000Z',
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    for (let i = 1; i <= 3; i++) {
      const propertyId = randomUUID();
      await db.knex('properties').insert({
        id: propertyId,
        organization_id: organization.id,
        reference: `CASA-00000${i}`,
        title: `T2 número ${i}`,
        business: 'Venda',
        property_type: 'Apartamento',
        price_cents: 25_000_000,
        status: 'Disponível',
        features: JSON.stringify([]),
        created_at: '2020-01-01T00:00:00.000Z',
        updated_at: '2020-01-01T00:00:00.000Z',
      });
      await db.knex('property_match_jobs').insert({
        id: randomUUID(),
        organization_id: organization.id,
        property_id: propertyId,
        reason: 'created',
        created_at: minutes(NOW, -1),
      });
    }

    const reports = await tickInProcesses(db.config, NOW, 2);
    const total = (key: keyof TickReport) => reports.reduce((sum, r) => sum + r[key], 0);
    expect({
      followUps: total('followUps'),
      overdue: total('overdue'),
      birthdays: total('birthdays'),
      newClients: total('newClients'),
      propertyMatches: total('propertyMatches'),
    }).toEqual({ followUps: 4, overdue: 4, birthdays: 5, newClients: 4, propertyMatches: 3 });

    const counts = (await db
      .knex('notifications')
      .select('type')
      .count({ n: '*' })
      .groupBy('type')) as Array<{
      type: string;
      n: number | string;
    }>;
    expect(Object.fromEntries(counts.map((c) => [c.type, Number(c.n)]))).toEqual({
      follow_up: 4,
      overdue_task: 4,
      birthday: 5,
      new_client: 4,
      property_match: 3,
    });
    for (const agent of agents) {
      expect(await notificationsOf(db.knex, agent.id, 'follow_up')).toHaveLength(1);
      expect(await notificationsOf(db.knex, agent.id, 'overdue_task')).toHaveLength(1);
    }
    expect(await notificationsOf(db.knex, admin.id, 'new_client')).toHaveLength(4);
    expect(logs.filter((l) => l.msg === 'scheduler step failed')).toEqual([]);
  });
});
