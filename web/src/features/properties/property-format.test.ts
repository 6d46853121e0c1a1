import { describe, expect, it } from 'vitest';
import { formatArea, propertyPriceText, propertyFacts } from './property-format';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('property price (pt-PT, € first)', () => {
  it('groups thousands with spaces, no cents when whole', () => {
    expect(plain(propertyPriceText(25_000_000, 'Venda'))).toBe('€ 250 000');
    expect(plain(propertyPriceText(150_000, 'Venda'))).toBe('€ 1 500');
    expect(plain(propertyPriceText(123_456_789_00, 'Venda'))).toBe('€ 123 456 789');
  });

  it('a rent is per month and keeps its cents', () => {
    expect(plain(propertyPriceText(120_000, 'Arrendamento'))).toBe('€ 1 200/mês');
    expect(plain(propertyPriceText(75_050, 'Arrendamento'))).toBe('€ 750,50/mês');
  });

  it('no price says so', () => {
    expect(plain(propertyPriceText(null, 'Venda'))).toBe('Preço sob consulta');
  });
});

describe('areas and the facts line', () => {
  it('m² with a decimal comma', () => {
    expect(formatArea(85)).toBe('85 m²');
    expect(formatArea(120.5)).toBe('120,5 m²');
    expect(formatArea(1500)).toBe('1 500 m²');
    expect(formatArea(null)).toBeNull();
  });

  it('joins only what is known', () => {
    expect(
      propertyFacts({ propertyType: 'Apartamento', typology: 'T2', usableArea: 85, concelho: 'Lisboa' }),
    ).toBe('Apartamento · T2 · 85 m² · Lisboa');
    expect(propertyFacts({ propertyType: 'Terreno', typology: null, usableArea: null, concelho: null })).toBe(
      'Terreno',
    );
  });
});
