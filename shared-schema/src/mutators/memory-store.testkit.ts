import type { SyncTable } from '../index';
import type { ApplyCtx, MutationStore, Row } from './core';

/** The smallest MutationStore: live rows in memory (removed rows are gone, as on the device). */
export function memoryStore(): MutationStore & { rows: Map<string, Row> } {
  const rows = new Map<string, Row>();
  const of = (table: SyncTable) =>
    [...rows.entries()].filter(([k]) => k.startsWith(`${table}/`)).map(([, row]) => row);
  const store = {
    rows,
    get: async (table: SyncTable, id: string) => rows.get(`${table}/${id}`),
    where: async (table: SyncTable, field: string, value: string) =>
      of(table).filter((row) => row[field] === value),
    all: async (table: SyncTable) => of(table),
    put: async (table: SyncTable, row: Row) => void rows.set(`${table}/${row.id}`, { ...row }),
    remove: async (table: SyncTable, id: string) => void rows.delete(`${table}/${id}`),
    removeWhere: async (table: SyncTable, field: string, value: string) => {
      for (const row of await store.where(table, field, value)) rows.delete(`${table}/${row.id}`);
    },
  };
  return store;
}

let seq = 0;
export const uuid = () => `00000000-0000-4000-8000-${(++seq).toString(16).padStart(12, '0')}`;

export function ctxOf(store: MutationStore): ApplyCtx {
  return {
    store,
    userId: uuid(),
    organizationId: uuid(),
    canWrite: true,
    now: '2026-11-25T10:00:00.000Z',
    actedAt: '2026-11-25T09:59:00.000Z',
    newId: uuid,
  };
}
