import type { TestClient } from '../../../test/server';
import { LIVE_PATH } from './live.routes';

/** An open live stream as a device holds it: the frames seen so far and ways to wait for them. */
export type StreamReader = {
  status: number;
  headers: Headers;
  frames: string[];
  pokes(): number;
  /** Resolves with the poke count once it exceeds `seen`, or rejects after `ms`. */
  nextPoke(seen: number, ms?: number): Promise<number>;
  /** Resolves once the server ended the stream (or rejects after `ms`). */
  ended(ms?: number): Promise<void>;
  close(): void;
};

/** Opens GET /api/sync/live with the client's cookies at `baseUrl` (a process, or the proxy). */
export async function openStream(client: TestClient, baseUrl = client.baseUrl): Promise<StreamReader> {
  const abort = new AbortController();
  const res = await fetch(baseUrl + LIVE_PATH, {
    headers: { cookie: client.cookieHeader(), accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const frames: string[] = [];
  let buffer = '';
  let done = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          frames.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
    done = true;
    wake();
  })();
  const pokes = () => frames.filter((f) => f === 'data: poke').length;
  const until = (ok: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (ok()) return resolve();
      const check = () => {
        if (!ok()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} within ${ms} ms (frames: ${JSON.stringify(frames)})`));
      }, ms);
      waiters.add(check);
    });
  return {
    status: res.status,
    headers: res.headers,
    frames,
    pokes,
    async nextPoke(seen, ms = 2000) {
      await until(() => pokes() > seen, ms, 'no poke');
      return pokes();
    },
    ended: (ms = 2000) => until(() => done, ms, 'the stream did not end'),
    close() {
      abort.abort();
      void reading;
    },
  };
}

/** Waits `ms` (to show that nothing arrives). */
export const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
