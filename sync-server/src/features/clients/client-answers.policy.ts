import type { SeqCacheSpec } from '../../db/seq-cache';
import type { LoggedTable } from '../../db/change-log';

/**
 * The serialized JSON answers of the client list pages and client searches, kept until a write reaches
 * the tables they read (db/seq-cache.ts; docs/sync.md "Read caches"). At 50 connections one process
 * queues every request, so p99 ≈ 50 × the CPU of one request (issue 19): a hit costs the session read
 * and writing bytes. Kept as UTF-8 bytes (a Buffer): neither JSON.stringify nor the string's encoding
 * is paid again per request, and the bound counts real bytes; one answer over 4 MB (a page of
 * thousands) is served, not kept.
 */
export const CLIENT_ANSWERS: SeqCacheSpec = {
  maxEntries: 2000,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (value) => (Buffer.isBuffer(value) ? value.length : 0),
};

/** A JSON answer as the bytes the route sends (its media type set by the route). */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * What a client list page reads: clients, their agent's name (users, an account table whose writes are
 * logged too: change-log.ts recordAccountChange), their tags (client_tags joined to tags).
 */
export const CLIENT_LIST_TABLES = [
  'clients',
  'users',
  'client_tags',
  'tags',
] as const satisfies readonly LoggedTable[];

/**
 * What a client search reads: clients only (its FTS index follows clients through triggers; the tag names
 * it matches are in the client's own search_text, rewritten with the client when its tags change).
 */
export const CLIENT_SEARCH_TABLES = ['clients'] as const satisfies readonly LoggedTable[];
