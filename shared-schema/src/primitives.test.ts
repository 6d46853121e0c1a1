import { describe, expect, it } from 'vitest';
import {
  blankToNull,
  centsAmountSchema,
  dateOnlySchema,
  decimalStringSchema,
  emailSchema,
  hhmmSchema,
  isoDateTimeSchema,
  minutesSchema,
  uuidSchema,
} from './primitives';
import { z } from 'zod';

const fail = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  expect(r.success).toBe(false);
  return r.error?.issues[0]?.message;
};

describe('uuidSchema', () => {
  it('accepts v4, v7 and fixed seed ids', () => {
    expect(uuidSchema.safeParse('0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10').success).toBe(true);
    expect(uuidSchema.safeParse('01890a5d-ac96-774b-bcce-b302099a8057').success).toBe(true);
    expect(uuidSchema.safeParse('00000000-0000-0000-0000-000000000001').success).toBe(true);
    expect(fail(uuidSchema, 'abc')).toBe('Identificador inválido');
  });
});

describe('isoDateTimeSchema', () => {
  it('normalises to UTC with milliseconds', () => {
    expect(isoDateTimeSchema.parse('2026-11-22T19:07:00+01:00')).toBe('2026-11-22T18:07:00.000Z');
    expect(isoDateTimeSchema.parse('2026-11-22T19:07:00.000Z')).toBe('2026-11-22T19:07:00.000Z');
  });

  it('rejects dates without a zone and garbage', () => {
    expect(fail(isoDateTimeSchema, '2026-11-22T19:07')).toBe('Data e hora inválidas');
    fail(isoDateTimeSchema, 'ontem');
    fail(isoDateTimeSchema, 12);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Ana.Silva@Exemplo.PT ')).toBe('ana.silva@exemplo.pt');
  });

  it('says Email inválido', () => {
    expect(fail(emailSchema, 'ana@')).toBe('Email inválido');
    expect(fail(emailSchema, undefined)).toBe('Email inválido');
  });
});

describe('dateOnlySchema', () => {
  it('accepts real dates only', () => {
    expect(dateOnlySchema.parse('2024-02-29')).toBe('2024-02-29');
    expect(fail(dateOnlySchema, '2026-02-29')).toBe('Data inválida');
    fail(dateOnlySchema, '2026-13-01');
    fail(dateOnlySchema, '2026-1-01');
    fail(dateOnlySchema, '2026-11-22T00:00:00Z');
  });
});

describe('hhmmSchema', () => {
  it('accepts 24 h times', () => {
    expect(hhmmSchema.parse('09:00')).toBe('09:00');
    expect(hhmmSchema.parse('23:59')).toBe('23:59');
    expect(fail(hhmmSchema, '24:00')).toBe('Hora inválida (use HH:MM)');
    fail(hhmmSchema, '9:00');
  });
});

describe('decimalStringSchema', () => {
  it('normalises to two decimals without floats', () => {
    expect(decimalStringSchema.parse('199')).toBe('199.00');
    expect(decimalStringSchema.parse('199,5')).toBe('199.50');
    expect(decimalStringSchema.parse(1999)).toBe('1999.00');
    expect(decimalStringSchema.parse(0.1 + 0.2)).toBe('0.30');
    expect(decimalStringSchema.parse('007.10')).toBe('7.10');
  });

  it('rejects more than two decimals, negatives and overflow', () => {
    expect(fail(decimalStringSchema, '1.999')).toBe('Preço inválido (use até 2 casas decimais)');
    fail(decimalStringSchema, 19.999);
    fail(decimalStringSchema, -1);
    fail(decimalStringSchema, '123456789.00');
    fail(decimalStringSchema, Number.NaN);
  });
});

describe('centsAmountSchema', () => {
  it('accepts whole cents from numbers and numeric strings', () => {
    expect(centsAmountSchema.parse(250000)).toBe(250000);
    expect(centsAmountSchema.parse('1234,56')).toBe(1234.56);
    expect(centsAmountSchema.parse(0.1 + 0.2)).toBe(0.3);
  });

  it('rejects fractions of a cent and negatives', () => {
    expect(fail(centsAmountSchema, 1.005)).toBe('Valor inválido (use até 2 casas decimais)');
    expect(fail(centsAmountSchema, -5)).toBe('Não pode ser negativo');
    fail(centsAmountSchema, Number.POSITIVE_INFINITY);
    fail(centsAmountSchema, 'muito');
  });
});

describe('form helpers', () => {
  it('blankToNull turns blanks into null and keeps absence', () => {
    const schema = z.object({ a: blankToNull(z.string()) });
    expect(schema.parse({ a: '  ' })).toEqual({ a: null });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it('minutesSchema reads whole minutes', () => {
    expect(minutesSchema.parse('15')).toBe(15);
    expect(minutesSchema.parse('')).toBeNull();
    expect(fail(minutesSchema, 1.5)).toBe('Deve ser um número inteiro');
  });
});
