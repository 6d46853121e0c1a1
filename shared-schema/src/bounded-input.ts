/**
 * Bounds on what a request may carry (issue 17), shared by the device's optimistic validation and the
 * server. Pure functions over unknown values: the schemas in primitives.ts and the server's JSON body
 * guard call them. Every walk here stops as soon as a bound is passed, so a 100,000-deep or 1,000,000-key
 * value costs no more than the bound itself (the check must not become the denial of service).
 */

export type JsonLimits = {
  /** Nested objects/arrays, the field's own object counting as 1 ({a: 1} is depth 1, {a: {b: 1}} is 2). */
  readonly maxDepth: number;
  /** Object keys plus array items, counted at every level. */
  readonly maxKeys: number;
  /** UTF-8 bytes of the compact JSON text. */
  readonly maxBytes: number;
};

/** A client's custom fields (and the default for any open JSON field): other helpers rely on these figures. */
export const JSON_FIELD_LIMITS = {
  maxDepth: 5,
  maxKeys: 200,
  maxBytes: 16 * 1024,
} as const satisfies JsonLimits;

/** The deepest nesting any request body may have: the deepest valid body (a push of a client) is about 10. */
export const REQUEST_MAX_DEPTH = 32;

/**
 * C0 controls except tab, LF and CR; DEL; C1 controls; lone UTF-16 surrogates (no UTF-8 form: the
 * drivers would store U+FFFD instead). U+0000 is among them: Postgres cannot store it in text or jsonb.
 */
const UNSAFE_MULTILINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAKS = /[\t\n\r]/;

/** Text of a multi-line field (notes, descriptions): tab, LF and CR allowed, no other control character. */
export const isSafeMultilineText = (s: string): boolean => !UNSAFE_MULTILINE.test(s);

/** Text of a one-line field (names, phones, zones): no control character at all once trimmed. */
export const isSafeSingleLineText = (s: string): boolean =>
  isSafeMultilineText(s) && !LINE_BREAKS.test(s.trim());

/** Characters no stored text may ever hold, whatever the field: U+0000 and lone surrogates. */
// eslint-disable-next-line no-control-regex
const NEVER_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasNeverStorableText = (s: string): boolean => NEVER_STORABLE.test(s);

export type JsonProblem = 'depth' | 'keys' | 'size' | 'characters' | 'type';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The first bound `value` breaks as a JSON field, or null. Only JSON values pass (null, booleans, finite
 * numbers, strings, arrays, plain objects); keys and strings must be safe multi-line text (keys one-line).
 */
export function jsonFieldProblem(value: unknown, limits: JsonLimits = JSON_FIELD_LIMITS): JsonProblem | null {
  let keys = 0;
  // Iterative walk (an explicit stack): a deep value cannot overflow the call stack.
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'type';
      continue;
    }
    if (typeof v === 'string') {
      if (!isSafeMultilineText(v)) return 'characters';
      continue;
    }
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) return 'type';
    if (depth + 1 > limits.maxDepth) return 'depth';
    const entries = isArray ? (v as unknown[]) : Object.keys(v as object);
    keys += entries.length;
    if (keys > limits.maxKeys) return 'keys';
    if (isArray) {
      for (const item of v as unknown[]) stack.push({ value: item, depth: depth + 1 });
    } else {
      for (const key of entries as string[]) {
        if (!isSafeSingleLineText(key)) return 'characters';
        stack.push({ value: (v as Record<string, unknown>)[key], depth: depth + 1 });
      }
    }
  }
  // Depth and width are bounded by now, so serializing is cheap; strings may still be long.
  return utf8Length(JSON.stringify(value) ?? '') > limits.maxBytes ? 'size' : null;
}

const encoder = new TextEncoder();
export const utf8Length = (s: string): number => encoder.encode(s).length;

/**
 * Whether a parsed request body nests deeper than `maxDepth` or holds a never-storable character in any
 * string or key. Iterative, and it stops at the first problem.
 */
export function requestBodyProblem(
  body: unknown,
  maxDepth = REQUEST_MAX_DEPTH,
): 'depth' | 'characters' | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasNeverStorableText(value)) return 'characters';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth + 1 > maxDepth) return 'depth';
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (hasNeverStorableText(key)) return 'characters';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}
