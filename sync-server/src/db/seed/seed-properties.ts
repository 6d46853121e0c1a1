import { randomUUID } from 'node:crypto';
import { nextPropertyReference } from '@casa/shared-schema';
import { buildProperty, createRandom, type ClientRecord } from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { insertRecords } from './insert';
import { seedPropertyPhotos, type SeededProperty } from './seed-property-photos';

const BATCH = 1000;

/**
 * `count` properties of the organization across Lisboa, Porto, Setúbal, Braga and Faro, numbered
 * CASA-000001…, owners among its Vendedor clients; returns what the photo seed needs. Its own random stream, so the rest of the demo
 * (clients, follow-ups…) stays what it was before properties existed.
 */
export async function seedProperties(
  knex: Knex,
  now: Date,
  organizationId: string,
  agentIds: readonly string[],
  clients: readonly ClientRecord[],
  count: number,
): Promise<SeededProperty[]> {
  const rng = createRandom(`casa-crm-properties-${organizationId}`);
  const sellers = clients.filter((c) => c.type === 'Vendedor');
  const rows = Array.from({ length: count }, (_, i) =>
    buildProperty(rng, {
      organizationId,
      agentId: rng.pick(agentIds),
      ownerClientId: sellers.length > 0 && rng.chance(0.9) ? rng.pick(sellers).id : null,
      now,
      number: i + 1,
    }),
  );
  await insertRecords(knex, 'properties', rows);
  return rows.map(({ id, propertyType, agentId }) => ({ id, propertyType, agentId }));
}

/**
 * `count` more properties for benchmarks (db:seed --properties N), numbered after the organization's
 * highest CASA-number, in batches of 1,000 in one transaction; with `photosPerProperty` > 0, 1 to that
 * many of the seed's drawn photos each (the thumbnails bench:screens fetches), none by default.
 */
export async function addExtraProperties(
  knex: Knex,
  organizationId: string,
  agentIds: readonly string[],
  count: number,
  now: Date = new Date(),
  { photosPerProperty = 0 } = {},
): Promise<void> {
  const references = (await knex('properties')
    .where({ organization_id: organizationId })
    .whereNull('deleted_at')
    .pluck('reference')) as string[];
  const first = Number(nextPropertyReference(references).slice('CASA-'.length));
  const sellers = (await knex('clients')
    .where({ organization_id: organizationId, type: 'Vendedor' })
    .whereNull('deleted_at')
    .limit(5000)
    .pluck('id')) as string[];
  const rng = createRandom(`casa-crm-extra-properties-${first}-${now.getTime()}`);
  await knex.transaction(async (trx) => {
    for (let done = 0; done < count; done += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - done) }, (_, i) => ({
        ...buildProperty(rng, {
          organizationId,
          agentId: rng.pick(agentIds),
          ownerClientId: sellers.length > 0 ? rng.pick(sellers) : null,
          now,
          number: first + done + i,
        }),
        // A fresh uuid: the seeded stream's ids could collide across runs.
        id: randomUUID(),
      }));
      await insertRecords(trx, 'properties', batch, BATCH);
      if (photosPerProperty > 0)
        await seedPropertyPhotos(trx, now, organizationId, batch, {
          maxPerProperty: photosPerProperty,
          stream: `casa-crm-extra-property-photos-${first + done}-${now.getTime()}`,
        });
    }
  });
}
