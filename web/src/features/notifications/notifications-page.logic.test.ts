import { describe, expect, it } from 'vitest';
import type { Notification } from '@casa/shared-schema';
import { canLoadMore, emptyText, filterByType, FIRST_PAGE, PAGE_STEP } from './notifications-page.logic';

const item = (id: string, type: Notification['type']): Notification => ({
  id,
  organizationId: null,
  userId: 'u',
  type,
  title: id,
  body: null,
  read: false,
  readAt: null,
  data: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
});

describe('notifications page logic', () => {
  it('filters by type, all keeps everything', () => {
    const items = [item('a', 'birthday'), item('b', 'system'), item('c', 'birthday')];
    expect(filterByType(items, 'birthday').map((i) => i.id)).toEqual(['a', 'c']);
    expect(filterByType(items, 'all')).toHaveLength(3);
  });

  it('offers more only when the answer filled the limit; pages of 50', () => {
    expect(FIRST_PAGE).toBe(50);
    expect(PAGE_STEP).toBe(50);
    expect(canLoadMore(50, 50)).toBe(true);
    expect(canLoadMore(49, 50)).toBe(false);
  });

  it('empty texts of docs/product.md#notifications', () => {
    expect(emptyText('unread', 'birthday')).toBe('Sem notificações não lidas');
    expect(emptyText('all', 'overdue_task')).toBe('Sem notificações de Tarefa Atrasada');
    expect(emptyText('all', 'all')).toBe('Sem notificações');
  });
});
