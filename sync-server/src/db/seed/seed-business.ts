import { TAG_PALETTE } from '@casa/shared-schema';
import {
  addLisbonDays,
  birthdayOn,
  buildClient,
  buildFollowUp,
  buildInteraction,
  lisbonDate,
  lisbonDateTime,
  type ClientRecord,
  type Random,
} from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { insertRecords } from './insert';

const DAY_MS = 86_400_000;

export const DEMO_TAG_NAMES = [
  'VIP',
  'Primeira Habitação',
  'Crédito Aprovado',
  'Investimento',
  'Urgente',
  'Estrangeiro',
  'Referência',
  'Arrendamento',
  'Zona Histórica',
] as const;

export type OrgSeed = {
  organizationId: string;
  agentIds: readonly string[];
  clientCount: number;
  birthdaysToday: number;
};

/** Clients with tags; the clients.tags JSON mirrors the client_tags rows. */
export async function seedClientsAndTags(
  knex: Knex,
  rng: Random,
  now: Date,
  org: OrgSeed,
  tagNames: readonly string[],
) {
  const tags = tagNames.map((name, i) => ({
    id: rng.uuid(),
    organizationId: org.organizationId,
    name,
    color: TAG_PALETTE[i % TAG_PALETTE.length]?.color ?? '#3b82f6',
    createdAt: new Date(now.getTime() - 300 * DAY_MS).toISOString(),
    updatedAt: new Date(now.getTime() - 300 * DAY_MS).toISOString(),
    deletedAt: null,
  }));
  const today = lisbonDate(now);
  const clients: ClientRecord[] = [];
  const clientTags: object[] = [];
  for (let i = 0; i < org.clientCount; i++) {
    const chosen = rng.chance(0.45) ? [] : rng.sample(tags, rng.int(1, 3));
    const client = buildClient(rng, {
      organizationId: org.organizationId,
      agentId: rng.pick(org.agentIds),
      now,
      tags: chosen.map((t) => t.name),
      ...(i < org.birthdaysToday ? { birthday: birthdayOn(rng, today) } : {}),
    });
    clients.push(client);
    for (const tag of chosen) {
      clientTags.push({
        id: rng.uuid(),
        organizationId: org.organizationId,
        clientId: client.id,
        tagId: tag.id,
        createdAt: client.createdAt,
        updatedAt: client.createdAt,
        deletedAt: null,
      });
    }
  }
  await insertRecords(knex, 'tags', tags);
  await insertRecords(knex, 'clients', clients);
  await insertRecords(knex, 'client_tags', clientTags);
  return clients;
}

/** A random instant between `from` and `to`, never in the future. */
export function between(rng: Random, from: number, to: number): Date {
  return new Date(from + rng.next() * Math.max(0, to - from));
}

export async function seedInteractions(knex: Knex, rng: Random, now: Date, clients: readonly ClientRecord[]) {
  const since = now.getTime() - 90 * DAY_MS;
  const rows = clients.flatMap((client) => {
    const count = rng.int(0, 4);
    const start = Math.max(since, Date.parse(client.createdAt));
    return Array.from({ length: count }, () =>
      buildInteraction(
        rng,
        { organizationId: client.organizationId, agentId: client.agentId, clientId: client.id },
        between(rng, start, now.getTime()),
      ),
    );
  });
  await insertRecords(knex, 'client_interactions', rows);
  return rows.length;
}

/** Follow-ups today, overdue, completed and future (Lisbon calendar days). */
export async function seedFollowUps(knex: Knex, rng: Random, now: Date, clients: readonly ClientRecord[]) {
  const today = lisbonDate(now);
  const plan: Array<{ when: () => Date; done: boolean; n: number }> = [
    { n: 8, done: false, when: () => lisbonDateTime(today, rng.int(9, 19), rng.pick([0, 15, 30, 45])) },
    {
      n: 15,
      done: false,
      when: () => lisbonDateTime(addLisbonDays(now, -rng.int(1, 20)), rng.int(9, 18), 0),
    },
    {
      n: 40,
      done: true,
      when: () => lisbonDateTime(addLisbonDays(now, -rng.int(1, 60)), rng.int(9, 18), 30),
    },
    { n: 35, done: false, when: () => lisbonDateTime(addLisbonDays(now, rng.int(1, 30)), rng.int(9, 18), 0) },
  ];
  const rows = plan.flatMap(({ n, done, when }) =>
    Array.from({ length: n }, () => {
      const client = rng.pick(clients);
      const scheduledDate = when();
      const createdAt = new Date(Math.min(scheduledDate.getTime(), now.getTime()) - rng.int(1, 10) * DAY_MS);
      const completedAt = done
        ? new Date(Math.min(now.getTime(), scheduledDate.getTime() + rng.int(0, 48) * 3_600_000))
        : null;
      return buildFollowUp(
        rng,
        { organizationId: client.organizationId, agentId: client.agentId, clientId: client.id },
        { clientName: client.name, scheduledDate, completedAt, createdAt },
      );
    }),
  );
  await insertRecords(knex, 'follow_ups', rows);
  return rows.length;
}
