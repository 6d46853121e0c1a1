import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyersPreparer,
  matchBuyersForProperty,
  matchPropertiesForBuyer,
  prepareBuyers,
  prepareProperties,
  type MatchableClient,
  type MatchableProperty,
} from './index';
import { referenceBuyersFor, referencePropertiesFor } from './reference.fixtures';

// The fast index against the plain reference (reference.fixtures.ts) on random buyers and properties drawn
// from small pools, so that zones, names, budgets and prices collide often (docs/product.md#matching).

const ZONES = [
  'Almada',
  'almada',
  ' ALMADA ',
  'Seixal',
  'Lisboa',
  'Lisboa - Alvalade',
  'lisboa - benfica',
  'Lisboa – Alvalade',
  'Porto - Foz do Douro',
  'Algarve - Vilamoura',
  'Vilamoura',
  'Foz',
  'vila nova de gaia',
  'Vila Nova de Gaia',
  'Lagoa',
  'Quarteira',
  'São João',
  'sao joao',
  'Cacilhas',
  'Rua',
  '-',
  '',
];
const SEPARATORS = [', ', ' e ', '/', '; ', ' E ', '\n', ',,'];
const zoneText = fc
  .array(fc.tuple(fc.constantFrom(...ZONES), fc.constantFrom(...SEPARATORS)), { maxLength: 3 })
  .map((parts) => parts.map(([z, sep], i) => (i === 0 ? z : sep + z)).join(''));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const budget = fc.oneof(
  fc.constantFrom(200_000, 250_000, 262_500.5, 300_000, 0, '250000', null),
  fc.integer({ min: 50_000, max: 600_000 }),
);
const client = fc.record({
  name: fc.constantFrom(
    'Ana',
    'ana',
    'Álvaro',
    'Alvaro',
    'Óscar',
    'Olga',
    'Zé',
    'Élio',
    'Bruno',
    'Ana  Zé',
    'Ana B',
    'Ana-Maria',
    'Ana Maria',
    'Ana\tCruz',
    'Æsa',
    'Aesa',
  ),
  type: fc.constantFrom('Comprador', 'Comprador', 'Investidor', 'Vendedor'),
  deletedAt: fc.constantFrom(null, null, null, '2026-11-01T00:00:00.000Z'),
  customFields: fc.record(
    {
      budget,
      investmentBudget: budget,
      typology: fc.constantFrom(
        'T0',
        'T1',
        'T2',
        'T3',
        'T4',
        'T5+',
        't3',
        ' T2 ',
        'T6',
        'Moradia',
        'Terreno',
        'x',
        null,
      ),
      propertyType: maybe(fc.constantFrom('Moradia', 'Loja', 'apartamento', 'Xpto')),
      investmentType: fc.constantFrom(
        'Arrendamento',
        'Revenda',
        'Reabilitação',
        'Terrenos',
        'Comercial',
        null,
      ),
      zone: maybe(zoneText),
      preferredZones: maybe(zoneText),
    },
    { requiredKeys: [] },
  ),
});
const property = fc.record({
  business: fc.constantFrom('Venda', 'Venda', 'Venda', 'Arrendamento'),
  propertyType: fc.constantFrom(
    'Apartamento',
    'Apartamento',
    'Moradia',
    'Terreno',
    'Comercial',
    'Escritório',
    'Loja',
    'Armazém',
    'Quinta',
    'Xpto',
  ),
  typology: fc.constantFrom(null, 'T0', 'T1', 'T2', 'T3', 'T4', 'T5+', 'T6'),
  priceCents: fc.oneof(
    fc.constantFrom(200_000_00, 250_000_00, 262_500_50, 275_000_00, 275_000_01, 288_750_55, 330_000_00, 0),
    fc.integer({ min: 40_000_00, max: 660_000_00 }),
  ),
  concelho: fc.constantFrom(
    'Almada',
    'Seixal',
    'Lisboa',
    'Porto',
    'Loulé',
    'Vila Nova de Gaia',
    'Lagoa',
    null,
  ),
  freguesia: fc.constantFrom(
    null,
    'Alvalade',
    'Benfica',
    'Cacilhas',
    'Quarteira',
    'Foz do Douro',
    'São João',
  ),
  street: fc.constantFrom(
    null,
    'Rua de Lisboa 4',
    'Avenida de Vilamoura',
    'Rua da Foz',
    'Rua do Seixal, Almada',
    'Travessa Alvalade-Norte',
  ),
  status: fc.constantFrom('Disponível', 'Disponível', 'Em angariação', 'Reservado', 'Vendido'),
  deletedAt: fc.constantFrom(null, null, null, '2026-11-01T00:00:00.000Z'),
});
const world = fc.record({
  clients: fc
    .array(client, { maxLength: 25 })
    .map((cs) => cs.map((c, i): MatchableClient => ({ ...c, id: `c${i}` }))),
  properties: fc
    .array(property, { maxLength: 25 })
    .map((ps) => ps.map((p, i): MatchableProperty => ({ ...p, id: `p${i}` }))),
});

// Each property takes about 0.5 s on a quiet machine; the shared, loaded one can take several times that.
const TIMEOUT = 30_000;

describe('matching against the plain reference', () => {
  it(
    'ranks the same buyers, with the same scores and reasons, for every property',
    () => {
      fc.assert(
        fc.property(world, ({ clients, properties }) => {
          const prepared = prepareBuyers(clients);
          for (const p of properties) {
            expect(matchBuyersForProperty(p, prepared)).toEqual(referenceBuyersFor(p, clients));
          }
        }),
        { numRuns: 200 },
      );
    },
    TIMEOUT,
  );

  it(
    'ranks the same properties, with the same scores and reasons, for every buyer',
    () => {
      fc.assert(
        fc.property(world, ({ clients, properties }) => {
          const prepared = prepareProperties(properties);
          for (const c of clients) {
            expect(matchPropertiesForBuyer(c, prepared)).toEqual(referencePropertiesFor(c, properties));
          }
        }),
        { numRuns: 200 },
      );
    },
    TIMEOUT,
  );

  it(
    'a limit gives the head of the full ranking; scores stay within 0–100',
    () => {
      fc.assert(
        fc.property(world, fc.integer({ min: 0, max: 5 }), ({ clients, properties }, limit) => {
          const prepared = prepareBuyers(clients);
          for (const p of properties) {
            const all = matchBuyersForProperty(p, prepared);
            expect(matchBuyersForProperty(p, prepared, { limit })).toEqual(all.slice(0, limit));
            for (const m of all) expect(m.score).toBeGreaterThanOrEqual(0);
            for (const m of all) expect(m.score).toBeLessThanOrEqual(100);
          }
        }),
      );
    },
    TIMEOUT,
  );

  it(
    'buyers prepared in slices (the server reads them in pages) rank as when prepared at once',
    () => {
      fc.assert(
        fc.property(
          world,
          fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 12 }),
          ({ clients, properties }, sizes) => {
            const preparer = buyersPreparer();
            for (let at = 0, i = 0; at < clients.length; at += sizes[i++ % sizes.length]!) {
              preparer.add(clients.slice(at, at + sizes[i % sizes.length]!));
              preparer.add([]); // a page without buyers
            }
            const sliced = preparer.finish();
            const whole = prepareBuyers(clients);
            expect(sliced.buyers).toEqual(whole.buyers);
            for (const p of properties) {
              expect(matchBuyersForProperty(p, sliced)).toEqual(matchBuyersForProperty(p, whole));
            }
          },
        ),
      );
    },
    TIMEOUT,
  );
});
