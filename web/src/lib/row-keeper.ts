/**
 * Keeps the identity of rows that did not change between two answers of a live query. Dexie answers every
 * read with new objects, so a memoized card (FollowUpCard) saw a new prop on every answer and the whole list
 * rendered again: with hundreds of cards on a slow phone that render took longer than the time between two
 * writes arriving from other devices, and the deferred list never committed (the follow-ups list stayed at
 * its first 100 cards while 'Carregar mais' was tapped; e2e follow-ups.spec). With the unchanged rows kept,
 * an answer renders only the cards whose row changed.
 */
export class RowKeeper<T extends { readonly id: string }> {
  private previous = new Map<string, T>();

  /** `rows`, with each row equal in value to the one of the same id in the last answer replaced by that one. */
  keep(rows: readonly T[]): T[] {
    const before = this.previous;
    const now = new Map<string, T>();
    const kept = rows.map((row) => {
      const old = before.get(row.id);
      const same = old !== undefined && sameValue(old, row) ? old : row;
      now.set(row.id, same);
      return same;
    });
    this.previous = now;
    return kept;
  }
}

/** Equal as stored values: primitives, arrays and plain objects compared through, dates by time. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameValue(v, other[i]));
  }
  const keysA = Object.keys(a);
  const recordB = b as Record<string, unknown>;
  if (keysA.length !== Object.keys(recordB).length) return false;
  const recordA = a as Record<string, unknown>;
  return keysA.every((k) => Object.hasOwn(recordB, k) && sameValue(recordA[k], recordB[k]));
}
