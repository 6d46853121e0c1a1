import type { CampaignFilters, Client, ClientType, MatchableProperty } from '@casa/shared-schema';
import type { ClientFacts } from '../../features/reports/reports.figures';
import type { RankedClient } from '../../features/cold-calls/cold-calls.logic';
import { bulkSyncing, onBulkSyncEnd, onBulkSyncStart } from '../bulk-sync';
import type { ReplicaDb } from '../db';
import type { ContactOverview } from '../../features/dashboard/dashboard.figures';
import { ClientIndex, type ClientCriteria } from './client-index';
import type { MatchedBuyers, Matches, SearchAnswer, SearchRequest, SearchState } from './protocol';
import { ClientSearchHost } from './search-host';

type Port = { post(request: SearchRequest): void; close(): void };

/** Rows kept for the cards on screen (and those just scrolled past): a few screens' worth. */
const ROW_CACHE = 600;

export const INITIAL_SEARCH_STATE: SearchState = { ready: false, total: null, version: 0 };

/**
 * The page's side of the client search (issue 19): the index lives in a Web Worker
 * (client-search.worker.ts), so building it for 50,000 clients and keeping it current never holds the
 * main thread; the page holds the state, asks for matches (ids, in order) and fetches the rows of the
 * cards it shows. Without Worker (vitest in Node) the same host runs in the page, its answers still
 * asynchronous, so the screens and the tests go through the same code.
 */
export class ClientSearch {
  private state: SearchState = INITIAL_SEARCH_STATE;
  private listeners = new Set<() => void>();
  private rowListeners = new Set<() => void>();
  private waiting = new Map<number, (answer: SearchAnswer) => void>();
  private nextId = 1;
  private readonly rowCache = new Map<string, { version: number; client: Client | null }>();
  private readonly inFlight = new Set<string>();
  private readonly port: Port;
  private readonly stops: (() => void)[];
  /** The in-page index (no Worker): what tests wait on. */
  readonly inPage: ClientIndex | null = null;

  constructor(db: ReplicaDb, firstPage = 0, useWorker = typeof Worker !== 'undefined') {
    const receive = (answer: SearchAnswer) => this.receive(answer);
    if (useWorker) {
      const worker = new Worker(new URL('./client-search.worker.ts', import.meta.url), {
        type: 'module',
        name: 'client-search',
      });
      worker.onmessage = (event: MessageEvent<SearchAnswer>) => receive(event.data);
      worker.onerror = (event) => console.error('The client search worker failed', event.message);
      this.port = { post: (request) => worker.postMessage(request), close: () => worker.terminate() };
      this.port.post({ type: 'open', dbName: db.name, firstPage });
      // A pull already under way (the screen opened after it began) is announced too.
      if (bulkSyncing(db)) this.port.post({ type: 'bulk', syncing: true });
      // The worker cannot see this tab's pull: it is told when a multi-page one starts and ends.
      this.stops = [
        onBulkSyncStart(db, () => this.port.post({ type: 'bulk', syncing: true })),
        onBulkSyncEnd(db, () => this.port.post({ type: 'bulk', syncing: false })),
      ];
      // The replica's count at once, from here: one IndexedDB request, while the worker still loads
      // (the count /clients shows first; the worker's own state replaces it).
      void db.clients.count().then(
        (total) => {
          if (this.state.total !== null || this.state.ready) return;
          this.state = { ...this.state, total };
          for (const listener of this.listeners) listener();
        },
        () => {},
      );
    } else {
      const index = new ClientIndex(db, firstPage);
      this.inPage = index;
      // Answers stay asynchronous, as from the worker.
      const host = new ClientSearchHost(db, index, (answer) => void Promise.resolve(answer).then(receive));
      this.port = {
        post: (request) => void Promise.resolve(request).then((r) => host.handle(r)),
        close: () => host.dispose(),
      };
      this.stops = [];
    }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Until the index is built, publish the first `limit` clients too (a list opened after the dashboard). */
  wantFirstPage(limit: number) {
    if (limit > 0 && !this.state.ready) this.port.post({ type: 'firstPage', firstPage: limit });
  }

  getSnapshot = () => this.state;

  /** The clients matching `criteria`, in index order, from the index as it is when the request arrives. */
  query(criteria: ClientCriteria, limit?: number): Promise<Matches> {
    return this.ask({ type: 'query', id: this.nextId++, criteria, limit }).then((answer) => {
      if (answer.type !== 'matches') throw new Error(`matches expected, got ${answer.type}`);
      return answer;
    });
  }

  /** Today's birthdays (birthdaysToday) from the index; null while it is not ready. */
  birthdays(now: Date): Promise<Client[] | null> {
    return this.ask({ type: 'birthdays', id: this.nextId++, now: now.getTime() }).then((answer) =>
      answer.type === 'birthdays' ? answer.clients : null,
    );
  }

  /** The dashboard's contact list (contactOverview) from the index; null while it is not ready. */
  contactOverview(lastContacts: ReadonlyMap<string, string>, now: Date): Promise<ContactOverview | null> {
    return this.ask({ type: 'contacts', id: this.nextId++, now: now.getTime(), lastContacts }).then(
      (answer) => (answer.type === 'contacts' ? answer.overview : null),
    );
  }

  /** The client picker's suggestions; null while the index is not ready. */
  pick(text: string, clientType?: ClientType, limit?: number): Promise<Client[] | null> {
    return this.ask({ type: 'pick', id: this.nextId++, text, clientType, limit }).then((answer) =>
      answer.type === 'pick' ? answer.clients : null,
    );
  }

  /** The clients with a phone in the marathon's order, passing `filters` (null: all); see protocol.ts. */
  ranked(
    lastContacts: ReadonlyMap<string, string>,
    filters: CampaignFilters | null,
    rows: number,
    now = new Date(),
  ): Promise<{ ids: string[]; first: RankedClient[] }> {
    const request = {
      type: 'ranked',
      id: this.nextId++,
      now: now.getTime(),
      lastContacts,
      filters,
      rows,
    } as const;
    return this.ask(request).then((answer) => {
      if (answer.type !== 'ranked') throw new Error(`ranked expected, got ${answer.type}`);
      return answer;
    });
  }

  /** /reports' client facts; null while the index is not ready. */
  clientFacts(): Promise<ClientFacts | null> {
    return this.ask({ type: 'clientFacts', id: this.nextId++ }).then((answer) =>
      answer.type === 'clientFacts' ? answer.facts : null,
    );
  }

  /** A property's matching buyers, the first `limit` with their rows; null while the index is not ready. */
  buyers(property: MatchableProperty, limit: number): Promise<MatchedBuyers | null> {
    return this.ask({ type: 'buyers', id: this.nextId++, property, limit }).then((answer) =>
      answer.type === 'buyers' ? answer.found : null,
    );
  }

  /** A row already fetched (null: gone), whatever its version; undefined when never fetched. */
  cachedRow(id: string): Client | null | undefined {
    return this.rowCache.get(id)?.client;
  }

  /** Called whenever fetched rows arrive. */
  onRows(listener: () => void) {
    this.rowListeners.add(listener);
    return () => void this.rowListeners.delete(listener);
  }

  /**
   * Fetches the rows of `ids` not fetched yet or fetched before the index's last change (a card keeps its
   * older row until the new one arrives); rows already on their way are not asked again.
   */
  wantRows(ids: readonly string[]) {
    const version = this.state.version;
    const wanted = ids.filter(
      (id) => !this.inFlight.has(id) && (this.rowCache.get(id)?.version ?? -1) < version,
    );
    if (wanted.length === 0) return;
    for (const id of wanted) this.inFlight.add(id);
    void this.ask({ type: 'rows', id: this.nextId++, ids: wanted }).then((answer) => {
      if (answer.type !== 'rows') return;
      wanted.forEach((id, n) => {
        this.inFlight.delete(id);
        const before = this.rowCache.get(id)?.client;
        const fetched = answer.clients[n] ?? null;
        this.rowCache.delete(id);
        // An unchanged row keeps its object: the card (memo) is not drawn again. Every index change asks
        // the rows in view again (once a second during a first sync), mostly unchanged.
        const client = before && fetched && sameRow(before, fetched) ? before : fetched;
        this.rowCache.set(id, { version: answer.version, client });
      });
      // Oldest first out (Map order is insertion order; a refreshed row was re-inserted above).
      for (const id of this.rowCache.keys()) {
        if (this.rowCache.size <= ROW_CACHE) break;
        this.rowCache.delete(id);
      }
      for (const listener of this.rowListeners) listener();
    });
  }

  dispose() {
    for (const stop of this.stops) stop();
    this.port.close();
    this.listeners.clear();
    this.rowListeners.clear();
    this.waiting.clear();
  }

  private ask(request: SearchRequest & { id: number }): Promise<SearchAnswer> {
    return new Promise((resolve) => {
      this.waiting.set(request.id, resolve);
      this.port.post(request);
    });
  }

  private receive(answer: SearchAnswer) {
    if (answer.type === 'state') {
      const { ready, total, version } = answer;
      // Before its own count the worker's state says null: the count read here stands meanwhile.
      this.state = { ready, total: total ?? this.state.total, version };
      for (const listener of this.listeners) listener();
      return;
    }
    const resolve = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    resolve?.(answer);
  }
}

/** The same fields with the same values (nested values, such as tags or custom fields, compared as JSON). */
export function sameRow(a: Client, b: Client): boolean {
  const keys = Object.keys(a) as (keyof Client)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return true;
    return typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y);
  });
}

const searches = new WeakMap<ReplicaDb, ClientSearch>();
/** The first page sizes already asked of a search (clientSearchOf runs at every render of a list). */
const asked = new WeakMap<ClientSearch, Set<number>>();

/**
 * One client search per open replica, created on first use (and ended when the replica closes);
 * `firstPage` (the creator's) makes it publish that many first clients before the whole index.
 */
export function clientSearchOf(db: ReplicaDb, firstPage = 0): ClientSearch {
  let search = searches.get(db);
  // Made earlier without a first page (the dashboard's): the list opened now still shows its first cards.
  if (search && firstPage > 0 && !asked.get(search)?.has(firstPage)) {
    asked.set(search, (asked.get(search) ?? new Set()).add(firstPage));
    search.wantFirstPage(firstPage);
  }
  if (!search) {
    const created = new ClientSearch(db, firstPage);
    searches.set(db, created);
    db.on('close', () => {
      created.dispose();
      searches.delete(db);
    });
    search = created;
  }
  return search;
}
