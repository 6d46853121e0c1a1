/**
 * Field metadata: how screens and files show an entity's fields, keyed by the keys of its zod schema
 * (docs/adding-a-field.md). The schema says what a value is; this says how a person sees and types it.
 */

/** How a field is shown, typed in a form and written in the CSV. */
export type FieldKind =
  | 'id'
  | 'text'
  | 'multiline'
  | 'email'
  | 'phone'
  | 'clientType'
  | 'rating'
  | 'date'
  | 'datetime'
  | 'tags'
  | 'user'
  | 'customFields'
  // Properties (entities/property-fields.ts):
  | 'select'
  | 'multiselect'
  | 'integer'
  | 'decimal'
  | 'cents'
  | 'percent'
  | 'boolean'
  | 'client';

export type FieldMeta = {
  /** pt-PT label: the detail view's caption and the CSV column header. */
  label: string;
  kind: FieldKind;
  /**
   * Other header names the CSV importer accepts (compared without accents or case); absent: the field
   * has no CSV column.
   */
  csv?: readonly string[];
  /** Shown in the generic detail view (the title, for instance, shows the name by hand). */
  detail?: boolean;
  /** The choices of a 'select' or 'multiselect' field. */
  options?: readonly string[];
  /** A unit shown after the value and in the CSV header ('m²', '€', '%'). */
  unit?: string;
};

/**
 * Every key of the entity `T`, in display and CSV order; null for a column no screen or file shows. The
 * mapped type makes a key missing from the schema, or a schema key left out, a compile error.
 */
export type EntityFields<T> = { readonly [K in keyof T]-?: FieldMeta | null };

/** The kinds a person types as plain text: a form edits them as strings, blank meaning null. */
export const TEXT_INPUT_KINDS = ['text', 'multiline', 'email', 'phone', 'date'] as const;
export type TextInputKind = (typeof TEXT_INPUT_KINDS)[number];

/** The keys of `fields` whose kind is typed as text (for instance the client form's text boxes). */
export type TextInputKeys<F> = {
  [K in keyof F]: F[K] extends { kind: TextInputKind } ? K : never;
}[keyof F] &
  string;

export function textInputKeys<F extends Record<string, FieldMeta | null>>(fields: F): TextInputKeys<F>[] {
  return Object.keys(fields).filter((key) =>
    (TEXT_INPUT_KINDS as readonly string[]).includes(fields[key]?.kind ?? ''),
  ) as TextInputKeys<F>[];
}

/** The keys of `fields` with a meta entry (not null), in their order. */
export function shownKeys<F extends Record<string, FieldMeta | null>>(fields: F): Array<keyof F & string> {
  return Object.keys(fields).filter((key) => fields[key] !== null);
}
