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

/** The object schema inside `field` (through optional, nullable, default, pipes), if any. */
function objectWithin(field: unknown): z.ZodType | undefined {
  const seen = new Set<unknown>();
  const queue = [field];
  while (queue.length) {
    const node = queue.shift() as { shape?: unknown; _zod?: { def?: Def } } | undefined;
    if (!node || seen.has(node)) continue;
    seen.add(node);
    if (node.shape && typeof node.shape === 'object') return node as unknown as z.ZodType;
    const def = node._zod?.def;
    if (def) queue.push(def.innerType, def.in, def.out);
  }
  return undefined;
}

/** Candidate values, tried in order: the first a field's schema accepts (as something not blank) is used. */
function candidates(rng: Random, field: z.ZodType): unknown[] {
  const options = enumOptions(field);
  // A random option first, then the others: an option equal to the row's value before is skipped.
  const picked = options.length ? [rng.pick(options)] : [];
  const n = rng.int(1, 9999);
  const day = `19${rng.int(50, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
  const two = (n: number) => String(n).padStart(2, '0');
  const flag = rng.chance(0.5);
  return [
    ...picked,
    ...options.filter((o) => o !== picked[0]),
    `Valor ${n}`,
    `pessoa${n}@exemplo.pt`,
    day,
    new Date(Date.UTC(2027, rng.int(0, 11), rng.int(1, 28), rng.int(8, 18))).toISOString(),
    `${two(rng.int(0, 23))}:${two(rng.int(0, 59))}`,
    rng.int(1, 5),
    flag,
    !flag,
    '#1a2b3c',
    rng.uuid(),
  ];
}

/**
 * `base` (which names what cannot be random: references to other rows, the entity's type…) with every
 * other key of `schema` given a random valid value; keys in `skip` are left out (server-set references).
 * `avoid` holds the values the row has before the write (defaults, the current row): a value equal to
 * one of them is used only when nothing else fits, so a path that ignores the field cannot pass by luck.
 */
export function fillEveryField(
  schema: z.ZodType,
  base: Record<string, unknown>,
  rng: Random,
  skip: readonly string[] = [],
  avoid: Record<string, unknown> = {},
): Record<string, unknown> {
  const value: Record<string, unknown> = { ...base };
  for (const [key, field] of Object.entries(inputShape(schema))) {
    if (key in value || skip.includes(key)) continue;
    const object = objectWithin(field);
    // Without a stored value, what the field would hold if a path dropped it: its default.
    const before = key in avoid ? avoid[key] : defaultOf(field);
    const nested = object ? [fillEveryField(object, {}, rng, [], asRecord(before))] : [];
    const fits = [...nested, ...candidates(rng, field)].filter((c) => {
      const parsed = field.safeParse(c);
      return parsed.success && parsed.data !== null && parsed.data !== undefined;
    });
    const found = fits.find((c) => canonical(c) !== canonical(before)) ?? fits[0];
    if (found === undefined) throw new Error(`fillEveryField: no random value fits ${key}; give it in base`);
    value[key] = found;
  }
  return value;
}

function defaultOf(field: z.ZodType): unknown {
  const parsed = field.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The keys of `sent` (already parsed) whose value `row` does not hold equal: what a path dropped or
 * changed. Inside nested objects (settings groups, campaign filters) the key is named `group.key`.
 */
export function lostFields(
  sent: Record<string, unknown>,
  row: Record<string, unknown> | undefined,
): string[] {
  if (!row) return ['(the whole row)'];
  return Object.keys(sent).flatMap((key) => {
    const [a, b] = [sent[key], row[key]];
    if (a === undefined || canonical(a) === canonical(b)) return [];
    const nested = isPlain(a) && isPlain(b) ? lostFields(a, b).map((k) => `${key}.${k}`) : [];
    return nested.length ? nested : [key];
  });
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** JSON with object keys sorted: equal values, equal text, whatever order the keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (isPlain(v) ? v[k] : undefined), value);

/** `lostFields` as a test message: each field with what was sent and what came back. */
export function lostDetail(sent: Record<string, unknown>, row: Record<string, unknown> | undefined): string {
  return lostFields(sent, row)
    .map((k) => `${k} (sent ${JSON.stringify(at(sent, k))}, got ${JSON.stringify(at(row, k))})`)
    .join(', ');
}
