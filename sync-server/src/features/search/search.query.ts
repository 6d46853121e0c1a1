import type { Knex } from 'knex';
import { normalizeForSearch, type ClientSearchQuery } from '@casa/shared-schema';
import { dialectOf } from '../../db/knex';

import { globContains, likeContains } from '../../lib/sql-like';

export { likeContains };

type Condition = { sql: string; bindings: string[] };

/** Trigram indexes match substrings of at least 3 characters; shorter queries scan search_text. */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * SQLite: joins the FTS5 trigram index `clients_fts` (migration 009) on the rowid, keeping only the rows
 * whose search_text holds every term of 3 characters or more (a quoted FTS5 string is a substring match
 * there). Written as a join, the planner reads the index first and then only the matching clients (as an
 * `IN` subquery it preferred scanning the organization's covering index). The index only narrows the
 * candidates: the exact conditions still run on each row, so short terms and the text/zone parts stay right.
 */
function joinTrigramIndex(knex: Knex, query: Knex.QueryBuilder, terms: string[]): boolean {
  const indexed = terms.filter((t) => [...t].length >= TRIGRAM_MIN_LENGTH);
  if (dialectOf(knex) !== 'sqlite' || indexed.length === 0) return false;
  query
    .join('clients_fts', 'clients_fts.rowid', 'clients.rowid')
    .whereRaw('clients_fts MATCH ?', [indexed.map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ')]);
  return true;
}

/** SQLite: the first occurrence of q lies in the text part, before U+001E. */
const PART_CHECK = 'instr(clients.search_text, ?) BETWEEN 1 AND instr(clients.search_text, char(30))';

/**
 * Dialect-specific SQL over `clients.search_text` (text part before U+001E, zone part after) and the
 * numeric amount of a client (customFields.budget, else propertyValue, only when stored as a number).
 * Postgres: LIKE, which the pg_trgm GIN index serves, then the part check. SQLite: GLOB then instr(),
 * plain substring tests (both sides are already normalised) much cheaper than its case-folding LIKE.
 */
function dialectSql(knex: Knex) {
  if (dialectOf(knex) === 'pg') {
    return {
      inText: (q: string, _indexed: boolean): Condition => ({
        sql: "clients.search_text LIKE ? ESCAPE '\\' AND split_part(clients.search_text, chr(30), 1) LIKE ? ESCAPE '\\'",
        bindings: [likeContains(q), likeContains(q)],
      }),
      inZones: (q: string): Condition => ({
        sql: "clients.search_text LIKE ? ESCAPE '\\' AND split_part(clients.search_text, chr(30), 2) LIKE ? ESCAPE '\\'",
        bindings: [likeContains(q), likeContains(q)],
      }),
      amount: `CASE WHEN jsonb_typeof(clients.custom_fields->'budget') = 'number' THEN (clients.custom_fields->>'budget')::numeric
        WHEN jsonb_typeof(clients.custom_fields->'propertyValue') = 'number' THEN (clients.custom_fields->>'propertyValue')::numeric END`,
      // The first key is the indexed prefix (clients_search_order_index); the whole text breaks its ties.
      orderBy:
        'left(clients.search_text, 200) COLLATE "C" NULLS LAST, clients.search_text COLLATE "C" NULLS LAST, clients.id',
    };
  }
  // On a scan, GLOB '*q*' first: the same substring test, about 3× cheaper per row than instr(), which counts
  // characters up to the match; only the rows it lets through get the part check. At 50,000 clients a
  // 2-character query (below the trigram length) scans them all: its count 12.5 → 9.5 ms CPU (issue 19). Rows
  // the trigram index found all hold q already: there GLOB would only add its cost.
  return {
    // The first occurrence lies before U+001E exactly when the text part holds q (q has no control characters).
    inText: (q: string, indexed: boolean): Condition =>
      indexed
        ? { sql: PART_CHECK, bindings: [q] }
        : { sql: `clients.search_text GLOB ? AND ${PART_CHECK}`, bindings: [globContains(q), q] },
    inZones: (q: string): Condition => ({
      sql: 'clients.search_text GLOB ? AND instr(substr(clients.search_text, instr(clients.search_text, char(30)) + 1), ?) > 0',
      bindings: [globContains(q), q],
    }),
    // json_valid first: a row stored before the bounds of issue 17 may nest past SQLite's JSON depth limit
    // (1,000), and json_type would then fail the whole query ("malformed JSON"); such a row has no amount.
    amount: `CASE WHEN NOT json_valid(clients.custom_fields) THEN NULL
      WHEN json_type(clients.custom_fields, '$.budget') IN ('integer', 'real') THEN json_extract(clients.custom_fields, '$.budget')
      WHEN json_type(clients.custom_fields, '$.propertyValue') IN ('integer', 'real') THEN json_extract(clients.custom_fields, '$.propertyValue') END`,
    orderBy: 'clients.search_text NULLS LAST, clients.id',
  };
}

/** Adds the advanced-search filters to a query over `clients` (already scoped to the organization). */
export function applyClientSearchFilters(
  knex: Knex,
  query: Knex.QueryBuilder,
  filters: Omit<ClientSearchQuery, 'limit' | 'offset'>,
): Knex.QueryBuilder {
  const sql = dialectSql(knex);
  const q = normalizeForSearch(filters.q);
  const zone = normalizeForSearch(filters.zone);
  // Not for the zone: a few city names match a large share of the clients, where the index reads cost more
  // than scanning the covering (organization_id, deleted_at, search_text) index (42 vs 21 ms for 15,000 of 50,000).
  const indexed = joinTrigramIndex(knex, query, [q]);
  if (q) {
    const c = sql.inText(q, indexed);
    query.whereRaw(c.sql, c.bindings);
  }
  if (zone) {
    const c = sql.inZones(zone);
    query.whereRaw(c.sql, c.bindings);
  }
  if (filters.type) query.where('clients.type', filters.type);
  if (filters.minRating !== undefined) query.where('clients.rating', '>=', filters.minRating);
  if (filters.hasPhone) query.whereNotNull('clients.phone').whereRaw("trim(clients.phone) <> ''");
  if (filters.hasEmail) query.whereNotNull('clients.email').whereRaw("trim(clients.email) <> ''");
  if (filters.minBudget !== undefined) query.whereRaw(`(${sql.amount}) >= ?`, [filters.minBudget]);
  if (filters.maxBudget !== undefined) query.whereRaw(`(${sql.amount}) <= ?`, [filters.maxBudget]);
  return query;
}

/** Name order without accents or case (search_text starts with the normalised name), then id. */
export function orderByName(knex: Knex, query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.orderByRaw(dialectSql(knex).orderBy);
}
