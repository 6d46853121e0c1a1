import type { PropertyPhoto } from '@casa/shared-schema';
import { ACTED_AT_HEADER, ErrorCode, errorMessages, propertyPhotoUrl } from '@casa/shared-schema/values';
import { ApiError, type ApiClient } from '../lib/api';
import { backoffDelay } from './backoff';
import type { PhotoUpload, ReplicaDb } from './db';

/**
 * Property photos taken on this device (issue 20, docs/sync.md "Client"): kept in the replica's
 * `photoUploads` table (the Blob itself) the moment they are added, shown at once from it, uploaded when the
 * network allows, and dropped only once the pull has brought their replicated `propertyPhotos` row.
 *
 * Exactly once: the photo's id is made here and sent with the upload; the server answers a replay of an id
 * with the photo it already made (200), so an upload whose answer was lost is simply sent again.
 * Never lost: a network failure, a 5xx, a 401 (session to renew) or a 404 (the property is itself still in
 * the sync outbox) is retried with backoff; only a refusal of the photo itself (400, 403, 409, 413, 415)
 * stops the retries, and the photo stays on the device, marked failed with the server's pt-PT message,
 * until the agent removes it.
 */

export type UploadPhoto = (photo: PhotoUpload) => Promise<PropertyPhoto>;

/**
 * The upload through the app's API client (CSRF, cookies): multipart `photo` + the device-made `id`, and
 * the time it was taken (`Acted-At`, bounded by the server) so a photo taken offline keeps its hour.
 */
export function apiUploadPhoto(client: ApiClient): UploadPhoto {
  return async (photo) => {
    const form = new FormData();
    form.append('id', photo.photoId);
    form.append('photo', photo.blob, `${photo.photoId}.bin`);
    return client.request<PropertyPhoto>(`/api/properties/${photo.propertyId}/photos`, {
      method: 'POST',
      body: form,
      headers: { [ACTED_AT_HEADER]: photo.createdAt },
    });
  };
}

/** Statuses that refuse the photo itself: sending it again cannot succeed. */
const FINAL_STATUSES = new Set([400, 403, 409, 413, 415, 422]);

export function isFinalRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && FINAL_STATUSES.has(error.status) && error.code !== ErrorCode.SUSPENDED;
}

type Clock = { now: () => number; random?: () => number };

/** The next position of a property's gallery: after its synced photos and its photos still on the device. */
async function nextPosition(db: ReplicaDb, propertyId: string): Promise<number> {
  const synced = await db.propertyPhotos.where('propertyId').equals(propertyId).toArray();
  const local = await db.photoUploads.where('propertyId').equals(propertyId).toArray();
  return [...synced.map((p) => p.position), ...local.map((p) => p.position)].reduce(
    (max, p) => Math.max(max, p + 1),
    0,
  );
}

/** Keeps `files` on the device as photos of `propertyId`, in this order, after the existing ones. */
export async function addPhotos(
  db: ReplicaDb,
  propertyId: string,
  files: readonly Blob[],
  deps: { newId?: () => string; clock?: Clock } = {},
): Promise<PhotoUpload[]> {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const now = deps.clock?.now() ?? Date.now();
  return db.transaction('rw', db.photoUploads, db.propertyPhotos, async () => {
    const first = await nextPosition(db, propertyId);
    const added = files.map((blob, i): PhotoUpload => ({
      photoId: newId(),
      propertyId,
      blob,
      position: first + i,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      error: null,
      createdAt: new Date(now).toISOString(),
    }));
    await db.photoUploads.bulkAdd(added);
    return added;
  });
}

/** Removes a photo that is still only on the device (a failed one, or one the agent no longer wants). */
export async function discardLocalPhoto(db: ReplicaDb, photoId: string): Promise<void> {
  await db.photoUploads.delete(photoId);
}

/** Drops the blobs of uploaded photos whose replicated row has arrived (the synced row takes over). */
export async function dropConfirmed(db: ReplicaDb): Promise<number> {
  return db.transaction('rw', db.photoUploads, db.propertyPhotos, async () => {
    const uploaded = await db.photoUploads.where('state').equals('uploaded').toArray();
    const arrived = await db.propertyPhotos.bulkGet(uploaded.map((p) => p.photoId));
    const done = uploaded.filter((_, i) => arrived[i] !== undefined).map((p) => p.photoId);
    await db.photoUploads.bulkDelete(done);
    return done.length;
  });
}

export type UploadRound = {
  uploaded: number;
  retrying: number;
  failed: number;
  nextAttemptAt: number | null;
};

/**
 * One round: every pending photo whose time has come is sent, in gallery order (one at a time: a phone's
 * uplink is the bottleneck, and the order of arrival is the order of the gallery). Returns when to come back.
 */
export async function uploadPendingPhotos(
  db: ReplicaDb,
  upload: UploadPhoto,
  clock: Clock = { now: () => Date.now() },
): Promise<UploadRound> {
  await dropConfirmed(db);
  const round: UploadRound = { uploaded: 0, retrying: 0, failed: 0, nextAttemptAt: null };
  const pending = (await db.photoUploads.where('state').equals('pending').toArray()).sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.position - b.position,
  );
  for (const photo of pending) {
    if (photo.nextAttemptAt > clock.now()) {
      round.nextAttemptAt = Math.min(round.nextAttemptAt ?? Infinity, photo.nextAttemptAt);
      continue;
    }
    try {
      const answer = await upload(photo);
      // A replay of a photo deleted since (another device): no row will ever arrive, the blob can go.
      if (answer.deletedAt) await db.photoUploads.delete(photo.photoId);
      else await db.photoUploads.update(photo.photoId, { state: 'uploaded', error: null });
      round.uploaded += 1;
    } catch (error) {
      const attempts = photo.attempts + 1;
      if (isFinalRefusal(error)) {
        await db.photoUploads.update(photo.photoId, { state: 'failed', attempts, error: error.message });
        round.failed += 1;
        continue;
      }
      const nextAttemptAt = clock.now() + backoffDelay(attempts, clock.random);
      await db.photoUploads.update(photo.photoId, { attempts, nextAttemptAt });
      round.retrying += 1;
      round.nextAttemptAt = Math.min(round.nextAttemptAt ?? Infinity, nextAttemptAt);
    }
  }
  await dropConfirmed(db);
  return round;
}

/**
 * The connection is back: every pending photo is due now and its failures are forgotten, as the sync engine
 * forgets its own. Without this, a photo that kept failing offline waits out its backoff (up to a minute)
 * while the rest of the day's work syncs at once, and the 404 it meets while its property is still being
 * pushed would back it off from there.
 */
export async function photosDueNow(db: ReplicaDb, now: number = Date.now()): Promise<void> {
  await db.photoUploads.where('state').equals('pending').modify({ attempts: 0, nextAttemptAt: now });
}

/**
 * Runs upload rounds: now, when the connection returns (`online`, without waiting for any backoff), and when
 * the earliest backoff ends. One round at a time; a trigger during a round runs one more round after it.
 * `kick()` never rejects.
 */
export function startPhotoUploader(
  db: ReplicaDb,
  upload: UploadPhoto,
  env: {
    addEventListener?: Window['addEventListener'];
    removeEventListener?: Window['removeEventListener'];
  } = typeof window === 'undefined' ? {} : window,
): { kick: () => Promise<void>; stop: () => void } {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const kick = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const round = await uploadPendingPhotos(db, upload);
        clearTimeout(timer);
        if (round.nextAttemptAt !== null && !stopped)
          timer = setTimeout(() => void kick(), Math.max(0, round.nextAttemptAt - Date.now()));
      } while (again && !stopped);
    })()
      // Each photo keeps its own outcome; a round that could not read the replica (closed at logout) is
      // simply over, and the next trigger starts another.
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
  // Neither rejects: a replica closed at logout simply skips the reset (see above).
  const onOnline = () =>
    void photosDueNow(db)
      .catch(() => undefined)
      .then(kick);
  env.addEventListener?.('online', onOnline);
  void kick(); // never rejects
  return {
    kick,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      env.removeEventListener?.('online', onOnline);
    },
  };
}

/** A photo as a gallery shows it: synced (server URL) or still on this device (its blob). */
export type GalleryPhoto = {
  id: string;
  propertyId: string;
  position: number;
  isCover: boolean;
  /** The server's thumbnail/display URLs, or null while the photo is only on the device. */
  thumbUrl: string | null;
  displayUrl: string | null;
  /** The local picture while it is not synced (show it through an object URL). */
  blob: Blob | null;
  state: 'synced' | PhotoUpload['state'];
  error: string | null;
};

/**
 * The gallery of one property: its synced photos in their order, then the photos still on this device in
 * theirs (a photo uploaded but not yet pulled shows once, from its blob). With no synced cover, the first
 * photo is shown as the cover.
 */
export function mergePropertyPhotos(
  synced: readonly PropertyPhoto[],
  local: readonly PhotoUpload[],
): GalleryPhoto[] {
  const syncedIds = new Set(synced.map((p) => p.id));
  const fromServer = [...synced]
    .sort((a, b) => a.position - b.position)
    .map((p): GalleryPhoto => ({
      id: p.id,
      propertyId: p.propertyId,
      position: p.position,
      isCover: p.isCover,
      thumbUrl: propertyPhotoUrl(p.propertyId, p.id, 'thumb'),
      displayUrl: propertyPhotoUrl(p.propertyId, p.id, 'display'),
      blob: null,
      state: 'synced',
      error: null,
    }));
  const onDevice = local
    .filter((p) => !syncedIds.has(p.photoId))
    .sort((a, b) => a.position - b.position)
    .map((p): GalleryPhoto => ({
      id: p.photoId,
      propertyId: p.propertyId,
      position: p.position,
      isCover: false,
      thumbUrl: null,
      displayUrl: null,
      blob: p.blob,
      state: p.state,
      error: p.error,
    }));
  const all = [...fromServer, ...onDevice];
  const first = all.find((p) => p.state !== 'failed');
  if (first && !all.some((p) => p.isCover)) first.isCover = true;
  return all;
}

/** Both halves of a property's gallery, read together (for a live query). */
export async function readPropertyGallery(db: ReplicaDb, propertyId: string): Promise<GalleryPhoto[]> {
  return db.transaction('r', db.propertyPhotos, db.photoUploads, async () =>
    mergePropertyPhotos(
      await db.propertyPhotos.where('propertyId').equals(propertyId).toArray(),
      await db.photoUploads.where('propertyId').equals(propertyId).toArray(),
    ),
  );
}

/** The pt-PT texts of the gallery's device-only states. */
export const photoOutboxTexts = {
  pending: 'A aguardar envio…',
  uploaded: 'Enviada',
  failed: errorMessages.photoUploadFailed,
} as const;
