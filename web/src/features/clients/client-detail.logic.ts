import { formatCurrency, isCurrencyFieldKey, toAmount, type ClientType } from '@casa/shared-schema';
import { CUSTOM_FIELD_DEFS, customFieldLabel } from './client-form.logic';

/**
 * A custom field's shown value: money by the docs/product.md#clients key rule when the value is an amount (a text
 * such as budgetRange '500 mil a 1 milhão' stays text), the return as a percentage.
 */
export function customFieldValueText(key: string, value: unknown): string {
  if (isCurrencyFieldKey(key) && toAmount(value) !== null) return formatCurrency(value);
  if (key === 'expectedReturn' && typeof value === 'number') return `${value.toLocaleString('pt-PT')}%`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The filled custom fields as label/value rows: the type's fields in form order, then any other keys. */
export function customFieldRows(type: ClientType, fields: Record<string, unknown> | null | undefined) {
  const all = fields ?? {};
  const known = (CUSTOM_FIELD_DEFS[type] ?? []).map((d) => d.key);
  const keys = [...known, ...Object.keys(all).filter((k) => !known.includes(k))];
  return keys
    .filter((key) => all[key] !== null && all[key] !== undefined && all[key] !== '')
    .map((key) => ({ key, label: customFieldLabel(key), value: customFieldValueText(key, all[key]) }));
}
