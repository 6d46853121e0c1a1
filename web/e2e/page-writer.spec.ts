import { expect, test } from '@playwright/test';
import { api, demo, loginAs, type MeAnswer } from './fixtures';

// Issue 19: a first sync's pages are written by the page writer's worker (web/src/data/page-writer.ts),
// off the main thread; the screens hear of its writes through Dexie's BroadcastChannel. Once the worker
// runs, it fetches the pages itself: their JSON never reaches the main thread.

test("a first sync goes through the page writer's worker and the replica holds every client", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The pages the worker wrote, counted from the start (the engine clears its timings after each cycle).
  await page.addInitScript(() => {
    const seen = { worker: 0, fetched: 0 };
    // Every request of the visit kept (the default keeps 250): the page's own pulls are counted below.
    performance.setResourceTimingBufferSize(10_000);
    (globalThis as unknown as { __pageWriter: typeof seen }).__pageWriter = seen;
    new PerformanceObserver((list) => {
      seen.worker += list.getEntries().filter((e) => e.name === 'casa:pull-worker').length;
      seen.fetched += list.getEntries().filter((e) => e.name === 'casa:pull-fetch').length;
    }).observe({ type: 'measure', buffered: true });
  });
  const me = (await loginAs(page, demo.agent)) as MeAnswer & { id: string };
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 60_000 });
  expect(page.workers().some((worker) => /page-writer\.worker-/.test(worker.url()))).toBe(true);

  // Other journeys change the demo organization meanwhile: the replica follows the server (live pokes).
  const replicaCount = () =>
    page.evaluate(async (name) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const count = await new Promise<number>((resolve, reject) => {
        const request = db.transaction('clients').objectStore('clients').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return count;
    }, `casa-replica-${me.id}`);
  const serverCount = async () => {
    const answer = (await (await page.request.get('/api/clients?limit=10000')).json()) as
      unknown[] | { clients: unknown[] };
    return (Array.isArray(answer) ? answer : answer.clients).length;
  };
  await expect.poll(async () => (await replicaCount()) - (await serverCount()), { timeout: 30_000 }).toBe(0);
  expect(await replicaCount()).toBeGreaterThan(0);
  // The first page goes in the page's thread while the worker loads (page-writer.ts); the demo
  // organization's first sync has more (the early page holds 500 rows), fetched by the worker.
  const counted = () =>
    page.evaluate(
      () => (globalThis as unknown as { __pageWriter: { worker: number; fetched: number } }).__pageWriter,
    );
  expect((await counted()).worker).toBeGreaterThanOrEqual(1);

  // A client added elsewhere: the live poke's pull is fetched by the worker, and the client is in the replica.
  const pageOwnPulls = () =>
    page.evaluate(
      () => performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/sync/pull')).length,
    );
  const pulledHere = await pageOwnPulls();
  // Only the first page of the first sync was pulled by the page itself; the worker fetched the rest.
  expect(pulledHere).toBe(1);
  const fetchedBefore = (await counted()).fetched;
  const name = `Página do worker ${Math.random().toString(36).slice(2, 8)}`;
  const made = await api(page, 'post', '/api/clients', { name, type: 'Vendedor' });
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ db: dbName, id }) => {
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open(dbName);
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(open.error);
            });
            const row = await new Promise<{ name?: string } | undefined>((resolve, reject) => {
              const request = db.transaction('clients').objectStore('clients').get(id);
              request.onsuccess = () => resolve(request.result as { name?: string } | undefined);
              request.onerror = () => reject(request.error);
            });
            db.close();
            return row?.name ?? null;
          },
          { db: `casa-replica-${me.id}`, id: made.id },
        ),
      { timeout: 45_000 },
    )
    .toBe(name);
  expect((await counted()).fetched).toBeGreaterThan(fetchedBefore);
  // The page's own network log has no pull since: the worker's fetches are its own.
  expect(await pageOwnPulls()).toBe(pulledHere);
});
