import {
  campaignClientSchema,
  campaignSchema,
  clientSchema,
  clientTagSchema,
  coldCallSchema,
  followUpSchema,
  interactionSchema,
  notificationPreferencesSchema,
  notificationSchema,
  organizationSchema,
  propertySchema,
  packageSchema,
  registrationSettingsSchema,
  subscriptionSchema,
  tagSchema,
  userSchema,
  userSettingsSchema,
} from '@casa/shared-schema';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT, type TestDb } from '../../../test/db';
import { camelToSnake, fromDbRows } from '../rows';
import type { TableName } from '../tables';
import { seedDemo } from './seed';

const NOW = new Date('2026-07-15T22:30:00.000Z');

async function all<T = Record<string, unknown>>(knex: Knex, table: TableName): Promise<T[]> {
  return fromDbRows<T>(table, await knex(table).select());
}

const SCHEMAS: Array<[TableName, z.ZodType]> = [
  ['packages', packageSchema],
  ['organizations', organizationSchema],
  ['users', userSchema],
  ['subscriptions', subscriptionSchema],
  ['registration_settings', registrationSettingsSchema],
  ['clients', clientSchema],
  ['tags', tagSchema],
  ['client_tags', clientTagSchema],
  ['follow_ups', followUpSchema],
  ['client_interactions', interactionSchema],
  ['cold_calls', coldCallSchema],
  ['cold_call_campaigns', campaignSchema],
  ['campaign_clients', campaignClientSchema],
  ['notifications', notificationSchema],
  ['properties', propertySchema],
];

describe(`demo seed rows (${TEST_DIALECT})`, () => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('produces rows that pass the shared schemas', async () => {
    await seedDemo(db.knex, { now: NOW });
    for (const [table, schema] of SCHEMAS) {
      const rows = await all(db.knex, table);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        const result = schema.safeParse(row);
        expect(result.success ? null : { table, row, issues: result.error.issues }).toBeNull();
      }
    }
    for (const row of await all<{ settings: unknown }>(db.knex, 'user_settings')) {
      expect(userSettingsSchema.safeParse(row.settings).success).toBe(true);
    }
    for (const row of await all(db.knex, 'notification_preferences')) {
      const snake = Object.fromEntries(Object.entries(row).map(([k, v]) => [camelToSnake(k), v]));
      expect(notificationPreferencesSchema.safeParse(snake).success).toBe(true);
    }
  });

  it('is deterministic for a given now', async () => {
    await seedDemo(db.knex, { now: NOW });
    const other = await createTestDb();
    try {
      await seedDemo(other.knex, { now: NOW });
      const ids = (knex: Knex) => knex('clients').orderBy('id').pluck('id');
      expect(await ids(other.knex)).toEqual(await ids(db.knex));
    } finally {
      await other.destroy();
    }
  });
});
