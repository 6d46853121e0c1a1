import { vi } from 'vitest';
import type { WriterPort } from '../page-writer';
import { PageWriterHost, type FetchPage } from '../page-writer.host';
import { ReplicaDb } from '../db';
import type { WriterAnswer, WriterRequest } from '../page-writer.protocol';

/**
 * A worker in this thread: messages cloned as postMessage would (structuredClone), answered a task later by
 * the host the worker runs, on its own connection to the replica; `fetch` answers the pages it fetches.
 */
export function inThreadWorker(opts: { breakAfter?: number; fetch?: FetchPage } = {}) {
  let answer: (a: WriterAnswer) => void = () => undefined;
  let broken: () => void = () => undefined;
  const posted: WriterRequest[] = [];
  const host = new PageWriterHost(
    (a) => setTimeout(() => answer(structuredClone(a)), 0),
    (dbName) => new ReplicaDb(dbName),
    opts.fetch,
  );
  const port: WriterPort = {
    post(request) {
      posted.push(request);
      if (opts.breakAfter !== undefined && posted.length > opts.breakAfter) {
        setTimeout(() => broken(), 0);
        return;
      }
      void host.handle(structuredClone(request));
    },
    onAnswer: (handler) => (answer = handler),
    onBroken: (handler) => (broken = handler),
    terminate: vi.fn(),
  };
  return { port, posted, host };
}
