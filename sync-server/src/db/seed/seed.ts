import { randomUUID } from 'node:crypto';
import { buildClient, createRandom } from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { hashPassword } from '../../lib/password';
import { toNumber } from '../rows';
import { insertRecords } from './insert';
import { DEMO_IDS, DEMO_PASSWORD, seedAccounts } from './seed-accounts';
import { DEMO_TAG_NAMES, seedClientsAndTags, seedFollowUps, seedInteractions } from './seed-business';
import { seedColdCalls } from './seed-cold-calls';
import { seedNotifications } from './seed-notifications';
import { addExtraProperties, seedProperties } from './seed-properties';
import { seedPropertyPhotos } from './seed-property-photos';
import { seedVisits } from './seed-visits';

export { DEMO_IDS, DEMO_ORGANIZATION_NAME, DEMO_PASSWORD, OTHER_ORGANIZATION_NAME } from './seed-accounts';

export type SeedOptions = {
  extraClients?: number;
  extraProperties?: number;
  /** Up to this many drawn photos for each extra property (benchmarks of thumbnails); none by default. */
  extraPropertyPhotos?: number;
  now?: Date;
};
export type SeedResult = { seeded: boolean; extraClients: number; extraProperties: number };

export const DEMO_CLIENT_COUNT = 200;
export const OTHER_CLIENT_COUNT = 12;
export const DEMO_PROPERTY_COUNT = 60;
/** Visits of Imobiliária Demo buyers to its first properties (seed-visits.ts). */
export const DEMO_VISIT_COUNT = 24;
export const OTHER_PROPERTY_COUNT = 4;
const EXTRA_BATCH = 1000;

/**
 * Fills an empty database with the demo agencies (deterministic for a given `now`). On a database that
 * already has organizations it does nothing, except add `extraClients` clients to 'Imobiliária Demo'.
 */
export async function seedDemo(knex: Knex, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const organizations = await knex('organizations').count({ n: '*' }).first();
  const empty = toNumber(organizations?.n) === 0;
  if (empty) {
    const passwordHash = await hashPassword(DEMO_PASSWORD); // once: argon2 is slow on purpose
    await knex.transaction((trx) => seedEverything(trx, now, passwordHash));
  }
  const extra = Math.max(0, Math.floor(options.extraClients ?? 0));
  if (extra > 0) await addExtraClients(knex, extra, now);
  const extraProperties = Math.max(0, Math.floor(options.extraProperties ?? 0));
  if (extraProperties > 0)
    await addExtraProperties(
      knex,
      DEMO_IDS.demoOrganization,
      [DEMO_IDS.demoAdmin, DEMO_IDS.demoAgent],
      extraProperties,
      now,
      { photosPerProperty: options.extraPropertyPhotos ?? 0 },
    );
  return { seeded: empty, extraClients: extra, extraProperties };
}

async function seedEverything(trx: Knex.Transaction, now: Date, passwordHash: string): Promise<void> {
  const rng = createRandom('casa-crm-demo');
  const users = await seedAccounts(trx, rng, now, passwordHash);
  const demoAgents = [DEMO_IDS.demoAdmin, DEMO_IDS.demoAgent];
  const demoClients = await seedClientsAndTags(
    trx,
    rng,
    now,
    {
      organizationId: DEMO_IDS.demoOrganization,
      agentIds: demoAgents,
      clientCount: DEMO_CLIENT_COUNT,
      birthdaysToday: 4,
    },
    DEMO_TAG_NAMES,
  );
  await seedInteractions(trx, rng, now, demoClients);
  await seedFollowUps(trx, rng, now, demoClients);
  await seedColdCalls(trx, rng, now, demoClients, DEMO_IDS.demoAgent);

  const otherClients = await seedClientsAndTags(
    trx,
    rng,
    now,
    {
      organizationId: DEMO_IDS.otherOrganization,
      agentIds: [DEMO_IDS.otherAdmin],
      clientCount: OTHER_CLIENT_COUNT,
      birthdaysToday: 1,
    },
    ['VIP', 'Algarve'],
  );
  await seedInteractions(trx, rng, now, otherClients);
  // After everything else, with their own random streams: the rest of the demo is unchanged by them.
  const demoProperties = await seedProperties(
    trx,
    now,
    DEMO_IDS.demoOrganization,
    demoAgents,
    demoClients,
    DEMO_PROPERTY_COUNT,
  );
  const otherProperties = await seedProperties(
    trx,
    now,
    DEMO_IDS.otherOrganization,
    [DEMO_IDS.otherAdmin],
    otherClients,
    OTHER_PROPERTY_COUNT,
  );
  // Photos only for these demo properties: the --properties N of the benchmarks get none.
  await seedPropertyPhotos(trx, now, DEMO_IDS.demoOrganization, demoProperties);
  await seedPropertyPhotos(trx, now, DEMO_IDS.otherOrganization, otherProperties);
  await seedVisits(trx, now, DEMO_IDS.demoOrganization, demoClients, DEMO_VISIT_COUNT);

  await seedNotifications(
    trx,
    rng,
    now,
    users.filter((u) => u.organizationId === DEMO_IDS.demoOrganization),
    demoClients,
  );
  await seedNotifications(
    trx,
    rng,
    now,
    users.filter((u) => u.organizationId === DEMO_IDS.otherOrganization),
    otherClients,
  );
  await seedNotifications(
    trx,
    rng,
    now,
    users.filter((u) => u.organizationId === null),
    demoClients,
  );
}

/** Adds `count` generated clients to the demo agency in batches of 1,000, in one transaction. */
export async function addExtraClients(knex: Knex, count: number, now: Date = new Date()): Promise<void> {
  const organizationId = DEMO_IDS.demoOrganization;
  const existing = toNumber(
    (await knex('clients').where({ organization_id: organizationId }).count({ n: '*' }).first())?.n,
  );
  // A different stream per starting size, so repeated runs never regenerate the same ids.
  const rng = createRandom(`casa-crm-extra-${existing}-${now.getTime()}`);
  const agentIds = [DEMO_IDS.demoAdmin, DEMO_IDS.demoAgent];
  await knex.transaction(async (trx) => {
    for (let done = 0; done < count; done += EXTRA_BATCH) {
      const batch = Array.from({ length: Math.min(EXTRA_BATCH, count - done) }, (_, i) =>
        // A fresh uuid: the seeded generator's ids could collide with the demo's across many runs.
        ({
          ...buildClient(rng, {
            organizationId,
            agentId: rng.pick(agentIds),
            now,
            uniqueSuffix: existing + done + i,
          }),
          id: randomUUID(),
        }),
      );
      await insertRecords(trx, 'clients', batch, EXTRA_BATCH);
    }
  });
}
