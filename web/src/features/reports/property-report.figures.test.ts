import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_BUSINESSES, PROPERTY_STATUSES } from '@casa/shared-schema';
import {
  daysOnMarket,
  daysOnMarketOf,
  formatDays,
  formatEurosPerSquareMetre,
  median,
  pricePerSquareMetre,
  propertiesByStatus,
  propertyReport,
  type ReportProperty,
} from './property-report.figures';

const NOW = new Date('2026-11-27T10:00:00Z');
const base: ReportProperty = {
  status: 'Disponível',
  business: 'Venda',
  priceCents: 30_000_000,
  usableArea: 100,
  concelho: 'Lisboa',
  mediationStart: null,
  createdAt: '2026-11-17T10:00:00.000Z',
  deletedAt: null,
};
const p = (over: Partial<ReportProperty>): ReportProperty => ({ ...base, ...over });

describe('properties by status', () => {
  it('counts every status in the entity’s order, zeros included, deleted ones left out', () => {
    const counts = propertiesByStatus([
      p({}),
      p({ status: 'Vendido' }),
      p({}),
      p({ status: 'Vendido', deletedAt: '2026-11-20T00:00:00.000Z' }),
    ]);
    expect(counts.map((c) => c.status)).toEqual([...PROPERTY_STATUSES]);
    expect(Object.fromEntries(counts.map((c) => [c.status, c.count]))).toMatchObject({
      Disponível: 2,
      Vendido: 1,
      Reservado: 0,
    });
  });
});

describe('days on market', () => {
  it('counts Lisbon days from the mediation start, else from the creation day, never below 0', () => {
    expect(daysOnMarketOf(p({ mediationStart: '2026-11-01' }), NOW)).toBe(26);
    expect(daysOnMarketOf(p({}), NOW)).toBe(10);
    // 23:30 UTC on 31 July is already 1 August in Lisbon (summer time, UTC+1).
    expect(daysOnMarketOf(p({ createdAt: '2026-07-31T23:30:00.000Z' }), NOW)).toBe(
      daysOnMarketOf(p({ mediationStart: '2026-08-01' }), NOW),
    );
    expect(daysOnMarketOf(p({ mediationStart: '2026-12-15' }), NOW)).toBe(0);
  });

  it('averages and takes the median of the Disponível ones only', () => {
    const list = [
      p({ mediationStart: '2026-11-17' }), // 10
      p({ mediationStart: '2026-11-07' }), // 20
      p({ mediationStart: '2026-10-28' }), // 30
      p({ mediationStart: '2026-10-18' }), // 40
      p({ mediationStart: '2020-01-01', status: 'Vendido' }),
    ];
    expect(daysOnMarket(list, NOW)).toEqual({ count: 4, average: 25, median: 25 });
    expect(daysOnMarket([], NOW)).toEqual({ count: 0, average: null, median: null });
  });

  it('median agrees with a plain reference', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 60 }), (values) => {
        const sorted = [...values].sort((a, b) => a - b);
        const got = median(sorted);
        if (values.length === 0) return got === null;
        // At least half the values are ≤ the median and at least half are ≥ it.
        const below = values.filter((v) => v <= got!).length;
        const above = values.filter((v) => v >= got!).length;
        return below * 2 >= values.length && above * 2 >= values.length;
      }),
    );
  });
});

describe('average price per m² by concelho', () => {
  it('averages each Venda property’s own €/m² and ignores rentals, missing areas, prices and deleted', () => {
    const rows = pricePerSquareMetre([
      p({ priceCents: 30_000_000, usableArea: 100 }), // 3000
      p({ priceCents: 20_000_000, usableArea: 50 }), // 4000
      p({ concelho: 'Porto', priceCents: 25_000_000, usableArea: 125 }), // 2000
      p({ concelho: 'Porto', business: 'Arrendamento', priceCents: 100_000, usableArea: 10 }),
      p({ concelho: 'Porto', usableArea: null }),
      p({ concelho: 'Porto', priceCents: null }),
      p({ concelho: null }),
      p({ concelho: 'Porto', deletedAt: '2026-11-01T00:00:00.000Z' }),
    ]);
    expect(rows).toEqual([
      { concelho: 'Lisboa', count: 2, eurosPerSquareMetre: 3500 },
      { concelho: 'Porto', count: 1, eurosPerSquareMetre: 2000 },
    ]);
  });

  const concelhos = [
    'Lisboa',
    'Porto',
    'Almada',
    'Évora',
    'Faro',
    'Braga',
    'Sintra',
    'Cascais',
    'Óbidos',
    'Loulé',
  ];
  const arbitraryProperty = fc.record({
    status: fc.constantFrom(...PROPERTY_STATUSES),
    business: fc.constantFrom(...PROPERTY_BUSINESSES),
    priceCents: fc.option(fc.integer({ min: 0, max: 500_000_000 }), { nil: null }),
    usableArea: fc.option(fc.integer({ min: 0, max: 800 }), { nil: null }),
    concelho: fc.option(fc.constantFrom(...concelhos), { nil: null }),
    mediationStart: fc.constant(null),
    createdAt: fc.constant('2026-01-01T00:00:00.000Z'),
    deletedAt: fc.option(fc.constant('2026-02-01T00:00:00.000Z'), { nil: null }),
  });

  it('agrees with a plain reference: the top concelhos by count, each one’s mean €/m²', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryProperty, { maxLength: 80 }),
        fc.integer({ min: 1, max: 12 }),
        (list, top) => {
          const got = pricePerSquareMetre(list, top);
          const usable = list.filter(
            (x) => !x.deletedAt && x.business === 'Venda' && x.concelho && x.priceCents && x.usableArea,
          );
          const names = [...new Set(usable.map((x) => x.concelho!))];
          const reference = names.map((concelho) => {
            const own = usable.filter((x) => x.concelho === concelho);
            const mean = own.reduce((s, x) => s + x.priceCents! / 100 / x.usableArea!, 0) / own.length;
            return { concelho, count: own.length, mean };
          });
          expect(got).toHaveLength(Math.min(top, names.length));
          // Every concelho left out has no more properties than any one shown.
          const shown = new Set(got.map((g) => g.concelho));
          const least = Math.min(...got.map((g) => g.count));
          for (const r of reference) if (!shown.has(r.concelho)) expect(r.count).toBeLessThanOrEqual(least);
          for (const g of got) {
            const r = reference.find((x) => x.concelho === g.concelho)!;
            expect(g.count).toBe(r.count);
            expect(g.eurosPerSquareMetre).toBeCloseTo(r.mean, 6);
          }
          // Dearest first.
          for (let i = 1; i < got.length; i++) {
            expect(got[i - 1]!.eurosPerSquareMetre).toBeGreaterThanOrEqual(got[i]!.eurosPerSquareMetre);
          }
        },
      ),
    );
  });
});

describe('the whole section and its texts', () => {
  it('counts live properties', () => {
    const r = propertyReport([p({}), p({ deletedAt: '2026-11-01T00:00:00.000Z' })], NOW);
    expect(r.total).toBe(1);
    expect(r.daysOnMarket.count).toBe(1);
  });

  it('formats €/m² and days in pt-PT', () => {
    expect(formatEurosPerSquareMetre(2349.6).replace(/\u00a0/g, ' ')).toBe('€ 2 350/m²');
    expect(formatEurosPerSquareMetre(12_000).replace(/\u00a0/g, ' ')).toBe('€ 12 000/m²');
    expect(formatDays(1)).toBe('1 dia');
    expect(formatDays(12.5)).toBe('12,5 dias');
    expect(formatDays(null)).toBe('—');
  });
});
