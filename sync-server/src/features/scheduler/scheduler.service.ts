import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  birthdayMonthDaysOn,
  DEFAULT_NOTIFICATION_TIME,
  errorMessages,
  FOLLOW_UP_REMINDER_MINUTES,
  formatDateTime,
  formatTime,
  isBirthdayToday,
  lisbonDateString,
  notificationTexts as t,
} from '@casa/shared-schema';
import { toIso } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction, type TxCtx } from '../../db/transaction';
import type { Env } from '../../env';
import type { DomainCtx } from '../../http/context';
import { createNotification } from '../notifications/notifications.domain';
import {
  notifyPropertyMatches,
  readBuyers,
  type OrganizationBuyers,
  type PropertyMatchJob,
} from '../property-matches/property-matches.service';
import { createPushService, registerPushService, type PushTransport } from '../push/push.service';
import { vapidKeys } from '../push/vapid.service';
import { runDailyBackup } from '../system/daily-backup.service';

type Row = Record<string, unknown>;

const MINUTE_MS = 60_000;
/** How far back a tick still picks up follow-ups that became overdue and clients that were created. */
export const SCHEDULER_LOOKBACK_MS = 24 * 60 * MINUTE_MS;
/** New clients read per statement by the new-client step (one turn of the event loop each). */
const NEW_CLIENTS_PAGE = 2000;
/** Claims older than this can no longer matter (every lookback and every Lisbon day is over). */
const CLAIM_RETENTION_MS = 3 * 24 * 60 * MINUTE_MS;
/** Client names listed in one birthday notification; the rest are counted. */
const BIRTHDAY_NAMES_SHOWN = 5;
/** Claims per multi-row INSERT. */
const CLAIM_CHUNK = 500;

/** backupDir: where the daily automatic backup goes (absent: no automatic backup, e.g. in tests). */
export type SchedulerDeps = { knex: Knex; log: Logger; backupDir?: string };

export type TickReport = {
  followUps: number;
  overdue: number;
  birthdays: number;
  newClients: number;
  propertyMatches: number;
};

/**
 * Claims `keys` in scheduler_claims (primary key): answers the keys THIS caller inserted. A key another
 * process claimed first (even in a transaction still open: the insert waits for it) is not returned.
 */
/** What a follow-up reminder needs to know. */
const FOLLOW_UP_COLUMNS = [
  'id',
  'organization_id',
  'agent_id',
  'created_by',
  'client_id',
  'title',
  'scheduled_date',
];

async function claim(db: Knex.Transaction, keys: string[], nowIso: string): Promise<Set<string>> {
  const won = new Set<string>();
  for (let i = 0; i < keys.length; i += CLAIM_CHUNK) {
    const rows = (await db('scheduler_claims')
      .insert(keys.slice(i, i + CLAIM_CHUNK).map((key) => ({ key, claimed_at: nowIso })))
      .onConflict('key')
      .ignore()
      .returning('key')) as Array<{ key: string } | string>;
    for (const row of rows) won.add(typeof row === 'string' ? row : row.key);
  }
  return won;
}

/** The scheduler acts as the system inside one organization (createNotification takes the recipient as an argument). */
function systemCtx(deps: SchedulerDeps, organizationId: string, userId: string, nowIso: string): DomainCtx {
  return {
    db: deps.knex,
    auth: { userId, organizationId, role: 'admin', isSuperAdmin: false },
    now: nowIso,
    log: deps.log,
  };
}

/** One unit of work in its own transaction; a failure is logged and does not stop the tick. */
async function step(
  deps: SchedulerDeps,
  ctx: DomainCtx,
  what: string,
  fn: (tx: TxCtx) => Promise<number>,
): Promise<number> {
  try {
    return await inTransaction(ctx, fn);
  } catch (err) {
    deps.log.error({ err, what }, 'scheduler step failed');
    return 0;
  }
}

const displayName = (row: Row | undefined) =>
  [row?.first_name, row?.last_name].filter((p) => typeof p === 'string' && p.trim() !== '').join(' ') ||
  String(row?.email ?? '');

async function clientName(tx: TxCtx, organizationId: string, clientId: unknown): Promise<string> {
  const row = (await forOrganization(tx.db, { organizationId })
    .table('clients')
    .where('clients.id', clientId as string)
    .first('name')) as { name?: string } | undefined;
  return row?.name ?? errorMessages.clientNotFound;
}

type FollowUpReminder = {
  what: string;
  type: 'follow_up' | 'overdue_task';
  /** Claims the reminder as the transaction's first statement; false when another process has it. */
  claim(tx: TxCtx, followUp: Row): Promise<boolean>;
  title(followUp: Row): string;
  body(clientName: string, followUp: Row): string;
};

/** One notification per follow-up to its agent (else its creator), each in its own claiming transaction. */
async function notifyFollowUps(deps: SchedulerDeps, due: Row[], nowIso: string, r: FollowUpReminder) {
  let created = 0;
  for (const f of due) {
    const organizationId = f.organization_id as string;
    const recipient = (f.agent_id ?? f.created_by) as string | null;
    created += await step(
      deps,
      systemCtx(deps, organizationId, recipient ?? '', nowIso),
      r.what,
      async (tx) => {
        if (!(await r.claim(tx, f)) || !recipient) return 0;
        const name = await clientName(tx, organizationId, f.client_id);
        const n = await createNotification(tx, {
          userId: recipient,
          organizationId,
          type: r.type,
          title: r.title(f),
          body: r.body(name, f),
          // toIso: Postgres answers a Date, and notification data is JSON (bounded, issue 17).
          data: { followUpId: f.id, clientId: f.client_id, scheduledDate: toIso(f.scheduled_date) },
        });
        return n ? 1 : 0;
      },
    );
  }
  return created;
}

/** Follow-ups starting within the next 30 minutes: one 'follow_up' notification, claimed via reminder_sent_at. */
async function followUpReminders(deps: SchedulerDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + FOLLOW_UP_REMINDER_MINUTES * MINUTE_MS).toISOString();
  const due = (await deps
    .knex('follow_ups')
    .whereNull('deleted_at')
    .where('completed', false)
    .whereNull('reminder_sent_at')
    .where('scheduled_date', '>', nowIso)
    .where('scheduled_date', '<=', until)
    .select(FOLLOW_UP_COLUMNS)) as Row[];
  return notifyFollowUps(deps, due, nowIso, {
    what: 'follow_up',
    type: 'follow_up',
    // On Postgres a second process blocks on the row and then sees reminder_sent_at set; on SQLite the
    // first write takes the database lock. reminder_sent_at is server bookkeeping: no change-log entry.
    claim: async (tx, f) =>
      (await forOrganization(tx.db, { organizationId: f.organization_id as string })
        .table('follow_ups')
        .where('follow_ups.id', f.id as string)
        .whereNull('follow_ups.reminder_sent_at')
        .update({ reminder_sent_at: nowIso })) > 0,
    title: (f) => t.followUpSoonTitle(String(f.title)),
    body: (name, f) => t.followUpSoonBody(name, formatTime(f.scheduled_date)),
  });
}

/** Follow-ups that became overdue (not completed, scheduled before now): one 'overdue_task' each. */
async function overdueFollowUps(deps: SchedulerDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const since = new Date(now.getTime() - SCHEDULER_LOOKBACK_MS).toISOString();
  const due = (await deps
    .knex('follow_ups')
    .whereNull('deleted_at')
    .where('completed', false)
    .where('scheduled_date', '<=', nowIso)
    .where('scheduled_date', '>', since)
    .whereNotExists(
      (q) =>
        void q
          .select(1)
          .from('scheduler_claims')
          .whereRaw("scheduler_claims.key = 'overdue:' || follow_ups.id"),
    )
    .select(FOLLOW_UP_COLUMNS)) as Row[];
  return notifyFollowUps(deps, due, nowIso, {
    what: 'overdue',
    type: 'overdue_task',
    claim: async (tx, f) => (await claim(tx.db, [`overdue:${String(f.id)}`], nowIso)).size > 0,
    title: (f) => t.overdueTitle(String(f.title)),
    body: (name, f) => t.overdueBody(name, formatDateTime(f.scheduled_date)),
  });
}

/**
 * Today's birthdays of the organization's clients, once per user per Lisbon day, at or after the user's
 * notification_time (Lisbon wall clock). Users with birthdays switched off are skipped.
 */
async function birthdayNotifications(deps: SchedulerDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const day = lisbonDateString(now);
  const clock = formatTime(now);
  const users = (await deps
    .knex('users')
    .join('organizations', 'organizations.id', 'users.organization_id')
    .leftJoin('notification_preferences as p', 'p.user_id', 'users.id')
    .where('users.status', 'active')
    .where('organizations.status', 'active')
    .whereNotExists(
      (q) =>
        void q
          .select(1)
          .from('scheduler_claims')
          .whereRaw("scheduler_claims.key = 'birthday:' || users.id || ?", [`:${day}`]),
    )
    .select('users.id', 'users.organization_id', 'p.birthdays', 'p.notification_time')) as Row[];
  const due = users.filter(
    (u) =>
      (u.birthdays === null || u.birthdays === undefined || Boolean(u.birthdays)) &&
      String(u.notification_time ?? DEFAULT_NOTIFICATION_TIME) <= clock,
  );
  const byOrganization = new Map<string, Promise<Row[]>>();
  const keys = birthdayMonthDaysOn(now);
  const birthdaysOf = (organizationId: string) => {
    let found = byOrganization.get(organizationId);
    if (!found) {
      found = forOrganization(deps.knex, { organizationId })
        .table('clients')
        .whereNotNull('clients.birthday')
        .whereRaw(`substr(clients.birthday, 6, 5) in (${keys.map(() => '?').join(', ')})`, keys)
        .orderBy('clients.name')
        .select('clients.id', 'clients.name', 'clients.birthday')
        .then((rows: Row[]) => rows.filter((c) => isBirthdayToday(c.birthday, now)));
      byOrganization.set(organizationId, found);
    }
    return found;
  };

  let created = 0;
  for (const u of due) {
    const organizationId = u.organization_id as string;
    const userId = u.id as string;
    const clients = await birthdaysOf(organizationId);
    created += await step(deps, systemCtx(deps, organizationId, userId, nowIso), 'birthday', async (tx) => {
      // Claimed even when nobody has a birthday: each user is looked at once per day.
      const won = await claim(tx.db, [`birthday:${userId}:${day}`], nowIso);
      if (won.size === 0 || clients.length === 0) return 0;
      const names = clients.slice(0, BIRTHDAY_NAMES_SHOWN).map((c) => String(c.name));
      if (clients.length > BIRTHDAY_NAMES_SHOWN) names.push(`mais ${clients.length - BIRTHDAY_NAMES_SHOWN}`);
      const n = await createNotification(tx, {
        userId,
        organizationId,
        type: 'birthday',
        title: t.birthdayTitle(clients.length),
        body: t.birthdayBody(names),
        data: { date: day, clientIds: clients.map((c) => c.id) },
      });
      return n ? 1 : 0;
    });
  }
  return created;
}

/**
 * Clients created in the last 24 h by someone: 'new_client' to every other active admin of the
 * organization, once per client. Clients created together by one person (an import) make one
 * notification with the count.
 */
async function newClientNotifications(deps: SchedulerDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const since = new Date(now.getTime() - SCHEDULER_LOOKBACK_MS).toISOString();
  // In keyset pages with a turn of the event loop between them: after an import of 50,000 clients one
  // read and its grouping held the server for up to 1.8 s (migration 120 makes each page a range read).
  const groups = new Map<string, Row[]>();
  const seen = new Set<string>(); // a row twice across pages (a time stored finer than ms) counts once
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const page = (await deps
      .knex('clients')
      .whereNull('deleted_at')
      .whereNotNull('created_by')
      .where('created_at', '>', since)
      .where('created_at', '<=', nowIso)
      .modify((q) => {
        const from = after;
        if (!from) return;
        void q.where(
          (w) =>
            void w
              .where('created_at', '>', from.createdAt)
              .orWhere((same) => void same.where('created_at', from.createdAt).where('id', '>', from.id)),
        );
      })
      .whereNotExists(
        (q) =>
          void q
            .select(1)
            .from('scheduler_claims')
            .whereRaw("scheduler_claims.key = 'new_client:' || clients.id"),
      )
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(NEW_CLIENTS_PAGE)
      .select('id', 'organization_id', 'name', 'created_by', 'created_at')) as Row[];
    for (const c of page) {
      if (seen.has(String(c.id))) continue;
      seen.add(String(c.id));
      const key = `${String(c.organization_id)}|${String(c.created_by)}`;
      const group = groups.get(key);
      if (group) group.push(c);
      else groups.set(key, [c]);
    }
    if (page.length < NEW_CLIENTS_PAGE) break;
    const last = page[page.length - 1]!;
    after = { createdAt: toIso(last.created_at)!, id: String(last.id) };
    await new Promise((resolve) => setImmediate(resolve));
  }

  let created = 0;
  for (const clients of groups.values()) {
    const organizationId = clients[0]!.organization_id as string;
    const creatorId = clients[0]!.created_by as string;
    created += await step(
      deps,
      systemCtx(deps, organizationId, creatorId, nowIso),
      'new_client',
      async (tx) => {
        // Keys in id order: two processes claiming overlapping groups lock them in the same order.
        const keys = clients.map((c) => `new_client:${String(c.id)}`).sort();
        const won = await claim(tx.db, keys, nowIso);
        const mine = clients.filter((c) => won.has(`new_client:${String(c.id)}`));
        if (mine.length === 0) return 0;
        const admins = (await tx
          .db('users')
          .where({ organization_id: organizationId, role: 'admin', status: 'active' })
          .whereNot('id', creatorId)
          .pluck('id')) as string[];
        if (admins.length === 0) return 0;
        const creator = (await tx
          .db('users')
          .where('id', creatorId)
          .first('first_name', 'last_name', 'email')) as Row | undefined;
        let count = 0;
        for (const adminId of admins) {
          const n = await createNotification(tx, {
            userId: adminId,
            organizationId,
            type: 'new_client',
            title:
              mine.length === 1 ? t.newClientTitle(String(mine[0]!.name)) : t.newClientsTitle(mine.length),
            body: t.newClientBody(displayName(creator)),
            data: {
              clientIds: mine.slice(0, 100).map((c) => c.id),
              count: mine.length,
              createdBy: creatorId,
            },
          });
          if (n) count++;
        }
        return count;
      },
    );
  }
  return created;
}

/** Jobs handled per tick; the rest wait for the next minute. */
const PROPERTY_MATCH_JOBS_PER_TICK = 200;

/**
 * Properties created or made cheaper (property_match_jobs, written with the property): each job claimed
 * in scheduler_claims and deleted in the transaction that notifies the agents whose buyers now match.
 */
async function propertyMatchNotifications(deps: SchedulerDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const due = (await deps
    .knex('property_match_jobs')
    .where('created_at', '<=', nowIso)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(PROPERTY_MATCH_JOBS_PER_TICK)
    .select('id', 'organization_id', 'property_id')) as PropertyMatchJob[];
  // Buyers are read once per organization and tick, before the claims (a buyer saved meanwhile waits for
  // the property's next price drop).
  const buyers = new Map<string, Promise<OrganizationBuyers>>();
  let created = 0;
  for (const job of due) {
    let organizationBuyers = buyers.get(job.organization_id);
    if (!organizationBuyers) {
      organizationBuyers = readBuyers(deps.knex, job.organization_id);
      buyers.set(job.organization_id, organizationBuyers);
    }
    const prepared = await organizationBuyers;
    created += await step(
      deps,
      systemCtx(deps, job.organization_id, '', nowIso),
      'property_match',
      async (tx) => {
        if ((await claim(tx.db, [`property_match:${job.id}`], nowIso)).size === 0) return 0;
        await tx.db('property_match_jobs').where('id', job.id).delete();
        return notifyPropertyMatches(tx, job, prepared);
      },
    );
  }
  return created;
}

/**
 * One scheduler pass at `now` (tests pass the instant; production passes the clock). Safe to run in
 * several processes at once: every reminder is claimed in the transaction that creates its
 * notifications, so exactly one process sends it.
 */
export async function runSchedulerTick(deps: SchedulerDeps, now: Date = new Date()): Promise<TickReport> {
  const report: TickReport = {
    followUps: await followUpReminders(deps, now),
    overdue: await overdueFollowUps(deps, now),
    birthdays: await birthdayNotifications(deps, now),
    newClients: await newClientNotifications(deps, now),
    propertyMatches: await propertyMatchNotifications(deps, now),
  };
  if (deps.backupDir) {
    await runDailyBackup({ knex: deps.knex, log: deps.log, backupDir: deps.backupDir }, now).catch(
      (err: unknown) => deps.log.error({ err }, 'daily backup failed'),
    );
  }
  await deps
    .knex('scheduler_claims')
    .where('claimed_at', '<', new Date(now.getTime() - CLAIM_RETENTION_MS).toISOString())
    .del();
  return report;
}

export type SchedulerHandle = { stop(): Promise<void>; tick(now?: Date): Promise<TickReport> };

/**
 * Started by main.ts (never by createApp): registers the web push service for this database, makes sure
 * the VAPID keys exist, then ticks every minute. Ticks never overlap; stop() waits for the running one.
 */
export function startScheduler(
  deps: { knex: Knex; env: Env; logger: Logger },
  options: { intervalMs?: number; transport?: PushTransport } = {},
): SchedulerHandle {
  const log = deps.logger.child({ component: 'scheduler' });
  const push = createPushService({ knex: deps.knex, env: deps.env, log, transport: options.transport });
  const unregister = registerPushService(deps.knex, push);
  vapidKeys(deps.knex, deps.env).catch((err: unknown) => log.error({ err }, 'VAPID keys unavailable'));

  let running: Promise<TickReport> | null = null;
  let stopped = false;
  const tick = (now: Date = new Date()) => {
    if (running) return running;
    running = runSchedulerTick({ knex: deps.knex, log, backupDir: deps.env.BACKUP_DIR }, now)
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) {
          log.info({ report }, 'scheduler tick');
        }
        return report;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const onTick = () => {
    if (stopped || running) return;
    tick().catch((err: unknown) => log.error({ err }, 'scheduler tick failed'));
  };
  const timer = setInterval(onTick, options.intervalMs ?? MINUTE_MS);
  timer.unref();
  const first = setTimeout(onTick, 1000);
  first.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running?.catch(() => undefined);
      unregister();
    },
  };
}
