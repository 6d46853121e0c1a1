import type { CurrentUser } from '@casa/shared-schema';
import { afterFirstPaint } from '../lib/after-paint';
import type { ReplicaSession } from './session';
import type { SyncClient } from './sync-client';

/** Organization members keep a replica; the super admin (no organization) works online only. */
export function replicaSessionOf(user: CurrentUser): ReplicaSession | null {
  if (!user.organizationId || user.isSuperAdmin) return null;
  return { userId: user.id, organizationId: user.organizationId, role: user.role };
}

type Early = { key: string; client: Promise<SyncClient>; claim: () => void };
let early: Early | undefined;

const keyOf = (session: ReplicaSession) => `${session.userId}:${session.organizationId}`;

type Create = (
  session: ReplicaSession,
  opts: { startWhen: (run: () => void) => void },
) => Promise<SyncClient>;
/** The sync client's chunk, then the replica opened (tests pass their own). */
const createFromChunk: Create = (session, opts) =>
  import('./sync-client').then(({ createSyncClient }) => createSyncClient(session, opts));

/** A client whose loop starts after `gate` and the first paint. */
function start(session: ReplicaSession, create: Create, gate: Promise<void> = Promise.resolve()) {
  return create(session, { startWhen: (run) => void gate.then(() => afterFirstPaint(run)) });
}

/**
 * At start-up, for the user this device last saw (issue 19): fetch the sync client's chunk and open the
 * replica while the entry still renders, instead of after the signed-in frame has mounted (the screens'
 * first rows wait for that replica). Its sync loop waits until the frame claims it (`startSyncClient`);
 * `opened` may start the screen's own reads on the open replica meanwhile.
 */
export function prestartSyncClient(
  user: CurrentUser | null,
  { create = createFromChunk, opened }: { create?: Create; opened?: (client: SyncClient) => void } = {},
): void {
  const session = user && replicaSessionOf(user);
  if (!session || early) return;
  let claim: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (claim = resolve));
  const client = start(session, create, gate);
  // A failure is reported by the frame when it claims this client.
  client.then(opened, () => undefined);
  early = { key: keyOf(session), client, claim };
}

/** The frame's sync client: the one started early for this session, or a new one. */
export function startSyncClient(
  session: ReplicaSession,
  create: Create = createFromChunk,
): Promise<SyncClient> {
  const taken = early;
  early = undefined;
  if (taken && taken.key === keyOf(session)) {
    taken.claim();
    return taken.client;
  }
  if (taken) discard(taken);
  return start(session, create);
}

/** The session check said nobody (or someone else) is signed in: the early client is not wanted. */
export function discardEarlySyncClient(): void {
  if (early) discard(early);
  early = undefined;
}

function discard({ client }: Early) {
  void client.then(
    (unwanted) => {
      unwanted.engine.stop();
      unwanted.db.close();
    },
    () => undefined,
  );
}
