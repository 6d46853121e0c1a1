import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankCampaignCandidates, type Client } from '@casa/shared-schema';
import {
  callLogErrorTitle,
  coldCallFigures,
  defaultTargetCount,
  formatPercent,
  generatorPreview,
  lisbonTomorrow,
  marathonQueue,
  telHref,
  whatsappHref,
} from './cold-calls.logic';
import { EMPTY_GENERATOR_FILTERS, generatorFilters } from './generator-filters.logic';

const client = (id: string, extra: Partial<Client> = {}) =>
  ({ id, name: id, type: 'Comprador', phone: '912345678', rating: 0, customFields: {}, ...extra }) as Client;

describe('coldCallFigures', () => {
  it('counts the Lisbon day and the conversion rate with one decimal', () => {
    // 2026-03-29 is 23 hours long in Lisbon: 23:30 UTC on the 28th is the 28th, 23:00 UTC on the 29th the 30th.
    const now = new Date('2026-03-29T12:00:00Z');
    const calls = [
      { result: 'Interessado' as const, calledAt: '2026-03-28T23:30:00Z' },
      { result: 'Agendar Follow-up' as const, calledAt: '2026-03-29T08:00:00Z' },
      { result: 'Atendeu' as const, calledAt: '2026-03-29T22:59:00Z' },
      { result: null, calledAt: '2026-03-29T23:00:00Z' },
      { result: 'Recusou' as const, calledAt: '2026-03-20T10:00:00Z' },
      { result: 'Não Atendeu' as const, calledAt: '2026-03-21T10:00:00Z' },
    ];
    expect(coldCallFigures(calls, [{ status: 'active' }, { status: 'completed' }], now)).toEqual({
      totalCalls: 6,
      callsToday: 2,
      conversionRate: 33.3,
      activeCampaigns: 1,
    });
    expect(coldCallFigures([], [], now).conversionRate).toBe(0);
    expect(formatPercent(33.3)).toBe('33,3%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('contact links', () => {
  it('gives Portuguese 9-digit numbers the 351 code on WhatsApp and keeps others', () => {
    expect(whatsappHref('912 345 678')).toBe('https://wa.me/351912345678');
    expect(whatsappHref('+351 912 345 678')).toBe('https://wa.me/351912345678');
    expect(whatsappHref('0044 20 7946 0958')).toBe('https://wa.me/442079460958');
    expect(whatsappHref('  ')).toBeNull();
    expect(telHref('+351 912-345-678')).toBe('tel:+351912345678');
    expect(telHref('912 345 678')).toBe('tel:912345678');
    expect(telHref(null)).toBeNull();
  });
});

describe('marathonQueue', () => {
  it('keeps clients with a phone, never contacted first, then most days since the last contact', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const clients = [
      client('a'),
      client('b'),
      client('c', { phone: '' }),
      client('d'),
      client('e'),
      client('f', { phone: null }),
    ];
    const contacts = new Map([
      ['a', '2026-11-22T10:00:00Z'],
      ['b', '2026-06-01T10:00:00Z'],
      ['c', '2020-01-01T10:00:00Z'],
    ]);
    const queue = marathonQueue(clients, contacts, now);
    expect(queue.map((q) => q.id)).toEqual(['d', 'e', 'b', 'a']);
    expect(queue.map((q) => q.daysSinceLastContact)).toEqual([null, null, 175, 1]);
  });
});

describe('list generator', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const clients = [
    client('buyer-lx', { rating: 4, customFields: { budget: 300000, zone: 'Lisboa, Alvalade' } }),
    client('buyer-porto', { rating: 5, customFields: { budget: 200000, zone: 'Porto' } }),
    client('seller-lx', { type: 'Vendedor', customFields: { propertyValue: 400000, location: 'lisboa' } }),
    client('buyer-nophone', { phone: null, customFields: { budget: 300000, zone: 'Lisboa' } }),
  ];

  it('turns the form into the server filters and reports a bad budget', () => {
    expect(generatorFilters(EMPTY_GENERATOR_FILTERS)).toEqual({
      ok: true,
      filters: {
        clientType: null,
        minRating: null,
        hasPhone: true,
        zone: null,
        minBudget: null,
        maxBudget: null,
        lastContactDays: null,
      },
    });
    const typed = generatorFilters({
      ...EMPTY_GENERATOR_FILTERS,
      clientType: 'Comprador',
      minRating: '3',
      minBudget: '250000',
      lastContact: '90',
    });
    expect(typed).toMatchObject({
      ok: true,
      filters: { clientType: 'Comprador', minRating: 3, minBudget: 250000, lastContactDays: 90 },
    });
    expect(generatorFilters({ ...EMPTY_GENERATOR_FILTERS, minBudget: '-5' })).toMatchObject({
      ok: false,
      field: 'minBudget',
    });
  });

  it('previews the matches with a phone in the server order; zone and budget as the server', () => {
    const form = { ...EMPTY_GENERATOR_FILTERS, zone: 'LISBOA', minBudget: '250000' };
    const result = generatorFilters(form);
    if (!result.ok) throw new Error(result.message);
    const contacts = new Map([['seller-lx', '2026-01-01T10:00:00Z']]);
    const ranked = marathonQueue(clients, contacts, now);
    expect(generatorPreview(ranked, result.filters).map((c) => c.id)).toEqual(['buyer-lx', 'seller-lx']);
    const buyers = generatorFilters({ ...EMPTY_GENERATOR_FILTERS, clientType: 'Comprador', minRating: '5' });
    if (!buyers.ok) throw new Error(buyers.message);
    expect(generatorPreview(ranked, buyers.filters).map((c) => c.id)).toEqual(['buyer-porto']);
  });

  it('defaults the target count to 20, never above the matches', () => {
    expect(defaultTargetCount(57)).toBe(20);
    expect(defaultTargetCount(7)).toBe(7);
    expect(defaultTargetCount(0)).toBe(1);
  });
});

describe('call log helpers', () => {
  it('defaults the follow-up to the next Lisbon day and names the failed part', () => {
    expect(lisbonTomorrow(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(lisbonTomorrow(new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
    expect(callLogErrorTitle({ 'followUp.scheduledDate': 'x' })).toBe('Erro ao criar follow-up');
    expect(callLogErrorTitle({ result: 'x' })).toBe('Erro ao guardar registo de cold call');
    expect(callLogErrorTitle(undefined)).toBe('Erro ao guardar registo de cold call');
  });
});

describe('generatorPreview over the ranked list', () => {
  it('equals ranking the matches directly (the server rule) for any clients and filters', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const clientArb = fc.record({
      id: fc.uuid(),
      type: fc.constantFrom('Comprador', 'Vendedor', 'Investidor'),
      phone: fc.constantFrom('912345678', '', null),
      rating: fc.nat({ max: 5 }),
      zone: fc.constantFrom('Lisboa', 'Porto', 'Faro'),
      budget: fc.nat({ max: 500_000 }),
      contactedDaysAgo: fc.option(fc.nat({ max: 400 })),
    });
    const filtersArb = fc.record({
      clientType: fc.constantFrom('all', 'Comprador', 'Vendedor'),
      minRating: fc.constantFrom('0', '2', '4'),
      zone: fc.constantFrom('', 'lis', 'porto'),
      minBudget: fc.constantFrom('', '100000'),
      maxBudget: fc.constantFrom('', '300000'),
      lastContact: fc.constantFrom('any', '30', '90', '365'),
    });
    fc.assert(
      fc.property(fc.array(clientArb, { maxLength: 40 }), filtersArb, (rows, form) => {
        const clients = rows.map((r) =>
          client(r.id, {
            type: r.type as Client['type'],
            phone: r.phone,
            rating: r.rating,
            customFields: { zone: r.zone, budget: r.budget },
          }),
        );
        const contacts = new Map(
          rows
            .filter((r) => r.contactedDaysAgo !== null)
            .map((r) => [r.id, new Date(now.getTime() - r.contactedDaysAgo! * 86_400_000).toISOString()]),
        );
        const parsed = generatorFilters(form);
        if (!parsed.ok) throw new Error(parsed.message);
        const direct = rankCampaignCandidates(clients, parsed.filters, (id) => contacts.get(id), now);
        const viaRanked = generatorPreview(marathonQueue(clients, contacts, now), parsed.filters);
        expect(viaRanked.map((r) => r.id)).toEqual(direct.map((r) => r.id));
      }),
    );
  });
});
