/**
 * Streamed exports (every client as CSV or JSON, the user's data) read and serialize one keyset page at
 * a time. A page's work is synchronous (better-sqlite3 answers at once; JSON.parse of the rows,
 * JSON.stringify or CSV of the page), so its size is what any other request may have to wait for: rows
 * at the customFields bounds weigh ~16 KiB each, ordinary ones ~0.5 KiB. `PageSizer` keeps each page's
 * text near `targetChars` whatever the rows weigh — starting small, doubling while pages are light, and
 * shrinking at once after a heavy one — and `nextTick` lets waiting I/O run between pages.
 */
export class PageSizer {
  private size: number;

  constructor(
    private readonly max: number,
    private readonly targetChars = 128 * 1024,
    private readonly min = 5,
    start = 50,
  ) {
    this.size = Math.min(max, Math.max(min, start));
  }

  /** Rows to read for the next page. */
  get rows(): number {
    return this.size;
  }

  /** Records the text a page of `rows` rows made. */
  record(rows: number, chars: number): void {
    if (rows <= 0) return;
    const perRow = Math.max(1, chars / rows);
    const fitting = Math.floor(this.targetChars / perRow);
    this.size = Math.min(this.max, this.size * 2, Math.max(this.min, fitting));
  }
}

/** Resolves after the I/O callbacks already waiting (setImmediate): pages never chain as microtasks. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
