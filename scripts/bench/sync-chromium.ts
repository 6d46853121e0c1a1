// Benchmark of the web replica in Chromium (issue 4, "Benchmarks to report"): real IndexedDB, the real
// server in its own process (`server.ts`) on a SQLite copy of the demo organization plus 50,000 clients.
// The data layer (`web/src/data/testing/bench-page.ts`) is bundled with esbuild into the server's
// WEB_DIST, so the page and the API share one origin (session cookie, CSRF). The bench logs in as
// agente@demo.pt over HTTP (setup.ts) and hands the cookies to the browser; the page measures: the initial sync through SyncEngine (pull pages over HTTP + apply), the
// same pages applied alone (`applyPullPage`), a bare Dexie bulkPut of their rows (ratio), a local write's
// p95 (mutator → Dexie + outbox), the clients list query (type filter, name order) p95, whole and first 100.
// Run: `pnpm bench:sync-chromium [--extra 50000] [--writes 200] [--queries 20]`.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const EXTRA = arg('--extra', 50_000);
const WRITES = arg('--writes', 200);
const QUERIES = arg('--queries', 20);

type Esbuild = { build(options: Record<string, unknown>): Promise<unknown> };
type Page = {
  context(): { addCookies(cookies: BrowserCookie[]): Promise<void> };
  goto(url: string): Promise<unknown>;
  waitForFunction(fn: string): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  on(event: 'console' | 'pageerror', fn: (msg: unknown) => void): void;
};
type Browser = { newPage(): Promise<Page>; close(): Promise<void> };
type Chromium = { launch(options: Record<string, unknown>): Promise<Browser> };

// esbuild comes with tsx (sync-server), Playwright with web's devDependencies.
const tsxEntry = createRequire(path.join(root, 'sync-server/package.json')).resolve('tsx');
const esbuild = (await import(pathToFileURL(createRequire(tsxEntry).resolve('esbuild')).href)) as {
  default: Esbuild;
};
const playwright = (await import(
  pathToFileURL(createRequire(path.join(root, 'web/package.json')).resolve('@playwright/test')).href
)) as { chromium?: Chromium; default?: { chromium: Chromium } };
const chromium = (playwright.chromium ?? playwright.default?.chromium)!;

type Result = {
  error: string | null;
  pages: number;
  rows: number;
  clients: number;
  syncMs: number;
  longTasks: number[];
  bareMs: number[];
  applyMs: number[];
  write: { p50: number; p95: number };
  fullList: { rows: number; p50: number; p95: number };
  firstPage: { p50: number; p95: number };
};

const db = await benchDatabase('sqlite', 'casa_bench_chromium');
const webDist = db.webDist;
let server: BenchServer | undefined;
let browser: Browser | undefined;
const ms = (n: number) => `${n.toFixed(1)} ms`;
try {
  await esbuild.default.build({
    entryPoints: [path.join(root, 'web/src/data/testing/bench-page.ts')],
    bundle: true,
    // shared-schema's `sideEffects` list made esbuild drop the init of a module reached both statically and
    // through a dynamic import (left undefined at load: 'reading map'); the app's build (Vite) is not affected.
    ignoreAnnotations: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    outfile: path.join(webDist, 'bench.js'),
    absWorkingDir: path.join(root, 'web'),
    logLevel: 'warning',
  });
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/bench.js"></script></head><body></body></html>',
  );
  const seedStart = performance.now();
  await (await seedBenchData(db.config, EXTRA)).destroy();
  console.log(
    `Seeded demo + ${EXTRA} clients (SQLite) in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );
  server = await startServer(db.config, webDist);
  const login = await loginOverHttp(server.url, 'agente@demo.pt', DEMO_PASSWORD);
  browser = await chromium.launch({ executablePath: CHROMIUM.path, args: CHROMIUM.args });
  const page = await browser.newPage();
  await page.context().addCookies(browserCookies(login, server.url));
  page.on('pageerror', (err) => console.error('page error:', err));
  await page.goto(`${server.url}/bench`);
  await page.waitForFunction('typeof globalThis.casaBench === "function"');
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const r = await page.evaluate<Result>(
    `globalThis.casaBench(${JSON.stringify({ user: login.user, writes: WRITES, queries: QUERIES })})`,
  );
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  console.log(`\nChromium, real IndexedDB; server: SQLite, own process; sync error: ${r.error ?? 'none'}`);
  console.log(`Initial sync: ${r.rows} rows in ${r.pages} pages, ${r.clients} clients in the replica`);
  console.log(`  SyncEngine (HTTP pull + apply)  ${ms(r.syncMs)}  (target < 10 s)`);
  console.log(
    `  long tasks (> 50 ms) during the engine's sync: ${r.longTasks.length ? `${r.longTasks.length}, max ${ms(Math.max(...r.longTasks))}` : 'none'}`,
  );
  console.log(`  applyPullPage alone             ${r.applyMs.map(ms).join(', ')}`);
  console.log(`  bare bulkPut                    ${r.bareMs.map(ms).join(', ')}`);
  console.log(
    `  ratio engine/bare ${(r.syncMs / mean(r.bareMs)).toFixed(2)}, apply/bare ${(mean(r.applyMs) / mean(r.bareMs)).toFixed(2)}  (target ≤ 1.5)`,
  );
  console.log(
    `Local write (mutator → Dexie + outbox), ${WRITES} writes: p50 ${ms(r.write.p50)}  p95 ${ms(r.write.p95)}  (target < 10 ms)`,
  );
  console.log(
    `Clients by type sorted by name (${r.fullList.rows} rows), ${QUERIES} runs: p50 ${ms(r.fullList.p50)}  p95 ${ms(r.fullList.p95)}  (target < 50 ms)`,
  );
  console.log(`First 100 by type sorted by name: p50 ${ms(r.firstPage.p50)}  p95 ${ms(r.firstPage.p95)}`);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser?.close();
  await server?.stop();
  await db.drop();
}
