import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPES, daysSinceLisbon } from '@casa/shared-schema';
import { createMember } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import type { DomainCtx } from '../../http/context';
import { createCampaign } from './campaigns.domain';

/**
 * For random clients, contacts and filters, the members the server adds to a new campaign equal a
 * plain in-memory filter of the same data, written here from docs/product.md#cold-calls (not with the shared rule),
 * ordered never-contacted first, then most days since last contact, ties by id, and capped.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NOW = '2026-03-29T12:00:00.000Z'; // a DST day in Lisbon, on purpose
const HOUR = 3_600_000;
const PLACES = ['Lisboa', 'lisboa centro', 'PORTO', 'Cascais', 'Évora', 'Sintra'];
const NEEDLES = ['lisboa', 'LIS', 'porto', 'cas', 'évora', 'ÉVO', 'xyz'];

type Spec = {
  type: (typeof CLIENT_TYPES)[number];
  rating: number;
  phone: string | null;
  zone?: string;
  location?: string;
  preferredZones?: string;
  budget?: number | string;
  propertyValue?: number | string;
  interactionHoursAgo?: number;
  callHoursAgo?: number;
};

/** Each filter is absent three times out of four, so that most random filters still match someone. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
const moneyArb = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }),
  fc.constantFrom(100_000, 250_000, 500_000, 750_000),
);

// Contacts cluster around the lastContactDays boundaries (and Lisbon midnights) half of the time.
const hoursAgoArb = fc.oneof(
  fc.integer({ min: 0, max: 24 * 400 }),
  fc
    .constantFrom(1, 30, 60, 90, 180, 365)
    .chain((d) => fc.integer({ min: Math.max(0, d * 24 - 36), max: d * 24 + 36 })),
);

const clientArb: fc.Arbitrary<Spec> = fc.record(
  {
    type: fc.constantFrom(...CLIENT_TYPES),
    rating: fc.integer({ min: 0, max: 5 }),
    phone: fc.constantFrom(null, '', '   ', '912345678', '912345678', '912345678', '+351 213 000 000'),
    zone: fc.constantFrom(...PLACES),
    location: fc.constantFrom(...PLACES),
    preferredZones: fc.constantFrom(...PLACES),
    budget: fc.oneof(moneyArb, moneyArb.map(String)),
    propertyValue: moneyArb,
    interactionHoursAgo: hoursAgoArb,
    callHoursAgo: hoursAgoArb,
  },
  { requiredKeys: ['type', 'rating', 'phone'] },
);

const filtersArb = fc
  .record({
    clientType: maybe(fc.constantFrom(null, 'all', ...CLIENT_TYPES)),
    minRating: maybe(fc.integer({ min: 0, max: 5 })),
    zone: maybe(fc.constantFrom(...NEEDLES)),
    minBudget: maybe(moneyArb),
    maxBudget: maybe(moneyArb),
    lastContactDays: maybe(fc.constantFrom(1, 30, 60, 90, 180, 365)),
  })
  .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Filters);

type Filters = {
  clientType?: string | null;
  minRating?: number;
  zone?: string;
  minBudget?: number;
  maxBudget?: number;
  lastContactDays?: number;
};

/** The list generator's rule (docs/product.md#cold-calls), spelled out plainly. */
function expectedMembers(clients: (Spec & { id: string })[], f: Filters, target: number): string[] {
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
  const rows = clients
    .filter((c) => c.phone !== null && c.phone.trim() !== '')
    .filter((c) => !f.clientType || f.clientType === 'all' || c.type === f.clientType)
    .filter((c) => f.minRating === undefined || c.rating >= f.minRating)
    .filter(
      (c) =>
        f.zone === undefined ||
        [c.zone, c.location, c.preferredZones].some(
          (v) => v !== undefined && v.toLowerCase().includes(f.zone!.toLowerCase()),
        ),
    )
    .filter((c) => {
      if (f.minBudget === undefined && f.maxBudget === undefined) return true;
      const b = num(c.budget) ?? num(c.propertyValue);
      if (b === null) return false;
      return (
        (f.minBudget === undefined || b >= f.minBudget) && (f.maxBudget === undefined || b <= f.maxBudget)
      );
    })
    .map((c) => {
      const hours = [c.interactionHoursAgo, c.callHoursAgo].filter((h): h is number => h !== undefined);
      const last = hours.length ? new Date(Date.parse(NOW) - Math.min(...hours) * HOUR) : null;
      return { id: c.id, days: last ? daysSinceLisbon(last, NOW)! : Infinity };
    })
    .filter((c) => f.lastContactDays === undefined || c.days > f.lastContactDays);
  rows.sort((a, b) => (a.days !== b.days ? b.days - a.days : a.id < b.id ? -1 : 1));
  return rows.slice(0, target).map((r) => r.id);
}

describe('campaign filters (property)', () => {
  it('the server adds exactly the in-memory filter of the same data, ordered and capped', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(clientArb, { maxLength: 15 }),
        filtersArb,
        fc.integer({ min: 1, max: 12 }),
        async (specs, filters, targetCount) => {
          const { organization, user } = await createMember(server.knex);
          const clients = specs.map((s) => ({ ...s, id: randomUUID() }));
          const clientRows: Record<string, unknown>[] = [];
          const interactions: Record<string, unknown>[] = [];
          const calls: Record<string, unknown>[] = [];
          const ago = (hours: number) => new Date(Date.parse(NOW) - hours * HOUR).toISOString();
          for (const c of clients) {
            const customFields: Record<string, unknown> = {};
            for (const k of ['zone', 'location', 'preferredZones', 'budget', 'propertyValue'] as const) {
              if (c[k] !== undefined) customFields[k] = c[k];
            }
            clientRows.push({
              id: c.id,
              organization_id: organization.id,
              name: `C ${c.id.slice(0, 4)}`,
              type: c.type,
              rating: c.rating,
              phone: c.phone,
              custom_fields: JSON.stringify(customFields),
              tags: '[]',
              created_at: NOW,
              updated_at: NOW,
            });
            if (c.interactionHoursAgo !== undefined) {
              const at = ago(c.interactionHoursAgo);
              interactions.push({
                id: randomUUID(),
                organization_id: organization.id,
                client_id: c.id,
                type: 'Chamada',
                created_at: at,
                updated_at: at,
              });
            }
            if (c.callHoursAgo !== undefined) {
              const at = ago(c.callHoursAgo);
              calls.push({
                id: randomUUID(),
                organization_id: organization.id,
                client_id: c.id,
                called_at: at,
                created_at: at,
                updated_at: at,
              });
            }
          }
          if (clientRows.length) await server.knex('clients').insert(clientRows);
          if (interactions.length) await server.knex('client_interactions').insert(interactions);
          if (calls.length) await server.knex('cold_calls').insert(calls);
          const ctx: DomainCtx = {
            db: server.knex,
            auth: { userId: user.id, organizationId: organization.id, role: 'agent', isSuperAdmin: false },
            now: NOW,
            log: pino({ level: 'silent' }),
          };
          const campaign = await createCampaign(ctx, { name: 'P', filters, targetCount });
          const rows = (await server
            .knex('campaign_clients')
            .where({ campaign_id: campaign.id })
            .whereNull('deleted_at')
            .select('client_id')) as { client_id: string }[];
          const expected = expectedMembers(clients, filters, targetCount);
          expect(rows.map((r) => r.client_id).sort()).toEqual([...expected].sort());
          expect(campaign.totalClients).toBe(expected.length);
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
