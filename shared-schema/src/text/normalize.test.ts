import { describe, expect, it } from 'vitest';
import { clientSearchText, normalizeForSearch, SEARCH_PART_SEPARATOR } from './normalize';

describe('normalizeForSearch', () => {
  it('removes accents and case', () => {
    expect(normalizeForSearch('JOÃO Conceição')).toBe('joao conceicao');
    expect(normalizeForSearch('Joao')).toBe(normalizeForSearch('João'));
    expect(normalizeForSearch('İstanbul')).toBe('istanbul');
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
