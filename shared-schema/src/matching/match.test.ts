import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Client, Property } from '../index';
import { createRandom, personName } from '../generators/index';
import {
  matchBuyersForProperty,
  matchPropertiesForBuyer,
  prepareBuyers,
  prepareProperties,
  type MatchableClient,
  type MatchableProperty,
} from './index';

let seq = 0;
function comprador(fields: Record<string, unknown>, name = 'Ana Silva'): MatchableClient {
  return { id: `c${++seq}`, name, type: 'Comprador', customFields: fields };
}
function investidor(fields: Record<string, unknown>, name = 'Rui Costa'): MatchableClient {
  return { id: `c${++seq}`, name, type: 'Investidor', customFields: fields };
}
function property(overrides: Partial<MatchableProperty> = {}): MatchableProperty {
  return {
    id: `p${++seq}`,
    business: 'Venda',
    propertyType: 'Apartamento',
    typology: 'T2',
    priceCents: 250_000_00,
    concelho: 'Almada',
    freguesia: 'Cacilhas',
    street: 'Rua Cândido dos Reis 10',
    status: 'Disponível',
    ...overrides,
  };
}
/** The one match of one buyer and one property, or null. */
function match(client: MatchableClient, p: MatchableProperty) {
  const [m] = matchBuyersForProperty(p, [client]);
  const [back] = matchPropertiesForBuyer(client, [p]);
  // Both directions agree on every pair.
  expect(back?.score).toBe(m?.score);
  expect(back?.reasons).toEqual(m?.reasons);
  return m ? { score: m.score, reasons: m.reasons } : null;
}

describe('matching: price', () => {
  const buyer = comprador({ budget: 250_000, typology: 'T2', zone: 'Almada' });
  it('within the budget scores full marks', () => {
    expect(match(buyer, property())).toEqual({
      score: 100,
      reasons: ['Dentro do orçamento', 'Zona: Almada', 'Tipologia T2'],
    });
    expect(match(buyer, property({ priceCents: 90_000_00 }))?.score).toBe(100);
  });
  it('up to 10 % over scores less, with the started percent', () => {
    expect(match(buyer, property({ priceCents: 270_000_00 }))).toEqual({
      score: 100 - 40 + 30 - 16,
      reasons: ['8% acima do orçamento', 'Zona: Almada', 'Tipologia T2'],
    });
    expect(match(buyer, property({ priceCents: 250_000_01 }))?.reasons[0]).toBe('1% acima do orçamento');
    expect(match(buyer, property({ priceCents: 275_000_00 }))?.reasons[0]).toBe('10% acima do orçamento');
    expect(match(buyer, property({ priceCents: 275_000_00 }))?.score).toBe(70);
  });
  it('more than 10 % over does not match', () => {
    expect(match(buyer, property({ priceCents: 275_000_01 }))).toBeNull();
  });
  it('reads the budget as euros with cents, and skips buyers without one', () => {
    expect(
      match(comprador({ budget: 1000.5, zone: 'Almada' }), property({ priceCents: 1000_50 }))?.reasons[0],
    ).toBe('Dentro do orçamento');
    expect(match(comprador({ zone: 'Almada' }), property())).toBeNull();
    expect(match(comprador({ budget: '250000', zone: 'Almada' }), property())).toBeNull();
    expect(match(comprador({ budget: 0, zone: 'Almada' }), property())).toBeNull();
  });
});

describe('matching: typology', () => {
  it('one room apart scores half, further apart nothing; the reason names both', () => {
    const t3 = comprador({ budget: 300_000, typology: 'T3', zone: 'Almada' });
    expect(match(t3, property({ typology: 'T2' }))).toEqual({
      score: 90,
      reasons: ['Dentro do orçamento', 'Zona: Almada', 'Tipologia T3 pedida, T2 oferecida'],
    });
    expect(match(t3, property({ typology: 'T1' }))?.score).toBe(80);
    expect(match(t3, property({ typology: null }))?.reasons[2]).toBe(
      'Tipologia T3 pedida, sem tipologia indicada',
    );
    expect(
      match(comprador({ budget: 300_000, typology: 'T5+' }), property({ typology: 'T5+' }))?.reasons,
    ).toContain('Tipologia T5+');
  });
  it('no typology asked is neutral', () => {
    expect(match(comprador({ budget: 300_000, zone: 'Almada' }), property())).toEqual({
      score: 40 + 30 + 10 + 5,
      reasons: ['Dentro do orçamento', 'Zona: Almada'],
    });
  });
});

describe('matching: zone', () => {
  const buyer = (zone: string) => comprador({ budget: 300_000, typology: 'T2', zone });
  it('matches the concelho whatever the accents, case and spaces, and names it officially', () => {
    const p = property({ concelho: 'Vila Nova de Gaia', freguesia: 'Mafamude' });
    expect(match(buyer('  vila nova de GAIA '), p)?.reasons[1]).toBe('Zona: Vila Nova de Gaia');
    expect(match(buyer('Almada'), property({ concelho: 'Setúbal' }))).toBeNull();
  });
  it('reads several zones separated by commas, "e" and "/"', () => {
    const p = property({ concelho: 'Seixal' });
    for (const zone of ['Almada, Seixal', 'Almada e Seixal', 'Almada / Seixal', 'Barreiro;seixal']) {
      expect(match(buyer(zone), p)?.reasons[1], zone).toBe('Zona: Seixal');
    }
    expect(match(buyer('Almada, Barreiro'), p)).toBeNull();
  });
  it('finds a place that is no concelho in the freguesia or the street, as whole words', () => {
    const p = property({ concelho: 'Loulé', freguesia: 'Quarteira', street: 'Avenida de Vilamoura, Lote 3' });
    expect(match(buyer('vilamoura'), p)?.reasons[1]).toBe('Zona: vilamoura');
    expect(match(buyer('Quarteira'), p)?.score).toBe(100);
    expect(match(buyer('Vila'), p)).toBeNull();
  });
  it('a concelho name in the street of another concelho is not that zone', () => {
    expect(match(buyer('Lisboa'), property({ concelho: 'Porto', street: 'Rua de Lisboa 4' }))).toBeNull();
  });
  it("'Lisboa - Alvalade': full in Alvalade, partial elsewhere in Lisboa, none outside", () => {
    const b = buyer('Lisboa - Alvalade');
    expect(match(b, property({ concelho: 'Lisboa', freguesia: 'Alvalade' }))).toEqual({
      score: 100,
      reasons: ['Dentro do orçamento', 'Zona: Lisboa - Alvalade', 'Tipologia T2'],
    });
    expect(match(b, property({ concelho: 'Lisboa', freguesia: 'Benfica' }))).toEqual({
      score: 90,
      reasons: ['Dentro do orçamento', 'Zona: Lisboa, fora de Alvalade', 'Tipologia T2'],
    });
    expect(match(b, property({ concelho: 'Amadora', freguesia: 'Alvalade' }))).toBeNull();
  });
  it('the best zone wins, the first one among equals', () => {
    const b = buyer('Lisboa - Alvalade, Lisboa - Benfica');
    expect(match(b, property({ concelho: 'Lisboa', freguesia: 'Benfica' }))?.reasons[1]).toBe(
      'Zona: Lisboa - Benfica',
    );
    expect(match(b, property({ concelho: 'Lisboa', freguesia: 'Belém' }))?.reasons[1]).toBe(
      'Zona: Lisboa, fora de Alvalade',
    );
  });
  it('no zone asked is neutral for a Comprador; an Investidor needs one', () => {
    expect(match(comprador({ budget: 300_000, typology: 'T2' }), property())?.score).toBe(40 + 15 + 20 + 10);
    expect(match(investidor({ investmentBudget: 300_000 }), property())).toBeNull();
  });
});

describe('matching: property type and business', () => {
  it('a T-typology wants a home: an office does not match', () => {
    expect(
      match(comprador({ budget: 300_000, typology: 'T2' }), property({ propertyType: 'Escritório' })),
    ).toBeNull();
    expect(
      match(comprador({ budget: 300_000, typology: 'T2' }), property({ propertyType: 'Moradia' })),
    ).not.toBeNull();
  });
  it("typology 'Moradia' or 'Terreno' names the type", () => {
    const b = comprador({ budget: 300_000, typology: 'Moradia', zone: 'Almada' });
    expect(match(b, property({ propertyType: 'Moradia', typology: 'T4' }))).toEqual({
      score: 40 + 30 + 10 + 10,
      reasons: ['Dentro do orçamento', 'Zona: Almada', 'Tipo: Moradia'],
    });
    expect(match(b, property())).toBeNull();
    expect(
      match(comprador({ budget: 300_000, typology: 'Terreno' }), property({ propertyType: 'Terreno' })),
    ).not.toBeNull();
  });
  it("an Investidor's investment type names the types; other types take any", () => {
    const fields = { investmentBudget: 300_000, zone: 'Almada', preferredZones: 'Almada, Seixal' };
    const commercial = investidor({ ...fields, investmentType: 'Comercial' });
    expect(match(commercial, property({ propertyType: 'Loja', typology: null }))?.reasons).toEqual([
      'Dentro do orçamento',
      'Zona: Almada',
      'Tipo: Loja',
    ]);
    expect(match(commercial, property())).toBeNull();
    const land = investidor({ ...fields, investmentType: 'Terrenos' });
    expect(match(land, property({ propertyType: 'Terreno', typology: null }))?.reasons).toContain(
      'Tipo: Terreno',
    );
    expect(match(land, property({ propertyType: 'Moradia' }))).toBeNull();
    expect(match(investidor({ ...fields, investmentType: 'Revenda' }), property())).toEqual({
      score: 40 + 30 + 10 + 5,
      reasons: ['Dentro do orçamento', 'Zona: Almada'],
    });
    expect(
      match(investidor({ ...fields, investmentType: 'Revenda' }), property({ concelho: 'Seixal' }))
        ?.reasons[1],
    ).toBe('Zona: Seixal');
  });
  it('rentals match no buyer; sellers and deleted clients are never buyers', () => {
    const b = comprador({ budget: 300_000, zone: 'Almada' });
    expect(match(b, property({ business: 'Arrendamento', priceCents: 1_200_00 }))).toBeNull();
    expect(match({ ...b, type: 'Vendedor' }, property())).toBeNull();
    expect(match({ ...b, deletedAt: '2026-11-01T00:00:00.000Z' }, property())).toBeNull();
  });
});

describe('matching: status', () => {
  const b = comprador({ budget: 300_000, zone: 'Almada' });
  it('only Disponível and Em angariação match', () => {
    expect(match(b, property({ status: 'Disponível' }))).not.toBeNull();
    expect(match(b, property({ status: 'Em angariação' }))).not.toBeNull();
    for (const status of ['Reservado', 'Vendido', 'Arrendado', 'Retirado']) {
      expect(match(b, property({ status })), status).toBeNull();
    }
  });
});

describe('matching: ranking and prepared indexes', () => {
  it('ranks buyers by score, then by name in pt-PT order, then id', () => {
    const p = property();
    const clients = [
      comprador({ budget: 260_000, zone: 'Almada', typology: 'T2' }, 'Zé Neves'),
      comprador({ budget: 250_000, zone: 'Almada', typology: 'T2' }, 'Óscar Lima'),
      comprador({ budget: 250_000, zone: 'Almada', typology: 'T2' }, 'Olga Reis'),
      comprador({ budget: 240_000, zone: 'Almada', typology: 'T2' }, 'Ana Sá'),
      comprador({ budget: 100_000, zone: 'Almada', typology: 'T2' }, 'Bruno Dias'),
    ];
    const result = matchBuyersForProperty(p, prepareBuyers(clients));
    const names = result.map((r) => clients.find((c) => c.id === r.clientId)!.name);
    expect(names).toEqual(['Olga Reis', 'Óscar Lima', 'Zé Neves', 'Ana Sá']);
    expect(result.map((r) => r.score)).toEqual([100, 100, 100, 80]);
    expect(matchBuyersForProperty(p, prepareBuyers(clients), { limit: 2 })).toEqual(result.slice(0, 2));
  });
  it('ranks properties by score, then cheapest, then id; a prepared index is reusable', () => {
    const b = comprador({ budget: 300_000, zone: 'Almada, Seixal', typology: 'T2' });
    const ps = [
      property({ id: 'a', priceCents: 310_000_00 }),
      property({ id: 'b', priceCents: 280_000_00, concelho: 'Seixal' }),
      property({ id: 'c', priceCents: 200_000_00 }),
      property({ id: 'd', priceCents: 200_000_00, status: 'Vendido' }),
      property({ id: 'e', priceCents: 250_000_00, typology: 'T3' }),
    ];
    const prepared = prepareProperties(ps);
    const first = matchPropertiesForBuyer(b, prepared);
    expect(first.map((m) => [m.propertyId, m.score])).toEqual([
      ['c', 100],
      ['b', 100],
      ['e', 90],
      ['a', 82],
    ]);
    expect(matchPropertiesForBuyer(b, prepared)).toEqual(first);
    expect(matchPropertiesForBuyer(comprador({ budget: 300_000, zone: 'Porto' }), prepared)).toEqual([]);
    expect(matchPropertiesForBuyer(b, prepared)).toEqual(first);
  });
});

describe('matching: name order', () => {
  it('orders generated Portuguese names exactly as the pt-PT collator', () => {
    const rng = createRandom('matching-names');
    const clients = Array.from({ length: 3000 }, () =>
      comprador({ budget: 300_000 }, personName(rng).fullName),
    );
    const ranked = matchBuyersForProperty(property(), prepareBuyers(clients));
    const expected = [...clients]
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-PT') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((c) => c.id);
    expect(ranked.map((m) => m.clientId)).toEqual(expected);
  });

  it('follows the pt-PT collator even where it differs from the accent-free text (punctuation)', () => {
    const marks = ['_', '-', '.', "'", '(', ' '];
    const clients = Array.from({ length: 600 }, (_, i) =>
      comprador({ budget: 300_000 }, `${marks[i % marks.length]}Ana ${i % 7}`),
    );
    const ranked = matchBuyersForProperty(property(), prepareBuyers(clients));
    const expected = [...clients]
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-PT') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((c) => c.id);
    expect(ranked.map((m) => m.clientId)).toEqual(expected);
  });
});

describe('the entities as they are stored', () => {
  it('match as they are: a replicated property and client need no mapping', () => {
    expectTypeOf<Property>().toExtend<MatchableProperty>();
    expectTypeOf<Client>().toExtend<MatchableClient>();
  });
});
