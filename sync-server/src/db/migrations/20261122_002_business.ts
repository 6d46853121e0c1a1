import type { Knex } from 'knex';
import { jsonColumn, syncableColumns, tsColumn, userRef, uuidPk } from './columns';

export const name = '20261122_002_business';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('clients', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    userRef(t, 'agent_id');
    t.string('name', 200).notNullable();
    t.string('email', 254).nullable();
    t.string('phone', 40).nullable();
    t.string('type', 30).notNullable();
    t.integer('rating').notNullable().defaultTo(0);
    t.string('birthday', 10).nullable();
    t.text('notes').nullable();
    jsonColumn(t, 'tags', []);
    jsonColumn(t, 'custom_fields', {});
    userRef(t, 'created_by');
    t.index(['organization_id', 'deleted_at']);
    t.index(['organization_id', 'type']);
    t.index(['organization_id', 'name']);
    t.index(['organization_id', 'created_at']);
    t.index(['organization_id', 'updated_at']);
    t.index(['agent_id']);
  });

  await knex.schema.createTable('tags', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    t.string('name', 100).notNullable();
    t.string('color', 20).notNullable().defaultTo('#3b82f6');
  });
  // Expression + partial index: same syntax on SQLite and Postgres.
  await knex.raw(
    'CREATE UNIQUE INDEX tags_organization_id_lower_name_unique ON tags (organization_id, lower(name)) WHERE deleted_at IS NULL',
  );

  await knex.schema.createTable('client_tags', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    t.uuid('client_id').notNullable().references('id').inTable('clients').onDelete('CASCADE');
    t.uuid('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.unique(['client_id', 'tag_id']);
    t.index(['tag_id']);
  });

  await knex.schema.createTable('follow_ups', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    userRef(t, 'agent_id');
    t.uuid('client_id').notNullable().references('id').inTable('clients').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('description').nullable();
    t.string('type', 40).notNullable();
    tsColumn(t, 'scheduled_date').notNullable();
    t.boolean('completed').notNullable().defaultTo(false);
    tsColumn(t, 'completed_at').nullable();
    t.text('completion_comment').nullable();
    t.text('notes').nullable();
    t.string('priority', 20).nullable();
    t.string('status', 20).nullable();
    tsColumn(t, 'reminder_sent_at').nullable();
    userRef(t, 'created_by');
    t.index(['organization_id', 'scheduled_date']);
    t.index(['organization_id', 'completed']);
    t.index(['client_id']);
  });

  await knex.schema.createTable('client_interactions', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    userRef(t, 'agent_id');
    t.uuid('client_id').notNullable().references('id').inTable('clients').onDelete('CASCADE');
    t.string('type', 40).notNullable();
    t.string('direction', 20).notNullable().defaultTo('outgoing');
    t.string('result', 40).nullable();
    t.text('summary').nullable();
    t.text('notes').nullable();
    t.integer('duration').nullable();
    t.boolean('follow_up_required').notNullable().defaultTo(false);
    tsColumn(t, 'follow_up_date').nullable();
    t.uuid('related_id').nullable();
    userRef(t, 'created_by');
    t.index(['organization_id', 'created_at']);
    t.index(['client_id', 'created_at']);
  });

  await knex.schema.createTable('cold_call_campaigns', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    userRef(t, 'agent_id');
    t.string('name', 200).notNullable();
    t.text('description').nullable();
    jsonColumn(t, 'filters');
    t.integer('target_count').notNullable();
    t.integer('completed_count').notNullable().defaultTo(0);
    t.string('status', 20).notNullable().defaultTo('active');
    userRef(t, 'created_by');
    t.index(['organization_id', 'status']);
  });

  await knex.schema.createTable('campaign_clients', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    t.uuid('campaign_id').notNullable().references('id').inTable('cold_call_campaigns').onDelete('CASCADE');
    t.uuid('client_id').notNullable().references('id').inTable('clients').onDelete('CASCADE');
    t.unique(['campaign_id', 'client_id']);
  });

  await knex.schema.createTable('cold_calls', (t) => {
    uuidPk(t);
    syncableColumns(knex, t);
    userRef(t, 'agent_id');
    t.uuid('client_id').nullable().references('id').inTable('clients').onDelete('SET NULL');
    t.uuid('campaign_id').nullable().references('id').inTable('cold_call_campaigns').onDelete('SET NULL');
    t.string('phone_number', 40).nullable();
    t.string('result', 40).nullable();
    t.text('notes').nullable();
    t.integer('duration').notNullable().defaultTo(0);
    t.boolean('follow_up_needed').notNullable().defaultTo(false);
    userRef(t, 'created_by');
    tsColumn(t, 'called_at').notNullable();
    t.index(['organization_id', 'called_at']);
    t.index(['campaign_id']);
    t.index(['client_id']);
  });

  await knex.schema.createTable('notifications', (t) => {
    uuidPk(t);
    syncableColumns(knex, t, true);
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('type', 30).notNullable();
    t.string('title', 200).notNullable();
    t.text('body').nullable();
    t.boolean('read').notNullable().defaultTo(false);
    tsColumn(t, 'read_at').nullable();
    jsonColumn(t, 'data');
    t.index(['user_id', 'read', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'notifications',
    'cold_calls',
    'campaign_clients',
    'cold_call_campaigns',
    'client_interactions',
    'follow_ups',
    'client_tags',
    'tags',
    'clients',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
