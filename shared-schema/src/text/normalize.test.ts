import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientSearchText, normalizeForSearch, SEARCH_PART_SEPARATOR } from './normalize';

describe('normalizeForSearch', () => {
  it('removes accents and case', () => {
    expect(normalizeForSearch('JOÃO Conceição')).toBe('joao conceicao');
    expect(normalizeForSearch('Joao')).toBe(normalizeForSearch('João'));
    expect(normalizeForSearch('İstanbul')).toBe('istanbul');
  });
  it('answers for ASCII text exactly what the full Unicode normalisation answers', () => {
    const full = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/[\s\p{Cc}]+/gu, ' ')
        .trim();
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) });
    fc.assert(
      fc.property(ascii, (text) => normalizeForSearch(text) === full(text)),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => normalizeForSearch(text) === full(text)));
    expect(normalizeForSearch(' Ana\u007fSILVA\r\n@Mail.PT\u0000 ')).toBe('ana silva @mail.pt');
  });
  it('collapses white space and control characters, and treats null as empty', () => {
    expect(normalizeForSearch('  a \n\t b\u001fc ')).toBe('a b c');
    expect(normalizeForSearch(null)).toBe('');
  });
});

describe('clientSearchText', () => {
  it('starts with the name, holds phone digits and tags, and keeps zones after the part separator', () => {
    const text = clientSearchText(
      { name: 'Álvaro', phone: '+351 912 345 678', customFields: { zone: 'Lisboa' } },
      ['VIP'],
    );
    const [textPart, zonePart] = text.split(SEARCH_PART_SEPARATOR);
    expect(text.startsWith('alvaro')).toBe(true);
    expect(textPart).toContain('351912345678');
    expect(textPart).toContain('vip');
    expect(textPart).not.toContain('lisboa');
    expect(zonePart).toContain('lisboa');
  });
});
