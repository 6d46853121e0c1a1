import { api } from '../lib/api';
import { allowPrecache } from '../lib/precache-gate';
import { takeEarlyPull } from './early-pull';
import { cursorOwner, withEarlyFirstPage } from './early-first-page';
import { httpTransport, remotePull } from './http-transport';
import { createMutators } from './mutators';
import { clearReplicaAfterDrain, openReplica } from './replica';
import { getMeta } from './meta';
import type { SnapshotProgress } from './pull-apply';
import { apiUploadPhoto, startPhotoUploader } from './photo-outbox';
import { workerPageWriter } from './page-writer';
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
    /**
     * The early client's loop waits for the frame to adopt it (startEarlySyncClient): on a slow network its
     * next pages would otherwise share the link with the app's own scripts before the first screen paints.
     */
    holdStart?: Promise<void>;
  } = {},
) {
  let current = session;
  const db = await openReplica(session);
  // A replica synced before is settled from the first render (no 'A sincronizar…' flash on a reload), and
  // the indicator starts from the replica's outbox and the browser's connection: until the loop's first
  // cycle, a reload made offline with queued changes must not say 'Tudo sincronizado'.
  // A first snapshot cut by a reload goes on from where it was: its progress too (which collections are whole).
  const [lastSyncedAt, pending, rejected, progress] = await Promise.all([
    getMeta<string>(db, 'lastSyncedAt').then((at) => at ?? null),
    db.outbox.count(),
    db.rejected.orderBy('mutationId').toArray(),
    getMeta<SnapshotProgress>(db, 'snapshotProgress').then((p) => p ?? null),
  ]);
  const online = opts.env ? opts.env.isOnline() : typeof navigator === 'undefined' || navigator.onLine;
  // Pulled pages are fetched and written by a worker where there is one (page-writer.ts); it fetches them
  // from the server only when this client pulls over HTTP.
  const writer =
    typeof Worker === 'undefined'
      ? undefined
      : workerPageWriter(db, { remote: opts.transport ? undefined : remotePull(api) });
  // A replica never synced: its worker starts now, while the frame renders (an early client waits for it),
  // so that it takes the first page too, off this thread (issue 19, scripts/bench/README.md stop 39).
  if (lastSyncedAt === null) void writer?.prepare();
  const engine = new SyncEngine({
    db,
    state: new SyncStateStore({ lastSyncedAt, pending, rejected, online, progress }),
    // A first sync's first page may have been asked at start-up (early-pull.ts): taken if it is this user's.
    transport: withEarlyFirstPage(opts.transport ?? httpTransport(api), takeEarlyPull(), () => current),
    session: () => current,
    env: opts.env,
    onPurged: opts.onPurged,
    writer,
  });
  const mutate = createMutators({ db, session: () => current, onQueued: () => engine.notifyLocalWrite() });
  // A replica that never finished a sync has nothing to paint first: its pull starts at once (issue 19: a
  // first sync waited up to a second for an idle moment of the busy first render).
  if (opts.holdStart) engine.startLater((start) => void opts.holdStart!.then(start));
  else if (opts.startWhen && lastSyncedAt !== null) engine.startLater(opts.startWhen);
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

/** The client started from the early first page, until the signed-in frame adopts it (openSyncClient). */
let early: { key: string; client: Promise<SyncClient>; adopt: () => void } | null = null;
/** The frame has asked for its client: an early page arriving later starts no second one (two loops). */
let framed = false;
const keyOf = (session: Pick<ReplicaSession, 'userId' | 'organizationId'>) =>
  `${session.userId}:${session.organizationId}`;

/**
 * A first visit: the first pull page, asked at start-up (early-pull.ts), has come before the session check
 * and the signed-in frame. Its cursor names the organization and the user, which is all a first sync
 * needs: their replica is opened now, and its loop (which applies that page, then asks the next) starts
 * once the frame adopts this client (openSyncClient). Before that the pages would only compete with the
 * frame's scripts for the network (mobile Lighthouse: LCP 4.8 s held, 5.0–7.3 s not; bench/README.md).
 * The role waits for the session check: until then nobody can write (no screen yet), so the least one is given.
 */
export function startEarlySyncClient(body: unknown, opts: Parameters<typeof createSyncClient>[1] = {}): void {
  // Only before the frame asked for its client (see openSyncClient).
  const cursor = (body as { cursor?: unknown } | null)?.cursor;
  const owner = typeof cursor === 'string' ? cursorOwner(cursor) : null;
  if (!owner || early || framed) return;
  let adopt = () => {};
  const adopted = new Promise<void>((resolve) => (adopt = resolve));
  const client = createSyncClient({ ...owner, role: 'viewer' }, { ...opts, holdStart: adopted });
  client.catch((error: unknown) => console.error('The local replica could not be opened', error));
  early = { key: keyOf(owner), client, adopt };
}

/**
 * The signed-in frame's sync client: the one the early first page started when it is this session's (its
 * role set now), else a new one; an early client of another session is stopped and closed. From the first
 * call on no early client starts (the page, if it comes later, is still taken by this client's first pull).
 */
export async function openSyncClient(
  session: ReplicaSession,
  opts: Parameters<typeof createSyncClient>[1] = {},
): Promise<SyncClient> {
  framed = true;
  const started = early;
  early = null;
  const client = started ? await started.client.catch(() => null) : null;
  if (client && started?.key === keyOf(session)) {
    client.setSession(session);
    started.adopt();
    return client;
  }
  if (client) {
    // Closed once its cycle has ended: a cycle still running would reopen it (reopen.ts).
    client.engine.stop();
    void client.engine.idle().then(() => client.db.close());
  }
  return createSyncClient(session, opts);
}

/** Back to a fresh page load's state (tests: a page load starts with no early client and no frame). */
export function resetEarlySyncClient(): void {
  early = null;
  framed = false;
}
