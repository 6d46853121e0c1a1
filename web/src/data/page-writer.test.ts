import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import type { PullResponse } from '@casa/shared-schema';
import { ReplicaDb } from './db';
import { getMeta } from './meta';
import { MutationEffectsLoading } from './mutation-effects';
import { createApiClient } from '../lib/api';
import { pullUrl, remotePull } from './http-transport';
import {
  isHeld,
  POST_SLICE,
  threadPageWriter,
  workerPageWriter,
  type PageWriter,
  type WriterPort,
} from './page-writer';
import { SyncHttpError, type SyncTransport } from './transport';
import { PageWriterHost } from './page-writer.host';
import type { WriterAnswer } from './page-writer.protocol';
import { inThreadWorker } from './testing/in-thread-worker';
import type { ReplicaSession } from './session';
import { AGENT, clientRow, ORG } from './testing/fixtures';

const SESSION: ReplicaSession = { userId: AGENT, organizationId: ORG, role: 'agent' };
const opened: ReplicaDb[] = [];
const replica = () => {
  const db = new ReplicaDb(`page-writer-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
};

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

function page(rows: number, over: Partial<PullResponse> = {}): PullResponse {
  return {
    changes: Array.from({ length: rows }, () => {
      const row = clientRow();
      return { table: 'clients' as const, op: 'put' as const, id: row.id, row };
    }),
    cursor: `s1.${ORG}.${AGENT}.${rows}`,
    hasMore: false,
    reset: true,
    total: rows,
    ...over,
  } as PullResponse;
}

/** A worker that never loads: it takes every request and never answers. */
function silentPort() {
  const terminate = vi.fn();
  const posted: string[] = [];
  const port: WriterPort = {
    post: (request) => posted.push(request.type),
    onAnswer: () => undefined,
    onBroken: () => undefined,
    terminate,
  };
  return { port, posted, terminate };
}

describe('workerPageWriter', () => {
  it('writes a page as the main thread would, its rows posted in slices', async () => {
    const viaWorker = replica();
    const inThread = replica();
    const { port, posted } = inThreadWorker();
    const writer = workerPageWriter(viaWorker, { startPort: () => port });
    await writer.prepare();
    const first = page(POST_SLICE * 2 + 7, { hasMore: true });
    const second = page(3, { reset: false, hasMore: false });

    const progress = await writer.apply(SESSION, first);
    expect(progress).toEqual(await threadPageWriter(inThread).apply(SESSION, first));
    expect(progress).toMatchObject({ done: POST_SLICE * 2 + 7, total: POST_SLICE * 2 + 7 });
    expect(await writer.apply(SESSION, second)).toBeNull();
    await threadPageWriter(inThread).apply(SESSION, second);

    expect(
      posted.filter((r) => r.type === 'rows').map((r) => (r.type === 'rows' ? r.changes.length : 0)),
    ).toEqual([POST_SLICE, POST_SLICE, 7, 3]);
    const ids = async (db: ReplicaDb) => (await db.clients.toCollection().primaryKeys()).sort();
    expect(await ids(viaWorker)).toEqual(await ids(inThread));
    expect(await viaWorker.clients.count()).toBe(POST_SLICE * 2 + 10);
    expect(await getMeta(viaWorker, 'cursor')).toBe(second.cursor);
    expect(await getMeta(viaWorker, 'lastSyncedAt')).toEqual(expect.any(String));
  });

  it('writes the first page in this thread while the worker loads, the next ones in the worker', async () => {
    const db = replica();
    const { port, posted } = inThreadWorker();
    const writer = workerPageWriter(db, { startPort: () => port });
    expect(await writer.apply(SESSION, page(4))).toBeNull();
    expect(await db.clients.count()).toBe(4);
    expect(posted.map((r) => r.type)).toEqual(['open']);
    await writer.apply(SESSION, page(2, { reset: false }));
    expect(posted.map((r) => r.type)).toEqual(['open', 'rows', 'apply']);
    expect(await db.clients.count()).toBe(6);
  });

  it('gives a worker that does not load in time up, and writes here', async () => {
    const db = replica();
    const { port: silent, posted, terminate } = silentPort();
    const writer = workerPageWriter(db, { startPort: () => silent, readyLimitMs: 20 });
    await writer.apply(SESSION, page(1));
    await writer.apply(SESSION, page(2, { reset: false }));
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(posted).toEqual(['open']);
    expect(await db.clients.count()).toBe(3);
  });

  it('writes in this thread, once, when the worker cannot run', async () => {
    const db = replica();
    const { port, posted } = inThreadWorker({ breakAfter: 1 }); // 'open' goes, the first rows never arrive
    const writer = workerPageWriter(db, { startPort: () => port });
    await writer.prepare();
    const first = page(5);
    expect(await writer.apply(SESSION, first)).toBeNull();
    expect(await db.clients.count()).toBe(5);
    expect(port.terminate).toHaveBeenCalled();
    // Later pages too, without the worker.
    const before = posted.length;
    await writer.apply(SESSION, page(2, { reset: false }));
    expect(posted.length).toBe(before);
    expect(await db.clients.count()).toBe(7);
  });

  it('answers a failed write with its name, and the effects still loading as their class', async () => {
    const db = replica();
    let answer: (a: WriterAnswer) => void = () => undefined;
    const failWith = (name: string, message: string): WriterPort => ({
      post: (request) => {
        if (request.type === 'open') setTimeout(() => answer({ type: 'ready' }), 0);
        if (request.type === 'apply')
          setTimeout(() => answer({ type: 'failed', id: request.id, error: { name, message } }), 0);
      },
      onAnswer: (handler) => (answer = handler),
      onBroken: () => undefined,
      terminate: () => undefined,
    });
    const closing = workerPageWriter(db, {
      startPort: () => failWith('DatabaseClosedError', 'Database has been closed'),
    });
    await closing.prepare();
    await expect(closing.apply(SESSION, page(1))).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    const loading = workerPageWriter(db, { startPort: () => failWith('MutationEffectsLoading', 'x') });
    await loading.prepare();
    await expect(loading.apply(SESSION, page(1))).rejects.toBeInstanceOf(MutationEffectsLoading);
  });
});

describe('PageWriterHost', () => {
  it('after a connection closed under a write, opens the replica again only for the next page', async () => {
    const db = replica();
    const answers: WriterAnswer[] = [];
    const opens: ReplicaDb[] = [];
    const host = new PageWriterHost(
      (a) => answers.push(a),
      (name) => {
        const next = new ReplicaDb(name);
        opened.push(next);
        opens.push(next);
        return next;
      },
    );
    await host.handle({ type: 'open', dbName: db.name });
    expect(opens).toHaveLength(0);
    const first = page(2);
    await host.handle({ type: 'rows', id: 1, changes: first.changes });
    const { changes: _, ...rest } = first;
    // The connection is closed before the write: it fails as closing, and no new connection opens.
    const writing = host.handle({ type: 'apply', id: 1, session: SESSION, page: rest });
    opens[0]!.close();
    await writing;
    expect(answers[0]).toEqual({ type: 'ready' });
    expect(answers[1]).toMatchObject({ type: 'failed', id: 1, error: { name: 'DatabaseClosedError' } });
    expect(opens).toHaveLength(1);
    // The next page opens it again and is written.
    const second = page(3);
    const { changes, ...meta } = second;
    await host.handle({ type: 'rows', id: 2, changes });
    await host.handle({ type: 'apply', id: 2, session: SESSION, page: meta });
    expect(answers[2]).toMatchObject({ type: 'applied', id: 2 });
    expect(opens).toHaveLength(2);
    expect(await db.clients.count()).toBe(3);
  });
});

describe('workerPageWriter fetching in the worker', () => {
  /** Pages served by cursor: the transport (this thread) and the worker's fetch answer the same ones. */
  function served(pages: PullResponse[]) {
    const byCursor = (cursor: string | undefined) =>
      cursor ? pages[pages.findIndex((p) => p.cursor === cursor) + 1]! : pages[0]!;
    const pulls: (string | undefined)[] = [];
    const transport: SyncTransport = {
      pull: (query) => {
        pulls.push(query.cursor);
        return Promise.resolve(structuredClone(byCursor(query.cursor)));
      },
      push: () => Promise.reject(new Error('not used')),
    };
    const fetched: string[] = [];
    const fetch = (url: string) => {
      fetched.push(url);
      const cursor = new URL(url, 'https://casa.test').searchParams.get('cursor') ?? undefined;
      return Promise.resolve(new Response(JSON.stringify(byCursor(cursor)), { status: 200 }));
    };
    return { transport, pulls, fetch, fetched };
  }
  const chain = (...sizes: number[]) =>
    sizes.map((rows, i) =>
      page(rows, { cursor: `s1.${ORG}.${AGENT}.p${i}`, hasMore: i < sizes.length - 1, reset: i === 0 }),
    );
  const onSuspended = vi.fn();
  const remote = remotePull(
    createApiClient({
      fetch: () => Promise.reject(new Error('not used')),
      getCookie: () => undefined,
      onSuspended,
    }),
  );

  /** The engine's loop (sync-engine.ts pullAll): the next page asked before this one is written. */
  async function pullAll(writer: PageWriter, transport: SyncTransport) {
    let request = writer.pull(transport, { limit: 100 });
    for (;;) {
      const next = await request;
      if (next.hasMore) request = writer.pull(transport, { cursor: next.cursor, limit: 100 });
      await writer.apply(SESSION, next);
      if (!next.hasMore) return;
    }
  }

  it('fetches the pages after the first in the worker: their rows never cross, the replica as here', async () => {
    const pages = chain(3, 4, POST_SLICE + 5, 6);
    const server = served(pages);
    const { port, posted, host } = inThreadWorker({ fetch: server.fetch });
    const db = replica();
    await pullAll(workerPageWriter(db, { startPort: () => port, remote }), server.transport);

    // Only the first page was pulled here (written here too); the second page's pull started the worker,
    // which fetched it and every later one: no page's rows were posted.
    expect(server.pulls).toEqual([undefined]);
    expect(server.fetched).toEqual(pages.slice(0, 3).map((p) => pullUrl({ cursor: p.cursor, limit: 100 })));
    expect(posted.map((r) => r.type)).toEqual(['open', 'fetch', 'fetch', 'apply', 'fetch', 'apply', 'apply']);
    expect(host.pagesHeld).toBe(0);

    const here = replica();
    await pullAll(threadPageWriter(here), served(pages).transport);
    const ids = async (r: ReplicaDb) => (await r.clients.toCollection().primaryKeys()).sort();
    expect(await ids(db)).toEqual(await ids(here));
    expect(await db.clients.count()).toBe(3 + 4 + POST_SLICE + 5 + 6);
    expect(await getMeta(db, 'cursor')).toBe(pages[3]!.cursor);
  });

  it("reads a refused page by the app's rules: its message, a suspended account's sign-out", async () => {
    const refuse = (status: number, body: object) => () =>
      Promise.resolve(new Response(JSON.stringify(body), { status, statusText: 'No' }));
    const ready = async (fetch: () => Promise<Response>) => {
      const { port } = inThreadWorker({ fetch });
      const writer = workerPageWriter(replica(), { startPort: () => port, remote });
      await writer.apply(SESSION, page(1)); // starts the worker
      await writer.prepare();
      return writer;
    };
    const expired = await ready(refuse(401, { message: 'Sessão expirada' }));
    await expect(expired.pull(served([]).transport, { cursor: 'c' })).rejects.toMatchObject({
      name: 'SyncHttpError',
      status: 401,
      message: 'Sessão expirada',
    });
    const suspended = await ready(refuse(403, { code: 'suspended', error: 'Conta suspensa' }));
    await expect(suspended.pull(served([]).transport, { cursor: 'c' })).rejects.toBeInstanceOf(SyncHttpError);
    expect(onSuspended).toHaveBeenCalledTimes(1);
  });

  it('fails a fetch that never reached the server as a network failure, and an answer that is no page', async () => {
    const offline = inThreadWorker({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const writer = workerPageWriter(replica(), { startPort: () => offline.port, remote });
    await writer.apply(SESSION, page(1));
    await writer.prepare();
    const failure = await writer.pull(served([]).transport, { cursor: 'c' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'TypeError', message: 'Failed to fetch' });
    expect(failure).not.toBeInstanceOf(SyncHttpError);

    const garbled = inThreadWorker({ fetch: () => Promise.resolve(new Response('<html>', { status: 200 })) });
    const other = workerPageWriter(replica(), { startPort: () => garbled.port, remote });
    await other.apply(SESSION, page(1));
    await other.prepare();
    await expect(other.pull(served([]).transport, { cursor: 'c' })).rejects.toMatchObject({
      name: 'SyntaxError',
    });
    expect(garbled.host.pagesHeld).toBe(0);
  });

  it('asks a page again and writes it here when the worker holding its rows breaks', async () => {
    const pages = chain(2, 3);
    const server = served(pages);
    // 'open' and 'fetch' go; the held page's 'apply' finds the worker dead.
    const { port } = inThreadWorker({ fetch: server.fetch, breakAfter: 2 });
    const db = replica();
    const writer = workerPageWriter(db, { startPort: () => port, remote });
    await writer.apply(SESSION, await writer.pull(server.transport, {}));
    await writer.prepare();
    const held = await writer.pull(server.transport, { cursor: pages[0]!.cursor });
    expect(isHeld(held)).toBe(true);
    await writer.apply(SESSION, held);
    expect(port.terminate).toHaveBeenCalled();
    expect(server.pulls).toEqual([undefined, pages[0]!.cursor]);
    expect(await db.clients.count()).toBe(5);
    expect(await getMeta(db, 'cursor')).toBe(pages[1]!.cursor);
  });

  it('pulls a delta here before the worker runs: a few rows do not wait for its start', async () => {
    const delta = page(2, { cursor: `d1.${ORG}.${AGENT}.9`, reset: false });
    const transport: SyncTransport = {
      pull: () => Promise.resolve(structuredClone(delta)),
      push: () => Promise.reject(new Error('not used')),
    };
    const { port, posted } = inThreadWorker({ fetch: () => Promise.reject(new Error('not used')) });
    const db = replica();
    const writer = workerPageWriter(db, { startPort: () => port, remote });
    const pulled = await writer.pull(transport, { cursor: `d1.${ORG}.${AGENT}.7` });
    expect(isHeld(pulled)).toBe(false);
    expect(posted).toEqual([]);
    await writer.apply(SESSION, pulled);
    expect(await db.clients.count()).toBe(2);
  });

  it('hands a first page to a worker already running (prepared): its rows go over in slices', async () => {
    const { port, posted } = inThreadWorker({ fetch: () => Promise.reject(new Error('not used')) });
    const db = replica();
    const writer = workerPageWriter(db, { startPort: () => port, remote });
    await writer.prepare();
    await writer.apply(SESSION, page(POST_SLICE + 1));
    expect(posted.map((r) => r.type)).toEqual(['open', 'rows', 'rows', 'apply']);
    expect(await db.clients.count()).toBe(POST_SLICE + 1);
  });

  it('pulls the second page here when the worker it started does not load in time', async () => {
    const pages = chain(2, 3);
    const server = served(pages);
    const { port: silent, posted, terminate } = silentPort();
    const db = replica();
    await pullAll(
      workerPageWriter(db, { startPort: () => silent, remote, readyLimitMs: 20 }),
      server.transport,
    );
    expect(posted).toEqual(['open']);
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(server.pulls).toEqual([undefined, pages[0]!.cursor]);
    expect(server.fetched).toEqual([]);
    expect(await db.clients.count()).toBe(5);
    expect(await getMeta(db, 'cursor')).toBe(pages[1]!.cursor);
  });

  it('drops a held page: the worker forgets its rows', async () => {
    const pages = chain(2, 3);
    const server = served(pages);
    const { port, host } = inThreadWorker({ fetch: server.fetch });
    const writer = workerPageWriter(replica(), { startPort: () => port, remote });
    await writer.apply(SESSION, page(1));
    await writer.prepare();
    const held = await writer.pull(server.transport, { cursor: pages[0]!.cursor });
    expect(host.pagesHeld).toBe(1);
    writer.drop(held);
    expect(host.pagesHeld).toBe(0);
  });
});
