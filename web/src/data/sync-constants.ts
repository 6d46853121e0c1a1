// Constants the entry chunk's early first pull (early-pull.ts), the search worker and the sync client chunk
// share: a module without imports, so none of them drags another's code along.

/**
 * Rows per pull page. Larger than the server's default (1000): a first sync of 50,000 clients is then 25
 * pages, each fetched while the previous one is written (docs/decisions.md, issue 19); small enough that
 * parsing a page (about 1.3 MB of JSON) stays a short task.
 */
export const SYNC_PULL_PAGE_ROWS = 2000;

/** Every user's replica is an IndexedDB database named with this prefix (db.ts). */
export const REPLICA_DB_PREFIX = 'casa-replica-';
