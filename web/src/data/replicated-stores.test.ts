import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { REPLICATED_TABLES, SYNC_TABLES } from '@casa/shared-schema';
import { ReplicaDb } from './db';

const name = `replicated-stores-${crypto.randomUUID()}`;
afterEach(async () => {
  await Dexie.delete(name);
});

/** A Dexie `stores()` string as its list of keys (primary key first), e.g. ['id', 'name', '[type+name]']. */
const keysOf = (indexes: string) => indexes.split(',').map((k) => k.trim());

describe('the replica stores come from the registry of replicated tables', () => {
  it('the newest version has one table per collection, with the registry indexes, and no other replicated table', async () => {
    const db = new ReplicaDb(name);
    await db.open();
    const tables = new Map(db.tables.map((t) => [t.name, t.schema]));
    for (const collection of SYNC_TABLES) {
      const schema = tables.get(collection);
      expect(schema, collection).toBeDefined();
      const declared = [schema!.primKey.src, ...schema!.indexes.map((i) => i.src)];
      expect(declared, collection).toEqual(keysOf(REPLICATED_TABLES[collection].indexes));
    }
    // Every other store is the device's own bookkeeping (outbox, meta, …): none holds entity rows.
    const others = [...tables.keys()].filter((t) => !(SYNC_TABLES as string[]).includes(t));
    for (const other of others) expect(tables.get(other)!.primKey.keyPath).not.toBe('id');
    db.close();
  });
});
