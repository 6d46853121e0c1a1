import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { camelToSnake, fromDbRow, fromDbRows, nowIso, snakeToCamel, toDbRow, toIso, toNumber } from './rows';

describe('rows', () => {
  it('renames keys both ways', () => {
    expect(snakeToCamel('follow_up_required')).toBe('followUpRequired');
    expect(snakeToCamel('id')).toBe('id');
    expect(camelToSnake('maxUsersPerRole')).toBe('max_users_per_role');
    for (const key of ['organization_id', 'is_super_admin', 'custom_fields', 'read_at']) {
      expect(camelToSnake(snakeToCamel(key))).toBe(key);
    }
  });

  it('turns what SQLite returns into the wire shape', () => {
    const row = fromDbRow('packages', {
      id: 'p1',
      price: 199,
      yearly_price: null,
      is_active: 1,
      features: '["A","B"]',
      limitations: '{"x":1}',
      max_users: 15,
      created_at: '2026-11-22T19:07:00.000Z',
    });
    expect(row).toEqual({
      id: 'p1',
      price: '199.00',
      yearlyPrice: null,
      isActive: true,
      features: ['A', 'B'],
      limitations: { x: 1 },
      maxUsers: 15,
      createdAt: '2026-11-22T19:07:00.000Z',
    });
  });

  it('turns what Postgres returns into the wire shape', () => {
    const row = fromDbRow('follow_ups', {
      completed: false,
      scheduled_date: new Date('2026-11-22T10:00:00Z'),
      completed_at: null,
      deleted_at: null,
      title: 'Ligar',
    });
    expect(row).toEqual({
      completed: false,
      scheduledDate: '2026-11-22T10:00:00.000Z',
      completedAt: null,
      deletedAt: null,
      title: 'Ligar',
    });
    expect(fromDbRow('sessions', { sid: 'a', expires_at: '1790000000000' })).toEqual({
      sid: 'a',
      expiresAt: 1_790_000_000_000,
    });
    expect(fromDbRow('packages', { price: '59.00' }).price).toBe('59.00');
    expect(fromDbRow('notifications', { read: true, data: { clientId: 'c' } })).toEqual({
      read: true,
      data: { clientId: 'c' },
    });
  });

  it('normalises the timestamp forms a driver may hand back', () => {
    expect(toIso(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe('2026-01-02T03:04:05.006Z');
    expect(toIso('2026-01-02 03:04:05')).toBe('2026-01-02T03:04:05.000Z');
    expect(toIso('2026-07-01T10:00:00+01:00')).toBe('2026-07-01T09:00:00.000Z');
    expect(toIso(null)).toBeNull();
    expect(toIso('2026-11-27T15:17:51.089Z')).toBe('2026-11-27T15:17:51.089Z');
    expect(toIso('2026-02-30T00:00:00.000Z')).toBe('2026-03-02T00:00:00.000Z'); // as Date reads it
    expect(toIso('2024-02-29T10:00:00.000Z')).toBe('2024-02-29T10:00:00.000Z');
    expect(toIso('2026-01-01T24:00:00.000Z')).toBe('2026-01-02T00:00:00.000Z');
    expect(fromDbRow('clients', { birthday: '1980-05-04' }).birthday).toBe('1980-05-04');
  });

  it('answers an ISO text exactly as a Date parse and print would (its fast path included)', () => {
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    const text = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(
        ([y, mo, d, h, mi, s, ms]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`,
      );
    fc.assert(
      fc.property(text, (t) => {
        const date = new Date(t);
        expect(toIso(t)).toBe(Number.isNaN(date.getTime()) ? t : date.toISOString());
      }),
      { numRuns: 5000 },
    );
  });

  it('prepares camelCase data for insert', () => {
    const at = new Date('2026-11-22T19:07:00.000Z');
    expect(
      toDbRow('clients', {
        organizationId: 'o',
        tags: ['VIP'],
        customFields: { budget: 1000 },
        createdAt: at,
        notes: undefined,
        email: null,
      }),
    ).toEqual({
      organization_id: 'o',
      tags: '["VIP"]',
      custom_fields: '{"budget":1000}',
      created_at: '2026-11-22T19:07:00.000Z',
      email: null,
    });
    expect(toDbRow('cold_call_campaigns', { filters: null })).toEqual({ filters: null });
  });

  it('converts lists and counts', () => {
    expect(fromDbRows('users', [{ is_super_admin: 0 }, { is_super_admin: 1 }])).toEqual([
      { isSuperAdmin: false },
      { isSuperAdmin: true },
    ]);
    expect(toNumber('42')).toBe(42);
    expect(toNumber(7)).toBe(7);
    expect(toNumber(undefined)).toBe(0);
    expect(nowIso(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(nowIso()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
  it('converts consistently when called repeatedly (memoized keys and per-table column plans)', () => {
    for (let i = 0; i < 3; i++) {
      expect(snakeToCamel('follow_up_date')).toBe('followUpDate');
      expect(camelToSnake('followUpDate')).toBe('follow_up_date');
      // The same column name is converted per table: a boolean in one table, plain in another.
      expect(fromDbRow('packages', { is_active: 1, price: '5' })).toEqual({ isActive: true, price: '5.00' });
      expect(fromDbRow('users', { is_active: 1, price: '5' })).toEqual({ isActive: 1, price: '5' });
      expect(fromDbRow('sessions', { expires_at: '1700000000000' })).toEqual({ expiresAt: 1700000000000 });
      expect(fromDbRow('users', { created_at: 0, total_count: null })).toEqual({
        createdAt: '1970-01-01T00:00:00.000Z',
        totalCount: null,
      });
    }
    const inherited = Object.create({ inherited_key: 1 }) as Record<string, unknown>;
    inherited.own_key = 2;
    expect(fromDbRow('users', inherited)).toEqual({ ownKey: 2 });
  });
});
