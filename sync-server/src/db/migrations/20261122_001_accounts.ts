import type { Knex } from 'knex';
import { createdUpdated, jsonColumn, tsColumn, updatedOnly, uuidPk } from './columns';

export const name = '20261122_001_accounts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('packages', (t) => {
    uuidPk(t);
    t.string('name', 100).notNullable().unique();
    t.string('display_name', 200).notNullable();
    t.text('description').nullable();
    t.string('audience', 20).notNullable().defaultTo('organization');
    t.decimal('price', 10, 2).notNullable().defaultTo(0);
    t.decimal('yearly_price', 10, 2).nullable();
    t.string('currency', 3).notNullable().defaultTo('EUR');
    t.integer('max_users').notNullable().defaultTo(5);
    t.integer('max_clients').notNullable().defaultTo(500);
    jsonColumn(t, 'features', []);
    jsonColumn(t, 'limitations', {});
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
    createdUpdated(knex, t);
  });

  await knex.schema.createTable('organizations', (t) => {
    uuidPk(t);
    t.string('name', 200).notNullable();
    t.string('email', 254).nullable().unique();
    t.uuid('package_id').nullable().references('id').inTable('packages').onDelete('SET NULL');
    t.string('plan', 30).notNullable().defaultTo('starter');
    t.string('status', 20).notNullable().defaultTo('active');
    t.integer('max_users').notNullable().defaultTo(5);
    t.integer('max_clients').notNullable().defaultTo(500);
    jsonColumn(t, 'settings', {});
    t.boolean('is_protected').notNullable().defaultTo(false);
    tsColumn(t, 'trial_ends_at').nullable();
    createdUpdated(knex, t);
    t.index(['status']);
  });

  await knex.schema.createTable('users', (t) => {
    uuidPk(t);
    t.uuid('organization_id').nullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.string('email', 254).notNullable().unique();
    t.string('first_name', 100).nullable();
    t.string('last_name', 100).nullable();
    t.string('phone', 40).nullable();
    t.text('bio').nullable();
    t.text('profile_image_url').nullable();
    t.text('password_hash').nullable();
    t.string('auth_provider', 30).notNullable().defaultTo('local');
    t.string('role', 20).notNullable().defaultTo('agent');
    t.string('status', 20).notNullable().defaultTo('active');
    t.boolean('is_super_admin').notNullable().defaultTo(false);
    tsColumn(t, 'last_login_at').nullable();
    createdUpdated(knex, t);
    t.index(['organization_id', 'role']);
  });

  await knex.schema.createTable('user_photos', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('mime_type', 50).notNullable();
    t.integer('size').notNullable();
    t.binary('data').notNullable();
    updatedOnly(knex, t);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 255).primary();
    t.text('data').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['expires_at']);
  });

  await knex.schema.createTable('login_failures', (t) => {
    t.increments('id');
    t.string('email', 254).notNullable();
    t.string('ip', 64).notNullable();
    tsColumn(t, 'created_at').notNullable();
    t.index(['email', 'ip', 'created_at']);
  });

  await knex.schema.createTable('notification_preferences', (t) => {
    uuidPk(t);
    t.uuid('user_id').notNullable().unique().references('id').inTable('users').onDelete('CASCADE');
    for (const col of [
      'follow_ups',
      'birthdays',
      'overdue_tasks',
      'new_clients',
      'cold_calls',
      'system_alerts',
      'email_notifications',
      'push_notifications',
    ]) {
      t.boolean(col).notNullable().defaultTo(true);
    }
    t.string('notification_time', 5).notNullable().defaultTo('09:00');
    updatedOnly(knex, t);
  });

  await knex.schema.createTable('user_settings', (t) => {
    uuidPk(t);
    t.uuid('user_id').notNullable().unique().references('id').inTable('users').onDelete('CASCADE');
    jsonColumn(t, 'settings', {});
    updatedOnly(knex, t);
  });

  await knex.schema.createTable('push_devices', (t) => {
    uuidPk(t);
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('organization_id').nullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.text('endpoint').notNullable().unique();
    t.text('token').notNullable();
    jsonColumn(t, 'device_info');
    createdUpdated(knex, t);
    t.index(['user_id']);
  });

  await knex.schema.createTable('subscriptions', (t) => {
    uuidPk(t);
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.uuid('package_id').notNullable().references('id').inTable('packages');
    t.string('billing_cycle', 20).notNullable().defaultTo('monthly');
    t.string('status', 20).notNullable().defaultTo('trial');
    tsColumn(t, 'trial_ends_at').nullable();
    createdUpdated(knex, t);
    t.index(['organization_id']);
  });

  await knex.schema.createTable('registration_settings', (t) => {
    uuidPk(t);
    t.uuid('organization_id')
      .notNullable()
      .unique()
      .references('id')
      .inTable('organizations')
      .onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.boolean('require_approval').notNullable().defaultTo(true);
    jsonColumn(t, 'allowed_domains', []);
    jsonColumn(t, 'custom_fields', []);
    jsonColumn(t, 'max_users_per_role', { admin: 5, agent: 50, viewer: 100 });
    t.boolean('invitation_only').notNullable().defaultTo(false);
    t.string('default_role', 20).notNullable().defaultTo('viewer');
    updatedOnly(knex, t);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'registration_settings',
    'subscriptions',
    'push_devices',
    'user_settings',
    'notification_preferences',
    'login_failures',
    'sessions',
    'user_photos',
    'users',
    'organizations',
    'packages',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
