import type { PullResponse } from '@casa/shared-schema';
import { ReplicaDb } from './db';
import { applyPullPage } from './pull-apply';
import { checkPullPage } from './pull-check';
import { isConnectionClosing } from './reopen';
import type { PageHeader, WriterAnswer, WriterRequest } from './page-writer.protocol';

/** How the worker fetches a page: same origin, the session cookie with it, as the page's own requests. */
export type FetchPage = (url: string) => Promise<Response>;

const fetchPage: FetchPage = (url) =>
  fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });

/**
 * The worker's side of the page writer (page-writer.ts): fetches and checks a page, or gathers the rows the
 * page posts, and writes the page with the same `applyPullPage` the main thread would run, on its own
 * connection to the replica. Dexie tells the page's live queries through its storagemutated
 * BroadcastChannel, as for the search worker.
 */
export class PageWriterHost {
  private dbName: string | null = null;
  private db: ReplicaDb | null = null;
  private readonly rows = new Map<number, PullResponse['changes']>();

  constructor(
    private readonly answer: (answer: WriterAnswer) => void,
    private readonly open: (dbName: string) => ReplicaDb = (dbName) => new ReplicaDb(dbName),
    private readonly fetch: FetchPage = fetchPage,
  ) {}

  /** Pages whose rows this worker keeps until they are written or dropped. */
  get pagesHeld(): number {
    return this.rows.size;
  }

  handle(request: WriterRequest): Promise<void> | void {
    switch (request.type) {
      case 'open':
        this.db?.close();
        this.db = null;
        this.dbName = request.dbName;
        this.answer({ type: 'ready' });
        return;
      case 'rows': {
        const rows = this.rows.get(request.id);
        if (rows) rows.push(...request.changes);
        else this.rows.set(request.id, [...request.changes]);
        return;
      }
      case 'fetch':
        return this.fetchPage(request.id, request.url);
      case 'drop':
        this.rows.delete(request.id);
        return;
      case 'apply': {
        const changes = this.rows.get(request.id) ?? [];
        this.rows.delete(request.id);
        return this.write(request.id, request.session, { ...request.page, changes });
      }
    }
  }

  /**
   * The answer read, parsed and checked here, so its megabyte of JSON never reaches the main thread; only
   * the page's header goes back. An answer that was not OK goes back as it came (the page reads it).
   */
  private async fetchPage(id: number, url: string) {
    try {
      const res = await this.fetch(url);
      const body = await res.text();
      if (!res.ok) {
        this.answer({
          type: 'refused',
          id,
          refusal: { status: res.status, statusText: res.statusText, body },
        });
        return;
      }
      const { changes, ...page } = await checkPullPage(JSON.parse(body));
      // Its measure has no reader in a worker: not kept for a working day of pulls.
      performance.clearMeasures?.('casa:pull-check');
      this.rows.set(id, changes);
      this.answer({ type: 'fetched', id, page: page satisfies PageHeader });
    } catch (err) {
      this.answer({ type: 'failed', id, error: asWrittenError(err) });
    }
  }

  private async write(id: number, session: Parameters<typeof applyPullPage>[1], page: PullResponse) {
    if (this.dbName === null) {
      this.answer({ type: 'failed', id, error: { name: 'DatabaseClosedError', message: 'No replica open' } });
      return;
    }
    const db = (this.db ??= this.open(this.dbName));
    try {
      const progress = await applyPullPage(db, session, page);
      this.answer({ type: 'applied', id, progress });
    } catch (err) {
      // A connection closed under the write (Safari, or the replica deleted): opened again only for the next
      // page, which comes only from a running engine, whose own reopen retries the cycle (reopen.ts). Opening
      // it here would create again a replica a sign-out has just deleted.
      if (isConnectionClosing(err)) {
        db.close();
        this.db = null;
      }
      this.answer({ type: 'failed', id, error: asWrittenError(err) });
    }
  }
}

function asWrittenError(err: unknown) {
  const error = err instanceof Error ? err : new Error(String(err));
  return { name: error.name, message: error.message };
}
