import type { Knex } from 'knex';
import { dialectOf } from '../knex';

export const name = '20261122_009_list_and_search_indexes';

/**
 * 1. Keyset paging of GET /api/clients (newest first: created_at desc, id desc, `?after=`): the live
 *    partial index on (organization_id, created_at) of migration 005 gains id, so a page is an index range
 *    read on both dialects; the stats' created_at counts use it the same way.
 * 2. SQLite only: an FTS5 trigram index over clients.search_text (`clients_fts`, external content: it
 *    stores only the index, the text stays in clients), kept in step by triggers on every insert, update of
 *    search_text and delete, so no write path can forget it. The search (search.query.ts) uses it as a
 *    prefilter for queries of 3 characters or more and still checks the row itself. search_text is already
 *    accent- and case-free, hence `case_sensitive 1` (no second folding). Postgres has had its pg_trgm GIN
 *    index since migration 005. The index points at clients' implicit rowids, which VACUUM may renumber:
 *    after a VACUUM run `INSERT INTO clients_fts(clients_fts) VALUES ('rebuild')` (docs/data-model.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX clients_live_created_id_index ON clients (organization_id, created_at, id) WHERE deleted_at IS NULL',
  );
  await knex.raw('DROP INDEX IF EXISTS clients_live_created_at_index');
  if (dialectOf(knex) === 'pg') return;

  await knex.raw(
    "CREATE VIRTUAL TABLE clients_fts USING fts5(search_text, content='clients', tokenize='trigram case_sensitive 1')",
  );
  await knex.raw(`CREATE TRIGGER clients_fts_insert AFTER INSERT ON clients BEGIN
      INSERT INTO clients_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
    END`);
  await knex.raw(`CREATE TRIGGER clients_fts_delete AFTER DELETE ON clients BEGIN
      INSERT INTO clients_fts (clients_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    END`);
  await knex.raw(`CREATE TRIGGER clients_fts_update AFTER UPDATE OF search_text ON clients BEGIN
      INSERT INTO clients_fts (clients_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
      INSERT INTO clients_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
    END`);
  await knex.raw("INSERT INTO clients_fts (clients_fts) VALUES ('rebuild')");
}

export async function down(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'sqlite') {
    await knex.raw('DROP TRIGGER IF EXISTS clients_fts_insert');
    await knex.raw('DROP TRIGGER IF EXISTS clients_fts_delete');
    await knex.raw('DROP TRIGGER IF EXISTS clients_fts_update');
    await knex.raw('DROP TABLE IF EXISTS clients_fts');
  }
  await knex.raw(
    'CREATE INDEX clients_live_created_at_index ON clients (organization_id, created_at) WHERE deleted_at IS NULL',
  );
  await knex.raw('DROP INDEX IF EXISTS clients_live_created_id_index');
}
