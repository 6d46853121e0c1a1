import type { z } from 'zod';

/** The keys of T that may be blank: null, an empty list or an empty record is a valid value. */
type BlankableKeys<T> = {
  [K in keyof T]-?: null extends T[K]
    ? K
    : [] extends T[K]
      ? K
      : Record<never, never> extends T[K]
        ? K
        : never;
}[keyof T];

/** A row given by its required fields; every blankable field may be left out. */
export type WithBlanks<T> = Omit<T, BlankableKeys<T>> & Partial<Pick<T, BlankableKeys<T>>>;

/**
 * A full row of `schema` from the fields given: each key left out gets the first of null, [] and {}
 * that the schema accepts. Builders and fixtures start from it, so a new optional field needs no edit
 * there (docs/adding-a-field.md).
 */
export function blankRow<S extends z.ZodObject>(schema: S, given: WithBlanks<z.infer<S>>): z.infer<S> {
  // Keys in the schema's order whatever was given: rows of one shape keep property access fast.
  const values = given as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, blank] of plansOf(schema)) {
    if (key in values) row[key] = values[key];
    else if (blank !== undefined) row[key] = blank === null ? null : Array.isArray(blank) ? [] : {};
  }
  for (const key in values) if (!(key in row)) row[key] = values[key];
  return row as z.infer<S>;
}

/** Per schema, once: each key with its blank value, undefined when it has none (seeds build thousands of rows). */
const PLANS = new WeakMap<z.ZodObject, Array<[string, unknown]>>();
function plansOf(schema: z.ZodObject): Array<[string, unknown]> {
  let plans = PLANS.get(schema);
  if (!plans) {
    plans = Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [
      key,
      [null, [], {}].find((value) => field.safeParse(value).success),
    ]);
    PLANS.set(schema, plans);
  }
  return plans;
}
