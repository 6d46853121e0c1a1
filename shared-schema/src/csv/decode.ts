import { csvMessages } from '../messages';

/**
 * The bytes of an uploaded CSV file as text, the same way on the device (preview) and on the server
 * (import), whatever program wrote it:
 * - a BOM decides: UTF-8 (Excel 'CSV UTF-8'), UTF-16 LE or BE (Excel 'Texto Unicode', tab-separated);
 * - without a BOM: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel's default
 *   'CSV (separado por vírgulas)' in Portugal).
 * A text that still holds U+FFFD (a file damaged before it reached us) or U+0000 (UTF-16 without its
 * BOM, a binary file) is refused with the reason, never imported wrong.
 */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type DecodedCsv = { ok: true; text: string; encoding: CsvEncoding } | { ok: false; message: string };

/** Windows-1252 0x80–0x9F (the rest of its bytes are their own code points, as in Latin-1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

/**
 * Written out because Node 20's TextDecoder('windows-1252') decodes as Latin-1 (0x80 → U+0080, not '€'),
 * while browsers follow the WHATWG table: the preview and the server must read the same text.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes: number[] = [];
    const end = Math.min(bytes.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      codes.push(b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b);
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function decodeBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (startsWith(bytes, [0xff, 0xfe])) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Why a decoded text cannot be imported as it is, or null when it can. */
export function csvTextProblem(text: string): string | null {
  if (text.includes('\uFFFD')) return csvMessages.replacementCharacters;
  if (text.includes('\u0000')) return csvMessages.unreadableEncoding;
  return null;
}

export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  const { text, encoding } = decodeBytes(bytes);
  const problem = csvTextProblem(text);
  return problem ? { ok: false, message: problem } : { ok: true, text, encoding };
}
