import type { CurrentUser } from '@casa/shared-schema';
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { afterFirstPaint } from '../lib/after-paint';
import { allowPrecache } from '../lib/precache-gate';
import type { SyncClient } from './sync-client';
import type { ReplicaSession } from './session';

const SyncClientContext = createContext<SyncClient | null>(null);
/** True for a signed-in organization member: a replica is (or is about to be) open for them. */
const ReplicaExpectedContext = createContext(false);

/** Organization members keep a replica; the super admin (no organization) works online only. */
export function replicaSessionOf(user: CurrentUser): ReplicaSession | null {
  if (!user.organizationId || user.isSuperAdmin) return null;
  return { userId: user.id, organizationId: user.organizationId, role: user.role };
}

/**
 * Opens the signed-in user's replica and runs its sync loop for as long as the signed-in frame is
 * mounted. A role change seen by the session poll applies to the next local write.
 */
export function SyncClientProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [client, setClient] = useState<SyncClient | null>(null);
  const session = replicaSessionOf(user);
  const key = session ? `${session.userId}:${session.organizationId}` : null;

  useEffect(() => {
    if (!session) {
      allowPrecache(); // no replica to fill (lib/precache-gate.ts)
      return;
    }
    let live = true;
    let opened: SyncClient | undefined;
    // The engine, the mutators and the photo queue are their own chunk, fetched once the frame has mounted,
    // and the loop starts after the first paint: a reload shows the replica's rows before any sync work.
    // A first visit's client may already be syncing, started by the early first page (early-pull.ts).
    void import('./sync-client')
      .then(({ openSyncClient }) => openSyncClient(session, { startWhen: afterFirstPaint }))
      .then(
        (created) => {
          if (!live) return created.engine.stop();
          opened = created;
          // In a transition: the replica's arrival mounts the screen's data (the dashboard's cards, the
          // list) and re-renders every reader of the client; React renders that in ~5 ms slices instead
          // of one long task (issue 19; docs/decisions.md).
          startTransition(() => setClient(created));
        },
        (error: unknown) => console.error('The local replica could not be opened', error),
      );
    return () => {
      live = false;
      opened?.engine.stop();
      setClient(null);
    };
    // The replica belongs to one user of one organization: reopen only when that changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (client && session) client.setSession(session);
  }, [client, session?.role]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <ReplicaExpectedContext value={session !== null}>
      <SyncClientContext value={client}>{children}</SyncClientContext>
    </ReplicaExpectedContext>
  );
}

/** Whether the signed-in user keeps a replica (false for the super admin and before sign-in). */
export function useReplicaExpected(): boolean {
  return useContext(ReplicaExpectedContext);
}

/** The running sync client, or null (super admin, or while the replica opens). */
export function useSyncClient(): SyncClient | null {
  return useContext(SyncClientContext);
}
