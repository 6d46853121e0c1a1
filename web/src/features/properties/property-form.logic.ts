import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  DEFAULT_PROPERTY_STATUS,
  PROPERTY_FIELDS,
  propertyCreateSchema,
  type FieldKind,
  type Property,
  type PropertyCreateInput,
} from '@casa/shared-schema';

type Fields = typeof PROPERTY_FIELDS;
/** The fields a person fills in: every field with metadata except the id and the server's stamps. */
export type FormKey = Exclude<
  {
    [K in keyof Fields]: Fields[K] extends { kind: infer Kind }
      ? Kind extends 'id' | 'datetime'
        ? never
        : K
      : never;
  }[keyof Fields],
  undefined
>;

/** Numbers are typed as text ('85,5') and read by the schema; a price is typed in euros. */
type ValueOfKind<K extends FieldKind> = K extends 'multiselect'
  ? string[]
  : K extends 'boolean'
    ? boolean
    : K extends 'client' | 'user'
      ? string | null
      : string;

/** The form's values, one per field of PROPERTY_FIELDS, typed by the field's kind. */
export type PropertyFormValues = { [K in FormKey]: ValueOfKind<Fields[K]['kind']> };

export const FORM_KEYS = (Object.keys(PROPERTY_FIELDS) as (keyof Fields)[]).filter((key): key is FormKey => {
  const kind = PROPERTY_FIELDS[key]?.kind;
  return kind !== undefined && kind !== 'id' && kind !== 'datetime';
});

const kindOf = (key: FormKey): FieldKind => PROPERTY_FIELDS[key].kind;

function blankOf(kind: FieldKind): PropertyFormValues[FormKey] {
  if (kind === 'multiselect') return [];
  if (kind === 'boolean') return false;
  if (kind === 'client' || kind === 'user') return null;
  return '';
}

const decimalText = (n: number) => String(n).replace('.', ',');

/** A new property: a sale, being taken on, of `agentId` (the author), for `ownerClientId` when given. */
export function emptyPropertyForm(
  defaults: { ownerClientId?: string | null; agentId?: string | null } = {},
): PropertyFormValues {
  const values = Object.fromEntries(FORM_KEYS.map((k) => [k, blankOf(kindOf(k))])) as PropertyFormValues;
  return {
    ...values,
    business: 'Venda',
    status: DEFAULT_PROPERTY_STATUS,
    ownerClientId: defaults.ownerClientId ?? null,
    agentId: defaults.agentId ?? null,
  };
}

/** A stored property in the form: numbers as pt-PT text, the price in euros. */
export function propertyToForm(p: Property): PropertyFormValues {
  const entries = FORM_KEYS.map((key) => {
    const value = p[key];
    const kind = kindOf(key);
    if (value === null || value === undefined) return [key, blankOf(kind)];
    if (kind === 'cents') return [key, decimalText((value as number) / 100)];
    if (typeof value === 'number') return [key, decimalText(value)];
    if (Array.isArray(value)) return [key, [...value]];
    return [key, value];
  });
  return Object.fromEntries(entries) as PropertyFormValues;
}

/**
 * Euros typed in the price box → cents: '250000', '250 000', '250.000' (dots grouping thousands),
 * '750,50'. Anything else goes to the schema as typed, which refuses it with its own message.
 */
export function eurosToCents(text: string): number | string {
  const clean = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (clean === '') return '';
  const grouped = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(clean);
  const plain = grouped ? clean.replace(/\./g, '').replace(',', '.') : clean.replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Math.round(Number(plain) * 100) : text;
}

/** The form as createProperty/updateProperty args: the schema reads the text, the price becomes cents. */
export function formToPropertyInput(values: PropertyFormValues): PropertyCreateInput {
  const input: Record<string, unknown> = {};
  for (const key of FORM_KEYS) {
    const value = values[key];
    input[key] = kindOf(key) === 'cents' && typeof value === 'string' ? eurosToCents(value) : value;
  }
  return input as PropertyCreateInput;
}

/** Field → first pt-PT message (the shared schema's), or null when the form can be saved. */
export function propertyFormErrors(values: PropertyFormValues): Record<string, string> | null {
  const result = propertyCreateSchema.safeParse(formToPropertyInput(values));
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'root')] ??= issue.message;
  return errors;
}

export const propertyFormResolver: Resolver<PropertyFormValues> = (values) => {
  const found = propertyFormErrors(values);
  if (!found) return { values, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(found).map(([key, message]) => [key, { type: 'validation', message }]),
  );
  return { values: {}, errors: errors as FieldErrors<PropertyFormValues> };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An edit sends only what changed against the form as it was filled (a field another device changed
 * meanwhile is not written back with its old value).
 */
export function changedInput(
  values: PropertyFormValues,
  before: PropertyFormValues,
): Partial<PropertyCreateInput> {
  const all = formToPropertyInput(values) as Record<string, unknown>;
  const changed = FORM_KEYS.filter((key) => !same(values[key], before[key]));
  return Object.fromEntries(changed.map((key) => [key, all[key]])) as Partial<PropertyCreateInput>;
}
