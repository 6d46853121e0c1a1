const EURO = new Intl.NumberFormat('pt-PT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // No '-0,00 €' for negative zero or amounts that round to zero.
  signDisplay: 'negative',
});

/** Reads numbers, bigints and numeric strings ('199.00', '1 234,5'); anything else is null. */
export function toAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return null;
  let s = value.trim().replace(/[\s\u00a0\u202f€]/g, '');
  if (s === '') return null;
  // pt-PT input such as '1.234,56' or '1234,5'.
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** pt-PT euro with exactly two decimals ('1234,56 €'); empty or non-numeric shows the 0 amount. */
export function formatCurrency(value: unknown): string {
  return EURO.format(toAmount(value) ?? 0);
}

const CURRENCY_KEY_PARTS = ['budget', 'value', 'price', 'valor', 'preco'];

/** Custom fields displayed as money (docs/product.md#clients). */
export function isCurrencyFieldKey(key: string): boolean {
  if (typeof key !== 'string') return false;
  if (key === 'propertyValue' || key === 'investmentBudget') return true;
  const lower = key.toLowerCase();
  return CURRENCY_KEY_PARTS.some((part) => lower.includes(part));
}

const WHOLE_EUROS = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0, useGrouping: 'always' });
const EUROS_AND_CENTS = new Intl.NumberFormat('pt-PT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/**
 * A property's price as listings show it: '€ 250 000', cents only when there are some ('€ 1 250,50'),
 * thousands grouped from 1 000 on; no-break spaces, so a price never wraps. Null is '—'.
 */
export function formatPriceCents(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return '—';
  const euros = cents / 100;
  const digits = (Number.isInteger(euros) ? WHOLE_EUROS : EUROS_AND_CENTS).format(euros);
  return `€\u00a0${digits.replace(/[\s\u202f]/g, '\u00a0')}`;
}
