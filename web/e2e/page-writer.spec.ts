import { expect, test } from '@playwright/test';
import { demo, loginAs, type MeAnswer } from './fixtures';

// Issue 19: a first sync's pages are written by the page writer's worker (web/src/data/page-writer.ts),
// off the main thread; the screens hear of its writes through Dexie's BroadcastChannel.

test("a first sync goes through the page writer's worker and the replica holds every client", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The pages the worker wrote, counted from the start (the engine clears its timings after each cycle).
  await page.addInitScript(() => {
    const seen = { worker: 0 };
    (globalThis as unknown as { __pageWriter: typeof seen }).__pageWriter = seen;
    new PerformanceObserver((list) => {
      seen.worker += list.getEntries().filter((e) => e.name === 'casa:pull-worker').length;
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
  // organization's first sync has more (the early page holds 500 rows).
  const written = await page.evaluate(
    () => (globalThis as unknown as { __pageWriter: { worker: number } }).__pageWriter.worker,
  );
  expect(written).toBeGreaterThanOrEqual(1);
});
