import Dexie, { RangeSet, type ObservabilitySet } from 'dexie';
import type { Client, ClientType } from '@casa/shared-schema';
import { clientSearchText, normalizeForSearch, SEARCH_PART_SEPARATOR } from '@casa/shared-schema/values';
import { bulkSyncing, onBulkSyncEnd } from '../bulk-sync';
import type { ReplicaDb } from '../db';

/** A client with what every local search and filter needs, computed once per row change. */
export type IndexedClient = {
  client: Client;
  /** `clients.search_text` as the server computes it: ordering key and the text/zone parts. */
  searchText: string;
  textPart: string;
  zonePart: string;
  /** customFields.budget, else propertyValue, only when a finite number (as the server's amount). */
  amount: number | null;
};

export type ClientIndexSnapshot = {
  /** false until the first full read of the replica's clients has finished. */
  ready: boolean;
  /** Every live client, ordered like the server's search (normalised name, then id). */
  entries: readonly IndexedClient[];
  byId: ReadonlyMap<string, IndexedClient>;
  /** Grows on every change: a memo key for derived lists. */
  version: number;
  /**
   * Before `ready`, when the index was asked for a first page: the first clients in index order, read
   * from the `name` index (firstIndexedClients) before the whole table. null otherwise.
   */
  first: readonly IndexedClient[] | null;
  /** How many clients the replica holds: known (from a count) before the index is ready; null until then. */
  total: number | null;
};

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function indexClient(client: Client): IndexedClient {
  const searchText = clientSearchText(client, client.tags ?? []);
  const cut = searchText.indexOf(SEARCH_PART_SEPARATOR);
  const fields = (client.customFields ?? {}) as Record<string, unknown>;
  return {
    client,
    searchText,
    textPart: searchText.slice(0, cut),
    zonePart: searchText.slice(cut + 1),
    amount: finite(fields.budget) ?? finite(fields.propertyValue),
  };
}

export const bySearchText = (a: IndexedClient, b: IndexedClient) =>
  a.searchText < b.searchText
    ? -1
    : a.searchText > b.searchText
      ? 1
      : a.client.id < b.client.id
        ? -1
        : a.client.id > b.client.id
          ? 1
          : 0;

/**
 * Whether a multi-page pull is writing (bulk-sync.ts), and its end. On the main thread it is the tab's own
 * state; in the search worker the main thread forwards it (client-search.ts), the worker having no pull.
 */
export type BulkSignal = {
  syncing(): boolean;
  /** Called when the last running bulk pull ends; answers the unsubscribe. */
  onEnd(listener: () => void): () => void;
};

export const bulkSignalOf = (db: ReplicaDb): BulkSignal => ({
  syncing: () => bulkSyncing(db),
  onEnd: (listener) => onBulkSyncEnd(db, listener),
});

/** Changed keys up to this many (or up to the index's size) are re-read one by one, more re-read the table. */
const POINT_READ_LIMIT = 2000;
const CHANGE_DEBOUNCE_MS = 60;
/** While a pull of several pages writes (a first sync), the index catches up at most this often. */
const BULK_REFRESH_MS = 1000;
/**
 * Clients read (and normalised, sorted, merged) per step: each step is one short main-thread task, so
 * building the index of 50,000 clients never holds the page for more than a few tens of ms.
 */
const READ_SLICE = 1000;

/** Two lists in index order as one (both stay untouched). */
function mergeSorted(a: readonly IndexedClient[], b: readonly IndexedClient[]): IndexedClient[] {
  const out: IndexedClient[] = new Array<IndexedClient>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = bySearchText(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * Every client of the replica in memory, normalised once: a 50,000-client search or filter is then a
 * loop over strings (a few ms) instead of an IndexedDB scan per keystroke. Kept current from Dexie's
 * `storagemutated` event (also fired for writes of other tabs): changed ids are re-read, anything
 * else re-reads the table. Reads go in slices merged into the sorted list (no long task), and while a
 * multi-page pull writes (bulk-sync.ts) the changes are taken in batches, not page by page.
 */
/** The index before its first read (nothing known yet). */
export const EMPTY_CLIENT_INDEX: ClientIndexSnapshot = {
  ready: false,
  entries: [],
  byId: new Map(),
  version: 0,
  first: null,
  total: null,
};

export class ClientIndex {
  private snapshot: ClientIndexSnapshot = EMPTY_CLIENT_INDEX;
  private firstPage: number;
  /** The first page's size, kept for the previews of a deferred full read (`preview`). */
  private firstLimit: number;
  private listeners = new Set<() => void>();
  private pendingKeys = new Set<string>();
  private pendingFull = true;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerDue = 0;
  private running: Promise<void> | null = null;
  private readonly part: string;
  private readonly onMutated = (parts: ObservabilitySet) => this.noteChanges(parts);
  private readonly stopBulkWatch: () => void;

  /**
   * `firstPage` > 0: publish that many first clients before reading the whole table (see `first`).
   * `bulk`: where the multi-page pull's state comes from (the worker is told by the main thread).
   */
  constructor(
    private readonly db: ReplicaDb,
    firstPage = 0,
    private readonly bulk: BulkSignal = bulkSignalOf(db),
  ) {
    this.part = `idb://${db.name}/clients/`;
    this.firstPage = firstPage;
    this.firstLimit = firstPage;
    // Also fired for writes of other tabs and, through Dexie's BroadcastChannel, of the main thread when
    // this index runs in the search worker.
    Dexie.on('storagemutated', this.onMutated);
    // The pull's last page: catch up at once rather than at the end of the bulk interval.
    this.stopBulkWatch = bulk.onEnd(() => {
      if (this.timer && this.timerDue - Date.now() > CHANGE_DEBOUNCE_MS) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      // A full read deferred to the pull's end (`preview`) runs now, even if the last page brought no client.
      if (this.timer || this.pendingFull || this.pendingKeys.size > 0) this.schedule(CHANGE_DEBOUNCE_MS);
    });
    this.schedule(0);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /**
   * A screen that shows the first clients opened after this index was made without them (the dashboard's
   * has none): until the index is built, publish the first `limit` clients too, at once.
   */
  askFirstPage(limit: number) {
    if (this.snapshot.ready || limit <= this.firstLimit) return;
    this.firstLimit = limit;
    this.firstPage = limit;
    if (this.timer && this.timerDue - Date.now() > 0) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.schedule(0);
  }

  /** Resolves once every change noticed so far has been applied. */
  async settled(): Promise<void> {
    while (this.timer || this.running) {
      if (this.running) await this.running;
      else await new Promise((r) => setTimeout(r, CHANGE_DEBOUNCE_MS));
    }
  }

  dispose() {
    Dexie.on('storagemutated').unsubscribe(this.onMutated);
    this.stopBulkWatch();
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  private noteChanges(parts: ObservabilitySet) {
    const tree = parts[this.part];
    if (!tree) return;
    if (!this.pendingFull) {
      // Point reads cost per key, a full read per client: re-read the table only when cheaper.
      const limit = Math.max(POINT_READ_LIMIT, this.snapshot.entries.length);
      for (const node of RangeSet(tree)) {
        if (typeof node.from === 'string' && node.from === node.to) this.pendingKeys.add(node.from);
        else this.pendingFull = true;
        if (this.pendingKeys.size > limit) this.pendingFull = true;
        if (this.pendingFull) break;
      }
      if (this.pendingFull) this.pendingKeys.clear();
    }
    this.schedule(this.bulk.syncing() ? BULK_REFRESH_MS : CHANGE_DEBOUNCE_MS);
  }

  private schedule(delay: number) {
    if (this.timer) return;
    this.timerDue = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, delay);
  }

  private async refresh(): Promise<void> {
    if (this.running) {
      await this.running;
      return this.refresh();
    }
    if (this.firstPage > 0) {
      const limit = this.firstPage;
      this.firstPage = 0;
      // Alone first: the whole-table read would hold these few reads back.
      this.running = this.readFirst(limit);
      await this.running;
      this.running = null;
    }
    if (this.pendingFull && this.bulk.syncing()) {
      // A first sync: the table is read once, after the pull's last page (a full read per interval read
      // the growing table again and again and held the pull's writes back); meanwhile the count and the
      // first page keep the screens usable. pendingFull stays set for the read at the end.
      this.running = this.preview().catch((error: unknown) => {
        console.error('The client index could not be refreshed', error);
      });
      await this.running;
      this.running = null;
      return;
    }
    const full = this.pendingFull;
    const keys = [...this.pendingKeys];
    this.pendingFull = false;
    this.pendingKeys.clear();
    this.running = (full ? this.readAll() : this.readSome(keys)).catch((error: unknown) => {
      console.error('The client index could not be refreshed', error);
      this.pendingFull = true;
    });
    await this.running;
    this.running = null;
  }

  private async readFirst(limit: number) {
    try {
      const first = await firstIndexedClients(this.db, limit);
      if (this.snapshot.ready) return;
      this.snapshot = { ...this.snapshot, first };
      for (const listener of this.listeners) listener();
    } catch (error: unknown) {
      console.error('The first clients could not be read', error);
    }
  }

  /**
   * While a full read waits for the end of a multi-page pull: the replica's count and its first page (two
   * short reads), published as not ready, so screens show the first cards and the count, not stale
   * entries, and searches wait for the read at the end.
   */
  private async preview() {
    const total = await this.db.clients.count();
    // A full first page is kept until the read at the end: reading it again each second read thousands of
    // growing name ranges between the pull's writes (issue 19), to move a card or two on the first screen.
    const kept = this.snapshot.first;
    const first =
      this.firstLimit === 0
        ? null
        : kept && kept.length >= this.firstLimit
          ? kept
          : await firstIndexedClients(this.db, this.firstLimit);
    this.snapshot = { ...this.snapshot, ready: false, first, total, version: this.snapshot.version + 1 };
    for (const listener of this.listeners) listener();
  }

  /** The whole table in primary-key slices, each normalised, sorted and merged in its own task. */
  private async readAll() {
    if (!this.snapshot.ready) {
      // The count first: a screen can say how many clients there are long before the index is built.
      const total = await this.db.clients.count();
      this.snapshot = { ...this.snapshot, total };
      for (const listener of this.listeners) listener();
    }
    let entries: IndexedClient[] = [];
    const byId = new Map<string, IndexedClient>();
    let after: string | null = null;
    for (;;) {
      const table = this.db.clients;
      const rows: Client[] = await (after === null ? table.orderBy(':id') : table.where(':id').above(after))
        .limit(READ_SLICE)
        .toArray();
      const slice = rows.map(indexClient).sort(bySearchText);
      for (const entry of slice) byId.set(entry.client.id, entry);
      entries = mergeSorted(entries, slice);
      if (rows.length < READ_SLICE) break;
      after = rows[rows.length - 1]!.id;
    }
    this.publish(entries, byId);
  }

  private async readSome(ids: string[]) {
    if (ids.length === 0) return;
    const changed = new Map<string, IndexedClient | null>();
    for (let i = 0; i < ids.length; i += READ_SLICE) {
      const slice = ids.slice(i, i + READ_SLICE);
      const rows = await this.db.clients.bulkGet(slice);
      slice.forEach((id, n) => changed.set(id, rows[n] ? indexClient(rows[n]) : null));
    }
    const kept = this.snapshot.entries.filter((e) => !changed.has(e.client.id));
    const added: IndexedClient[] = [];
    const byId = new Map(this.snapshot.byId);
    for (const [id, entry] of changed) {
      if (entry) {
        added.push(entry);
        byId.set(id, entry);
      } else byId.delete(id);
    }
    this.publish(mergeSorted(kept, added.sort(bySearchText)), byId);
  }

  private publish(entries: IndexedClient[], byId: Map<string, IndexedClient>) {
    this.snapshot = {
      ready: true,
      entries,
      byId,
      version: this.snapshot.version + 1,
      first: null,
      total: entries.length,
    };
    for (const listener of this.listeners) listener();
  }
}

/** The advanced-search criteria (the same meaning as GET /api/search/clients). */
export type ClientCriteria = {
  q?: string | null;
  type?: ClientType | null;
  minRating?: number | null;
  hasPhone?: boolean;
  hasEmail?: boolean;
  zone?: string | null;
  minBudget?: number | null;
  maxBudget?: number | null;
};

/** A predicate for the criteria; text and zone are matched without accents or case, as on the server. */
export function clientMatcher(criteria: ClientCriteria): (entry: IndexedClient) => boolean {
  const q = normalizeForSearch(criteria.q);
  const zone = normalizeForSearch(criteria.zone);
  const { type, minRating, hasPhone, hasEmail, minBudget, maxBudget } = criteria;
  const budgeted = minBudget != null || maxBudget != null;
  return (e) => {
    const c = e.client;
    if (type && c.type !== type) return false;
    if (minRating != null && minRating > 0 && (c.rating ?? 0) < minRating) return false;
    if (hasPhone && !(c.phone ?? '').trim()) return false;
    if (hasEmail && !(c.email ?? '').trim()) return false;
    if (q && !e.textPart.includes(q)) return false;
    if (zone && !e.zonePart.includes(zone)) return false;
    if (budgeted) {
      if (e.amount === null) return false;
      if (minBudget != null && e.amount < minBudget) return false;
      if (maxBudget != null && e.amount > maxBudget) return false;
    }
    return true;
  };
}

/** The matching clients in index order. */
export function filterClients(entries: readonly IndexedClient[], criteria: ClientCriteria): IndexedClient[] {
  const matches = clientMatcher(criteria);
  return entries.filter(matches);
}

/** Whether the criteria narrow the list at all (an empty or blank text does not). */
export const isNarrowing = (criteria: ClientCriteria) =>
  normalizeForSearch(criteria.q) !== '' ||
  normalizeForSearch(criteria.zone) !== '' ||
  !!criteria.type ||
  (criteria.minRating ?? 0) > 0 ||
  !!criteria.hasPhone ||
  !!criteria.hasEmail ||
  criteria.minBudget != null ||
  criteria.maxBudget != null;

/** The criteria other than the text and the type, to tell whether a new query only narrows the last one. */
const othersOf = ({ q: _q, type: _type, ...rest }: ClientCriteria) => JSON.stringify(rest);

/**
 * filterClients that remembers its last answer: when the entries are the same, the type is kept (or one
 * is chosen where there was none), the other criteria are the same and the new text contains the previous
 * one ('sil' → 'silv'), only the previous matches can match, so only those are searched again (typing
 * narrows a shrinking list). Unfiltered, the entries themselves.
 */
export function createNarrower() {
  let last: { entries: readonly IndexedClient[]; criteria: ClientCriteria; result: IndexedClient[] } | null =
    null;
  return (entries: readonly IndexedClient[], criteria: ClientCriteria): IndexedClient[] => {
    const narrows =
      last !== null &&
      last.entries === entries &&
      (!last.criteria.type || last.criteria.type === criteria.type) &&
      othersOf(last.criteria) === othersOf(criteria) &&
      normalizeForSearch(criteria.q).includes(normalizeForSearch(last.criteria.q));
    const result = !isNarrowing(criteria)
      ? (entries as IndexedClient[])
      : filterClients(narrows ? last!.result : entries, criteria);
    last = { entries, criteria, result };
    return result;
  };
}

/**
 * The first `limit` clients in the index's order (normalised name, then the rest of search_text), read
 * through the `name` index without building the index: what /clients shows while the index builds. The
 * `name` index orders by code unit ('Ana Sá' after 'Ana Sampaio', 'Álvaro' after 'Zé'), so it reads the
 * clients whose name may sort first once normalised: every name not starting with A–Z or a–z (signs,
 * digits, accented letters), then letter by letter in both cases until `limit` of them come before the
 * next letter. Each range is one IndexedDB read (no cursor), a small part of the table.
 */
export async function firstIndexedClients(db: ReplicaDb, limit: number): Promise<IndexedClient[]> {
  return db.transaction('r', db.clients, async () => {
    const byName = db.clients.where('name');
    const ranges = await Promise.all([
      byName.below('A').toArray(),
      byName.between('[', 'a').toArray(),
      byName.aboveOrEqual('{').toArray(),
    ]);
    const entries = ranges.flat().map(indexClient);
    for (let code = 0x61; code <= 0x7a; code += 1) {
      const letter = String.fromCharCode(code);
      const [upper, lower] = await Promise.all([
        byName.startsWith(letter.toUpperCase()).toArray(),
        byName.startsWith(letter).toArray(),
      ]);
      for (const client of [...upper, ...lower]) entries.push(indexClient(client));
      // Every client whose normalised name starts at or before this letter is in hand.
      const next = String.fromCharCode(code + 1);
      if (entries.filter((e) => e.searchText < next).length >= limit) break;
    }
    // Past 'z' every range has been read: the whole table.
    return entries.sort(bySearchText).slice(0, limit);
  });
}
