import type { PullResponse } from '@casa/shared-schema';
import { ReplicaDb } from './db';
import { applyPullPage } from './pull-apply';
import { isConnectionClosing } from './reopen';
import type { WriterAnswer, WriterRequest } from './page-writer.protocol';

/**
 * The worker's side of the page writer (page-writer.ts): gathers a page's rows and writes the page with the
 * same `applyPullPage` the main thread would run, on its own connection to the replica. Dexie tells the
 * page's live queries through its storagemutated BroadcastChannel, as for the search worker.
 */
export class PageWriterHost {
  private dbName: string | null = null;
  private db: ReplicaDb | null = null;
  private readonly rows = new Map<number, PullResponse['changes']>();

  constructor(
    private readonly answer: (answer: WriterAnswer) => void,
    private readonly open: (dbName: string) => ReplicaDb = (dbName) => new ReplicaDb(dbName),
  ) {}

  handle(request: WriterRequest): Promise<void> | void {
    if (request.type === 'open') {
      this.db?.close();
      this.db = null;
      this.dbName = request.dbName;
      this.answer({ type: 'ready' });
      return;
    }
    if (request.type === 'rows') {
      const rows = this.rows.get(request.id);
      if (rows) rows.push(...request.changes);
      else this.rows.set(request.id, [...request.changes]);
      return;
    }
    const changes = this.rows.get(request.id) ?? [];
    this.rows.delete(request.id);
    return this.write(request.id, request.session, { ...request.page, changes });
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
      const error = err instanceof Error ? err : new Error(String(err));
      // A connection closed under the write (Safari, or the replica deleted): opened again only for the next
      // page, which comes only from a running engine, whose own reopen retries the cycle (reopen.ts). Opening
      // it here would create again a replica a sign-out has just deleted.
      if (isConnectionClosing(error)) {
        db.close();
        this.db = null;
      }
      this.answer({ type: 'failed', id, error: { name: error.name, message: error.message } });
    }
  }
}
