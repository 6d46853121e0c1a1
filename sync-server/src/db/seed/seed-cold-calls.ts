import { buildColdCall, type ClientRecord, type Random } from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { insertRecords } from './insert';
import { between } from './seed-business';

const DAY_MS = 86_400_000;

/** Two campaigns with their clients, and cold calls over the last 30 days (a few today). */
export async function seedColdCalls(
  knex: Knex,
  rng: Random,
  now: Date,
  clients: readonly ClientRecord[],
  agentId: string,
) {
  const withPhone = clients.filter((c) => c.phone);
  const organizationId = clients[0]?.organizationId ?? '';
  const specs = [
    {
      name: 'Compradores Lisboa',
      description: 'Compradores com orçamento acima de 250.000 €.',
      filters: { clientType: 'Comprador', zone: 'Lisboa', minBudget: 250000, hasPhone: true },
      type: 'Comprador',
      target: 20,
    },
    {
      name: 'Reativação de Vendedores',
      description: 'Vendedores sem contacto há mais de 60 dias.',
      filters: { clientType: 'Vendedor', lastContactDays: 60, hasPhone: true },
      type: 'Vendedor',
      target: 15,
    },
  ];
  const createdAt = new Date(now.getTime() - 25 * DAY_MS).toISOString();
  const campaigns = specs.map((s) => {
    const pool = withPhone.filter((c) => c.type === s.type);
    const members = rng.sample(pool.length ? pool : withPhone, s.target);
    return { spec: s, id: rng.uuid(), members };
  });
  const calls = campaigns.flatMap((c) =>
    rng.sample(c.members, Math.ceil(c.members.length * 0.6)).map((client) =>
      buildColdCall(
        rng,
        { organizationId, agentId, clientId: client.id },
        {
          phoneNumber: client.phone,
          campaignId: c.id,
          calledAt: between(rng, now.getTime() - 25 * DAY_MS, now.getTime()),
        },
      ),
    ),
  );
  for (let i = 0; i < 150 - calls.length; i++) {
    const client = rng.pick(withPhone);
    const daysAgo = i < 6 ? 0 : rng.next() * 30;
    const calledAt = new Date(now.getTime() - daysAgo * DAY_MS - (i < 6 ? rng.int(1, 120) * 60_000 : 0));
    calls.push(
      buildColdCall(
        rng,
        { organizationId, agentId: client.agentId ?? agentId, clientId: client.id },
        { phoneNumber: client.phone, calledAt },
      ),
    );
  }
  await insertRecords(
    knex,
    'cold_call_campaigns',
    campaigns.map((c) => ({
      id: c.id,
      organizationId,
      agentId,
      name: c.spec.name,
      description: c.spec.description,
      filters: c.spec.filters,
      targetCount: c.spec.target,
      completedCount: new Set(calls.filter((call) => call.campaignId === c.id).map((call) => call.clientId))
        .size,
      status: 'active',
      createdBy: agentId,
      createdAt,
      updatedAt: createdAt,
      deletedAt: null,
    })),
  );
  await insertRecords(
    knex,
    'campaign_clients',
    campaigns.flatMap((c) =>
      c.members.map((client) => ({
        id: rng.uuid(),
        organizationId,
        campaignId: c.id,
        clientId: client.id,
        createdAt,
        updatedAt: createdAt,
        deletedAt: null,
      })),
    ),
  );
  await insertRecords(knex, 'cold_calls', calls);
  return { campaigns: campaigns.length, calls: calls.length };
}
