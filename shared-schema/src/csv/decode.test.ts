import { describe, expect, it } from 'vitest';
import { csvMessages } from '../messages';
import { decodeCsvBytes, decodeWindows1252 } from './decode';

const TEXT = 'Nome;Classificação;Orçamento\r\nMaria da Conceição;5;1 250,50 €\r\n';

/** The bytes Excel writes for 'CSV (separado por vírgulas)' in Portugal. */
function windows1252(text: string): Uint8Array {
  const high = new Map([[0x20ac, 0x80]]);
  return Uint8Array.from([...text].map((c) => high.get(c.codePointAt(0)!) ?? c.codePointAt(0)!));
}

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return out;
}

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without its BOM', () => {
    const bytes = new TextEncoder().encode(TEXT);
    expect(decodeCsvBytes(bytes)).toEqual({ ok: true, text: TEXT, encoding: 'utf-8' });
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]);
    expect(decodeCsvBytes(bom)).toEqual({ ok: true, text: TEXT, encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8 (Excel PT default), € included', () => {
    const bytes = windows1252(TEXT);
    expect(bytes.includes(0x80)).toBe(true);
    expect(decodeCsvBytes(bytes)).toEqual({ ok: true, text: TEXT, encoding: 'windows-1252' });
  });

  it('reads UTF-16 LE and BE with their BOM (Excel "Texto Unicode")', () => {
    const tabbed = TEXT.replace(/;/g, '\t');
    expect(decodeCsvBytes(utf16(tabbed, true))).toEqual({ ok: true, text: tabbed, encoding: 'utf-16le' });
    expect(decodeCsvBytes(utf16(tabbed, false))).toEqual({ ok: true, text: tabbed, encoding: 'utf-16be' });
  });

  it('refuses a text that still holds replacement characters, and UTF-16 without its BOM', () => {
    const damaged = new TextEncoder().encode('Nome\r\nMaria da Concei\uFFFD\uFFFDo\r\n');
    expect(decodeCsvBytes(damaged)).toEqual({ ok: false, message: csvMessages.replacementCharacters });
    const noBom = utf16('Nome\r\nAna\r\n', true).subarray(2);
    expect(decodeCsvBytes(noBom)).toEqual({ ok: false, message: csvMessages.unreadableEncoding });
  });

  it('maps every Windows-1252 byte as the WHATWG table does', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = decodeWindows1252(all);
    expect(text.length).toBe(256);
    expect(text.slice(0x80, 0x8c)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹');
    expect(text.slice(0x91, 0x98)).toBe('‘’“”•–—');
    expect(text.slice(0xe0)).toBe('àáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ');
  });
});
