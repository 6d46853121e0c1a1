import type { Knex } from 'knex';

export const name = '20261127_120_clients_created_index';

/**
 * The scheduler's new-client step reads, every minute and across organizations, the live clients created
 * in the last 24 h (features/scheduler/scheduler.service.ts newClientNotifications). The live indexes of
 * clients all lead with organization_id, so that read scanned every client (about 140 ms of one event loop
 * at 50,000 clients, each tick); this partial index makes it a range read, in the keyset order it pages by.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX clients_live_recent_index ON clients (created_at, id) WHERE deleted_at IS NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS clients_live_recent_index');
}
