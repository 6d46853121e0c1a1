import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  validationMessages,
  PROPERTY_PHOTOS_MAX,
  propertyPhotoSchema,
  propertyPhotoUrl,
  type PropertyPhoto,
} from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from './factories';
import { photoForm, pngClaiming } from './images';
import { startTestServer, type TestClient, type TestServer } from './server';
import { Replica } from '../src/features/sync/sync.testkit';
import { insertProperty } from '../src/features/property-photos/property-photos.fixtures';

let server: TestServer;
let agent: TestClient;
let organizationId: string;
let jpeg: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'agent');
  organizationId = member.organization.id;
  agent = await server.loginAs(member.user.email, TEST_PASSWORD);
  jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
    .toBuffer();
}, 30_000);
afterAll(() => server.close());

function form(data: Buffer, id: string | null, name = 'foto.jpg', type = 'image/jpeg'): FormData {
  const body = photoForm(data, name, type);
  if (id) body.append('id', id);
  return body;
}

async function upload(client: TestClient, propertyId: string, data = jpeg, id: string | null = randomUUID()) {
  return client.request('POST', `/api/properties/${propertyId}/photos`, { raw: form(data, id) });
}

async function list(client: TestClient, propertyId: string): Promise<PropertyPhoto[]> {
  const res = await client.get(`/api/properties/${propertyId}/photos`);
  expect(res.status).toBe(200);
  return res.json as PropertyPhoto[];
}

const filesOf = (id: string) => server.knex('property_photo_files').where('id', id);

describe('property photos', () => {
  it('keeps the time a photo was taken offline (Acted-At), bounded by the server clock', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const takenAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const send = (claimed: string) =>
      agent.request('POST', `/api/properties/${propertyId}/photos`, {
        raw: form(jpeg, randomUUID()),
        headers: { 'Acted-At': claimed },
      });
    const earlier = await send(takenAt);
    expect(earlier.status).toBe(201);
    expect(propertyPhotoSchema.parse(earlier.json).createdAt).toBe(takenAt);
    // A clock ahead gives the server's time, never a photo from the future.
    const before = Date.now();
    const ahead = propertyPhotoSchema.parse((await send('2999-01-01T00:00:00Z')).json);
    expect(Date.parse(ahead.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(ahead.createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('stores a display JPEG and a WebP thumbnail, without the GPS position, and serves them immutable', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const id = randomUUID();
    const res = await upload(agent, propertyId, jpeg, id);
    expect(res.status).toBe(201);
    const photo = propertyPhotoSchema.parse(res.json);
    expect(photo).toMatchObject({ id, propertyId, position: 0, isCover: true, width: 1600, height: 1200 });

    const display = await agent.get(propertyPhotoUrl(propertyId, id, 'display'));
    expect(display.status).toBe(200);
    expect(display.headers.get('content-type')).toBe('image/jpeg');
    expect(display.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(display.buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1600, 1200, undefined]);
    expect(display.buffer.length).toBe(photo.displayBytes);

    const thumb = await agent.get(propertyPhotoUrl(propertyId, id, 'thumb'));
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbMeta = await sharp(thumb.buffer).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 400, 300]);
    const etag = thumb.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // A revalidation as a browser sends it (fetch() adds `no-cache` to a conditional request unless told).
    const again = await agent.get(propertyPhotoUrl(propertyId, id, 'thumb'), {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    expect(again.buffer.length).toBe(0);
  });

  it('goes with its property: deleting the property removes its photos and their bytes', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const id = randomUUID();
    expect((await upload(agent, propertyId, jpeg, id)).status).toBe(201);
    expect((await agent.delete(`/api/properties/${propertyId}`)).status).toBe(200);
    const row = await server.knex('property_photos').where('id', id).first();
    expect(row?.deleted_at).toBeTruthy();
    expect(await filesOf(id)).toHaveLength(0);
    expect((await agent.get(propertyPhotoUrl(propertyId, id, 'thumb'))).status).toBe(404);
  });

  it('a retried upload with the same id answers the same photo (200) and stores it once', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const id = randomUUID();
    const first = await upload(agent, propertyId, jpeg, id);
    const second = await upload(agent, propertyId, jpeg, id);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.json).toEqual(first.json);
    expect(await list(agent, propertyId)).toHaveLength(1);
    expect(await filesOf(id)).toHaveLength(1);
    // Deleted meanwhile (another device): the replay still answers that photo, nothing comes back.
    expect((await agent.delete(`/api/properties/${propertyId}/photos/${id}`)).status).toBe(200);
    const replay = await upload(agent, propertyId, jpeg, id);
    expect(replay.status).toBe(200);
    expect(replay.json.deletedAt).toBeTruthy();
    expect(await list(agent, propertyId)).toHaveLength(0);
    // The same id for another property is the device's mistake: 409.
    const other = await insertProperty(server.knex, organizationId);
    const taken = await upload(agent, other, jpeg, id);
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(errorMessages.propertyPhotoIdTaken);
  });

  it('judges the bytes, not the name: a PNG named .jpg passes, a text file named .jpg is a 415', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const ok = await agent.request('POST', `/api/properties/${propertyId}/photos`, {
      raw: form(png, randomUUID(), 'foto.jpg', 'image/jpeg'),
    });
    expect(ok.status).toBe(201);
    expect([ok.json.width, ok.json.height]).toEqual([50, 40]);
    const id = randomUUID();
    const text = await agent.request('POST', `/api/properties/${propertyId}/photos`, {
      raw: form(Buffer.from('isto não é uma imagem'), id, 'foto.jpg', 'image/jpeg'),
    });
    expect(text.status).toBe(415);
    expect(text.json.message).toBe(errorMessages.propertyPhotoInvalidType);
    const truncated = await upload(agent, propertyId, jpeg.subarray(0, jpeg.length >> 1));
    expect(truncated.status).toBe(415);
    expect(truncated.json.message).toBe(errorMessages.propertyPhotoUnreadable);
    const bomb = await upload(agent, propertyId, pngClaiming(60_000, 60_000));
    expect(bomb.status).toBe(413);
    expect(await list(agent, propertyId)).toHaveLength(1);
  });

  it('refuses more than 10 MB (413), a missing file or id (400), and an unknown property (404)', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const big = await upload(agent, propertyId, Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.json.message).toBe(errorMessages.propertyPhotoTooLarge);
    const noId = await upload(agent, propertyId, jpeg, null);
    expect(noId.status).toBe(400);
    const noFile = await agent.request('POST', `/api/properties/${propertyId}/photos`, {
      raw: photoForm(jpeg, 'a.jpg', 'image/jpeg', 'outro'),
    });
    expect(noFile.status).toBe(400);
    expect(noFile.json.message).toBe(errorMessages.propertyPhotoMissing);
    const unknown = await upload(agent, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(errorMessages.propertyPhotoPropertyNotFound);
    expect(await list(agent, propertyId)).toHaveLength(0);
  });

  it(`takes at most ${PROPERTY_PHOTOS_MAX} photos per property (409)`, async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .webp()
      .toBuffer();
    for (let i = 0; i < PROPERTY_PHOTOS_MAX; i++)
      expect((await upload(agent, propertyId, small)).status).toBe(201);
    const over = await upload(agent, propertyId, small);
    expect(over.status).toBe(409);
    expect(over.json.message).toBe(errorMessages.propertyPhotosLimit);
    const photos = await list(agent, propertyId);
    expect(photos.map((p) => p.position)).toEqual([...Array(PROPERTY_PHOTOS_MAX).keys()]);
  }, 60_000);

  it('reorders, moves the cover, and closes ranks on delete', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await upload(agent, propertyId, small, id);
    const [a, b, c] = ids as [string, string, string];

    const twice = await agent.put(`/api/properties/${propertyId}/photos/order`, { photoIds: [c, c] });
    expect(twice.status).toBe(400);
    expect(twice.json.fieldErrors.photoIds).toBe(validationMessages.photoOrderRepeats);
    // The first is the cover; a photo left out (added by another device meanwhile) keeps its place after.
    const reordered = await agent.put(`/api/properties/${propertyId}/photos/order`, { photoIds: [c, a] });
    expect(reordered.status).toBe(200);
    expect(reordered.json.map((p: PropertyPhoto) => [p.id, p.position, p.isCover])).toEqual([
      [c, 0, true],
      [a, 1, false],
      [b, 2, false],
    ]);
    // A photo deleted meanwhile is passed over.
    const stale = await agent.put(`/api/properties/${propertyId}/photos/order`, {
      photoIds: [randomUUID(), a, c, b],
    });
    expect(stale.json.map((p: PropertyPhoto) => p.id)).toEqual([a, c, b]);
    const cover = await agent.put(`/api/properties/${propertyId}/photos/${b}/cover`);
    expect(cover.json.map((p: PropertyPhoto) => [p.id, p.position, p.isCover])).toEqual([
      [b, 0, true],
      [a, 1, false],
      [c, 2, false],
    ]);

    expect((await agent.delete(`/api/properties/${propertyId}/photos/${b}`)).status).toBe(200);
    expect((await list(agent, propertyId)).map((p) => [p.id, p.position, p.isCover])).toEqual([
      [a, 0, true],
      [c, 1, false],
    ]);
    expect(await filesOf(b)).toHaveLength(0);
    expect((await agent.get(propertyPhotoUrl(propertyId, b, 'thumb'))).status).toBe(404);
    expect((await agent.delete(`/api/properties/${propertyId}/photos/${b}`)).status).toBe(404);
  });

  it('devices learn about photos through sync: metadata rows, never bytes', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const id = randomUUID();
    await upload(agent, propertyId, jpeg, id);
    const device = new Replica(agent);
    await device.sync();
    const row = device.rows('propertyPhotos').get(id);
    expect(propertyPhotoSchema.strict().parse(row)).toMatchObject({ id, propertyId, isCover: true });
    await agent.delete(`/api/properties/${propertyId}/photos/${id}`);
    await device.sync();
    expect(device.rows('propertyPhotos').has(id)).toBe(false);
  });

  it('viewers read but never write (403); another organization sees nothing (404)', async () => {
    const propertyId = await insertProperty(server.knex, organizationId);
    const id = randomUUID();
    await upload(agent, propertyId, jpeg, id);
    const viewerUser = await createUser(server.knex, { organizationId, role: 'viewer' });
    const viewer = await server.loginAs(viewerUser.email, TEST_PASSWORD);
    expect(await list(viewer, propertyId)).toHaveLength(1);
    expect((await viewer.get(propertyPhotoUrl(propertyId, id, 'thumb'))).status).toBe(200);
    expect((await upload(viewer, propertyId)).status).toBe(403);
    expect((await viewer.put(`/api/properties/${propertyId}/photos/${id}/cover`)).status).toBe(403);
    expect((await viewer.delete(`/api/properties/${propertyId}/photos/${id}`)).status).toBe(403);

    const stranger = await createMember(server.knex, 'admin');
    const other = await server.loginAs(stranger.user.email, TEST_PASSWORD);
    expect((await other.get(`/api/properties/${propertyId}/photos`)).status).toBe(404);
    expect((await other.get(propertyPhotoUrl(propertyId, id, 'display'))).status).toBe(404);
    expect((await other.delete(`/api/properties/${propertyId}/photos/${id}`)).status).toBe(404);
    // Its own property cannot take this id either.
    const own = await insertProperty(server.knex, stranger.organization.id);
    expect((await upload(other, own, jpeg, id)).status).toBe(409);
  });
});
