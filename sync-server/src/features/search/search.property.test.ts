import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientSearchQuerySchema,
  clientSearchText,
  normalizeForSearch,
  phoneDigits,
  type ClientSearchQueryInput,
} from '@casa/shared-schema';
import { createTestDb, type TestDb } from '../../../test/db';
import { createOrganization } from '../../../test/factories';
import { searchClients } from './search.domain';
import { insertSearchableClients, type FixtureClient } from './search.fixtures';
import { testDomainCtx } from '../../../test/domain-ctx';

/**
 * The server search equals a plain in-memory filter of the same clients using the same normalize
 * function.
 */
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

// Letters that differ by accent or case, separators, LIKE and GLOB wildcards; BMP only.
const alphabet = fc.constantFrom(...'aAáÁãÃeéÊiíoóÕuúçÇnñ %_\\-+@.1*?[]'.split(''));
const word = fc.string({ unit: alphabet, minLength: 0, maxLength: 8 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const amount = fc.integer({ min: 0, max: 1000 }).map((n) => n * 1000);

const clientArb: fc.Arbitrary<FixtureClient> = fc.record({
  name: fc.oneof(
    word.map((w) => `N${w}`),
    fc.constantFrom('Ana', 'ANA', 'Ána', 'ana ', 'Bruno'),
  ),
  email: maybe(word),
  phone: maybe(fc.constantFrom('', ' ', '+351 912 000 111', '934555666', 'sem')),
  type: fc.constantFrom('Comprador', 'Vendedor', 'Investidor'),
  rating: fc.integer({ min: 0, max: 5 }),
  notes: maybe(word),
  tags: fc.uniqueArray(
    word.filter((w) => w.trim() !== ''),
    { maxLength: 2, selector: (t) => t.toLowerCase() },
  ),
  customFields: fc.record(
    {
      budget: fc.oneof(amount, fc.constant('texto')),
      propertyValue: amount,
      zone: word,
      location: word,
      preferredZones: word,
    },
    { requiredKeys: [] },
  ),
});

const queryArb: fc.Arbitrary<ClientSearchQueryInput> = fc.record(
  {
    q: word,
    type: fc.constantFrom('Comprador', 'Vendedor', 'Investidor'),
    minRating: fc.integer({ min: 0, max: 5 }),
    hasPhone: fc.boolean(),
    hasEmail: fc.boolean(),
    zone: word,
    minBudget: amount,
    maxBudget: amount,
    limit: fc.integer({ min: 1, max: 20 }),
    offset: fc.integer({ min: 0, max: 10 }),
  },
  { requiredKeys: [] },
);

/** Where a query's text comes from: a slice of one of the clients' fields, re-cased and re-accented. */
const sliceArb = fc.record({
  client: fc.nat(),
  field: fc.nat(),
  start: fc.nat({ max: 6 }),
  length: fc.integer({ min: 1, max: 4 }),
  upper: fc.boolean(),
  // Take the text from the other kind of field (a zone as free text, a name as zone) to test the separation.
  crossed: fc.boolean(),
});
type Slice = {
  client: number;
  field: number;
  start: number;
  length: number;
  upper: boolean;
  crossed: boolean;
};

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', o: 'õ', c: 'ç', i: 'í' };

function sliceOf(clients: FixtureClient[], s: Slice, zone: boolean): string | undefined {
  const c = clients[s.client % Math.max(1, clients.length)];
  if (!c) return undefined;
  const cf = c.customFields ?? {};
  const fields =
    zone !== s.crossed
      ? [cf.zone, cf.location, cf.preferredZones]
      : [c.name, c.email, c.phone, c.notes, ...(c.tags ?? [])];
  const value = fields[s.field % fields.length];
  if (typeof value !== 'string') return undefined;
  const piece = value.slice(s.start, s.start + s.length);
  const varied = [...piece].map((ch) => ACCENTED[ch] ?? ch).join('');
  return s.upper ? varied.toUpperCase() : varied;
}

const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** The reference: what the search should answer, computed in memory. */
function expected(clients: FixtureClient[], input: ClientSearchQueryInput) {
  const f = clientSearchQuerySchema.parse(input);
  const q = normalizeForSearch(f.q);
  const zone = normalizeForSearch(f.zone);
  const matches = clients.filter((c) => {
    const cf = c.customFields ?? {};
    const text = [c.name, c.email, c.phone, phoneDigits(c.phone), c.notes, ...(c.tags ?? [])];
    if (q && !text.some((t) => normalizeForSearch(t).includes(q))) return false;
    const zones = [cf.zone, cf.location, cf.preferredZones];
    if (zone && !zones.some((z) => typeof z === 'string' && normalizeForSearch(z).includes(zone)))
      return false;
    if (f.type && c.type !== f.type) return false;
    if (f.minRating !== undefined && (c.rating ?? 0) < f.minRating) return false;
    if (f.hasPhone && !has(c.phone)) return false;
    if (f.hasEmail && !has(c.email)) return false;
    const amountOf =
      typeof cf.budget === 'number'
        ? cf.budget
        : typeof cf.propertyValue === 'number'
          ? cf.propertyValue
          : null;
    if (f.minBudget !== undefined && (amountOf === null || amountOf < f.minBudget)) return false;
    if (f.maxBudget !== undefined && (amountOf === null || amountOf > f.maxBudget)) return false;
    return true;
  });
  // Name order without accents or case; ties by the other normalised fields (search_text), then by id.
  const key = (c: FixtureClient) => clientSearchText(c, c.tags ?? []);
  matches.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id! < b.id! ? -1 : 1));
  return { ids: matches.slice(f.offset, f.offset + f.limit).map((c) => c.id), total: matches.length };
}

describe('search property: server results equal an in-memory filter', () => {
  it('holds for random clients and random queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(clientArb, { minLength: 0, maxLength: 12 }),
        fc.array(fc.tuple(queryArb, fc.option(sliceArb), fc.option(sliceArb)), {
          minLength: 1,
          maxLength: 8,
        }),
        async (clients, generated) => {
          const org = await createOrganization(db.knex);
          const ids = await insertSearchableClients(db.knex, org.id, clients);
          const stored = clients.map((c, i) => ({ ...c, id: ids[i] }));
          const ctx = testDomainCtx(db.knex, org.id);
          for (const [base, qSlice, zoneSlice] of generated) {
            const query = { ...base };
            const q = qSlice && sliceOf(stored, qSlice, false);
            if (q !== undefined && q !== null) query.q = q;
            const zone = zoneSlice && sliceOf(stored, zoneSlice, true);
            if (zone !== undefined && zone !== null) query.zone = zone;
            const result = await searchClients(ctx, query);
            const want = expected(stored, query);
            expect({ ids: result.clients.map((c) => c.id), total: result.total }).toEqual(want);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);
});
