// The agent screens with the 50,000-client organization (issue 6, "Figures to report"), in Chromium on the
// built app (web/dist; build it first: `pnpm build`) served by the real server in its own process
// (`server.ts`) on SQLite with the demo seed plus `--extra` clients. Logged in as agente@demo.pt (cookies
// from an HTTP login, `setup.ts`), the bench lets the app sync its replica, then measures in the page:
//   - the full initial sync of the app (first visit until /clients counts every client), against a bare
//     Dexie bulkPut of the same rows in the same browser afterwards (web/src/data/testing/bench-bare.ts,
//     injected into the page; pages of the app's size), with the ratio (issue 19: at most 1.5×); when
//     the first client card and the progress line ('A sincronizar… 12 300 de 51 000') showed;
//   - dashboard render: a reload of / until every stat card shows its figure;
//   - /clients first render: a reload of /clients until the first client card, and until the count is final;
//   - scroll frame rate of the virtualized list (scrolled 60 px per frame for `--scroll-ms`);
//   - search keystroke-to-result latency on /clients: one character typed at a time, from the input
//     event to the next frame after the list answered that query or a later one (the count line's
//     `data-query`; target < 100 ms), median and p95 over every keystroke of the query.
//   - long tasks (PerformanceObserver 'longtask', > 50 ms) on the main thread during the first sync, the
//     reloads of /clients and the typing (issue 19: none);
// Each measure runs `--runs` times; the median is printed. Run:
// `pnpm bench:screens [--extra 50000] [--runs 3] [--scroll-ms 3000] [--query "ana silva"]`.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { startServer, type BenchServer } from './server';
import {
  benchDatabase,
  browserCookies,
  CHROMIUM,
  loginOverHttp,
  seedBenchData,
  type BrowserCookie,
} from './setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_DIST = path.join(root, 'web/dist');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const EXTRA = Number(option('--extra') ?? 50_000);
const RUNS = Number(option('--runs') ?? 3);
const SCROLL_MS = Number(option('--scroll-ms') ?? 3000);
const QUERY = option('--query') ?? 'silva';

type Locator = {
  first(): Locator;
  waitFor(options?: { state?: string; timeout?: number }): Promise<void>;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
};
type Page = {
  context(): {
    addCookies(cookies: BrowserCookie[]): Promise<void>;
    addInitScript(script: string): Promise<void>;
    newCDPSession(page: Page): Promise<Cdp>;
  };
  addScriptTag(options: { content: string; type?: string }): Promise<unknown>;
  goto(url: string, options?: { timeout?: number }): Promise<unknown>;
  reload(): Promise<unknown>;
  waitForFunction(
    fn: string,
    arg?: unknown,
    options?: { timeout?: number; polling?: number },
  ): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  locator(selector: string): Locator;
  getByRole(role: string, options?: { name?: string }): Locator;
  keyboard: { type(text: string, options?: { delay?: number }): Promise<void> };
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  on(event: 'pageerror', fn: (err: unknown) => void): void;
};
type Cdp = {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  on(event: string, fn: (event: Record<string, unknown>) => void): void;
  detach(): Promise<void>;
};
type Browser = {
  newContext(options: Record<string, unknown>): Promise<{ newPage(): Promise<Page> }>;
  close(): Promise<void>;
};
type Chromium = { launch(options: Record<string, unknown>): Promise<Browser> };

type Esbuild = {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
};
// esbuild comes with tsx (sync-server): it bundles the bare-bulkPut floor injected into the page.
const tsxEntry = createRequire(path.join(root, 'sync-server/package.json')).resolve('tsx');
const esbuild = (await import(pathToFileURL(createRequire(tsxEntry).resolve('esbuild')).href)) as {
  default: Esbuild;
};

const playwright = (await import(
  pathToFileURL(createRequire(path.join(root, 'web/package.json')).resolve('@playwright/test')).href
)) as { chromium?: Chromium; default?: { chromium: Chromium } };
const chromium = (playwright.chromium ?? playwright.default?.chromium)!;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
const p95 = (v: number[]) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(v.length * 0.95) - 1)] ?? NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The number in 'N cliente(s) encontrado(s)' (pt-PT thousands separators removed), or -1. */
const COUNT_IN_PAGE = `(() => {
  const m = document.body.innerText.match(/([\\d.\\s\\u00a0\\u202f]+) cliente\\(s\\) encontrado\\(s\\)/);
  return m ? Number(m[1].replace(/\\D/g, '')) : -1;
})()`;

/**
 * In every document: main-thread long tasks (start, duration) and, while the first sync runs, the first
 * client card and the progress lines the sync indicator shows.
 */
const OBSERVE = `(() => {
  globalThis.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) globalThis.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  // The page clock starts with the navigation: on the first visit, times since the bench's goto.
  globalThis.__firstSync = { firstCardAt: null, progress: [] };
  const poll = setInterval(() => {
    const seen = globalThis.__firstSync;
    if (seen.firstCardAt === null && document.querySelector('[data-testid="client-card"]')) seen.firstCardAt = performance.now();
    const label = document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('aria-label') ?? '';
    const m = label.match(/A sincronizar… [\\d\\s\\u00a0\\u202f]+ de [\\d\\s\\u00a0\\u202f]+/);
    if (m && seen.progress[seen.progress.length - 1]?.text !== m[0].trim()) seen.progress.push({ at: performance.now(), text: m[0].trim() });
  }, 100);
  setTimeout(() => clearInterval(poll), 600000);
})()`;
type LongTask = { start: number; duration: number };
const longTaskLine = (tasks: LongTask[]) =>
  tasks.length === 0
    ? 'none'
    : `${tasks.length}, max ${ms(Math.max(...tasks.map((t) => t.duration)))}, total ${ms(tasks.reduce((n, t) => n + t.duration, 0))}`;

/**
 * The JS heap after a garbage collection (CDP `Runtime.getHeapUsage`), of the page and of each of its
 * dedicated workers (the client search index lives in one since issue 19): workers are reached through
 * a second auto-attach of the page's target (not flattened: messages go through Target.sendMessageToTarget).
 */
async function heapUsage(page: Page): Promise<{ page: number; workers: number[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const pageHeap = Number((await cdp.send('Runtime.getHeapUsage')).usedSize);
    const sessions: string[] = [];
    const answers = new Map<number, (result: Record<string, unknown>) => void>();
    cdp.on('Target.attachedToTarget', (e) => {
      const info = e.targetInfo as { type: string };
      if (info.type === 'worker') sessions.push(e.sessionId as string);
    });
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const message = JSON.parse(e.message as string) as { id?: number; result?: Record<string, unknown> };
      if (message.id !== undefined) answers.get(message.id)?.(message.result ?? {});
    });
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    await new Promise((r) => setTimeout(r, 500));
    let id = 0;
    const inWorker = (sessionId: string, method: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const n = ++id;
        answers.set(n, resolve);
        setTimeout(() => reject(new Error(`${method}: no answer from the worker`)), 10_000);
        void cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: n, method }),
        });
      });
    const workers: number[] = [];
    for (const sessionId of sessions) {
      await inWorker(sessionId, 'HeapProfiler.collectGarbage');
      workers.push(Number((await inWorker(sessionId, 'Runtime.getHeapUsage')).usedSize));
    }
    return { page: pageHeap, workers };
  } finally {
    await cdp.detach();
  }
}
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * The count line answers from the built client index (searches answer), not the replica's count (a build
 * without the attribute, before issue 19, showed the count only from the index).
 */
const INDEX_READY = `document.querySelector('[data-testid="clients-count"]')?.getAttribute('data-index-ready') !== 'false'`;

if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error('web/dist is missing: run `pnpm build` first');
  process.exit(1);
}

const db = await benchDatabase('sqlite', 'casa_bench_screens');
let server: BenchServer | undefined;
let browser: Browser | undefined;
try {
  const seedStart = performance.now();
  const knex = await seedBenchData(db.config, EXTRA);
  const agentOrg = knex('users').select('organization_id').where('email', 'agente@demo.pt');
  const [counted] = (await knex('clients')
    .whereIn('organization_id', agentOrg)
    .whereNull('deleted_at')
    .count({ total: '*' })) as Array<{ total: number | string }>;
  await knex.destroy();
  const clients = Number(counted?.total ?? 0);
  console.log(`Seeded demo + ${EXTRA} clients in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
  server = await startServer(db.config, WEB_DIST);
  const login = await loginOverHttp(server.url, 'agente@demo.pt', DEMO_PASSWORD);
  browser = await chromium.launch({ executablePath: CHROMIUM.path, args: CHROMIUM.args });
  // The app's CSP forbids eval; the bench's string predicates need it (the app itself is unchanged).
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await page.context().addInitScript(OBSERVE);
  await page.setViewportSize({ width: 1280, height: 800 });
  page.on('pageerror', (err) => console.error('page error:', err));
  await page.context().addCookies(browserCookies(login, server.url));
  console.log(`load average before: ${load()}`);

  // First visit: the replica fills from nothing.
  const syncStart = performance.now();
  await page.goto(`${server.url}/clients`, { timeout: 120_000 });
  await page.waitForFunction(`${COUNT_IN_PAGE} >= ${clients}`, undefined, { timeout: 600_000, polling: 250 });
  const syncMs = performance.now() - syncStart;
  const syncLongTasks = await page.evaluate<LongTask[]>('globalThis.__longTasks');
  const firstSync = await page.evaluate<{
    firstCardAt: number | null;
    progress: { at: number; text: string }[];
  }>('globalThis.__firstSync');

  // The floor: the same rows (pages of the app's size) written with bare Dexie bulkPuts, in the same
  // browser, on the now idle page, twice.
  const bare = await esbuild.default.build({
    entryPoints: [path.join(root, 'web/src/data/testing/bench-bare.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    absWorkingDir: path.join(root, 'web'),
    logLevel: 'warning',
  });
  await page.addScriptTag({ content: bare.outputFiles[0]!.text, type: 'module' });
  await page.waitForFunction('typeof globalThis.casaBareFloor === "function"');
  const floor = await page.evaluate<{ pages: number; limit: number; rows: number; bareMs: number[] }>(
    'globalThis.casaBareFloor({ runs: 2 })',
  );

  const dashboard: number[] = [];
  const cardsAt: Record<string, number[]> = {};
  const firstCard: number[] = [];
  const fullCount: number[] = [];
  const reloadLongTasks: LongTask[] = [];
  const indexReady: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${server.url}/`);
    // Each stat card's time to its first figure, polled every frame; the render time is the last one's.
    const cardTimes = await page.evaluate<Record<string, number>>(`new Promise((resolve, reject) => {
      const seen = {};
      const timeout = setTimeout(() => reject(new Error('stat cards without figures after 60 s')), 60000);
      const poll = () => {
        for (const card of document.querySelectorAll('[data-testid="stat-card"]')) {
          const name = card.getAttribute('aria-label');
          if (!(name in seen) && /\\d/.test(card.textContent ?? '')) seen[name] = performance.now();
        }
        if (Object.keys(seen).length >= 4) { clearTimeout(timeout); resolve(seen); } else requestAnimationFrame(poll);
      };
      poll();
    })`);
    dashboard.push(Math.max(...Object.values(cardTimes)));
    for (const [name, at] of Object.entries(cardTimes)) (cardsAt[name] ??= []).push(at);

    await page.goto(`${server.url}/clients`);
    await page.locator('[data-testid="client-card"]').first().waitFor({ timeout: 60_000 });
    firstCard.push(await page.evaluate<number>('performance.now()'));
    await page.waitForFunction(`${COUNT_IN_PAGE} >= ${clients}`, undefined, {
      timeout: 60_000,
      polling: 'raf' as unknown as number,
    });
    fullCount.push(await page.evaluate<number>('performance.now()'));
    await page.waitForFunction(INDEX_READY, undefined, {
      timeout: 60_000,
      polling: 'raf' as unknown as number,
    });
    indexReady.push(await page.evaluate<number>('performance.now()'));
    reloadLongTasks.push(...(await page.evaluate<LongTask[]>('globalThis.__longTasks')));
  }

  // Scroll: the virtualized list's own scroller, or the window when the list follows the page.
  const frames = await page.evaluate<number[]>(`new Promise((resolve) => {
    const list = document.querySelector('[data-testid="clients-list"]');
    const scroller = list && list.scrollHeight > list.clientHeight + 10 ? list : document.scrollingElement;
    const deltas = [];
    let last = performance.now();
    const end = last + ${SCROLL_MS};
    const step = (now) => {
      deltas.push(now - last);
      last = now;
      scroller.scrollTop += 60;
      if (now < end) requestAnimationFrame(step); else resolve(deltas.slice(1));
    };
    requestAnimationFrame(step);
  })`);
  const fps = 1000 / (frames.reduce((a, b) => a + b, 0) / frames.length);
  const longFrames = frames.filter((f) => f > 1000 / 30).length;

  // Search: the latency of each keystroke, from its input event to the frame after the list answered
  // that query or a later one. The count line carries the query its figure (and the list) answers
  // (`data-query`), so a keystroke whose result React skipped because the next one came first is timed
  // until the later result shows, and one whose result looks the same (same count) is still timed.
  await page.goto(`${server.url}/clients`);
  await page.locator('[data-testid="client-card"]').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(`${COUNT_IN_PAGE} >= ${clients}`, undefined, { timeout: 60_000 });
  await page.waitForFunction(INDEX_READY, undefined, { timeout: 60_000 });
  await page.evaluate(`(() => {
    globalThis.__latencies = [];
    const pending = [];
    document.addEventListener('input', (e) => { pending.push({ q: e.target.value, at: performance.now() }); }, true);
    const answered = () => document.querySelector('[data-testid="clients-count"]')?.getAttribute('data-query');
    new MutationObserver(() => {
      const q = answered();
      const last = pending.map((p) => p.q).lastIndexOf(q);
      if (q == null || last < 0) return;
      const done = pending.splice(0, last + 1);
      requestAnimationFrame(() => setTimeout(() => {
        const now = performance.now();
        for (const p of done) globalThis.__latencies.push(now - p.at);
      }, 0));
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-query'] });
  })()`);
  const search = page.getByRole('searchbox', { name: 'Pesquisar por nome, email, telefone ou notas' });
  await search.click();
  await page.evaluate('globalThis.__longTasks.length = 0');
  await page.keyboard.type(QUERY, { delay: 150 });
  await new Promise((r) => setTimeout(r, 1000));
  const latencies = await page.evaluate<number[]>('globalThis.__latencies');
  const matches = await page.evaluate<number>(COUNT_IN_PAGE);
  const typingLongTasks = await page.evaluate<LongTask[]>('globalThis.__longTasks');
  // Memory with every client loaded and the index built: the JS heap (page and workers) and the origin's
  // storage (IndexedDB, the replica; the service worker's cache is counted apart by Chromium's estimate).
  const heap = await heapUsage(page).catch((error: unknown) => {
    console.error('heap usage unavailable:', error);
    return null;
  });
  const storage = await page.evaluate<{
    usage: number;
    idb: number | null;
  }>(`navigator.storage.estimate().then((e) => ({
    usage: e.usage ?? 0,
    idb: e.usageDetails?.indexedDB ?? null,
  }))`);

  console.log(
    `\nChromium (/usr/bin/chromium), built app, server on SQLite; ${clients} clients in the organization`,
  );
  console.log(
    `Initial sync of the app (first visit until /clients counts them all): ${(syncMs / 1000).toFixed(1)} s  (target < 10 s on a quiet machine)`,
  );
  const bareMean = floor.bareMs.reduce((a, b) => a + b, 0) / floor.bareMs.length;
  const ratio = syncMs / bareMean;
  console.log(
    `  bare Dexie bulkPut of the same ${floor.rows} rows (${floor.pages} pages of ${floor.limit}), same run: ${floor.bareMs.map((v) => `${(v / 1000).toFixed(1)} s`).join(', ')}`,
  );
  console.log(`  ratio app / bare ${ratio.toFixed(2)}  (limit 1.5: ${ratio <= 1.5 ? 'within' : 'OVER'})`);
  const shown = firstSync.progress;
  console.log(
    `  first client card after ${firstSync.firstCardAt === null ? 'never' : `${(firstSync.firstCardAt / 1000).toFixed(1)} s`}; progress lines shown: ${shown.length}${shown.length ? ` ('${shown[0]!.text}' … '${shown[shown.length - 1]!.text}')` : ''}`,
  );
  console.log(`  long tasks (> 50 ms) during the first sync: ${longTaskLine(syncLongTasks)}  (target: none)`);
  console.log(
    `Dashboard render (reload of / until 4 stat cards show figures), median of ${RUNS}: ${ms(median(dashboard))}  [${dashboard.map(ms).join(', ')}]`,
  );
  console.log(
    `  per stat card, median: ${Object.entries(cardsAt)
      .map(([name, at]) => `${name} ${ms(median(at))}`)
      .join(', ')}`,
  );
  console.log(
    `/clients first render (reload until the first card), median: ${ms(median(firstCard))}  [${firstCard.map(ms).join(', ')}]`,
  );
  console.log(
    `/clients count of all ${clients} clients shown, median: ${ms(median(fullCount))}  [${fullCount.map(ms).join(', ')}]  (target < 500 ms)`,
  );
  console.log(
    `/clients index built (searches answer), median: ${ms(median(indexReady))}  [${indexReady.map(ms).join(', ')}]`,
  );
  console.log(
    `  long tasks (> 50 ms) during the ${RUNS} reloads of /clients until the index is built: ${longTaskLine(reloadLongTasks)}  (target: none)`,
  );
  console.log(
    `Scroll of the list for ${SCROLL_MS} ms: ${fps.toFixed(1)} fps, ${longFrames} of ${frames.length} frames over 33 ms, p95 frame ${ms(p95(frames))}`,
  );
  console.log(
    `Search keystroke to result ('${QUERY}', ${latencies.length} keystrokes, ${matches} matches at the end): median ${ms(median(latencies))}, p95 ${ms(p95(latencies))}, max ${ms(Math.max(...latencies))}  (target p95 < 50 ms)`,
  );
  console.log(`  long tasks (> 50 ms) while typing: ${longTaskLine(typingLongTasks)}  (target: none)`);
  if (heap) {
    const total = heap.page + heap.workers.reduce((a, b) => a + b, 0);
    console.log(
      `JS heap after GC, ${clients} clients loaded and the index built: ${mb(total)} (page ${mb(heap.page)}${heap.workers.map((w) => `, worker ${mb(w)}`).join('')})  (target < 150 MB)`,
    );
  }
  const idb = storage.idb ?? storage.usage;
  console.log(
    `IndexedDB (storage estimate${storage.idb === null ? ', whole origin' : ''}): ${mb(idb)}, ${mb((idb / clients) * 10_000)} per 10,000 clients`,
  );
  console.log(`load average after: ${load()}`);
} finally {
  await browser?.close();
  await server?.stop();
  await db.drop();
}
