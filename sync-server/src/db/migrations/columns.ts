import type { Knex } from 'knex';
import { dialectOf } from '../knex';

/** `now()` on Postgres; on SQLite the same ISO-8601 UTC text the server writes (2026-11-22T19:07:00.000Z). */
export function nowDefault(knex: Knex): Knex.Raw {
  return dialectOf(knex) === 'pg'
    ? knex.raw('CURRENT_TIMESTAMP')
    : knex.raw(`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
}

export function tsColumn(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.timestamp(name, { useTz: true });
}

export function createdUpdated(knex: Knex, t: Knex.CreateTableBuilder): void {
  tsColumn(t, 'created_at').notNullable().defaultTo(nowDefault(knex));
  tsColumn(t, 'updated_at').notNullable().defaultTo(nowDefault(knex));
}

export function updatedOnly(knex: Knex, t: Knex.CreateTableBuilder): void {
  tsColumn(t, 'updated_at').notNullable().defaultTo(nowDefault(knex));
}

/** JSON column: jsonb on Postgres, text on SQLite. Defaults are JSON literals. */
export function jsonColumn(
  t: Knex.CreateTableBuilder,
  name: string,
  defaultJson?: unknown,
): Knex.ColumnBuilder {
  const col = t.jsonb(name);
  if (defaultJson === undefined) return col.nullable();
  return col.notNullable().defaultTo(JSON.stringify(defaultJson));
}

export function uuidPk(t: Knex.CreateTableBuilder): void {
  t.uuid('id').primary();
}

/** A nullable reference to users that survives the user's deletion (agent_id, created_by). */
export function userRef(t: Knex.CreateTableBuilder, name: string): void {
  t.uuid(name).nullable().references('id').inTable('users').onDelete('SET NULL');
}

/** organization_id + created_at/updated_at/deleted_at of every replicated table. */
export function syncableColumns(knex: Knex, t: Knex.CreateTableBuilder, orgNullable = false): void {
  const org = t.uuid('organization_id').references('id').inTable('organizations').onDelete('CASCADE');
  if (orgNullable) org.nullable();
  else org.notNullable();
  createdUpdated(knex, t);
  tsColumn(t, 'deleted_at').nullable();
}
