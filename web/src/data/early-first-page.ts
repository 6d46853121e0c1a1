import type { PullResponse } from '@casa/shared-schema';
import { checkPullPage } from './pull-check';
import type { ReplicaSession } from './session';
import type { SyncTransport } from './transport';

/**
 * Whether a pull cursor belongs to this session's organization and user. The cursor is opaque to the
 * device except for this one check (docs/sync.md): the server writes `s1.<organizationId>.<userId>.…` or
 * `d1.<organizationId>.<userId>.…` (sync-cursor.ts); any other shape answers false, so a page is never
 * applied to a replica it was not pulled for.
 */
export function cursorOwnedBy(cursor: string, session: Pick<ReplicaSession, 'organizationId' | 'userId'>) {
  const owner = cursorOwner(cursor);
  return owner !== null && owner.organizationId === session.organizationId && owner.userId === session.userId;
}

/** The organization and user a pull cursor was written for (see cursorOwnedBy); null for any other shape. */
export function cursorOwner(cursor: string): Pick<ReplicaSession, 'organizationId' | 'userId'> | null {
  const [version, organizationId, userId] = cursor.split('.');
  if ((version !== 's1' && version !== 'd1') || !organizationId || !userId) return null;
  return { organizationId, userId };
}

/** A cursor inside a snapshot (`s1.…`, a first sync's pages), not a delta's (`d1.…`). */
export function isSnapshotCursor(cursor: string): boolean {
  return cursor.startsWith('s1.');
}

/**
 * `transport` whose first pull without a cursor answers with the page asked at start-up (early-pull.ts)
 * when there is one, it checks as a page and its cursor is this session's; otherwise (a 401, a failure,
 * another user's page, a replica that already has a cursor) the pull is asked as usual. The early page may
 * hold fewer rows than the engine's pages (early-pull.ts): a page may hold fewer rows than its limit. Only the first
 * pull may use it: later ones always go to the server.
 */
export function withEarlyFirstPage(
  transport: SyncTransport,
  early: Promise<unknown> | null,
  session: () => Pick<ReplicaSession, 'organizationId' | 'userId'>,
): SyncTransport {
  let pending = early;
  return {
    push: (request) => transport.push(request),
    async pull(query) {
      const answer = pending;
      pending = null;
      // Any first page will do (a page may hold fewer rows than asked): the cursor goes on from it.
      if (answer && !query.cursor) {
        const page = await usable(answer, session());
        if (page) return page;
      }
      return transport.pull(query);
    },
  };
}

async function usable(
  answer: Promise<unknown>,
  session: Pick<ReplicaSession, 'organizationId' | 'userId'>,
): Promise<PullResponse | null> {
  try {
    const body = await answer;
    if (body === null) return null;
    const page = await checkPullPage(body);
    return cursorOwnedBy(page.cursor, session) ? page : null;
  } catch {
    return null;
  }
}
