import type Dexie from 'dexie';

/** Safari closes IndexedDB connections under memory pressure or after a while in the background. */
export function isConnectionClosing(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'DatabaseClosedError' ||
    err.name === 'InvalidStateError' ||
    /database connection is closing/i.test(err.message)
  );
}

/** Runs `fn`; when the connection was closed under it, reopens the database and runs it once more. */
export async function withReopen<T>(db: Dexie, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isConnectionClosing(err)) throw err;
    if (db.isOpen()) db.close({ disableAutoOpen: false });
    await db.open();
    return fn();
  }
}
