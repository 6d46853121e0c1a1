import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import type { PullResponse } from '@casa/shared-schema';
import { ReplicaDb } from './db';
import { getMeta } from './meta';
import { MutationEffectsLoading } from './mutation-effects';
import { POST_SLICE, threadPageWriter, workerPageWriter, type WriterPort } from './page-writer';
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

describe('workerPageWriter', () => {
  it('writes a page as the main thread would, its rows posted in slices', async () => {
    const viaWorker = replica();
    const inThread = replica();
    const { port, posted } = inThreadWorker();
    const writer = workerPageWriter(viaWorker, () => port);
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
    const writer = workerPageWriter(db, () => port);
    expect(await writer.apply(SESSION, page(4))).toBeNull();
    expect(await db.clients.count()).toBe(4);
    expect(posted.map((r) => r.type)).toEqual(['open']);
    await writer.apply(SESSION, page(2, { reset: false }));
    expect(posted.map((r) => r.type)).toEqual(['open', 'rows', 'apply']);
    expect(await db.clients.count()).toBe(6);
  });

  it('gives a worker that does not load in time up, and writes here', async () => {
    const db = replica();
    const terminate = vi.fn();
    const posted: string[] = [];
    const silent: WriterPort = {
      post: (request) => posted.push(request.type),
      onAnswer: () => undefined,
      onBroken: () => undefined,
      terminate,
    };
    const writer = workerPageWriter(db, () => silent, 20);
    await writer.apply(SESSION, page(1));
    await writer.apply(SESSION, page(2, { reset: false }));
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(posted).toEqual(['open']);
    expect(await db.clients.count()).toBe(3);
  });

  it('writes in this thread, once, when the worker cannot run', async () => {
    const db = replica();
    const { port, posted } = inThreadWorker({ breakAfter: 1 }); // 'open' goes, the first rows never arrive
    const writer = workerPageWriter(db, () => port);
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
    const closing = workerPageWriter(db, () => failWith('DatabaseClosedError', 'Database has been closed'));
    await closing.prepare();
    await expect(closing.apply(SESSION, page(1))).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    const loading = workerPageWriter(db, () => failWith('MutationEffectsLoading', 'x'));
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
