import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROPERTY_TYPES, PROPERTY_TYPOLOGIES, TYPOLOGIES } from '../enums';
import { canonicalConcelho, CONCELHOS } from '../geo/concelhos';
import { validationMessages as m } from '../messages';
import { normalizeForSearch } from '../text/normalize';
import {
  nextPropertyReference,
  pricePerSquareMetreCents,
  propertyCreateSchema,
  propertyCrossFieldIssues,
  propertyUpdateSchema,
} from './property';
import { propertySearchText } from './property-rules';
import { PROPERTY_FIELDS } from './property-fields';
import { propertySchema } from './property';

const minimal = { title: 'Moradia T3', business: 'Venda', propertyType: 'Moradia' };

describe('property enums', () => {
  it('types reconcile the seller field and the issue list; typologies are the T-values only', () => {
    expect(PROPERTY_TYPES).toEqual([
      'Apartamento',
      'Moradia',
      'Terreno',
      'Comercial',
      'Escritório',
      'Loja',
      'Armazém',
      'Quinta',
    ]);
    expect(PROPERTY_TYPOLOGIES).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T5+']);
    expect(PROPERTY_TYPOLOGIES.every((t) => (TYPOLOGIES as readonly string[]).includes(t))).toBe(true);
  });
});

describe('nextPropertyReference', () => {
  it('is one more than the highest CASA-number, six digits at least', () => {
    expect(nextPropertyReference([])).toBe('CASA-000001');
    expect(nextPropertyReference(['CASA-000009', 'LX-99', null, 'casa-000123', 'CASA-12x'])).toBe(
      'CASA-000124',
    );
    expect(nextPropertyReference(['CASA-999999'])).toBe('CASA-1000000');
  });

  it('never answers a reference already in the list (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.nat({ max: 2_000_000 }).map((n) => `CASA-${String(n).padStart(6, '0')}`),
            fc.string(),
          ),
        ),
        (refs) => {
          const next = nextPropertyReference(refs);
          expect(refs.map((r) => r.toUpperCase())).not.toContain(next);
          expect(next).toMatch(/^CASA-\d{6,}$/);
        },
      ),
    );
  });
});

describe('propertyCreateSchema', () => {
  it('defaults status, features and exclusivity; fills the distrito from the concelho', () => {
    const v = propertyCreateSchema.parse({ ...minimal, concelho: 'cascais' });
    expect(v).toMatchObject({
      status: 'Em angariação',
      features: [],
      mediationExclusive: false,
      concelho: 'Cascais',
      distrito: 'Lisboa',
    });
    expect(v.reference).toBeUndefined();
  });

  it('reads form text: 85,5 m², blanks as null, a valid postal code', () => {
    const v = propertyCreateSchema.parse({
      ...minimal,
      usableArea: '85,5',
      grossArea: '',
      priceCents: '25000000',
      postalCode: ' 1100-148 ',
      commissionPercent: '4,5',
    });
    expect(v).toMatchObject({
      usableArea: 85.5,
      grossArea: null,
      priceCents: 25_000_000,
      postalCode: '1100-148',
      commissionPercent: 4.5,
    });
  });

  it.each([
    ['postalCode', '1100148', m.invalidPostalCode],
    ['postalCode', '1100-14', m.invalidPostalCode],
    ['concelho', 'Atlântida', m.unknownConcelho],
    ['distrito', 'Galiza', m.unknownDistrito],
    ['usableArea', 0, m.invalidArea],
    ['usableArea', 10.555, m.invalidArea],
    ['priceCents', 1.5, m.invalidAmount],
    ['priceCents', -1, m.nonNegative],
    ['commissionPercent', 101, m.invalidPercent],
    ['yearBuilt', 999, m.invalidYear],
    ['bedrooms', 2.5, m.invalidInteger],
    ['reference', '-x', m.invalidReference],
    ['title', '  ', m.propertyTitleRequired],
    ['business', 'Permuta', m.propertyBusinessRequired],
    ['energyClass', 'G', m.invalidOption],
  ])('refuses %s = %j with "%s"', (key, value, message) => {
    const r = propertyCreateSchema.safeParse({ ...minimal, [key]: value });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === key)?.message).toBe(message);
  });

  it('checks the concelho against the distrito and the contract dates', () => {
    expect(propertyCrossFieldIssues({ distrito: 'Porto', concelho: 'Lisboa' })).toEqual({
      concelho: m.concelhoNotInDistrito,
    });
    expect(propertyCrossFieldIssues({ mediationStart: '2026-05-01', mediationEnd: '2026-04-30' })).toEqual({
      mediationEnd: m.endBeforeStart,
    });
    expect(
      propertyCrossFieldIssues({
        distrito: 'Lisboa',
        concelho: 'Sintra',
        mediationStart: '2026-05-01',
        mediationEnd: '2026-05-01',
      }),
    ).toEqual({});
  });

  it('leaves unsent fields out of an update', () => {
    expect(propertyUpdateSchema.parse({ priceCents: 1 })).toEqual({ priceCents: 1 });
  });
});

describe('concelhos and search', () => {
  it('finds every concelho of the list without accents or case', () => {
    for (const c of CONCELHOS)
      expect(canonicalConcelho(normalizeForSearch(c.name).toUpperCase())).toBe(c.name);
  });

  it('searches reference, title, street, concelho and freguesia, normalised', () => {
    const text = propertySearchText({
      reference: 'CASA-000007',
      title: 'Água',
      street: 'Rua Ç',
      concelho: 'Setúbal',
      freguesia: 'São Julião',
    });
    for (const q of ['casa-000007', 'agua', 'rua c', 'setubal', 'sao juliao']) expect(text).toContain(q);
  });

  it('computes the price per m² from the usable area, else the gross one', () => {
    expect(pricePerSquareMetreCents({ priceCents: 30_000_000, usableArea: 100, grossArea: 120 })).toBe(
      300_000,
    );
    expect(pricePerSquareMetreCents({ priceCents: 30_000_000, usableArea: null, grossArea: 120 })).toBe(
      250_000,
    );
    expect(pricePerSquareMetreCents({ priceCents: null, usableArea: 100, grossArea: null })).toBeNull();
  });
});

describe('PROPERTY_FIELDS', () => {
  it('covers exactly the keys of the schema', () => {
    expect(Object.keys(PROPERTY_FIELDS).sort()).toEqual(Object.keys(propertySchema.shape).sort());
  });

  it('has unique CSV headers and aliases', () => {
    const normalised = Object.values(PROPERTY_FIELDS).flatMap((f) =>
      f?.csv ? [...new Set([f.label, ...f.csv].map(normalizeForSearch))] : [],
    );
    expect(normalised.filter((n, i) => normalised.indexOf(n) !== i)).toEqual([]);
  });

  it('lists the options of every choice field', () => {
    for (const [key, f] of Object.entries(PROPERTY_FIELDS))
      if (f?.kind === 'select' || f?.kind === 'multiselect')
        expect(f.options?.length, key).toBeGreaterThan(0);
  });
});
