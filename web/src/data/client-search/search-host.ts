import type { Client, PreparedBuyers } from '@casa/shared-schema';
import { matchBuyersForProperty, prepareBuyers } from '@casa/shared-schema/values';
import type { ReplicaDb } from '../db';
import {
  createNarrower,
  isNarrowing,
  type BulkSignal,
  type ClientCriteria,
  type ClientIndex,
  type IndexedClient,
} from './client-index';
import { birthdaysToday, contactOverview } from '../../features/dashboard/dashboard.figures';
import { generatorPreview, marathonQueue } from '../../features/cold-calls/cold-calls.logic';
import { pickerSuggestions } from '../../features/client-picker/client-picker.logic';
import { clientFacts } from '../../features/reports/reports.figures';
import { visibleMatches, withRows } from '../../features/properties/matching-lists.logic';
import type { SearchAnswer, SearchRequest } from './protocol';

/** The bulk-pull state as the main thread reports it (the search worker has no pull of its own). */
export class ForwardedBulkSignal implements BulkSignal {
  private active = false;
  private listeners = new Set<() => void>();

  set(syncing: boolean) {
    const ended = this.active && !syncing;
    this.active = syncing;
    if (ended) for (const listener of this.listeners) listener();
  }

  syncing = () => this.active;

  onEnd(listener: () => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/**
 * Answers the search protocol (protocol.ts) from a ClientIndex: hosted by the worker
 * (client-search.worker.ts) or, where there is no Worker, by the page itself — one definition of the search.
 */
export class ClientSearchHost {
  /** A query that extends the last one's text ('sil' → 'silv') only searches its matches again. */
  private readonly narrow = createNarrower();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: ReplicaDb,
    private readonly index: ClientIndex,
    private readonly post: (answer: SearchAnswer) => void,
  ) {
    this.unsubscribe = index.subscribe(() => this.postState());
    this.postState();
  }

  handle(request: SearchRequest) {
    if (request.type === 'query') this.query(request.id, request.criteria, request.limit);
    else if (request.type === 'firstPage') this.index.askFirstPage(request.firstPage);
    else if (request.type === 'rows') void this.rows(request.id, request.ids);
    else if (request.type === 'birthdays' || request.type === 'contacts') this.dashboard(request);
    else if (request.type === 'pick') this.pick(request);
    else if (request.type === 'ranked') void this.ranked(request);
    else if (request.type === 'clientFacts') this.clientFacts(request.id);
    else if (request.type === 'buyers') this.buyers(request);
  }

  private clientFacts(id: number) {
    const { ready, entries, version } = this.index.getSnapshot();
    this.post({
      type: 'clientFacts',
      id,
      version,
      facts: ready ? clientFacts(entries.map((e) => e.client)) : null,
    });
  }

  /** The buyers prepared once per change of the index (not per property shown). */
  private prepared: { entries: readonly IndexedClient[]; buyers: PreparedBuyers } | null = null;

  private buyers({ id, property, limit }: Extract<SearchRequest, { type: 'buyers' }>) {
    const { ready, entries, byId, version } = this.index.getSnapshot();
    if (!ready) {
      this.post({ type: 'buyers', id, version, found: null });
      return;
    }
    if (this.prepared?.entries !== entries)
      this.prepared = { entries, buyers: prepareBuyers(entries.map((e) => e.client)) };
    const matches = matchBuyersForProperty(property, this.prepared.buyers);
    const shown = withRows(
      visibleMatches(matches, limit).shown,
      (m) => m.clientId,
      (key) => byId.get(key)?.client,
    );
    this.post({ type: 'buyers', id, version, found: { count: matches.length, shown } });
  }

  private pick({ id, text, clientType, limit }: Extract<SearchRequest, { type: 'pick' }>) {
    const { ready, entries, version } = this.index.getSnapshot();
    const candidates = ready && clientType ? entries.filter((e) => e.client.type === clientType) : entries;
    this.post({
      type: 'pick',
      id,
      version,
      clients: ready ? pickerSuggestions(candidates, text, limit) : null,
    });
  }

  private async ranked(request: Extract<SearchRequest, { type: 'ranked' }>) {
    // The queue is fixed from it: the index must hold every write noticed so far (a sync just ended).
    await this.index.settled();
    const { entries, version } = this.index.getSnapshot();
    const all = marathonQueue(
      entries.map((e) => e.client),
      request.lastContacts,
      new Date(request.now),
    );
    const ranked = request.filters ? generatorPreview(all, request.filters) : all;
    this.post({
      type: 'ranked',
      id: request.id,
      version,
      ids: ranked.map((r) => r.id),
      first: ranked.slice(0, request.rows),
    });
  }

  /** The dashboard's passes over every client, here rather than on the main thread (issue 19). */
  private dashboard(request: Extract<SearchRequest, { type: 'birthdays' | 'contacts' }>) {
    const { ready, entries, version } = this.index.getSnapshot();
    const now = new Date(request.now);
    const { id } = request;
    if (request.type === 'birthdays')
      this.post({ type: 'birthdays', id, version, clients: ready ? birthdaysToday(entries, now) : null });
    else
      this.post({
        type: 'contacts',
        id,
        version,
        overview: ready ? contactOverview(entries, request.lastContacts, now) : null,
      });
  }

  dispose() {
    this.unsubscribe();
    this.index.dispose();
  }

  private postState() {
    const { ready, total, version } = this.index.getSnapshot();
    this.post({ type: 'state', ready, total, version });
  }

  private query(id: number, criteria: ClientCriteria, limit?: number) {
    const snapshot = this.index.getSnapshot();
    const base = { type: 'matches', id, criteria, version: snapshot.version } as const;
    if (!snapshot.ready) {
      const first = !isNarrowing(criteria) && snapshot.first ? snapshot.first : null;
      this.post({
        ...base,
        complete: false,
        count: first ? (snapshot.total ?? first.length) : null,
        ids: first ? first.map((e) => e.client.id) : [],
      });
      return;
    }
    const result = this.narrow(snapshot.entries, criteria);
    const shown = limit === undefined ? result : result.slice(0, limit);
    this.post({ ...base, complete: true, count: result.length, ids: shown.map((e) => e.client.id) });
  }

  private async rows(id: number, ids: readonly string[]) {
    const snapshot = this.index.getSnapshot();
    const early = new Map((snapshot.first ?? []).map((e) => [e.client.id, e.client]));
    const clients: (Client | null)[] = ids.map(
      (key) => snapshot.byId.get(key)?.client ?? early.get(key) ?? null,
    );
    // Before the index is built a row may be in the replica only.
    const missing = snapshot.ready ? [] : ids.filter((_, n) => clients[n] === null);
    if (missing.length > 0) {
      const read = await this.db.clients.bulkGet([...missing]);
      const found = new Map(read.filter((c): c is Client => !!c).map((c) => [c.id, c]));
      ids.forEach((key, n) => (clients[n] ??= found.get(key) ?? null));
    }
    this.post({ type: 'rows', id, version: snapshot.version, clients });
  }
}
