import {
  organizationSchema,
  packageSchema,
  registrationSettingsSchema,
  REPLICATED_TABLES,
  subscriptionSchema,
  SYNC_TABLES,
  userSchema,
} from '@casa/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../test/db';
import { snakeToCamel } from './rows';
import { TABLES, type TableName } from './tables';

/**
 * Rule 1 of anchors.md: an entity's shape is written once, in shared-schema. This test fails when a
 * migration and the entity schema disagree about the columns, in either direction.
 * Columns that are deliberately not on the wire are listed with the reason.
 */
const SERVER_ONLY: Partial<Record<TableName, string[]>> = {
  // change_seq is the sync change-log counter (docs/sync.md); signup_user_id who may run or resume sign-up
  // steps 2 and 3 on it (migration 010): server bookkeeping.
  organizations: ['changeSeq', 'signupUserId'],
  // password_hash never leaves the server; session_generation ends a user's other sessions (migration 011).
  users: ['passwordHash', 'sessionGeneration'],
  // One row per organization, addressed by organizationId on the wire; id is only the row key.
  registration_settings: ['id'],
  // search_text is the server's normalised search column (docs/data-model.md), never on the wire.
  clients: ['searchText'],
  properties: ['searchText'],
  // reminder_sent_at is server bookkeeping for the 30-minute reminders.
  follow_ups: ['reminderSentAt'],
};

/** The tables whose entity is not replicated (users: the whole entity; devices get a public subset). */
const REST_ENTITIES: Array<[TableName, z.ZodObject]> = [
  ['packages', packageSchema],
  ['organizations', organizationSchema],
  ['users', userSchema],
  ['subscriptions', subscriptionSchema],
  ['registration_settings', registrationSettingsSchema],
];

/** Every replicated organization table with its wire row, from the registry (sync/replicated-tables.ts). */
const REPLICATED_ENTITIES = SYNC_TABLES.map((name) => REPLICATED_TABLES[name])
  .filter((spec) => spec.scope === 'organization' || spec.scope === 'user')
  .map((spec): [TableName, z.ZodObject] => [spec.table, spec.row]);

const ENTITIES = [...REST_ENTITIES, ...REPLICATED_ENTITIES];

/** Wire-only fields computed by the server (display extras of the admin lists), not columns. */
const COMPUTED = new Set(['userCount', 'clientCount', 'organizationName']);

describe(`shared-schema entities match the migrated columns (${TEST_DIALECT})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it.each(ENTITIES)('%s', async (table, schema) => {
    const serverOnly = SERVER_ONLY[table] ?? [];
    const columns = Object.keys(await db.knex(table).columnInfo()).map(snakeToCamel);
    const fields = Object.keys(schema.shape).filter((k) => !COMPUTED.has(k));
    const missingInSchema = columns.filter((c) => !fields.includes(c) && !serverOnly.includes(c));
    const missingInTable = fields.filter((f) => !columns.includes(f));
    expect({ missingInSchema, missingInTable }).toEqual({ missingInSchema: [], missingInTable: [] });
  });

  it.each(SYNC_TABLES)(
    'replicated collection %s: a migrated table whose columns hold every wire key',
    async (name) => {
      const { table, scope, row } = REPLICATED_TABLES[name];
      expect(table in TABLES).toBe(true);
      const columns = Object.keys(await db.knex(table).columnInfo()).map(snakeToCamel);
      expect(columns.length).toBeGreaterThan(0);
      // 'self' rows are assembled by their domain (settings json, preference flags), keyed by the user's id.
      if (scope === 'self') return;
      expect(Object.keys(row.shape).filter((k) => !columns.includes(k))).toEqual([]);
    },
  );
});
