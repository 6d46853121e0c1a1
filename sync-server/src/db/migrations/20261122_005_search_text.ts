import type { Knex } from 'knex';
import { clientSearchText } from '@casa/shared-schema';
import { dialectOf } from '../knex';

export const name = '20261122_005_search_text';

const BATCH = 1000;

function parseJson(value: unknown, fallback: unknown): unknown {
  if (typeof value !== 'string') return value ?? fallback;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return fallback;
  }
}

/**
 * clients.search_text: the accent- and case-free text the server search matches (see
 * shared-schema/src/text/normalize.ts and docs/data-model.md). Backfilled here for existing rows;
 * every later write of a client recomputes it with clientSearchText(client, tagNames).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('clients', (t) => {
    t.text('search_text').nullable();
  });

  let after: string | null = null;
  for (;;) {
    const query = knex('clients')
      .select('id', 'name', 'email', 'phone', 'notes', 'tags', 'custom_fields')
      .orderBy('id')
      .limit(BATCH);
    if (after !== null) query.where('id', '>', after);
    const rows = (await query) as Array<Record<string, unknown> & { id: string }>;
    if (rows.length === 0) break;
    for (const row of rows) {
      const tags = parseJson(row.tags, []);
      const text = clientSearchText(
        {
          name: row.name,
          email: row.email,
          phone: row.phone,
          notes: row.notes,
          customFields: parseJson(row.custom_fields, {}),
        },
        Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
      );
      await knex('clients').where('id', row.id).update({ search_text: text });
    }
    after = String(rows[rows.length - 1]?.id);
  }

  // Stats count live clients by type and by creation date: partial indexes make those counts index-only.
  await knex.raw(
    'CREATE INDEX clients_live_type_index ON clients (organization_id, type) WHERE deleted_at IS NULL',
  );
  await knex.raw(
    'CREATE INDEX clients_live_created_at_index ON clients (organization_id, created_at) WHERE deleted_at IS NULL',
  );

  if (dialectOf(knex) === 'pg') {
    // A trigram GIN index serves LIKE '%…%'; a btree would reject long notes (about 2.7 kB per key).
    // pg_trgm is a trusted extension; where it cannot be created the search still works, unindexed.
    const created = await knex
      .transaction(async (sp) => {
        await sp.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        return true;
      })
      .catch(() => false);
    if (created) {
      const schema = (await knex.raw(
        "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
      )) as { rows: Array<{ schema: string }> };
      const ops = `"${schema.rows[0]?.schema ?? 'public'}".gin_trgm_ops`;
      await knex.raw(`CREATE INDEX clients_search_text_trgm ON clients USING gin (search_text ${ops})`);
    }
    // Name order (search.query.ts orderByName) without sorting every row: a btree cannot hold whole
    // search_text values (long notes), so it indexes their first 200 characters, bytewise.
    await knex.raw(
      'CREATE INDEX clients_search_order_index ON clients (organization_id, (left(search_text, 200) COLLATE "C")) WHERE deleted_at IS NULL',
    );
  } else {
    // Covering for (organization_id = ? AND deleted_at IS NULL): a text or zone search reads this index, not the
    // (wide) client rows. (Without ANALYZE statistics SQLite prefers the two-column equality of
    // (organization_id, deleted_at) over a partial (organization_id, search_text) index.)
    await knex.raw(
      'CREATE INDEX clients_organization_id_search_text_index ON clients (organization_id, deleted_at, search_text)',
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS clients_live_type_index');
  await knex.raw('DROP INDEX IF EXISTS clients_live_created_at_index');
  await knex.raw('DROP INDEX IF EXISTS clients_search_text_trgm');
  await knex.raw('DROP INDEX IF EXISTS clients_search_order_index');
  await knex.raw('DROP INDEX IF EXISTS clients_organization_id_search_text_index');
  await knex.schema.alterTable('clients', (t) => {
    t.dropColumn('search_text');
  });
}
