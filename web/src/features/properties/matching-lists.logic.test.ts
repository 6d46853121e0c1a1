import { describe, expect, it } from 'vitest';
import {
  contactHrefs,
  MATCHES_PAGE,
  nextLimit,
  noBuyersText,
  visibleMatches,
  withRows,
} from './matching-lists.logic';

describe('visibleMatches', () => {
  const ranked = Array.from({ length: 45 }, (_, i) => i);

  it('shows the first 20 in rank order, then 20 more per Ver mais', () => {
    const first = visibleMatches(ranked, MATCHES_PAGE);
    expect(first.shown).toEqual(ranked.slice(0, 20));
    expect(first.hidden).toBe(25);
    const second = visibleMatches(ranked, nextLimit(MATCHES_PAGE));
    expect(second.shown).toHaveLength(40);
    expect(second.hidden).toBe(5);
    expect(visibleMatches(ranked, nextLimit(nextLimit(MATCHES_PAGE)))).toEqual({ shown: ranked, hidden: 0 });
  });

  it('handles fewer matches than a page, and none', () => {
    expect(visibleMatches([1, 2], MATCHES_PAGE)).toEqual({ shown: [1, 2], hidden: 0 });
    expect(visibleMatches([], MATCHES_PAGE)).toEqual({ shown: [], hidden: 0 });
  });
});

describe('contactHrefs', () => {
  it('adds 351 to a national number for WhatsApp and dials it as written', () => {
    expect(contactHrefs('912 345 678')).toEqual({
      tel: 'tel:912345678',
      whatsapp: 'https://wa.me/351912345678',
    });
  });

  it('keeps an international number, with + or 00', () => {
    expect(contactHrefs('+351 912 345 678')).toEqual({
      tel: 'tel:+351912345678',
      whatsapp: 'https://wa.me/351912345678',
    });
    expect(contactHrefs('0044 7700 900123').whatsapp).toBe('https://wa.me/447700900123');
  });

  it('gives no links without a phone', () => {
    expect(contactHrefs(null)).toEqual({ tel: null, whatsapp: null });
    expect(contactHrefs(' - ')).toEqual({ tel: null, whatsapp: null });
  });
});

describe('withRows', () => {
  it('keeps the rank order and skips rows the replica no longer has', () => {
    const rows = new Map([
      ['a', { name: 'Ana' }],
      ['c', { name: 'Carla' }],
    ]);
    const joined = withRows(
      [{ id: 'c' }, { id: 'b' }, { id: 'a' }],
      (m) => m.id,
      (id) => rows.get(id),
    );
    expect(joined.map((j) => j.row.name)).toEqual(['Carla', 'Ana']);
  });
});

describe('noBuyersText', () => {
  const sale = { business: 'Venda', status: 'Disponível', priceCents: 25_000_000 };
  it('says which rule keeps the buyers away, one at a time', () => {
    expect(noBuyersText({ ...sale, business: 'Arrendamento' })).toBe(
      'Só os imóveis para venda têm compradores compatíveis.',
    );
    expect(noBuyersText({ ...sale, status: 'Reservado' })).toBe(
      'Um imóvel Reservado já não é comparado com os compradores.',
    );
    expect(noBuyersText({ ...sale, priceCents: null })).toBe(
      'Indique o preço do imóvel para encontrar compradores compatíveis.',
    );
    expect(noBuyersText(sale)).toMatch(/^Nenhum comprador compatível de momento\./);
    expect(noBuyersText({ ...sale, status: 'Em angariação' })).toBe(noBuyersText(sale));
  });
});
