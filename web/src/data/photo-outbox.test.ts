import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorMessages, type PropertyPhoto } from '@casa/shared-schema';
import { ApiError, createApiClient } from '../lib/api';
import { ReplicaDb, type PhotoUpload } from './db';
import {
  addPhotos,
  apiUploadPhoto,
  dropConfirmed,
  mergePropertyPhotos,
  photosDueNow,
  readPropertyGallery,
  startPhotoUploader,
  uploadPendingPhotos,
  type UploadPhoto,
} from './photo-outbox';
import { clearReplicaAfterDrain } from './replica';

const ORG = '5d7e0c33-1f0a-4d7b-9b57-1c2d3e4f5a6b';
const PROPERTY = '0b6f1c9e-6d1a-4a53-9a57-5f1c2a0f6b01';
let db: ReplicaDb;
let name: string;
let now: number;
const clock = { now: () => now, random: () => 0 };

beforeEach(async () => {
  name = `photo-outbox-${crypto.randomUUID()}`;
  db = new ReplicaDb(name);
  await db.open();
  now = Date.parse('2026-11-25T10:00:00.000Z');
});
afterEach(async () => {
  db.close();
  await Dexie.delete(name);
});

const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });

function syncedRow(id: string, position: number, isCover = false): PropertyPhoto {
  const at = '2026-11-25T09:00:00.000Z';
  return {
    id,
    organizationId: ORG,
    propertyId: PROPERTY,
    position,
    isCover,
    width: 1600,
    height: 1200,
    displayBytes: 1000,
    thumbBytes: 100,
    createdBy: null,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
  };
}

/** A server that keeps what it was sent by id (replays answer the same photo), and can be told to fail. */
function fakeServer() {
  const stored = new Map<string, PropertyPhoto>();
  const calls: string[] = [];
  let next: Array<() => never> = [];
  const upload: UploadPhoto = async (photo: PhotoUpload) => {
    calls.push(photo.photoId);
    const failure = next.shift();
    if (failure) failure();
    const row = stored.get(photo.photoId) ?? syncedRow(photo.photoId, stored.size, stored.size === 0);
    stored.set(photo.photoId, row);
    return row;
  };
  return {
    stored,
    calls,
    upload,
    failNext: (...failures: Array<() => never>) => {
      next = failures;
    },
  };
}
const offline = () => {
  throw new TypeError('Failed to fetch');
};
const refused = (status: number, message: string) => () => {
  throw new ApiError(status, message, { message, code: 'x' });
};

describe('photo outbox', () => {
  it('sends the time the photo was taken with its upload (Acted-At), not the time it leaves', async () => {
    const [photo] = await addPhotos(db, PROPERTY, [blob('um')], { clock });
    const sent: Headers[] = [];
    const api = createApiClient({
      fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Headers(init?.headers));
        return new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } });
      }) as typeof fetch,
      getCookie: () => 'csrf',
      onSuspended: () => {},
    });
    now += 3_600_000;
    await apiUploadPhoto(api)(photo!);
    expect(sent[0]!.get('acted-at')).toBe('2026-11-25T10:00:00.000Z');
  });

  it('keeps an added photo on the device and shows it at once, after the synced ones', async () => {
    await db.propertyPhotos.put(syncedRow('a0000000-0000-4000-8000-000000000001', 0, true));
    const added = await addPhotos(db, PROPERTY, [blob('um'), blob('dois')]);
    expect(added.map((p) => [p.position, p.state])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
    const gallery = await readPropertyGallery(db, PROPERTY);
    expect(gallery.map((p) => [p.position, p.state, p.isCover])).toEqual([
      [0, 'synced', true],
      [1, 'pending', false],
      [2, 'pending', false],
    ]);
    expect(await gallery[1]!.blob!.text()).toBe('um');
    expect(gallery[0]!.thumbUrl).toBe(`/api/properties/${PROPERTY}/photos/${gallery[0]!.id}/thumb`);
  });

  it('uploads each photo exactly once, and drops the blob only when the replicated row has arrived', async () => {
    const server = fakeServer();
    const [photo] = await addPhotos(db, PROPERTY, [blob('um')], { clock });
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({ uploaded: 1 });
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({ uploaded: 0 });
    expect(server.calls).toEqual([photo!.photoId]);
    // Uploaded, not yet pulled: still shown from the device, once.
    expect((await readPropertyGallery(db, PROPERTY)).map((p) => p.state)).toEqual(['uploaded']);
    expect(await dropConfirmed(db)).toBe(0);
    await db.propertyPhotos.put(server.stored.get(photo!.photoId)!);
    expect(await dropConfirmed(db)).toBe(1);
    expect(await db.photoUploads.count()).toBe(0);
    const gallery = await readPropertyGallery(db, PROPERTY);
    expect(gallery.map((p) => [p.id, p.state, p.isCover])).toEqual([[photo!.photoId, 'synced', true]]);
  });

  it('retries a failed upload with backoff, with the same id (a lost answer is applied once), and never loses it', async () => {
    const server = fakeServer();
    const [photo] = await addPhotos(db, PROPERTY, [blob('um')], { clock });
    server.failNext(offline);
    const first = await uploadPendingPhotos(db, server.upload, clock);
    expect(first).toMatchObject({ uploaded: 0, retrying: 1, nextAttemptAt: now + 1000 });
    // Before the backoff ends nothing is sent.
    now += 500;
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({ uploaded: 0, retrying: 0 });
    // The server stored it but the answer was lost (a 502 from the proxy): sent again, same id.
    now += 600;
    server.failNext(() => {
      throw new ApiError(502, 'Bad gateway', '');
    });
    await uploadPendingPhotos(db, server.upload, clock);
    expect((await db.photoUploads.get(photo!.photoId))!.attempts).toBe(2);
    now += 2_000;
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({ uploaded: 1 });
    expect(server.calls).toEqual([photo!.photoId, photo!.photoId, photo!.photoId]);
    expect(server.stored.size).toBe(1);
    expect((await db.photoUploads.get(photo!.photoId))!.state).toBe('uploaded');
  });

  it('a 404 (the property is still in the sync outbox) is retried; a refusal of the photo stops with its message', async () => {
    const server = fakeServer();
    const [early, bad] = await addPhotos(db, PROPERTY, [blob('um'), blob('texto')], { clock });
    server.failNext(
      refused(404, 'Imóvel não encontrado.'),
      refused(415, errorMessages.propertyPhotoInvalidType),
    );
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({ retrying: 1, failed: 1 });
    expect(await db.photoUploads.get(bad!.photoId)).toMatchObject({
      state: 'failed',
      error: errorMessages.propertyPhotoInvalidType,
    });
    now += 60_000;
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({ uploaded: 1, failed: 0 });
    expect(server.calls).toEqual([early!.photoId, bad!.photoId, early!.photoId]);
    // The failed photo stays on the device, shown with its message, and counts as unsent work at logout.
    const gallery = await readPropertyGallery(db, PROPERTY);
    expect(gallery.find((p) => p.id === bad!.photoId)).toMatchObject({
      state: 'failed',
      error: errorMessages.propertyPhotoInvalidType,
    });
    expect(await clearReplicaAfterDrain(db)).toEqual({ cleared: false, pending: 1 });
  });

  it('a replay answered with a photo deleted since (another device) drops the local copy: no row will come', async () => {
    const [photo] = await addPhotos(db, PROPERTY, [blob('um')], { clock });
    const deleted: UploadPhoto = async (p) => ({
      ...syncedRow(p.photoId, 0),
      deletedAt: '2026-11-25T10:05:00.000Z',
    });
    expect(await uploadPendingPhotos(db, deleted, clock)).toMatchObject({ uploaded: 1 });
    expect(await db.photoUploads.get(photo!.photoId)).toBeUndefined();
  });

  it('the uploader sends as soon as the connection returns, however long it was offline', async () => {
    const server = fakeServer();
    const target = new EventTarget();
    server.failNext(offline);
    await addPhotos(db, PROPERTY, [blob('um')]);
    const uploader = startPhotoUploader(db, server.upload, target);
    await uploader.kick();
    expect(await db.photoUploads.where('state').equals('uploaded').count()).toBe(0);
    // Hours offline: many failed rounds, the next one a minute away.
    await db.photoUploads.toCollection().modify({ attempts: 40, nextAttemptAt: Date.now() + 60_000 });
    // Back online: sent at once, with no backoff left (the sync engine forgets its failures too).
    target.dispatchEvent(new Event('online'));
    await expect
      .poll(() => db.photoUploads.where('state').equals('uploaded').count(), { timeout: 2_000 })
      .toBe(1);
    uploader.stop();
    expect(server.stored.size).toBe(1);
  });

  it('back online, a photo whose property is still being pushed (404) is retried after a second, not its old backoff', async () => {
    const server = fakeServer();
    await addPhotos(db, PROPERTY, [blob('um')], { clock });
    await db.photoUploads.toCollection().modify({ attempts: 40, nextAttemptAt: now + 60_000 });
    await photosDueNow(db, now);
    server.failNext(refused(404, 'Imóvel não encontrado.'));
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({
      retrying: 1,
      nextAttemptAt: now + 1000,
    });
    now += 1000;
    expect(await uploadPendingPhotos(db, server.upload, clock)).toMatchObject({ uploaded: 1 });
  });
});

describe('mergePropertyPhotos', () => {
  it('orders synced photos by position, then local ones; an uploaded photo already pulled shows once', () => {
    const local = (photoId: string, position: number, state: PhotoUpload['state']): PhotoUpload => ({
      photoId,
      propertyId: PROPERTY,
      blob: blob(photoId),
      position,
      state,
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      createdAt: '2026-11-25T10:00:00.000Z',
    });
    const merged = mergePropertyPhotos(
      [syncedRow('b', 1), syncedRow('a', 0)],
      [local('d', 3, 'pending'), local('b', 1, 'uploaded'), local('c', 2, 'failed')],
    );
    expect(merged.map((p) => [p.id, p.state])).toEqual([
      ['a', 'synced'],
      ['b', 'synced'],
      ['c', 'failed'],
      ['d', 'pending'],
    ]);
    // No synced cover yet: the first photo that is not failed shows as the cover.
    expect(merged.filter((p) => p.isCover).map((p) => p.id)).toEqual(['a']);
    const onlyLocal = mergePropertyPhotos([], [local('c', 0, 'failed'), local('d', 1, 'pending')]);
    expect(onlyLocal.filter((p) => p.isCover).map((p) => p.id)).toEqual(['d']);
  });
});
