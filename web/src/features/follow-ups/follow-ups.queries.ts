import type { FollowUp } from '@casa/shared-schema';
import { isFollowUpOverdue, lisbonDayBounds } from '@casa/shared-schema/values';
import type { ReplicaDb } from '../../data/db';
import { todayFollowUps } from '../../data/queries';
import type { FollowUpTab, FollowUpTabCounts } from './follow-up-tabs';

/*
 * An agent may hold thousands of follow-ups, most of them completed. Booleans are no IndexedDB keys, but
 * completedAt is set exactly when a follow-up is completed (server and mutators alike), so the completedAt
 * index lists the completed ones: the open ones of any scheduledDate range are that range's keys minus
 * those. Everything below reads keys only and fetches just the rows of the page shown.
 */

/** Ids of the open follow-ups in scheduledDate order, all or those scheduled before `below`. */
async function openIds(db: ReplicaDb, below?: string): Promise<string[]> {
  const [completed, ordered] = await Promise.all([
    db.followUps.orderBy('completedAt').primaryKeys(),
    below === undefined
      ? db.followUps.orderBy('scheduledDate').primaryKeys()
      : db.followUps.where('scheduledDate').below(below).primaryKeys(),
  ]);
  const done = new Set(completed);
  return ordered.filter((id) => !done.has(id));
}

async function rowsOf(db: ReplicaDb, ids: string[], keep: (f: FollowUp) => boolean): Promise<FollowUp[]> {
  const rows = await db.followUps.bulkGet(ids);
  return rows.filter((f): f is FollowUp => f !== undefined && keep(f));
}

/**
 * One page of a tab: Pendentes, Hoje and Em Atraso soonest (oldest) first, Concluídos last completed
 * first, Todos last scheduled first; equal dates keep the id order of the index.
 */
export async function followUpTabPage(
  db: ReplicaDb,
  tab: FollowUpTab,
  now: Date,
  limit: number,
): Promise<FollowUp[]> {
  switch (tab) {
    case 'pending':
      return rowsOf(db, (await openIds(db)).slice(0, limit), (f) => !f.completed);
    case 'today':
      return (await todayFollowUps(db, now)).slice(0, limit);
    case 'overdue':
      return rowsOf(db, (await openIds(db, now.toISOString())).slice(0, limit), (f) =>
        isFollowUpOverdue(f, now),
      );
    case 'completed':
      return db.followUps
        .orderBy('completedAt')
        .reverse()
        .filter((f) => f.completed)
        .limit(limit)
        .toArray();
    case 'all':
      return db.followUps.orderBy('scheduledDate').reverse().limit(limit).toArray();
  }
}

/** Not completed and scheduled before now (Em Atraso), from keys only: the dashboard and reports count it too. */
export function overdueFollowUpCount(db: ReplicaDb, now: Date): Promise<number> {
  return openIds(db, now.toISOString()).then((ids) => ids.length);
}

/** Every tab's count, from keys only (the Hoje range is one day's rows). */
export async function followUpTabCounts(db: ReplicaDb, now: Date): Promise<FollowUpTabCounts> {
  const { start, end } = lisbonDayBounds(now);
  const [all, completed, today, overdue] = await Promise.all([
    db.followUps.count(),
    db.followUps.orderBy('completedAt').count(),
    db.followUps
      .where('scheduledDate')
      .between(start.toISOString(), end.toISOString(), true, false)
      .filter((f) => !f.completed)
      .count(),
    overdueFollowUpCount(db, now),
  ]);
  return { pending: all - completed, today, overdue, completed, all };
}
