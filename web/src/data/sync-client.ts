import { api } from '../lib/api';
import { allowPrecache } from '../lib/precache-gate';
import { httpTransport } from './http-transport';
import { createMutators } from './mutators';
import { clearReplicaAfterDrain, openReplica } from './replica';
import { getMeta } from './meta';
import { apiUploadPhoto, startPhotoUploader } from './photo-outbox';
import { SyncEngine, type SyncEnvironment } from './sync-engine';
import { SyncStateStore } from './sync-state';
import type { ReplicaSession } from './session';
import type { SyncTransport } from './transport';

/**
 * Everything the signed-in shell needs: the replica, the mutators, the running sync loop and its
 * state. `logout` pushes what it can first, then clears the replica (or answers the pending count).
 */
export async function createSyncClient(
  session: ReplicaSession,
  opts: {
    transport?: SyncTransport;
    env?: SyncEnvironment;
    onPurged?: (message: string) => void;
    /**
     * When the sync loop of a replica synced before starts (default: at once); the app waits for the first
     * paint (lib/after-paint.ts). A replica never synced starts at once.
     */
    startWhen?: (start: () => void) => void;
  } = {},
) {
  let current = session;
  const db = await openReplica(session);
  // A replica synced before is settled from the first render (no 'A sincronizar…' flash on a reload), and
  // the indicator starts from the replica's outbox and the browser's connection: until the loop's first
  // cycle, a reload made offline with queued changes must not say 'Tudo sincronizado'.
  const [lastSyncedAt, pending, rejected] = await Promise.all([
    getMeta<string>(db, 'lastSyncedAt').then((at) => at ?? null),
    db.outbox.count(),
    db.rejected.orderBy('mutationId').toArray(),
  ]);
  const online = opts.env ? opts.env.isOnline() : typeof navigator === 'undefined' || navigator.onLine;
  const engine = new SyncEngine({
    db,
    state: new SyncStateStore({ lastSyncedAt, pending, rejected, online }),
    transport: opts.transport ?? httpTransport(api),
    session: () => current,
    env: opts.env,
    onPurged: opts.onPurged,
  });
  const mutate = createMutators({ db, session: () => current, onQueued: () => engine.notifyLocalWrite() });
  // A replica that never finished a sync has nothing to paint first: its pull starts at once (issue 19: a
  // first sync waited up to a second for an idle moment of the busy first render).
  if (opts.startWhen && lastSyncedAt !== null) engine.startLater(opts.startWhen);
  else engine.start();
  // Photos taken on this device are uploaded on their own queue (multipart, not the mutation push).
  const upload = apiUploadPhoto(api);
  let photos = startPhotoUploader(db, upload);
  // Each completed pull may have brought the rows of uploaded photos: a round drops their blobs (and sends
  // any photo whose backoff has ended). kick() never rejects.
  let pulledAt = engine.state.get().lastSyncedAt;
  // A replica synced (before, or by this visit's first sync): the service worker's precache may start.
  if (pulledAt !== null) allowPrecache();
  engine.state.subscribe(() => {
    const { lastSyncedAt } = engine.state.get();
    if (lastSyncedAt === pulledAt) return;
    pulledAt = lastSyncedAt;
    allowPrecache();
    void photos.kick();
  });
  return {
    db,
    engine,
    mutate,
    /** Kick after `addPhotos` (photo-outbox.ts): uploads now when online, else when the connection returns. */
    uploadPhotos: () => photos.kick(),
    state: engine.state,
    /** A new role (the shell re-read /api/auth/me) takes effect for the next local write. */
    setSession(next: ReplicaSession) {
      current = next;
    },
    async logout({ force = false }: { force?: boolean } = {}) {
      await engine.syncNow();
      await photos.kick();
      engine.stop();
      photos.stop();
      const result = await clearReplicaAfterDrain(db, { force });
      if (!result.cleared) {
        engine.start();
        photos = startPhotoUploader(db, upload);
      }
      return result;
    },
  };
}

export type SyncClient = Awaited<ReturnType<typeof createSyncClient>>;
