import type { z } from 'zod';
import type { Random } from './random';

/**
 * Helpers of the round-trip tests (docs/adding-a-field.md): a valid value with EVERY field of an input
 * schema filled, and the fields a path lost, by name.
 */

/** The object shape behind an input schema (through `.transform` pipes). */
export function inputShape(schema: z.ZodType): Record<string, z.ZodType> {
  let current = schema as unknown as { shape?: Record<string, z.ZodType>; in?: z.ZodType };
  while (!current.shape && current.in) current = current.in as unknown as typeof current;
  if (!current.shape) throw new Error('inputShape: not an object schema');
  return current.shape;
}

type Def = { innerType?: unknown; in?: unknown; out?: unknown };

/** The options of the enumeration inside `field` (through optional, nullable, default, pipes), if any. */
function enumOptions(field: unknown): readonly unknown[] {
  const seen = new Set<unknown>();
  const queue = [field];
  while (queue.length) {
    const node = queue.shift() as { options?: readonly unknown[]; _zod?: { def?: Def } } | undefined;
    if (!node || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node.options)) return node.options;
    const def = node._zod?.def;
    if (def) queue.push(def.innerType, def.in, def.out);
  }
  return [];
}

/** Candidate values, tried in order: the first a field's schema accepts (as something not blank) is used. */
function candidates(rng: Random, field: z.ZodType): unknown[] {
  const options = enumOptions(field);
  const n = rng.int(1, 9999);
  const day = `19${rng.int(50, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
  return [
    ...(options.length ? [rng.pick(options)] : []),
    `Valor ${n}`,
    `pessoa${n}@exemplo.pt`,
    day,
    new Date(Date.UTC(2027, rng.int(0, 11), rng.int(1, 28), rng.int(8, 18))).toISOString(),
    rng.int(1, 5),
    true,
    '#1a2b3c',
  ];
}

/**
 * `base` (which names what cannot be random: references to other rows, the entity's type…) with every
 * other key of `schema` given a random valid value; keys in `skip` are left out (server-set references).
 */
export function fillEveryField(
  schema: z.ZodType,
  base: Record<string, unknown>,
  rng: Random,
  skip: readonly string[] = [],
): Record<string, unknown> {
  const value: Record<string, unknown> = { ...base };
  for (const [key, field] of Object.entries(inputShape(schema))) {
    if (key in value || skip.includes(key)) continue;
    const found = candidates(rng, field).find((c) => {
      const parsed = field.safeParse(c);
      return parsed.success && parsed.data !== null && parsed.data !== undefined;
    });
    if (found === undefined) throw new Error(`fillEveryField: no random value fits ${key}; give it in base`);
    value[key] = found;
  }
  return value;
}

/** The keys of `sent` (already parsed) whose value `row` does not hold equal: what a path dropped or changed. */
export function lostFields(
  sent: Record<string, unknown>,
  row: Record<string, unknown> | undefined,
): string[] {
  if (!row) return ['(the whole row)'];
  return Object.keys(sent).filter(
    (key) => sent[key] !== undefined && canonical(sent[key]) !== canonical(row[key]),
  );
}

/** JSON with object keys sorted: equal values, equal text, whatever order the keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
