/**
 * Cells of the client CSV as Excel in Portugal writes and reads them: numbers with a decimal comma and
 * grouped thousands, dates as dd/mm/aaaa, phones kept as text.
 */

/** Spaces Excel and Intl put between thousands: space, no-break space, narrow no-break space, thin space. */
const GROUP_SPACE = /[ \u00a0\u202f\u2009]/;
const GROUP_SPACES = /[ \u00a0\u202f\u2009]/g;

/**
 * A number cell → number, or undefined when it is not one. Accepts '250000', '250000,50', '1 250 000,50',
 * '1.250.000,50', '1,250,000.50', '250 000 €', '-5,5', '3,5 %'. With one kind of separator only: a comma
 * is the decimal mark (pt-PT), and so is a lone dot unless exactly three digits follow it after a
 * non-zero integer part ('250.000' is two hundred and fifty thousand, as a Portuguese reader means it).
 */
export function parseCsvNumber(cell: string): number | undefined {
  let s = cell.trim().replace(/\s*(€|eur|%)$/i, '');
  s = s.replace(/^€\s*/, '');
  const sign = s.startsWith('-') ? '-' : '';
  if (sign) s = s.slice(1);
  if (GROUP_SPACE.test(s)) {
    if (!/^\d{1,3}([ \u00a0\u202f\u2009]\d{3})+([.,]\d+)?$/.test(s)) return undefined;
    s = s.replace(GROUP_SPACES, '');
  }
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let integer = s;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalAt = Math.max(lastComma, lastDot);
    const group = lastComma > lastDot ? '.' : ',';
    integer = s.slice(0, decimalAt);
    fraction = s.slice(decimalAt + 1);
    if (!groupedDigits(integer, group)) return undefined;
    integer = integer.split(group).join('');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const parts = s.split(mark);
    if (parts.length > 2) {
      if (!groupedDigits(s, mark)) return undefined;
      integer = parts.join('');
    } else if (mark === '.' && /^[1-9]\d{0,2}\.\d{3}$/.test(s)) {
      integer = parts.join('');
    } else {
      [integer = '', fraction = ''] = parts;
    }
  }
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return undefined;
  const n = Number(`${sign}${integer}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(n) ? n : undefined;
}

function groupedDigits(s: string, group: string): boolean {
  const [head = '', ...rest] = s.split(group);
  return /^\d{1,3}$/.test(head) && rest.length > 0 && rest.every((g) => /^\d{3}$/.test(g));
}

/** A number written the Portuguese way (decimal comma, no grouping): what Excel in Portugal reads as a number. */
export function formatCsvNumber(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value).replace('.', ',');
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A date cell → 'yyyy-mm-dd'. 'dd/mm/aaaa' (also with '.' or '-', and one-digit day or month) is what
 * Excel in Portugal shows; an ISO date (older exports) passes through. Anything else is returned as it
 * is, for the schema to refuse with its own message.
 */
export function parseCsvDate(cell: string): string {
  const s = cell.trim();
  const pt = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (pt) return `${pt[3]}-${pt[2]!.padStart(2, '0')}-${pt[1]!.padStart(2, '0')}`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(s);
  return iso ? iso[1]! : s;
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection), plus the quote itself. */
const FORMULA_START = /^[=+\-@\t\r']/;

/** Only digits, spaces and ( ) . / - after an optional '+' or '(+': text that can never be a formula's code. */
const PHONE_TEXT = /^(?:\+|\(\+?)?\d[\d ()./-]*$/;

/**
 * A phone cell for the export. Excel would read '+351912345678' as the number 351912345678 (shown
 * 3,51912E+11) and a leading apostrophe shows in the cell, so a phone that is only digits and
 * separators is written as Excel's text formula ="+351 912 345 678": shown exactly, and safe because
 * its only content is a string constant of those characters. Any other value gets the general guard.
 */
export function phoneCsvCell(value: string): string {
  return PHONE_TEXT.test(value) ? `="${value}"` : protectCsvCell(value);
}

/**
 * Formula-injection guard of the exporter: a cell starting with =, +, -, @, tab or CR gets a leading
 * single quote. A cell that already starts with a quote gets one too, so the importer's undo is exact.
 */
export function protectCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The importer's undo of the exporter: ="…" (Excel's text formula, as phoneCsvCell writes it) gives its
 * text; otherwise one leading quote is dropped when a guarded character follows (protectCsvCell).
 */
export function unprotectCsvCell(value: string): string {
  const text = /^="((?:[^"]|"")*)"$/.exec(value);
  if (text) return text[1]!.replace(/""/g, '"');
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
