import { describe, expect, it } from 'vitest';
import { notificationCreateSchema, notificationListQuerySchema } from './notification';
import { unreadBadgeText, unreadCountText } from './notification-rules';

describe('notificationListQuerySchema', () => {
  it('reads query strings with default limit 20', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(notificationListQuerySchema.parse({ limit: '50', unread: 'true' })).toEqual({
      limit: 50,
      unread: true,
    });
    expect(notificationListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(notificationListQuerySchema.safeParse({ limit: 'muitos' }).success).toBe(false);
  });
});

describe('notificationCreateSchema', () => {
  it('needs a known type and a title', () => {
    const userId = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';
    expect(
      notificationCreateSchema.safeParse({ userId, type: 'birthday', title: 'Aniversário de Ana' }).success,
    ).toBe(true);
    expect(notificationCreateSchema.safeParse({ userId, type: 'party', title: 'x' }).success).toBe(false);
    expect(notificationCreateSchema.safeParse({ userId, type: 'system', title: '' }).success).toBe(false);
  });
});

describe('badges', () => {
  it('caps at 99+ and words the count', () => {
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadCountText(1)).toBe('1 não lida');
    expect(unreadCountText(3)).toBe('3 não lidas');
  });
});
