import type { PushResponse } from '@casa/shared-schema';
import { SYNC_PUSH_MAX_MUTATIONS } from '@casa/shared-schema/values';
import { rebase } from './rebase';
import { loadMutationEffects } from './mutation-effects';
import { writeTables } from './local-store';
import type { OutboxEntry, ReplicaDb } from './db';
import type { ReplicaSession } from './session';
import type { SyncTransport } from './transport';

/**
 * Records the server's answer in ONE Dexie transaction: answered mutations leave the outbox (the pull
 * that follows brings the applied ones' rows back), rejected ones are listed with their message and
 * undone locally by a rebase.
 */
export async function settlePush(
  db: ReplicaDb,
  session: ReplicaSession,
  sent: OutboxEntry[],
  response: PushResponse,
  now = new Date(),
) {
  const results = new Map(response.results.map((r) => [r.mutationId, r]));
  // A rejection is undone by replaying the rest of the outbox: its effects load before the transaction.
  if (response.results.some((r) => r.status === 'rejected')) await loadMutationEffects();
  return db.transaction('rw', writeTables(db), async () => {
    const rejectedKeys: string[] = [];
    let settled = 0;
    for (const entry of sent) {
      if (entry.mutationId > response.lastMutationId) continue;
      const result = results.get(entry.mutationId);
      if (result?.status === 'rejected') {
        const error = result.error ?? { message: 'Erro', code: 'internal', status: 500 };
        await db.rejected.put({ ...entry, error, rejectedAt: now.toISOString() });
        rejectedKeys.push(...(entry.keys ?? []));
      }
      await db.outbox.delete(entry.mutationId);
      settled += 1;
    }
    if (rejectedKeys.length) await rebase(db, session, rejectedKeys);
    return settled;
  });
}

/** Pushes the whole outbox in chunks of SYNC_PUSH_MAX_MUTATIONS; answers how many were settled. */
export async function pushOutbox(
  db: ReplicaDb,
  session: ReplicaSession,
  transport: SyncTransport,
  clientId: string,
): Promise<number> {
  let total = 0;
  for (;;) {
    const chunk = await db.outbox.orderBy('mutationId').limit(SYNC_PUSH_MAX_MUTATIONS).toArray();
    if (chunk.length === 0) return total;
    const response = await transport.push({
      clientId,
      // The outbox entry's createdAt is the moment the agent acted: the server keeps it as the domain time.
      mutations: chunk.map(({ mutationId, name, args, createdAt }) => ({
        mutationId,
        name,
        args,
        actedAt: createdAt,
      })),
    });
    const settled = await settlePush(db, session, chunk, response);
    // The server processed none of them: stop rather than loop (the engine retries with backoff).
    if (settled === 0) throw new Error(`push not processed (lastMutationId ${response.lastMutationId})`);
    total += settled;
  }
}
