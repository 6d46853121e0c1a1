import { describe, expect, it } from 'vitest';
import { formatPropertyPrice, formatWholeEuros } from './property-price';

const plain = (s: string | null) => s?.replace(/\u00a0/g, ' ');

describe('property price', () => {
  it('shows whole euros grouped by thousands, euro sign first', () => {
    expect(plain(formatWholeEuros(25_000_000))).toBe('€ 250 000');
    expect(plain(formatWholeEuros(123_456_789_00))).toBe('€ 123 456 789');
    expect(plain(formatWholeEuros(95_000))).toBe('€ 950');
    expect(plain(formatWholeEuros(99))).toBe('€ 1');
  });
  it("adds '/mês' to a rent and shows nothing without a price", () => {
    expect(plain(formatPropertyPrice({ priceCents: 95_000, business: 'Arrendamento' }))).toBe('€ 950/mês');
    expect(plain(formatPropertyPrice({ priceCents: 1_000_000, business: 'Venda' }))).toBe('€ 10 000');
    expect(formatPropertyPrice({ priceCents: null, business: 'Venda' })).toBeNull();
  });
});
