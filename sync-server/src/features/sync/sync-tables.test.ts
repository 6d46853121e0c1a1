import { REPLICATED_TABLES, SYNC_TABLES } from '@casa/shared-schema';
import { describe, expect, it } from 'vitest';
import { isLoggedTable, isReplicatedTable } from '../../db/change-log';
import { ACCOUNT_SYNC_TABLES, SYNCABLE_TABLES } from '../../db/tables';
import { SNAPSHOT_SOURCES } from './sync-pull';
import { SELECT_COLUMNS } from './sync-tables';

/** The server's sync tables are the registry's (shared-schema sync/replicated-tables.ts), nothing more or less. */
describe('server sync tables come from the registry', () => {
  it('the change log logs exactly the registry tables; organization rows are the soft-deleted ones', () => {
    const tables = SYNC_TABLES.map((name) => REPLICATED_TABLES[name].table);
    expect([...SYNCABLE_TABLES, ...ACCOUNT_SYNC_TABLES].sort()).toEqual([...tables].sort());
    for (const table of tables) expect(isLoggedTable(table)).toBe(true);
    expect(isLoggedTable('sessions')).toBe(false);
    for (const name of SYNC_TABLES) {
      const { table, scope } = REPLICATED_TABLES[name];
      expect(isReplicatedTable(table), table).toBe(scope === 'organization' || scope === 'user');
    }
  });

  it('a snapshot pages the collections in the registry order', () => {
    const paged = SNAPSHOT_SOURCES.map((s) => (s.kind === 'users' ? 'users' : s.table));
    expect(paged).toEqual(SYNC_TABLES.map((name) => REPLICATED_TABLES[name].table));
  });

  it('rows are read with the columns of the registry row schema only', () => {
    expect(SELECT_COLUMNS.cold_call_campaigns).not.toContain('cold_call_campaigns.total_clients');
    expect(SELECT_COLUMNS.clients).not.toContain('clients.search_text');
    expect(SELECT_COLUMNS.users).not.toContain('users.password_hash');
    expect(SELECT_COLUMNS.users).toContain('users.email');
  });
});
