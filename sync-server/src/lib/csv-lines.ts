import { phoneCsvCell, protectCsvCell } from '@casa/shared-schema';

/** The CSV files' shape (docs/product.md#reports): ';'-separated, UTF-8 with a BOM, CRLF lines. */
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
/** At most this many rows per keyset page of an export (PageSizer): memory stays flat. */
export const EXPORT_BATCH = 1000;

/** One guarded cell, quoted when it holds the separator, a quote, a line break or edge spaces. */
function quoteCsvCell(safe: string): string {
  return /[";\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV cell: formula-guarded (phones as Excel text, see phoneCsvCell), then quoted when needed. */
export function csvCell(value: string, column?: { kind: string }): string {
  return quoteCsvCell(column?.kind === 'phone' && value !== '' ? phoneCsvCell(value) : protectCsvCell(value));
}

export function csvLine(cells: readonly string[], columns?: ReadonlyArray<{ kind: string }>): string {
  return `${cells.map((cell, i) => csvCell(cell, columns?.[i])).join(CSV_SEPARATOR)}\r\n`;
}
