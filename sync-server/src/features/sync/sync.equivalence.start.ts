import type { Knex } from 'knex';
import { CLIENT_TYPES, NOTIFICATION_TYPES, TAG_COLORS } from '@casa/shared-schema';
import {
  buildClient,
  buildColdCall,
  buildFollowUp,
  buildInteraction,
  buildProperty,
  createRandom,
  daysBefore,
  notificationText,
  type ClientRecord,
} from '@casa/shared-schema/generators';
import { insertRecords } from '../../db/seed/insert';
import type { TableName } from '../../db/tables';

type Row = Record<string, unknown>;

/**
 * A random start state of one organization for the equivalence test (sync.equivalence.property.test.ts):
 * clients of the three types with their custom fields, tags and links, follow-ups (open and done),
 * interactions, campaigns with members and calls, and the agent's notifications (read and unread). Built
 * with the shared generators the demo seed uses, and inserted as the seed inserts (camelCase records).
 */
export function buildStartState(seed: number, organizationId: string, agentId: string, now: Date) {
  // Salted with the organization: ids stay unique across runs that share a seed.
  const rng = createRandom(`${seed}/${organizationId}`);
  const stamps = (at: Date) => ({
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    deletedAt: null,
  });
  const owned = { organizationId, agentId, createdBy: agentId };
  const clients: ClientRecord[] = CLIENT_TYPES.flatMap((type) =>
    Array.from({ length: rng.int(1, 2) }, (_, i) =>
      buildClient(rng, { organizationId, agentId, now, type, uniqueSuffix: `${seed}-${type}-${i}` }),
    ),
  );
  const tags = rng
    .sample(['VIP', 'Urgente', 'Crédito aprovado', 'Estrangeiro'], rng.int(1, 3))
    .map((name) => ({ id: rng.uuid(), organizationId, name, color: rng.pick(TAG_COLORS), ...stamps(now) }));
  const clientTags: Row[] = [];
  for (const client of clients) {
    const chosen = rng.sample(tags, rng.int(0, tags.length));
    for (const tag of chosen)
      clientTags.push({ id: rng.uuid(), organizationId, clientId: client.id, tagId: tag.id, ...stamps(now) });
    client.tags = chosen.map((t) => t.name).sort((a, b) => a.localeCompare(b, 'pt-PT'));
  }
  const base = (client: ClientRecord) => ({ organizationId, agentId, clientId: client.id });
  const followUps = clients.flatMap((client) =>
    Array.from({ length: rng.int(0, 2) }, () => {
      const createdAt = daysBefore(now, rng.int(2, 20));
      const done = rng.chance(0.4);
      return buildFollowUp(rng, base(client), {
        clientName: client.name,
        createdAt,
        scheduledDate: new Date(now.getTime() + rng.int(-5, 10) * 86_400_000),
        completedAt: done ? daysBefore(now, 1) : null,
      });
    }),
  );
  const interactions = clients
    .filter(() => rng.chance(0.6))
    .map((client) => buildInteraction(rng, base(client), daysBefore(now, rng.int(1, 60))));
  const campaigns = Array.from({ length: rng.int(1, 2) }, (_, i) => ({
    id: rng.uuid(),
    ...owned,
    name: `Campanha ${i + 1}`,
    description: rng.chance(0.5) ? 'Ligar aos contactos antigos.' : null,
    filters: rng.chance(0.5) ? { clientType: rng.pick(CLIENT_TYPES) } : {},
    targetCount: rng.int(1, 5),
    completedCount: 0,
    status: 'active',
    ...stamps(daysBefore(now, 3)),
  }));
  const campaignClients: Row[] = [];
  const coldCalls: Row[] = [];
  for (const campaign of campaigns) {
    const members = rng.sample(clients, rng.int(1, Math.min(campaign.targetCount, clients.length)));
    for (const client of members) {
      campaignClients.push({
        id: rng.uuid(),
        organizationId,
        campaignId: campaign.id,
        clientId: client.id,
        ...stamps(now),
      });
      if (!rng.chance(0.5)) continue;
      const calledAt = daysBefore(now, rng.int(1, 2));
      coldCalls.push(
        buildColdCall(rng, base(client), { phoneNumber: client.phone, calledAt, campaignId: campaign.id }),
      );
      campaign.completedCount += 1;
    }
  }
  // Calls outside any campaign too.
  for (const client of clients.filter(() => rng.chance(0.3)))
    coldCalls.push(
      buildColdCall(rng, base(client), { phoneNumber: client.phone, calledAt: daysBefore(now, 4) }),
    );
  const notifications = Array.from({ length: rng.int(1, 3) }, (_, i) => {
    const type = rng.pick(NOTIFICATION_TYPES);
    // The first one unread, so marking read always has something to do.
    const read = i > 0 && rng.chance(0.4);
    const at = daysBefore(now, rng.int(1, 5));
    return {
      id: rng.uuid(),
      organizationId,
      userId: agentId,
      type,
      ...notificationText(type, rng.pick(clients).name),
      read,
      readAt: read ? at.toISOString() : null,
      data: null,
      ...stamps(at),
    };
  });
  const sellers = clients.filter((c) => c.type === 'Vendedor');
  const properties = Array.from({ length: rng.int(1, 3) }, (_, i) =>
    buildProperty(rng, {
      organizationId,
      agentId,
      ownerClientId: sellers.length ? rng.pick(sellers).id : null,
      now,
      number: i + 1,
    }),
  );
  // Photo rows only (no bytes): the gallery's mutations reorder, pick the cover and delete them.
  const propertyPhotos = properties.flatMap((property) =>
    Array.from({ length: rng.int(0, 3) }, (_, position) => ({
      id: rng.uuid(),
      organizationId,
      propertyId: property.id,
      position,
      isCover: position === 0,
      width: 800,
      height: 600,
      displayBytes: 1000,
      thumbBytes: 100,
      createdBy: agentId,
      ...stamps(daysBefore(now, 3 - position)),
    })),
  );
  // In insertion order (foreign keys first).
  return {
    clients,
    tags,
    client_tags: clientTags,
    follow_ups: followUps,
    client_interactions: interactions,
    cold_call_campaigns: campaigns,
    campaign_clients: campaignClients,
    cold_calls: coldCalls,
    notifications,
    properties,
    property_photos: propertyPhotos,
  } satisfies Partial<Record<TableName, readonly object[]>>;
}

export async function insertStartState(knex: Knex, state: ReturnType<typeof buildStartState>) {
  for (const [table, records] of Object.entries(state))
    await insertRecords(knex, table as TableName, records as readonly object[]);
}
