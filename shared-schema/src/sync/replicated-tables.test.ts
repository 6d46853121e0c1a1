import { describe, expect, it } from 'vitest';
import {
  REPLICATED_TABLES,
  replicatedDbTables,
  replicatedDexieStores,
  replicatedSpecOf,
  SYNC_TABLE_OF,
  SYNC_TABLES,
  wireKeysOf,
} from './replicated-tables';
import { syncTableSchema } from './contract';

describe('the registry of replicated tables', () => {
  it.each(SYNC_TABLES)('%s: every Dexie index names fields of its wire row, primary key id first', (name) => {
    const keys = REPLICATED_TABLES[name].indexes.split(',').map((k) => k.trim());
    expect(keys[0]).toBe('id');
    const fields = keys.flatMap((k) => k.replace(/^\[|\]$/g, '').split('+'));
    expect(fields.filter((f) => !wireKeysOf(name).includes(f))).toEqual([]);
  });

  it('one collection per database table, and the derived lists cover each once', () => {
    const tables = SYNC_TABLES.map((name) => REPLICATED_TABLES[name].table);
    expect(new Set(tables).size).toBe(tables.length);
    expect(Object.keys(SYNC_TABLE_OF).sort()).toEqual([...tables].sort());
    const byScope = [
      ...replicatedDbTables('organization', 'user'),
      ...replicatedDbTables('members', 'self'),
    ].sort();
    expect(byScope).toEqual([...tables].sort());
    expect(Object.keys(replicatedDexieStores())).toEqual(SYNC_TABLES);
    expect(syncTableSchema.options).toEqual(SYNC_TABLES);
    for (const table of tables) expect(SYNC_TABLES[tables.indexOf(table)]).toBe(SYNC_TABLE_OF[table]);
    expect(replicatedSpecOf('sessions')).toBeUndefined();
  });

  it('campaign rows carry no computed totals; members their directory fields, never credentials', () => {
    expect(wireKeysOf('campaigns')).not.toContain('totalClients');
    expect(wireKeysOf('campaigns')).not.toContain('totalCalls');
    // The profile is edited offline (docs/decisions.md: phone and bio are the agency's directory).
    expect(wireKeysOf('users')).toEqual(expect.arrayContaining(['phone', 'bio']));
    for (const secret of ['passwordHash', 'lastLoginAt', 'isSuperAdmin'])
      expect(wireKeysOf('users')).not.toContain(secret);
  });
});
