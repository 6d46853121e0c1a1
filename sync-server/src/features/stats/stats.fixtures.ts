import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/** Test fixtures (not used by the server): raw rows for the stats tests. */
const stamp = (at: string) => ({ created_at: at, updated_at: at });

export async function insertFollowUp(
  knex: Knex,
  organizationId: string,
  clientId: string,
  f: { scheduledDate: string; completed?: boolean; completedAt?: string | null; deleted?: boolean },
) {
  const now = new Date().toISOString();
  await knex('follow_ups').insert({
    id: randomUUID(),
    organization_id: organizationId,
    client_id: clientId,
    title: 'Ligar',
    type: 'Telefonar',
    scheduled_date: f.scheduledDate,
    completed: f.completed ?? false,
    completed_at: f.completedAt ?? null,
    deleted_at: f.deleted ? now : null,
    ...stamp(now),
  });
}

export async function insertColdCall(
  knex: Knex,
  organizationId: string,
  c: { calledAt: string; result: string | null; deleted?: boolean },
) {
  await knex('cold_calls').insert({
    id: randomUUID(),
    organization_id: organizationId,
    result: c.result,
    called_at: c.calledAt,
    deleted_at: c.deleted ? c.calledAt : null,
    ...stamp(c.calledAt),
  });
}

export async function insertCampaign(knex: Knex, organizationId: string, status: string, deleted = false) {
  const now = new Date().toISOString();
  await knex('cold_call_campaigns').insert({
    id: randomUUID(),
    organization_id: organizationId,
    name: `Campanha ${status}`,
    target_count: 20,
    status,
    deleted_at: deleted ? now : null,
    ...stamp(now),
  });
}
