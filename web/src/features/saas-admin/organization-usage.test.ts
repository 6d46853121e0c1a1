import { describe, expect, it } from 'vitest';
import { TABLE_FALLBACK_MAX_CLIENTS, TABLE_FALLBACK_MAX_USERS } from '@casa/shared-schema';
import { usageText } from './organization-usage';

describe('usageText (the organizations table)', () => {
  it("shows an unlimited limit (0) as 'Ilimitado', as the organization's own page does", () => {
    expect(usageText(0, 0, TABLE_FALLBACK_MAX_CLIENTS)).toBe('0 / Ilimitado');
    expect(usageText(1234, 0, TABLE_FALLBACK_MAX_CLIENTS)).toBe('1234 / Ilimitado');
  });

  it('uses the limit, and the table fallback only when the organization carries none', () => {
    expect(usageText(3, 5, TABLE_FALLBACK_MAX_USERS)).toBe('3 / 5');
    expect(usageText(undefined, 500, TABLE_FALLBACK_MAX_CLIENTS)).toBe('0 / 500');
    expect(usageText(2, undefined, TABLE_FALLBACK_MAX_USERS)).toBe('2 / 10');
    expect(usageText(2, null, TABLE_FALLBACK_MAX_CLIENTS)).toBe('2 / 1000');
  });
});
