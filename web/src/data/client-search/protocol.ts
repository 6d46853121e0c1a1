import type { BuyerMatch, CampaignFilters, Client, ClientType, MatchableProperty } from '@casa/shared-schema';
import type { ClientFacts } from '../../features/reports/reports.figures';
import type { RankedClient } from '../../features/cold-calls/cold-calls.logic';
import type { ContactOverview } from '../../features/dashboard/dashboard.figures';
import type { ClientCriteria } from './client-index';

/**
 * The messages between the screens and the client search (client-search.ts ↔ search-host.ts), the same
 * whether the host runs in the worker or, without Worker (tests), in the page. Every request carries an
 * id its answer repeats: the page keeps only answers newer than the one it shows.
 */
export type SearchRequest =
  /** The first message to the worker: which replica to open, and how many first clients to publish early. */
  | { type: 'open'; dbName: string; firstPage: number }
  /** A screen showing the first clients opened after the worker was made without them (ClientIndex.askFirstPage). */
  | { type: 'firstPage'; firstPage: number }
  /** A multi-page pull started or ended on the main thread (bulk-sync.ts): the index batches meanwhile. */
  | { type: 'bulk'; syncing: boolean }
  /** The clients matching the criteria, in index order (normalised name, then id). */
  | { type: 'query'; id: number; criteria: ClientCriteria; limit?: number }
  /** The rows of these ids (the cards a list shows), null for a client that is gone. */
  | { type: 'rows'; id: number; ids: readonly string[] }
  /** The dashboard's birthdays of the Lisbon day of `now` (epoch ms): birthdaysToday over the index. */
  | { type: 'birthdays'; id: number; now: number }
  /** The dashboard's contact list: contactOverview over the index, given the last 30 days' contacts. */
  | { type: 'contacts'; id: number; now: number; lastContacts: ReadonlyMap<string, string> }
  /** The client picker's suggestions (pickerSuggestions) for the typed text, of `clientType` only when given. */
  | { type: 'pick'; id: number; text: string; clientType?: ClientType; limit?: number }
  /**
   * The clients with a phone ranked as the list generator and the marathon do (marathonQueue), passing
   * `filters` when given (generatorPreview), once every change noticed has reached the index: every id,
   * and the first `rows` ranked rows (what a preview shows).
   */
  | {
      type: 'ranked';
      id: number;
      now: number;
      lastContacts: ReadonlyMap<string, string>;
      filters: CampaignFilters | null;
      rows: number;
    }
  /** /reports' client facts (clientFacts over every client). */
  | { type: 'clientFacts'; id: number }
  /** A property's matching buyers (matchBuyersForProperty), with the rows of the first `limit`. */
  | { type: 'buyers'; id: number; property: MatchableProperty; limit: number };

/** What the index knows: sent when it changes, before any answer computed from the new state. */
export type SearchState = {
  /** false until the whole table has been read once. */
  ready: boolean;
  /** How many clients the replica holds (a count before the index is ready); null until known. */
  total: number | null;
  /** Grows on every change of the index: answers of an older version are asked again. */
  version: number;
};

export type Matches = {
  /** The request's id. */
  id: number;
  criteria: ClientCriteria;
  version: number;
  /**
   * Whether the ids are every match. Before the index is ready an unfiltered query answers the first
   * clients read from the name index (`count` is then the replica's count); a filtered one answers none.
   */
  complete: boolean;
  count: number | null;
  /** The matching ids in order: all of them, or the first `limit` when the request set one. */
  ids: readonly string[];
};

export type SearchAnswer =
  | ({ type: 'state' } & SearchState)
  | ({ type: 'matches' } & Matches)
  | { type: 'rows'; id: number; version: number; clients: (Client | null)[] }
  /** null until the index is ready (the page asks again when the state says it is). */
  | { type: 'birthdays'; id: number; version: number; clients: Client[] | null }
  | { type: 'contacts'; id: number; version: number; overview: ContactOverview | null }
  | { type: 'pick'; id: number; version: number; clients: Client[] | null }
  | { type: 'ranked'; id: number; version: number; ids: string[]; first: RankedClient[] }
  | { type: 'clientFacts'; id: number; version: number; facts: ClientFacts | null }
  | { type: 'buyers'; id: number; version: number; found: MatchedBuyers | null };

/** The matching buyers a property shows: how many match, and the first ones with their rows. */
export type MatchedBuyers = { count: number; shown: { match: BuyerMatch; row: Client }[] };
