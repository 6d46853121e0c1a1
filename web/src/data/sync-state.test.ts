import { describe, expect, it } from 'vitest';
import { SyncStateStore } from './sync-state';
import type { RejectedMutation } from './db';

const rejected = (mutationId: number, rejectedAt = '2026-11-27T10:00:00.000Z'): RejectedMutation => ({
  mutationId,
  name: 'createClient',
  args: {},
  createdAt: '2026-11-27T09:00:00.000Z',
  error: { code: 'VALIDATION', message: 'Nome obrigatório', status: 400 },
  rejectedAt,
});

describe('SyncStateStore', () => {
  it('does not notify for the same rejected list read again', () => {
    const store = new SyncStateStore({ rejected: [rejected(1)] });
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.set({ rejected: [rejected(1)] });
    expect(calls).toBe(0);
    store.set({ rejected: [rejected(1)], pending: 2 });
    expect(calls).toBe(1);
    expect(store.get().pending).toBe(2);
  });

  it('notifies when the rejected list changes', () => {
    const store = new SyncStateStore({ rejected: [rejected(1)] });
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.set({ rejected: [rejected(1), rejected(2)] });
    store.set({ rejected: [rejected(1, '2026-11-27T11:00:00.000Z'), rejected(2)] });
    store.set({ rejected: [] });
    expect(calls).toBe(3);
    expect(store.get().rejected).toEqual([]);
  });
});
