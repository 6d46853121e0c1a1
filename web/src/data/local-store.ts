import { SYNC_TABLES, type SyncTable } from '@casa/shared-schema/values';
import type { ReplicaDb, Row } from './db';
import type { MutationStore } from '@casa/shared-schema/mutators';

export const rowKey = (table: string, id: string) => `${table}/${id}`;

export function parseRowKey(key: string): [SyncTable, string] {
  const slash = key.indexOf('/');
  return [key.slice(0, slash) as SyncTable, key.slice(slash + 1)];
}

/** Every table a local write or a rebase touches, for one Dexie 'rw' transaction. */
export function writeTables(db: ReplicaDb) {
  return [...SYNC_TABLES.map((t) => db.table(t)), db.outbox, db.meta, db.base, db.rejected, db.snapshotSeen];
}

const live = (row: Row | undefined) => (row && !row.deletedAt ? row : undefined);

/**
 * The replica as a mutation's effect sees it, inside the caller's Dexie transaction. Before the first
 * write of a row that has no `base` entry yet, the row as it is (= the server's last known version,
 * since no queued mutation changed it) is saved there, so the write can be undone by a rebase.
 */
export class LocalStore implements MutationStore {
  private readonly touched = new Set<string>();

  constructor(private readonly db: ReplicaDb) {}

  keys(): string[] {
    return [...this.touched];
  }

  async get(table: SyncTable, id: string) {
    return live(await this.db.replicated(table).get(id));
  }

  async where(table: SyncTable, field: string, value: string) {
    const t = this.db.replicated(table);
    const rows = t.schema.idxByName[field]
      ? await t.where(field).equals(value).toArray()
      : await t.filter((r) => r[field] === value).toArray();
    return rows.filter((r) => !r.deletedAt);
  }

  async all(table: SyncTable) {
    return (await this.db.replicated(table).toArray()).filter((r) => !r.deletedAt);
  }

  async put(table: SyncTable, row: Row) {
    await this.capture(table, row.id);
    await this.db.replicated(table).put(row);
  }

  async remove(table: SyncTable, id: string) {
    await this.capture(table, id);
    await this.db.replicated(table).delete(id);
  }

  async removeWhere(table: SyncTable, field: string, value: string) {
    for (const row of await this.where(table, field, value)) await this.remove(table, row.id);
  }

  private async capture(table: SyncTable, id: string) {
    const key = rowKey(table, id);
    if (this.touched.has(key)) return;
    this.touched.add(key);
    if (await this.db.base.get([table, id])) return;
    const row = (await this.db.replicated(table).get(id)) ?? null;
    await this.db.base.put({ table, id, row });
  }
}
