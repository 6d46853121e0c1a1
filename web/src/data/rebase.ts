import type { ApplyCtx } from '@casa/shared-schema/mutators';
import { MutationRejection } from '@casa/shared-schema/values';
import { loadedMutationEffects } from './mutation-effects';
import { LocalStore, parseRowKey } from './local-store';
import { canWrite, type ReplicaSession } from './session';
import type { OutboxEntry, ReplicaDb } from './db';

/** Ids the device makes up for rows the server names itself (tag links, memberships): stable per mutation. */
export function localIdGenerator(mutationId: number) {
  let n = 0;
  return () => {
    n += 1;
    const tail = `${mutationId.toString(16).padStart(8, '0')}${n.toString(16).padStart(4, '0')}`;
    return `00000000-0000-4000-8000-${tail.slice(-12)}`;
  };
}

export function applyCtx(
  store: LocalStore,
  session: ReplicaSession,
  entry: Pick<OutboxEntry, 'mutationId' | 'createdAt'>,
): ApplyCtx {
  return {
    store,
    userId: session.userId,
    organizationId: session.organizationId,
    canWrite: canWrite(session),
    now: entry.createdAt,
    actedAt: entry.createdAt,
    newId: localIdGenerator(entry.mutationId),
  };
}

/** Puts back the server's version (`base`) of the given rows. */
async function restoreBase(db: ReplicaDb, keys: Iterable<string>) {
  for (const key of keys) {
    const [table, id] = parseRowKey(key);
    const base = await db.base.get([table, id]);
    if (!base) continue;
    if (base.row) await db.replicated(table).put(base.row);
    else await db.replicated(table).delete(id);
  }
}

/**
 * The Replicache rebase, inside the caller's 'rw' transaction: every row a queued mutation wrote (plus
 * `extraKeys`) goes back to the server's version, then the queued mutations run again in order (with the
 * effects the caller loaded before opening the transaction: mutation-effects.ts). A mutation that no longer
 * applies locally (its client was deleted meanwhile) is skipped here; the server will answer it.
 */
export async function rebase(db: ReplicaDb, session: ReplicaSession, extraKeys: Iterable<string> = []) {
  const pending = await db.outbox.orderBy('mutationId').toArray();
  const effects = pending.length > 0 ? loadedMutationEffects() : null;
  const keys = new Set(extraKeys);
  for (const entry of pending) for (const key of entry.keys ?? []) keys.add(key);
  await restoreBase(db, keys);
  for (const entry of pending) {
    const store = new LocalStore(db);
    try {
      await effects![entry.name](applyCtx(store, session, entry), entry.args);
    } catch (err) {
      if (!(err instanceof MutationRejection)) throw err;
    }
    const now = store.keys();
    if (now.join() !== (entry.keys ?? []).join()) await db.outbox.update(entry.mutationId, { keys: now });
  }
}

/**
 * After a complete pull: rows that no queued mutation touches any more take the server's version
 * (which now includes every applied mutation) and leave `base`.
 */
export async function settleBase(db: ReplicaDb) {
  const pendingKeys = new Set<string>();
  await db.outbox.each((entry) => (entry.keys ?? []).forEach((k) => pendingKeys.add(k)));
  const done: [string, string][] = [];
  await db.base.each((entry) => {
    const key = `${entry.table}/${entry.id}`;
    if (!pendingKeys.has(key)) done.push([entry.table, entry.id]);
  });
  await restoreBase(
    db,
    done.map(([t, id]) => `${t}/${id}`),
  );
  await db.base.bulkDelete(done);
}
