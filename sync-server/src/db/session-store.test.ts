import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { createMember } from '../../test/factories';
import { KnexSessionStore, takeSessionAuthRow } from './session-store';

let db: TestDb;
let clock = 1_800_000_000_000;
let store: KnexSessionStore;

beforeAll(async () => {
  db = await createTestDb();
  store = new KnexSessionStore(db.knex, { cleanupEveryMs: 0, now: () => clock });
});
afterAll(() => db.destroy());

describe('KnexSessionStore', () => {
  it('stores, reads back and destroys a session', async () => {
    await store.set('sid-1', { userId: 'u1' }, 60_000, { changed: true });
    expect(await store.get('sid-1', 60_000)).toEqual({ userId: 'u1' });
    await store.destroy('sid-1');
    expect(await store.get('sid-1', 60_000)).toBeNull();
  });

  it('overwrites on set (upsert) and records the expiry in ms', async () => {
    await store.set('sid-2', { userId: 'a' }, 60_000, { changed: true });
    await store.set('sid-2', { userId: 'b' }, 120_000, { changed: true });
    expect(await store.get('sid-2', 0)).toEqual({ userId: 'b' });
    const row = await db.knex('sessions').where('sid', 'sid-2').first();
    expect(Number(row.expires_at)).toBe(clock + 120_000);
  });

  it('ignores and deletes an expired session', async () => {
    await store.set('sid-3', { userId: 'c' }, 1_000, { changed: true });
    clock += 2_000;
    expect(await store.get('sid-3', 0)).toBeNull();
    expect(await db.knex('sessions').where('sid', 'sid-3')).toHaveLength(0);
  });

  it('skips a rolling touch that would barely move the expiry, but not a change', async () => {
    const ctx = {};
    await store.set('sid-4', { userId: 'd' }, 3_600_000, { changed: true, ctx });
    await store.get('sid-4', 0, { ctx });
    clock += 1_000;
    await store.set('sid-4', { userId: 'd' }, 3_600_000, { changed: false, ctx });
    const row = await db.knex('sessions').where('sid', 'sid-4').first();
    expect(Number(row.expires_at)).toBe(clock - 1_000 + 3_600_000);
    await store.set('sid-4', { userId: 'e' }, 3_600_000, { changed: true, ctx });
    expect(await store.get('sid-4', 0)).toEqual({ userId: 'e' });
  });

  it('says when the session it read is due its rolling touch', async () => {
    const ctx = {};
    expect(store.rollingDue(ctx, 3_600_000)).toBe(false); // nothing read for this request
    await store.set('sid-5', { userId: 'f' }, 3_600_000, { changed: true });
    await store.get('sid-5', 0, { ctx });
    expect(store.rollingDue(ctx, 3_600_000)).toBe(false);
    clock += 10 * 60 * 1000;
    expect(store.rollingDue(ctx, 3_600_000)).toBe(true);
  });

  it('cleanup() removes only expired rows', async () => {
    await store.set('old', { x: 1 }, 1_000, { changed: true });
    await store.set('fresh', { x: 2 }, 10 * 60_000, { changed: true });
    clock += 5_000;
    const removed = await store.cleanup();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await db.knex('sessions').where('sid', 'old')).toHaveLength(0);
    expect(await db.knex('sessions').where('sid', 'fresh')).toHaveLength(1);
  });

  it('reads the session user and organization in the same query, handed out once', async () => {
    const { organization, user } = await createMember(db.knex, 'viewer');
    await db.knex('organizations').where('id', organization.id).update({ change_seq: 41 });
    await store.set('sid-auth', { userId: user.id }, 60_000, { changed: true });
    const ctx = {};
    expect(await store.get('sid-auth', 0, { ctx })).toEqual({ userId: user.id });
    expect(takeSessionAuthRow(ctx)).toMatchObject({
      user_id: user.id,
      organization_id: organization.id,
      role: 'viewer',
      status: 'active',
      organization_status: 'active',
    });
    expect(takeSessionAuthRow(ctx)).toBeUndefined();
    const again = {};
    await store.get('sid-auth', 0, { ctx: again });
    expect(Number(takeSessionAuthRow(again)?.change_seq)).toBe(41);
  });

  it('joins no user for a session without one or with a malformed user id', async () => {
    await store.set('sid-anon', { loginAt: 'x' }, 60_000, { changed: true });
    await store.set('sid-bad', { userId: "nope'; --" }, 60_000, { changed: true });
    for (const sid of ['sid-anon', 'sid-bad']) {
      const ctx = {};
      expect(await store.get(sid, 0, { ctx })).not.toBeNull();
      expect(takeSessionAuthRow(ctx)).toBeUndefined();
    }
  });
});
