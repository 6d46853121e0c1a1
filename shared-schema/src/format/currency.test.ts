import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency, formatPriceCents, isCurrencyFieldKey, toAmount } from './currency';

// Intl pt-PT: digits grouped by (narrow) no-break spaces, comma decimals, then a space and €.
const EURO_FORMAT = /^-?\d{1,3}(?:[\u00a0\u202f ]\d{3})*,\d{2}[\u00a0 ]€$|^-?\d{4},\d{2}[\u00a0 ]€$/;
const ZERO = formatCurrency(0);

describe('formatCurrency', () => {
  it('formats euros with exactly two decimals', () => {
    expect(ZERO).toMatch(/^0,00\s€$/);
    expect(formatCurrency(1234.5)).toMatch(/^1234,50\s€$/);
    expect(formatCurrency(1234567.891)).toMatch(/^1\s234\s567,89\s€$/);
    expect(formatCurrency(-20)).toMatch(/^-20,00\s€$/);
  });

  it('reads numeric strings, including decimal strings from the database', () => {
    expect(formatCurrency('199.00')).toBe(formatCurrency(199));
    expect(formatCurrency('1.234,56')).toBe(formatCurrency(1234.56));
    expect(formatCurrency(' 42 ')).toBe(formatCurrency(42));
  });

  it.each([[''], [null], [undefined], ['abc'], [Number.NaN], [Number.POSITIVE_INFINITY], [{}], [[]], [true]])(
    'shows the zero amount for %p',
    (value) => {
      expect(formatCurrency(value)).toBe(ZERO);
    },
  );

  it('never shows a negative zero', () => {
    expect(formatCurrency(-0)).toBe(ZERO);
    expect(formatCurrency(-0.001)).toBe(ZERO);
  });

  it('never throws and always produces the euro format (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(formatCurrency(value)).toMatch(EURO_FORMAT);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        expect(formatCurrency(value)).toMatch(EURO_FORMAT);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(formatCurrency(value)).toMatch(EURO_FORMAT);
      }),
    );
  });

  it('keeps the cents of whole-cent amounts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_99 }), (cents) => {
        const text = formatCurrency(cents / 100);
        expect(text.endsWith(`,${String(cents % 100).padStart(2, '0')}\u00a0€`)).toBe(true);
      }),
    );
  });
});

describe('toAmount', () => {
  it('returns null for non-numeric input', () => {
    expect(toAmount('12abc')).toBeNull();
    expect(toAmount(null)).toBeNull();
    expect(toAmount(10n)).toBe(10);
  });
});

describe('isCurrencyFieldKey', () => {
  it.each([
    'budget',
    'propertyValue',
    'investmentBudget',
    'maxBudget',
    'price',
    'valorImovel',
    'precoPedido',
  ])('%s is money', (key) => expect(isCurrencyFieldKey(key)).toBe(true));
  it.each(['zone', 'typology', 'expectedReturn', 'notes', 'location'])('%s is not money', (key) =>
    expect(isCurrencyFieldKey(key)).toBe(false),
  );
});

describe('formatPriceCents', () => {
  it('writes whole euros with the sign first and every thousand grouped', () => {
    expect(formatPriceCents(25_000_000)).toBe('€\u00a0250\u00a0000');
    expect(formatPriceCents(150_000)).toBe('€\u00a01\u00a0500');
    expect(formatPriceCents(99_900)).toBe('€\u00a0999');
    expect(formatPriceCents(0)).toBe('€\u00a00');
  });

  it('shows cents only when there are some', () => {
    expect(formatPriceCents(125_050)).toBe('€\u00a01\u00a0250,50');
  });

  it('shows a dash for no price', () => {
    expect(formatPriceCents(null)).toBe('—');
    expect(formatPriceCents(undefined)).toBe('—');
  });
});
