import {
  CLIENT_FIELDS,
  CUSTOM_FIELD_DEFS,
  customFieldLabel,
  formatCurrency,
  formatDate,
  formatDateTime,
  isCurrencyFieldKey,
  toAmount,
  type Client,
  type ClientType,
  type FieldKind,
} from '@casa/shared-schema';

type DetailField = { key: keyof Client; label: string; kind: FieldKind };
type DetailPart = 'grid' | 'block' | 'custom' | 'tags' | 'stamps';

/** Where a kind of field sits in the detail view: short values in the grid, long text alone, stamps last. */
function partOf(kind: FieldKind): DetailPart {
  if (kind === 'multiline') return 'block';
  if (kind === 'customFields') return 'custom';
  if (kind === 'tags') return 'tags';
  if (kind === 'datetime') return 'stamps';
  return 'grid';
}

/** The detail view's fields (CLIENT_FIELDS with `detail`), by the part of the view they sit in. */
export const CLIENT_DETAIL_FIELDS: Record<DetailPart, DetailField[]> = {
  grid: [],
  block: [],
  custom: [],
  tags: [],
  stamps: [],
};
for (const [key, meta] of Object.entries(CLIENT_FIELDS)) {
  if (meta && 'detail' in meta && meta.detail) {
    CLIENT_DETAIL_FIELDS[partOf(meta.kind)].push({
      key: key as keyof Client,
      label: meta.label,
      kind: meta.kind,
    });
  }
}

/** A plain field's shown value: dates the pt-PT way, '—' when blank. */
export function fieldValueText(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (kind === 'date' && typeof value === 'string') return formatDate(value);
  if (kind === 'datetime' && typeof value === 'string') return formatDateTime(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

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
