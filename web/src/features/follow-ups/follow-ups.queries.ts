import { isFollowUpOverdue, lisbonDayBounds, type FollowUp } from '@casa/shared-schema';
import type { ReplicaDb } from '../../data/db';
import { todayFollowUps } from '../../data/queries';
import type { FollowUpTab, FollowUpTabCounts } from './follow-up-tabs';

/**
 * One page of a tab, straight from the replica's indexes (an agent may hold thousands of follow-ups):
 * the pending ones soonest first, the overdue ones oldest first, the completed ones last completed first,
 * Todos last scheduled first. Equal dates keep the id order of the index.
 */
export function followUpTabPage(
  db: ReplicaDb,
  tab: FollowUpTab,
  now: Date,
  limit: number,
): Promise<FollowUp[]> {
  const open = (f: FollowUp) => !f.completed;
  switch (tab) {
    case 'pending':
      return db.followUps.orderBy('scheduledDate').filter(open).limit(limit).toArray();
    case 'today':
      return todayFollowUps(db, now).then((rows) => rows.slice(0, limit));
    case 'overdue':
      return db.followUps
        .where('scheduledDate')
        .below(now.toISOString())
        .filter((f) => isFollowUpOverdue(f, now))
        .limit(limit)
        .toArray();
    case 'completed':
      // completedAt is set exactly when completed (server and mutators), so its index holds them all.
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

/**
 * Every tab's count with key-only counts where possible: the completed ones are the completedAt index,
 * the overdue ones are the pending ones minus those still ahead (a short range).
 */
export async function followUpTabCounts(db: ReplicaDb, now: Date): Promise<FollowUpTabCounts> {
  const { start, end } = lisbonDayBounds(now);
  const open = (f: FollowUp) => !f.completed;
  const [all, completed, today, ahead] = await Promise.all([
    db.followUps.count(),
    db.followUps.orderBy('completedAt').count(),
    db.followUps
      .where('scheduledDate')
      .between(start.toISOString(), end.toISOString(), true, false)
      .filter(open)
      .count(),
    db.followUps.where('scheduledDate').aboveOrEqual(now.toISOString()).filter(open).count(),
  ]);
  const pending = all - completed;
  return { pending, today, overdue: pending - ahead, completed, all };
}
