import fc from 'fast-check';
import type { Knex } from 'knex';
import { csvMessages, errorMessages, validationMessages } from '@casa/shared-schema';
import { TABLE_NAMES } from '../src/db/tables';

/**
 * Generators and checks of the bad-input property test (bad-input.property.test.ts): values that break a
 * bound of issue 17 whatever field they land in, the "is this Portuguese" check, and the "nothing was
 * written" snapshot.
 */

/** Characters no text field accepts (tab, LF and CR are left out: multi-line fields allow them). */
const FORBIDDEN = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
];

const key = fc.string({ minLength: 1, maxLength: 8 });

function nestValue(depth: number, leaf: unknown, keys: string[], arrays: boolean[]): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = arrays[i % arrays.length] ? [v] : { [keys[i % keys.length] ?? 'a']: v };
  return v;
}

/**
 * A bad value, described rather than built: fast-check prints (and shrinks) what it generates, and a value
 * 5,000 deep would overflow its printer. `materialize` builds the value sent.
 */
export type Poison =
  | { deep: { depth: number; keys: string[]; arrays: boolean[]; leaf: unknown } }
  | { wide: { n: number; asArray: boolean } }
  | { long: { n: number; c: string } }
  | { odd: string };

export function materialize(p: Poison): unknown {
  if ('deep' in p) return nestValue(p.deep.depth, p.deep.leaf, p.deep.keys, p.deep.arrays);
  if ('wide' in p) {
    const { n, asArray } = p.wide;
    return asArray
      ? Array.from({ length: n }, (_, i) => ({ [`k${i}`]: i }))
      : Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
  }
  if ('long' in p) return p.long.c.repeat(p.long.n);
  return p.odd;
}

const deepSpec = (min: number, max: number) =>
  fc.record({
    depth: fc.integer({ min, max }),
    keys: fc.array(key, { minLength: 1, maxLength: 4 }),
    arrays: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    leaf: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null)),
  });

/** Nested 6 to 30 deep (past every field's depth, under the body parser's 32). */
export const deepValue: fc.Arbitrary<Poison> = deepSpec(6, 30).map((deep) => ({ deep }));

/** 201 to 3,000 entries (past the 200 keys of JSON_FIELD_LIMITS and every list's maximum). */
export const wideValue: fc.Arbitrary<Poison> = fc
  .record({ n: fc.integer({ min: 201, max: 3_000 }), asArray: fc.boolean() })
  .map((wide) => ({ wide }));

/**
 * 10,001 to 150,000 characters, ASCII or not (past the longest text field, notes at 10,000). Never only
 * spaces: trimmed, those are a blank field, which is valid.
 */
export const longString: fc.Arbitrary<Poison> = fc
  .record({ n: fc.integer({ min: 10_001, max: 150_000 }), c: fc.constantFrom('a', 'ç', '😀', '9') })
  .map((long) => ({ long }));

/**
 * Ordinary text with a forbidden character inside it (between two letters: at either end, a control that
 * is whitespace, like U+000B, is trimmed away with the spaces, which leaves valid text).
 */
export const oddString: fc.Arbitrary<Poison> = fc
  .tuple(fc.string({ maxLength: 30 }), fc.constantFrom(...FORBIDDEN), fc.string({ maxLength: 30 }))
  .map(([a, bad, b]) => ({ odd: `${a}x${bad}x${b}` }));

/** A bad value for any field. */
export const poisonValue: fc.Arbitrary<Poison> = fc.oneof(deepValue, wideValue, longString, oddString);

type BodyPoison =
  | { deep: { depth: number; keys: string[]; arrays: boolean[]; leaf: unknown } }
  | { unstorable: { s: string; bad: string; inKey: boolean } };

/** A bad body as a whole: deeper than the parser's 32, or U+0000 / a lone surrogate in a key or value. */
export const poisonBody: fc.Arbitrary<BodyPoison> = fc.oneof(
  deepSpec(33, 5_000).map((deep) => ({ deep })),
  fc
    .record({
      s: fc.string({ maxLength: 10 }),
      bad: fc.constantFrom(String.fromCharCode(0), String.fromCharCode(0xd800), String.fromCharCode(0xdc00)),
      inKey: fc.boolean(),
    })
    .map((unstorable) => ({ unstorable })),
);

/**
 * The raw JSON text a body case sends: a deep body is written as text, since JSON.stringify of a value
 * 5,000 deep overflows the test's own stack.
 */
export function bodyText(p: BodyPoison): string {
  if ('unstorable' in p) {
    const { s, bad, inKey } = p.unstorable;
    return JSON.stringify(inKey ? { [`${s}${bad}`]: 1 } : { note: `${s}${bad}` });
  }
  const { depth, keys, arrays, leaf } = p.deep;
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const isArray = arrays[i % arrays.length];
    open += isArray ? '[' : `{${JSON.stringify(keys[i % keys.length] ?? 'a')}:`;
    close = (isArray ? ']' : '}') + close;
  }
  return `{"x":${open}${JSON.stringify(leaf) ?? 'null'}${close}}`;
}

/** A bad path parameter: long, or with a forbidden character (sent URL-encoded; not '..', which fetch resolves away). */
export const poisonParam = fc.oneof(
  fc.integer({ min: 300, max: 5_000 }).map((n) => 'x'.repeat(n)),
  oddString.map((p) => materialize(p) as string),
  fc.constantFrom('%00', '\u0000', ' ', "'; DROP TABLE clients; --"),
);

const fixedTexts = (o: Record<string, unknown>) =>
  Object.values(o).filter((v): v is string => typeof v === 'string');
const KNOWN = new Set([
  ...fixedTexts(validationMessages),
  ...fixedTexts(errorMessages),
  ...fixedTexts(csvMessages),
]);
/** Messages the pt-PT zod fallback (shared-schema i18n.ts) builds with a number in them. */
const TEMPLATES = [
  /^Deve ter pelo menos \d+ caracteres$/,
  /^Selecione pelo menos \d+$/,
  /^Deve ser (pelo menos|no máximo) \S+$/,
  /^Nenhuma coluna do cabeçalho é conhecida \([\s\S]*\)\. Use os nomes da exportação: /, // csvMessages.noKnownColumns
];

/** True for one of the app's pt-PT messages (never a zod or driver default in English). */
export function isPortuguese(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  return KNOWN.has(message) || TEMPLATES.some((t) => t.test(message));
}

/** Tables whose rows change for reasons other than the request's data (sessions, throttles, devices). */
const NOT_DATA = new Set([
  'sessions',
  'login_failures',
  'rate_limit_hits', // every login and sign-up attempt is counted before its body is judged (issue 17)
  'sync_clients',
  'sync_mutation_results',
  'scheduler_claims',
]);

/** One query: each data table's row count and latest updated_at. Any write changes one of them. */
export async function snapshotQuery(knex: Knex): Promise<() => Promise<string>> {
  const parts: string[] = [];
  for (const table of [...TABLE_NAMES, 'sync_changes']) {
    if (NOT_DATA.has(table)) continue;
    const columns = Object.keys(await knex(table).columnInfo());
    const latest = columns.includes('updated_at') ? 'MAX(updated_at)' : 'NULL';
    parts.push(`SELECT '${table}' AS t, COUNT(*) AS n, ${latest} AS u FROM ${table}`);
  }
  const sql = parts.join(' UNION ALL ');
  return async () => {
    const result = (await knex.raw(sql)) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      t: string;
      n: unknown;
      u: unknown;
    }>;
    return JSON.stringify(rows.map((r) => [r.t, Number(r.n), r.u instanceof Date ? r.u.toISOString() : r.u]));
  };
}
