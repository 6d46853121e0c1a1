import { describe, expect, it } from 'vitest';
import { linkDate, whatsappShareUrl } from './property-sheets.logic';

describe('property sheet share logic', () => {
  it('puts the text and the URL in one WhatsApp message', () => {
    const url = whatsappShareUrl('Ficha do imóvel: T2 & vista', 'https://casa.pt/ficha/abc');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url.split('text=')[1]!)).toBe(
      'Ficha do imóvel: T2 & vista\nhttps://casa.pt/ficha/abc',
    );
  });
  it('shows the date in Lisbon time', () => {
    expect(linkDate('2026-07-15T22:30:00.000Z')).toBe('15/07/2026, 23:30');
  });
});
