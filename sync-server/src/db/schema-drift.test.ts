import {
  campaignClientSchema,
  campaignSchema,
  clientSchema,
  clientTagSchema,
  coldCallSchema,
  followUpSchema,
  interactionSchema,
  notificationSchema,
  organizationSchema,
  packageSchema,
  registrationSettingsSchema,
  subscriptionSchema,
  tagSchema,
  userSchema,
} from '@casa/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../test/db';
import { snakeToCamel } from './rows';
import type { TableName } from './tables';

/**
 * Rule 1 of anchors.md: an entity's shape is written once, in shared-schema. This test fails when a
 * migration and the entity schema disagree about the columns, in either direction.
 * Columns that are deliberately not on the wire are listed with the reason.
 */
const ENTITIES: Array<[TableName, z.ZodObject, string[]]> = [
  ['packages', packageSchema, []],
  // change_seq is the sync change-log counter (docs/sync.md); signup_user_id who may run or resume sign-up
  // steps 2 and 3 on it (migration 010): server bookkeeping.
  ['organizations', organizationSchema, ['changeSeq', 'signupUserId']],
  // password_hash never leaves the server; session_generation ends a user's other sessions (migration 011).
  ['users', userSchema, ['passwordHash', 'sessionGeneration']],
  ['subscriptions', subscriptionSchema, []],
  // One row per organization, addressed by organizationId on the wire; id is only the row key.
  ['registration_settings', registrationSettingsSchema, ['id']],
  // search_text is the server's normalised search column (docs/data-model.md), never on the wire.
  ['clients', clientSchema, ['searchText']],
  ['tags', tagSchema, []],
  ['client_tags', clientTagSchema, []],
  // reminder_sent_at is server bookkeeping for the 30-minute reminders.
  ['follow_ups', followUpSchema, ['reminderSentAt']],
  ['client_interactions', interactionSchema, []],
  ['cold_calls', coldCallSchema, []],
  ['cold_call_campaigns', campaignSchema, []],
  ['campaign_clients', campaignClientSchema, []],
  ['notifications', notificationSchema, []],
];

/** Wire-only fields computed by the server (display extras of docs/product.md#clients), not columns. */
const COMPUTED = new Set(['userCount', 'clientCount', 'organizationName', 'totalClients', 'totalCalls']);

describe(`shared-schema entities match the migrated columns (${TEST_DIALECT})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it.each(ENTITIES)('%s', async (table, schema, serverOnly) => {
    const columns = Object.keys(await db.knex(table).columnInfo()).map(snakeToCamel);
    const fields = Object.keys(schema.shape).filter((k) => !COMPUTED.has(k));
    const missingInSchema = columns.filter((c) => !fields.includes(c) && !serverOnly.includes(c));
    const missingInTable = fields.filter((f) => !columns.includes(f));
    expect({ missingInSchema, missingInTable }).toEqual({ missingInSchema: [], missingInTable: [] });
  });
});
