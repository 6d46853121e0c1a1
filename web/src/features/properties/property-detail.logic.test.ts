import { describe, expect, it } from 'vitest';
import { PROPERTY_FIELDS } from '@casa/shared-schema';
import {
  PROPERTY_DETAIL_LAYOUT,
  addressLines,
  factRows,
  areaText,
  coverFirst,
  photoMoves,
  mediationRows,
  pricePerSquareMetreText,
  priceText,
  propertyKindText,
} from './property-detail.logic';

const nb = (s: string) => s.replace(/ /g, '\u00a0');
const sale = { business: 'Venda' as const, priceCents: 25_000_000, usableArea: 80, grossArea: 95 };

describe('priceText', () => {
  it('writes a sale price, and a rent per month', () => {
    expect(priceText(sale)).toBe(nb('€ 250 000'));
    expect(priceText({ business: 'Arrendamento', priceCents: 120_000 })).toBe(`${nb('€ 1 200')}/mês`);
  });

  it('is null without a price', () => {
    expect(priceText({ business: 'Venda', priceCents: null })).toBeNull();
  });
});

describe('pricePerSquareMetreText', () => {
  it('divides the price by the usable area, in whole euros for a sale', () => {
    expect(pricePerSquareMetreText(sale)).toBe(`${nb('€ 3 125')}/m²`);
    // 250 000 / 70 = 3 571,43 → € 3 571
    expect(pricePerSquareMetreText({ ...sale, usableArea: 70 })).toBe(`${nb('€ 3 571')}/m²`);
  });

  it('falls back to the gross area, and keeps a rent’s cents per month', () => {
    expect(pricePerSquareMetreText({ ...sale, usableArea: null, grossArea: 100 })).toBe(
      `${nb('€ 2 500')}/m²`,
    );
    expect(
      pricePerSquareMetreText({
        business: 'Arrendamento',
        priceCents: 100_000,
        usableArea: 80,
        grossArea: null,
      }),
    ).toBe(`${nb('€ 12,50')}/m²/mês`);
  });

  it('is null without a price or an area', () => {
    expect(pricePerSquareMetreText({ ...sale, priceCents: null })).toBeNull();
    expect(pricePerSquareMetreText({ ...sale, usableArea: null, grossArea: null })).toBeNull();
  });
});

describe('the other facts', () => {
  it('writes areas with pt-PT decimals', () => {
    expect(areaText(85.5)).toBe('85,5\u00a0m²');
    expect(areaText(null)).toBeNull();
  });

  it('writes type, typology and business on one line', () => {
    expect(propertyKindText({ propertyType: 'Apartamento', typology: 'T2', business: 'Venda' })).toBe(
      'Apartamento T2 · Venda',
    );
    expect(propertyKindText({ propertyType: 'Terreno', typology: null, business: 'Venda' })).toBe(
      'Terreno · Venda',
    );
  });

  it('writes the address as a letter does, without empty lines or a repeated distrito', () => {
    expect(
      addressLines({
        street: 'Rua Augusta 10',
        postalCode: '1100-048',
        freguesia: 'Santa Maria Maior',
        concelho: 'Lisboa',
        distrito: 'Lisboa',
      }),
    ).toEqual(['Rua Augusta 10', '1100-048 Santa Maria Maior', 'Lisboa']);
    expect(
      addressLines({
        street: null,
        postalCode: null,
        freguesia: null,
        concelho: 'Almada',
        distrito: 'Setúbal',
      }),
    ).toEqual(['Almada, Setúbal']);
  });

  it('lists the mediation contract', () => {
    expect(
      mediationRows({
        mediationExclusive: true,
        mediationStart: '2026-01-15',
        mediationEnd: null,
        commissionPercent: 4.5,
      }),
    ).toEqual([
      { label: 'Exclusividade', text: 'Sim' },
      { label: 'Início', text: '15/01/2026' },
      { label: 'Comissão', text: '4,5%' },
    ]);
  });

  it('puts the cover first and keeps the rest in order', () => {
    const photos = ['a', 'b', 'c', 'd'].map((id) => ({ id, isCover: id === 'c' }));
    expect(coverFirst(photos).map((p) => p.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(coverFirst(photos.map((p) => ({ ...p, isCover: false }))).map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});

describe('the detail layout', () => {
  it('places every field the metadata marks for the detail view, once', () => {
    const placed = Object.values(PROPERTY_DETAIL_LAYOUT).flat();
    const detail = Object.entries(PROPERTY_FIELDS)
      .filter(([, meta]) => meta && 'detail' in meta && meta.detail)
      .map(([key]) => key);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...detail, 'reference', 'title'].sort());
  });

  it('lists the facts with a value, labelled by the metadata', () => {
    const rows = factRows({
      bedrooms: 3,
      bathrooms: null,
      usableArea: 120.5,
      grossArea: null,
      landArea: null,
      condition: 'Usado',
      energyClass: 'B',
      yearBuilt: 1998,
    });
    expect(rows.map((r) => [r.label, r.text])).toEqual([
      ['Quartos', '3'],
      ['Área Útil', '120,5\u00a0m²'],
      ['Estado de Conservação', 'Usado'],
      ['Certificado Energético', 'B'],
      ['Ano de Construção', '1998'],
    ]);
  });
});

describe('photoMoves', () => {
  const photos = [
    { id: 'a', state: 'synced' },
    { id: 'b', state: 'synced' },
    { id: 'c', state: 'synced' },
    { id: 'd', state: 'pending' },
  ];
  it('moves a synced photo one place among the synced ones; the first cannot go left or be made cover', () => {
    expect(photoMoves(photos, 0)).toEqual({ cover: false, left: null, right: ['b', 'a', 'c'] });
    expect(photoMoves(photos, 1)).toEqual({ cover: true, left: ['b', 'a', 'c'], right: ['a', 'c', 'b'] });
    expect(photoMoves(photos, 2)).toEqual({ cover: true, left: ['a', 'c', 'b'], right: null });
  });
  it('offers nothing for a photo still on the device', () => {
    expect(photoMoves(photos, 3)).toEqual({ cover: false, left: null, right: null });
  });
});
