import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSearchText } from '@casa/shared-schema';
import { createTestDb, type TestDb } from '../../../test/db';
import { createOrganization } from '../../../test/factories';
import * as migration from '../../db/migrations/20261122_005_search_text';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

describe('migration 20261122_005_search_text', () => {
  it('adds clients.search_text and backfills the rows that exist', async () => {
    await migration.down(db.knex);
    expect(await db.knex.schema.hasColumn('clients', 'search_text')).toBe(false);
    const org = await createOrganization(db.knex);
    const now = new Date().toISOString();
    const ids = Array.from({ length: 3 }, () => randomUUID());
    await db.knex('clients').insert(
      ids.map((id, i) => ({
        id,
        organization_id: org.id,
        name: `Sónia ${i}`,
        type: 'Vendedor',
        phone: '+351 911 222 333',
        tags: JSON.stringify(['Órfã']),
        custom_fields: JSON.stringify({ location: 'Évora' }),
        created_at: now,
        updated_at: now,
      })),
    );
    await migration.up(db.knex);
    const rows = (await db.knex('clients').whereIn('id', ids).orderBy('name')) as Array<{
      search_text: string;
    }>;
    expect(rows.map((r) => r.search_text)).toEqual(
      [0, 1, 2].map((i) =>
        clientSearchText(
          { name: `Sónia ${i}`, phone: '+351 911 222 333', customFields: { location: 'Évora' } },
          ['Órfã'],
        ),
      ),
    );
    expect(rows[0]?.search_text.startsWith('sonia 0')).toBe(true);
  });
});
