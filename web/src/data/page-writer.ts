import type { PullQuery, PullResponse } from '@casa/shared-schema';
import { MutationEffectsLoading } from './mutation-effects';
import { isSnapshotCursor } from './early-first-page';
import { applyPullPage, type SnapshotProgress } from './pull-apply';
import type { ReplicaDb } from './db';
import type { ReplicaSession } from './session';
import type { RemotePull } from './http-transport';
import type { SyncTransport } from './transport';
import type { PageHeader, WriterAnswer, WriterRequest, WrittenError } from './page-writer.protocol';

/**
 * Where the sync engine pulls a page and writes it (`applyPullPage`: one transaction, its cursor with it). In
 * the browser a worker fetches and writes it (page-writer.worker.ts): reading and checking a page's
 * megabyte of JSON, and Dexie's and IndexedDB's work on its 2,000 rows (the clone of each row, the
 * bookkeeping, the callbacks) then leave the main thread, where a 50,000-client first sync on a slow CPU
 * spent 769 ms of script in tasks over 50 ms (issue 19, scripts/bench/README.md). Tests and browsers
 * without workers pull and write in this thread.
 */
export type PageWriter = {
  /** Asks for a page: the worker may fetch it and keep its rows (a `HeldPage`). */
  pull(transport: SyncTransport, query: Partial<PullQuery>): Promise<PulledPage>;
  apply(session: ReplicaSession, page: PulledPage): Promise<SnapshotProgress | null>;
  /** A pulled page the engine will not write (the cycle ended first): the worker forgets its rows. */
  drop(page: PulledPage): void;
  /** Starts the worker now; resolves once it can write (or has broken). */
  prepare(): Promise<void>;
  /** Ends the worker (the engine stopped); the next `apply` starts another. */
  close(): void;
};

/**
 * A page the worker fetched: its header here, its rows in the worker until written or dropped. Should that
 * worker be gone by the write, the page is asked again from the same cursor and written here.
 */
export type HeldPage = PageHeader & {
  held: { id: number; port: WriterPort; query: Partial<PullQuery>; transport: SyncTransport };
};

export type PulledPage = PullResponse | HeldPage;

export function isHeld(page: PulledPage): page is HeldPage {
  return 'held' in page;
}

export function threadPageWriter(db: ReplicaDb): PageWriter {
  return {
    pull: (transport, query) => transport.pull(query),
    async apply(session, page) {
      const rows = isHeld(page) ? await page.held.transport.pull(page.held.query) : page;
      return applyPullPage(db, session, rows);
    },
    drop: () => undefined,
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

export type WorkerPageWriterOptions = {
  /** The worker fetches the pages after the first itself (http-transport.ts); without it, they are posted. */
  remote?: RemotePull;
  startPort?: () => WriterPort;
  readyLimitMs?: number;
};

/**
 * The worker writer. With `remote`, the worker fetches and checks the pages itself (all but the first)
 * and keeps their rows: the page's JSON is read, parsed and checked off the main thread, and nothing is
 * posted (on a CPU about 3× slower than a desktop's, posting a page's rows took 20 tasks before its write
 * could start). Otherwise a page goes over in slices of POST_SLICE rows, a task apart, then `apply` asks the
 * worker to write it. The first page is written in this thread while the worker loads (a first sync's first
 * card does not wait for the worker's script), and goes to a worker already running (`prepare`, which the
 * sync client calls for a replica never synced) as rows. The worker starts at `prepare`, at the first
 * page's write, or, with `remote`, at the pull of a snapshot's second page, which it fetches; without
 * `remote`, the page asked ahead during the first write is this thread's too. The next pages wait for the
 * worker, READY_LIMIT_MS at most. Should the worker break (it cannot load, or dies), the page is
 * pulled and written in this thread instead, and so is every later one: a page written twice leaves the
 * same replica (its rows put again, the same cursor).
 */
export function workerPageWriter(db: ReplicaDb, options: WorkerPageWriterOptions = {}): PageWriter {
  const { remote, startPort = () => startWorker(), readyLimitMs = READY_LIMIT_MS } = options;
  const inThread = threadPageWriter(db);
  let port: WriterPort | null = null;
  let ready: Promise<void> | null = null;
  let isReady = false;
  let markReady: () => void = () => undefined;
  let broken = false;
  let nextId = 1;
  /** Requests the worker has not answered: how to read its answer, and how to do the work here instead. */
  const waiting = new Map<
    number,
    { answered: (answer: WriterAnswer) => void; reject: (e: unknown) => void; redo: () => void }
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
      entry.answered(answer);
    });
    opened.onBroken(() => {
      if (port === opened) giveUp();
    });
    opened.post({ type: 'open', dbName: db.name });
    return (port = opened);
  };

  /** The worker, once it can work; null when this thread must (no worker, or it broke). */
  const readyPort = async (): Promise<WriterPort | null> => {
    if (broken || !port) return null;
    if (!isReady && !(await readyWithin(readyLimitMs))) giveUp();
    return broken ? null : port;
  };

  /** Sends `request` to `target`; `answered` reads the answer, `redo` does the work here should it break. */
  const ask = <T>(
    target: WriterPort,
    request: WriterRequest & { id: number },
    answered: (answer: WriterAnswer, resolve: (value: T) => void, reject: (e: unknown) => void) => void,
    redo: () => Promise<T>,
  ) =>
    new Promise<T>((resolve, reject) => {
      waiting.set(request.id, {
        answered: (answer) =>
          answer.type === 'failed' ? reject(toError(answer.error)) : answered(answer, resolve, reject),
        reject,
        redo: () => void redo().then(resolve, reject),
      });
      target.post(request);
    });

  const written = (answer: WriterAnswer, resolve: (p: SnapshotProgress | null) => void) => {
    if (answer.type === 'applied') resolve(answer.progress);
  };

  return {
    async pull(transport, query) {
      // The first pull of a replica may take the start-up's early page (early-first-page.ts): this thread's.
      // Inside a snapshot (a first sync) every later page is the worker's, the second included: it starts
      // the worker, and waits for it while the first page is written. Pulled here, the second page's
      // megabyte of JSON was read, parsed, checked and posted on this thread: 48 ms of one task at 1× on a
      // first visit, the demo organization's whole sync (issue 19, scripts/bench/README.md stop 39). A
      // delta pull (a few rows) does not wait for the worker's start: before it, it is this thread's.
      if (broken || !remote || !query.cursor) return transport.pull(query);
      if (!port && !isSnapshotCursor(query.cursor)) return transport.pull(query);
      open();
      // Posted at once when the worker is ready: the fetch of the page asked ahead goes before the write.
      const target = isReady && !broken ? port : await readyPort();
      if (!target) return transport.pull(query);
      const id = nextId++;
      const asking = performance.now();
      const page = await ask<PulledPage>(
        target,
        { type: 'fetch', id, url: remote.url(query) },
        (answer, resolve, reject) => {
          if (answer.type === 'fetched')
            resolve({ ...answer.page, held: { id, port: target, query, transport } });
          else if (answer.type === 'refused') remote.refused(answer.refusal).catch(reject);
        },
        () => transport.pull(query),
      );
      // The pages the worker fetched ('casa:pull-fetch'; the benches and the e2e test count them).
      if (isHeld(page)) performance.measure('casa:pull-fetch', { start: asking, end: performance.now() });
      return page;
    },
    async apply(session, page) {
      if (broken) return inThread.apply(session, page);
      if (isHeld(page)) {
        const { held, ...header } = page;
        // Its worker is gone (ended, or another started since): pulled again and written here.
        if (held.port !== port) return inThread.apply(session, page);
        const applying = performance.now();
        const progress = await ask(
          held.port,
          { type: 'apply', id: held.id, session, page: header },
          written,
          () => inThread.apply(session, page),
        );
        performance.measure('casa:pull-worker', { start: applying, end: performance.now() });
        return progress;
      }
      if (!port || (remote && !isReady)) {
        // The first page: written here while the worker loads (`prepare`, or the second page's pull, may
        // have started it). A worker already running takes it as rows, a few milliseconds per slice here.
        open();
        return inThread.apply(session, page);
      }
      const target = await readyPort();
      if (!target) return inThread.apply(session, page);
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
      const progress = await ask(target, { type: 'apply', id, session, page: rest }, written, () =>
        inThread.apply(session, page),
      );
      // The pages the worker wrote ('casa:pull-worker'; the benches count them beside 'casa:pull-apply').
      performance.measure('casa:pull-worker', { start: posting, end: performance.now() });
      return progress;
    },
    drop(page) {
      if (isHeld(page) && page.held.port === port) port.post({ type: 'drop', id: page.held.id });
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
