import type { PullResponse } from '@casa/shared-schema';
import { MutationEffectsLoading } from './mutation-effects';
import { applyPullPage, type SnapshotProgress } from './pull-apply';
import type { ReplicaDb } from './db';
import type { ReplicaSession } from './session';
import type { WriterAnswer, WriterRequest, WrittenError } from './page-writer.protocol';

/**
 * Where the sync engine writes a pulled page (`applyPullPage`: one transaction, its cursor with it). In the
 * browser a worker writes it (page-writer.worker.ts): Dexie's and IndexedDB's work on 2,000 rows (the clone
 * of each row, the bookkeeping, the callbacks) then leaves the main thread, where a 50,000-client first sync
 * on a slow CPU spent 769 ms of script in tasks over 50 ms (issue 19, scripts/bench/README.md). Tests and
 * browsers without workers write in this thread.
 */
export type PageWriter = {
  apply(session: ReplicaSession, page: PullResponse): Promise<SnapshotProgress | null>;
  /** Starts the worker now; resolves once it can write (or has broken). */
  prepare(): Promise<void>;
  /** Ends the worker (the engine stopped); the next `apply` starts another. */
  close(): void;
};

export function threadPageWriter(db: ReplicaDb): PageWriter {
  return {
    apply: (session, page) => applyPullPage(db, session, page),
    prepare: () => Promise.resolve(),
    close: () => undefined,
  };
}

/**
 * Rows per message: posting a page clones it on this thread, 57–79 ms for 2,000 rows on a slow desktop CPU
 * (one long task); 100 rows take 4–5 ms, each posted in a task of its own.
 */
export const POST_SLICE = 100;

/** The worker as the writer sees it (tests pass a fake). */
export type WriterPort = {
  post(request: WriterRequest): void;
  onAnswer(handler: (answer: WriterAnswer) => void): void;
  /** The worker could not run (its script failed to load or threw): the writer goes on in this thread. */
  onBroken(handler: () => void): void;
  terminate(): void;
};

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How long a page waits for the worker to load before the writer gives it up and writes here. */
export const READY_LIMIT_MS = 5_000;

/**
 * The worker writer. A page goes over in slices of POST_SLICE rows, a task apart, then `apply` asks the
 * worker to write it. The worker starts at the first page, which is written in this thread (a first sync's
 * first card does not wait for the worker's script); the next pages wait for it, READY_LIMIT_MS at most.
 * Should the worker break (it cannot load, or dies), the page is written in this thread instead, and so is
 * every later one: a page written twice leaves the same replica (its rows put again, the same cursor).
 */
export function workerPageWriter(
  db: ReplicaDb,
  startPort: () => WriterPort = () => startWorker(),
  readyLimitMs = READY_LIMIT_MS,
): PageWriter {
  const inThread = threadPageWriter(db);
  let port: WriterPort | null = null;
  let ready: Promise<void> | null = null;
  let isReady = false;
  let markReady: () => void = () => undefined;
  let broken = false;
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (p: SnapshotProgress | null) => void; reject: (e: unknown) => void; redo: () => void }
  >();

  /** The worker cannot write: this page and every later one are written here. */
  const giveUp = () => {
    broken = true;
    markReady();
    port?.terminate();
    port = null;
    for (const [id, entry] of waiting) {
      waiting.delete(id);
      entry.redo();
    }
  };
  const readyWithin = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void ready?.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  const open = (): WriterPort => {
    if (port) return port;
    const opened = startPort();
    isReady = false;
    ready = new Promise<void>((resolve) => (markReady = resolve));
    opened.onAnswer((answer) => {
      if (answer.type === 'ready') {
        isReady = port === opened;
        markReady();
        return;
      }
      const entry = waiting.get(answer.id);
      if (!entry) return;
      waiting.delete(answer.id);
      if (answer.type === 'applied') entry.resolve(answer.progress);
      else entry.reject(toError(answer.error));
    });
    opened.onBroken(() => {
      if (port === opened) giveUp();
    });
    opened.post({ type: 'open', dbName: db.name });
    return (port = opened);
  };

  return {
    async apply(session, page) {
      if (broken) return inThread.apply(session, page);
      if (!port) {
        // The first page: written here while the worker loads.
        open();
        return inThread.apply(session, page);
      }
      if (!isReady && !(await readyWithin(readyLimitMs))) giveUp();
      const target = port;
      if (broken || !target) return inThread.apply(session, page);
      const id = nextId++;
      const posting = performance.now();
      const { changes, ...rest } = page;
      for (let i = 0; i < changes.length; i += POST_SLICE) {
        if (i > 0) await nextTask();
        if (broken) return inThread.apply(session, page);
        target.post({ type: 'rows', id, changes: changes.slice(i, i + POST_SLICE) });
      }
      // Closed while the rows went over (the engine stopped): the page is not written.
      if (port !== target)
        throw Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' });
      const written = new Promise<SnapshotProgress | null>((resolve, reject) => {
        waiting.set(id, {
          resolve,
          reject,
          redo: () => void inThread.apply(session, page).then(resolve, reject),
        });
        target.post({ type: 'apply', id, session, page: rest });
      });
      const progress = await written;
      // The pages the worker wrote ('casa:pull-worker'; the benches count them beside 'casa:pull-apply').
      performance.measure('casa:pull-worker', { start: posting, end: performance.now() });
      return progress;
    },
    prepare() {
      if (broken) return Promise.resolve();
      open();
      return ready ?? Promise.resolve();
    },
    close() {
      port?.terminate();
      port = null;
      isReady = false;
      markReady();
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        entry.reject(Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' }));
      }
    },
  };
}

/** A failure as the engine reads it: by name (reopen.ts) and, for the effects still loading, by class. */
function toError(error: WrittenError): Error {
  if (error.name === 'MutationEffectsLoading') return new MutationEffectsLoading();
  return Object.assign(new Error(error.message), { name: error.name });
}

function startWorker(): WriterPort {
  const worker = new Worker(new URL('./page-writer.worker.ts', import.meta.url), {
    type: 'module',
    name: 'page-writer',
  });
  return {
    post: (request) => worker.postMessage(request),
    onAnswer: (handler) => (worker.onmessage = (event: MessageEvent<WriterAnswer>) => handler(event.data)),
    onBroken: (handler) => {
      worker.onerror = (event) => {
        console.warn('The page writer worker failed; pages are written in the page', event.message);
        event.preventDefault();
        handler();
      };
    },
    terminate: () => worker.terminate(),
  };
}
