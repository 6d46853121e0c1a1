import Dexie from 'dexie';
import type { Client, ColdCall, FollowUp, Interaction } from '@casa/shared-schema';
import { FOLLOW_UP_CALL_RESULTS, percentOf } from '@casa/shared-schema/values';
import { todayFollowUps } from '../../data/queries';
import type { ReplicaDb } from '../../data/db';
import { MARATHON_SUMMARY_PREFIX } from '../cold-calls/marathon-call.actions';
import { overdueFollowUpCount } from '../follow-ups/follow-ups.queries';
import {
  dayWindow,
  LONG_NO_CONTACT_DAYS,
  monthChange,
  monthWindows,
  type MonthChange,
  type Window,
} from './dashboard.figures';

/**
 * The dashboard's replica reads (docs/product.md#dashboard, as local reads): index range queries on scheduledDate,
 * completedAt, createdAt and calledAt, never a scan of the clients (birthdays and the contact list come
 * from the client index).
 */

const iso = (ms: number) => new Date(ms).toISOString();
const live = <T extends { deletedAt?: string | null }>(row: T) => !row.deletedAt;

const RECENT_CLIENTS = 5;

export type ClientFigures = {
  total: number;
  created: MonthChange;
  /** The newest clients, newest first. */
  newest: Client[];
};

/**
 * The clients stat card and the newest clients: counts over the `createdAt` index, ready at once with
 * 50,000 clients, where the client index first reads and normalises every client.
 */
export async function clientFigures(db: ReplicaDb, now: Date): Promise<ClientFigures> {
  const months = monthWindows(now);
  const created = (w: Window) =>
    db.clients.where('createdAt').between(iso(w.start), iso(w.end), true, false).count();
  const [total, thisMonth, previousMonth, newest] = await Promise.all([
    db.clients.count(),
    created(months.current),
    created(months.previous),
    db.clients.orderBy('createdAt').reverse().limit(RECENT_CLIENTS).toArray(),
  ]);
  return { total, created: monthChange(thisMonth, previousMonth), newest };
}

export type PropertyFigures = {
  /** Live properties with status Disponível. */
  available: number;
  /** New angariações: properties created in the current and the previous Lisbon month. */
  acquired: MonthChange;
};

/** The property stat card: the status index and the createdAt index (docs/decisions.md, Dashboard). */
export async function propertyFigures(db: ReplicaDb, now: Date): Promise<PropertyFigures> {
  const months = monthWindows(now);
  const created = (w: Window) =>
    db.properties.where('createdAt').between(iso(w.start), iso(w.end), true, false).filter(live).count();
  const [available, thisMonth, previousMonth] = await Promise.all([
    db.properties.where('status').equals('Disponível').filter(live).count(),
    created(months.current),
    created(months.previous),
  ]);
  return { available, acquired: monthChange(thisMonth, previousMonth) };
}

export type FollowUpFigures = {
  /** Not completed, scheduled within today's Lisbon day, earliest first. */
  today: FollowUp[];
  /** How many are not completed and scheduled before now (the follow-ups' Em Atraso count). */
  overdue: number;
  /** Completed within the current and the previous Lisbon month. */
  completed: MonthChange;
};

export async function followUpFigures(db: ReplicaDb, now: Date): Promise<FollowUpFigures> {
  const months = monthWindows(now);
  const [today, overdue, thisMonth, previousMonth] = await Promise.all([
    todayFollowUps(db, now),
    overdueFollowUpCount(db, now),
    countCompletedIn(db, months.current),
    countCompletedIn(db, months.previous),
  ]);
  return { today, overdue, completed: monthChange(thisMonth, previousMonth) };
}

async function countCompletedIn(db: ReplicaDb, w: Window): Promise<number> {
  // One read of the month's rows (see todayFollowUps: no cursor).
  const rows = await db.followUps
    .where('completedAt')
    .between(iso(w.start), iso(w.end), true, false)
    .toArray();
  return rows.filter((f) => f.completed && live(f)).length;
}

export type CallFigures = {
  callsToday: number;
  totalCalls: number;
  /** Percent (one decimal) of all calls whose result is Interessado or Agendar Follow-up. */
  conversionRate: number;
  calls: MonthChange;
  /** Conversion of the calls of the current / previous month; null for a month without calls. */
  monthRate: number | null;
  previousMonthRate: number | null;
};

const converted = (c: Pick<ColdCall, 'result'>) =>
  c.result !== null && FOLLOW_UP_CALL_RESULTS.includes(c.result);

export async function callFigures(db: ReplicaDb, now: Date): Promise<CallFigures> {
  const months = monthWindows(now);
  const day = dayWindow(now);
  const [all, thisMonth, previousMonth] = await Promise.all([
    // The overall rate needs every call's result (as GET /api/stats/coldcalls); calls are far fewer than clients.
    db.coldCalls.toArray(),
    callsIn(db, months.current),
    callsIn(db, months.previous),
  ]);
  const calls = all.filter(live);
  const todayCount = thisMonth.filter((c) => {
    const at = Date.parse(c.calledAt);
    return at >= day.start && at < day.end;
  }).length;
  const rateOf = (list: ColdCall[]) =>
    list.length ? percentOf(list.filter(converted).length, list.length) : null;
  return {
    callsToday: todayCount,
    totalCalls: calls.length,
    conversionRate: percentOf(calls.filter(converted).length, calls.length),
    calls: monthChange(thisMonth.length, previousMonth.length),
    monthRate: rateOf(thisMonth),
    previousMonthRate: rateOf(previousMonth),
  };
}

async function callsIn(db: ReplicaDb, w: Window): Promise<ColdCall[]> {
  const rows = await db.coldCalls.where('calledAt').between(iso(w.start), iso(w.end), true, false).toArray();
  return rows.filter(live);
}

export type ActivityItem =
  | { kind: 'interaction'; id: string; at: string; clientId: string; interaction: Interaction }
  | { kind: 'call'; id: string; at: string; clientId: string | null; call: ColdCall };

/** A marathon pair stored before the interaction carried relatedId: same client and result, a minute apart. */
const LEGACY_PAIR_MS = 60_000;

function isLegacyMarathonTwin(i: Interaction, calls: readonly ColdCall[]): boolean {
  if (i.relatedId || i.type !== 'Cold Call' || !i.summary?.startsWith(MARATHON_SUMMARY_PREFIX)) return false;
  const at = Date.parse(i.createdAt);
  return calls.some(
    (c) =>
      c.clientId === i.clientId &&
      c.result === i.result &&
      Math.abs(Date.parse(c.calledAt) - at) <= LEGACY_PAIR_MS,
  );
}

/**
 * The latest interactions and cold calls, newest first. A marathon call is stored as a call and an
 * interaction pointing at it (relatedId): it is shown once, as the call — also a pair stored before the
 * interaction carried relatedId (isLegacyMarathonTwin).
 */
export async function recentActivity(db: ReplicaDb, limit = 8): Promise<ActivityItem[]> {
  const [interactions, calls] = await Promise.all([
    db.interactions
      .orderBy('createdAt')
      .reverse()
      .filter(live)
      .limit(limit * 2)
      .toArray(),
    db.coldCalls.orderBy('calledAt').reverse().filter(live).limit(limit).toArray(),
  ]);
  const callIds = new Set(calls.map((c) => c.id));
  const items: ActivityItem[] = [
    ...calls.map((call) => ({
      kind: 'call' as const,
      id: call.id,
      at: call.calledAt,
      clientId: call.clientId,
      call,
    })),
    ...interactions
      .filter((i) => !(i.relatedId && callIds.has(i.relatedId)) && !isLegacyMarathonTwin(i, calls))
      .map((interaction) => ({
        kind: 'interaction' as const,
        id: interaction.id,
        at: interaction.createdAt,
        clientId: interaction.clientId,
        interaction,
      })),
  ];
  return items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
}

/**
 * clientId → latest contact (interaction or cold call, as GET /api/clients-with-interactions) within
 * the last 30 days before `now`'s Lisbon day: two index range reads.
 */
export async function recentContacts(db: ReplicaDb, now: Date): Promise<Map<string, string>> {
  const from = iso(dayWindow(now).start - LONG_NO_CONTACT_DAYS * 86_400_000);
  const [interactions, calls] = await Promise.all([
    db.interactions.where('createdAt').aboveOrEqual(from).toArray(),
    db.coldCalls.where('calledAt').aboveOrEqual(from).toArray(),
  ]);
  const latest = new Map<string, string>();
  const note = (clientId: string | null, at: string) => {
    if (!clientId) return;
    const seen = latest.get(clientId);
    if (!seen || Date.parse(at) > Date.parse(seen)) latest.set(clientId, at);
  };
  for (const i of interactions) if (live(i)) note(i.clientId, i.createdAt);
  for (const c of calls) if (live(c)) note(c.clientId, c.calledAt);
  return latest;
}

/** The latest contact of a few clients (any age): one index read per client. */
export async function lastContactsOf(
  db: ReplicaDb,
  clientIds: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    clientIds.map(async (id) => {
      const [interaction, calls] = await Promise.all([
        db.interactions
          .where('[clientId+createdAt]')
          .between([id, Dexie.minKey], [id, Dexie.maxKey])
          .reverse()
          .filter(live)
          .first(),
        db.coldCalls.where('clientId').equals(id).filter(live).toArray(),
      ]);
      let at = interaction?.createdAt ?? null;
      for (const c of calls) if (!at || Date.parse(c.calledAt) > Date.parse(at)) at = c.calledAt;
      if (at) out.set(id, at);
    }),
  );
  return out;
}
