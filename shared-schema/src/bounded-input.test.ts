import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isSafeMultilineText,
  isSafeSingleLineText,
  JSON_FIELD_LIMITS,
  jsonFieldProblem,
  requestBodyProblem,
} from './bounded-input';
import { boundedJson, boundedJsonRecord, safeMultilineString, safeString } from './primitives';
import { z } from 'zod';

const nest = (depth: number, leaf: unknown = 1): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe('JSON_FIELD_LIMITS', () => {
  it('are the figures other parts rely on: depth 5, 200 keys, 16 KiB', () => {
    expect(JSON_FIELD_LIMITS).toEqual({ maxDepth: 5, maxKeys: 200, maxBytes: 16_384 });
  });
});

describe('jsonFieldProblem', () => {
  it('accepts a value exactly at each bound', () => {
    expect(jsonFieldProblem(nest(5))).toBeNull();
    expect(
      jsonFieldProblem(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i]))),
    ).toBeNull();
    expect(jsonFieldProblem({ s: 'x'.repeat(16_384 - '{"s":""}'.length) })).toBeNull();
  });

  it('refuses one past each bound', () => {
    expect(jsonFieldProblem(nest(6))).toBe('depth');
    expect(jsonFieldProblem(Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i])))).toBe(
      'keys',
    );
    expect(jsonFieldProblem({ s: 'x'.repeat(16_384 - '{"s":""}'.length + 1) })).toBe('size');
    // Multi-byte characters count as their UTF-8 bytes.
    expect(jsonFieldProblem({ s: 'ç'.repeat(8_190) })).toBe('size');
  });

  it('counts array items as keys and arrays as levels', () => {
    expect(jsonFieldProblem({ list: Array.from({ length: 200 }, () => 1) })).toBe('keys');
    expect(jsonFieldProblem([[[[[[1]]]]]])).toBe('depth');
  });

  it('refuses control characters in keys and values, and non-JSON values', () => {
    expect(jsonFieldProblem({ a: 'x\u0000y' })).toBe('characters');
    expect(jsonFieldProblem({ 'a\u0007': 1 })).toBe('characters');
    expect(jsonFieldProblem({ a: '\ud800' })).toBe('characters');
    expect(jsonFieldProblem({ a: 'linha 1\nlinha 2\tfim' })).toBeNull();
    expect(jsonFieldProblem({ a: Number.NaN })).toBe('type');
    expect(jsonFieldProblem({ a: new Date() })).toBe('type');
  });

  it('stops at the first bound: a value 100,000 deep does not overflow the stack', () => {
    // A recursive walk (or JSON.stringify) would throw RangeError here.
    expect(jsonFieldProblem(nest(100_000))).toBe('depth');
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
    expect(jsonFieldProblem(wide)).toBe('keys');
  });
});

describe('requestBodyProblem', () => {
  it('refuses bodies deeper than 32 and U+0000 or lone surrogates anywhere, keys included', () => {
    expect(requestBodyProblem(nest(32))).toBeNull();
    expect(requestBodyProblem(nest(33))).toBe('depth');
    expect(requestBodyProblem(nest(200_000))).toBe('depth');
    expect(requestBodyProblem({ a: [{ b: 'x\u0000' }] })).toBe('characters');
    expect(requestBodyProblem({ ['\u0000']: 1 })).toBe('characters');
    expect(requestBodyProblem({ a: 'x\udc00' })).toBe('characters');
    expect(requestBodyProblem({ a: 'emoji 😀, tab\t, bell \u0007' })).toBeNull();
  });
});

describe('safe text', () => {
  it('one-line text refuses every control character, but tolerates surrounding whitespace', () => {
    expect(isSafeSingleLineText('Maria da Conceição 😀')).toBe(true);
    expect(isSafeSingleLineText('  Ana\n')).toBe(true);
    for (const c of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(isSafeSingleLineText(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it('multi-line text allows tab, LF and CR only', () => {
    expect(isSafeMultilineText('linha 1\r\nlinha 2\tfim')).toBe(true);
    for (const c of ['\u0000', '\u0008', '\u000b', '\u000c', '\u001b', '\u0080', '\ud800', '\udfff']) {
      expect(isSafeMultilineText(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it('safe strings hold for any text without controls and fail with the Portuguese message otherwise', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const clean = s.replace(/\p{Cc}/gu, '');
        expect(safeMultilineString().safeParse(clean).success).toBe(true);
      }),
    );
    const r = safeString().safeParse('Ana\u0000');
    expect(r.error?.issues[0]?.message).toBe('Contém caracteres inválidos');
  });
});

describe('bounded JSON schemas', () => {
  it('boundedJsonRecord words each refusal in Portuguese', () => {
    const schema = boundedJsonRecord();
    expect(schema.safeParse(nest(6)).error?.issues[0]?.message).toBe('Dados com demasiados níveis');
    expect(schema.safeParse({ s: 'x'.repeat(20_000) }).error?.issues[0]?.message).toBe(
      'Dados demasiado grandes',
    );
    expect(schema.safeParse('texto').error?.issues[0]?.message).toBe('Dados inválidos');
    expect(schema.parse({ zone: 'Lisboa', extra: { a: [1, 2] } })).toEqual({
      zone: 'Lisboa',
      extra: { a: [1, 2] },
    });
  });

  it('boundedJson checks the bounds before the inner schema drops unknown keys', () => {
    const schema = boundedJson(z.object({ a: z.number().optional() }), {
      maxDepth: 2,
      maxKeys: 10,
      maxBytes: 100,
    });
    expect(schema.parse({ a: 1, b: { c: 2 } })).toEqual({ a: 1 });
    expect(schema.safeParse({ a: 1, b: { c: { d: 1 } } }).error?.issues[0]?.message).toBe(
      'Dados com demasiados níveis',
    );
  });
});
