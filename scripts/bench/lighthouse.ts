// Lighthouse on the built web app (issue 5): performance, accessibility and best-practices scores, LCP, TBT
// and CLS, on the desktop preset and the mobile default, for the public pages (the landing `/` for visitors,
// /login, /register) and signed-in pages as agente@demo.pt (`/`, /clients, /followups, /notifications,
// /settings, /perfil).
// The real server runs in its own process (`server.ts`) on a fresh SQLite database with the demo seed and
// serves web/dist (build it first: `pnpm build`). Each run gets a fresh Chromium (/usr/bin/chromium through
// chrome-launcher, a new profile): a first visit, nothing cached, no replica in IndexedDB. Signed-in pages
// carry the session: the bench logs in over HTTP (`setup.ts`) and puts its cookies (csrf_token, casa.sid)
// into the browser's cookie jar through puppeteer-core before Lighthouse navigates (Lighthouse keeps
// cookies when it resets storage). Lighthouse's `extraHeaders` is no substitute: once any response sets a
// cookie, Chromium sends the jar's Cookie header instead of the extra one, and the session is lost.
// Also prints the initial JavaScript of the build: the scripts index.html loads (entry + modulepreloads),
// gzipped, and per page the JavaScript the page loaded during the run (`JS kB gz`: every script of the
// build it requested, lazy chunks included, each gzipped from web/dist).
// `--repeat` (issue 19) measures signed-in pages as a repeat visit: the same browser first opens the page,
// waits until the service worker controls it and the first sync is done, then Lighthouse runs without
// resetting storage (worker, its precache and the replica kept; time to interactive is the figure).
// `--dist DIR` serves another build (compare two builds in the same minutes).
// Run: `pnpm bench:lighthouse [--runs 3] [--page /login] [--preset desktop|mobile] [--repeat] [--dist DIR] [--save DIR]` (`--save`: each page's last report and its trace).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page as PuppeteerPage } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { startServer, type BenchServer } from './server';
import {
  benchDatabase,
  browserCookies,
  CHROMIUM,
  loginOverHttp,
  seedBenchData,
  type BenchDatabase,
  type BenchLogin,
} from './setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const WEB_DIST = path.resolve(root, option('--dist') ?? 'web/dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGET = 95;

const RUNS = Number(option('--runs') ?? 1);
const ONLY_PAGE = option('--page');
const ONLY_PRESET = option('--preset');
const SAVE = option('--save');
const REPEAT = process.argv.includes('--repeat');

type Page = { path: string; signedIn: boolean; label: string };
const PAGES: Page[] = [
  { path: '/', signedIn: false, label: '/ (landing)' },
  { path: '/login', signedIn: false, label: '/login' },
  { path: '/register', signedIn: false, label: '/register' },
  { path: '/', signedIn: true, label: '/ (home, agente)' },
  { path: '/clients', signedIn: true, label: '/clients' },
  { path: '/followups', signedIn: true, label: '/followups' },
  { path: '/notifications', signedIn: true, label: '/notifications' },
  { path: '/settings', signedIn: true, label: '/settings' },
  { path: '/perfil', signedIn: true, label: '/perfil' },
];
type Preset = 'desktop' | 'mobile';
const PRESETS: { name: Preset; config: Config | undefined }[] = [
  { name: 'desktop', config: desktopConfig },
  { name: 'mobile', config: undefined }, // Lighthouse's default: Moto G Power, slow 4G, 4× CPU slowdown
];

type Row = {
  page: string;
  preset: Preset;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  /** Time to interactive (Lighthouse's `interactive` metric). */
  tti: number;
  /** Lighthouse's CPU benchmark of the run (higher is faster; a loaded machine scores low). */
  benchmark: number;
  /** Audits that cost points in a category below the target (score < 1, weight > 0). */
  failing: string[];
  notes: string[];
  /** The build's scripts the page requested during the run, gzipped at level 9 from web/dist. */
  js: { files: number; gzip: number };
};

/** The scripts index.html loads before the app runs: the module entry and its modulepreloads. */
function initialScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isEntry = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isEntry || isPreload) && url ? [url] : [];
  });
}

function printInitialJs() {
  const scripts = initialScripts(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'));
  let raw = 0;
  let gzip = 0;
  console.log('Initial JavaScript (index.html: module entry + modulepreloads), gzip level 9:');
  for (const url of scripts) {
    const body = readFileSync(path.join(WEB_DIST, url.replace(/^\//, '')));
    const gz = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += gz;
    console.log(`  ${url.padEnd(44)} ${kb(body.length).padStart(9)}  gzip ${kb(gz).padStart(8)}`);
  }
  console.log(
    `  total: ${scripts.length} files, ${kb(raw)} raw, ${kb(gzip)} gzipped (target < 300 kB gzipped)\n`,
  );
}

/** Every script of the build the page requested during the run (lazy chunks included), gzipped. */
function pageScripts(lhr: Result): Row['js'] {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string }[] } | undefined;
  const paths = new Set(
    (details?.items ?? [])
      .filter((item) => item.resourceType === 'Script')
      .map((item) => new URL(item.url).pathname)
      .filter((pathname) => pathname.startsWith('/assets/')),
  );
  let gzip = 0;
  for (const pathname of paths) gzip += gzipLength(pathname);
  return { files: paths.size, gzip };
}

const gzipCache = new Map<string, number>();
function gzipLength(url: string): number {
  let length = gzipCache.get(url);
  if (length === undefined) {
    length = gzipSync(readFileSync(path.join(WEB_DIST, url.replace(/^\//, ''))), { level: 9 }).length;
    gzipCache.set(url, length);
  }
  return length;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/** The status /api/auth/me answered during the run (proof of the session, or of its absence). */
function meStatus(lhr: Result): number | undefined {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url: string; statusCode: number }[] } | undefined;
  return details?.items?.find((item) => new URL(item.url).pathname === '/api/auth/me')?.statusCode;
}

function failingAudits(lhr: Result): string[] {
  return CATEGORIES.flatMap((id) => {
    const category = lhr.categories[id]!;
    if ((category.score ?? 0) * 100 >= TARGET) return [];
    return category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${id}: ${audit.id} (${audit.displayValue ?? `score ${audit.score}`})`);
  });
}

/** The last run's unthrottled trace (what the simulation started from), written beside its report by `--save`. */
let lastTrace: unknown;

async function runOnce(url: string, preset: (typeof PRESETS)[number], login: BenchLogin | undefined) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM.path,
    chromeFlags: CHROMIUM.args,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (login) await page.setCookie(...browserCookies(login, url));
    if (login && REPEAT) await firstVisit(page, url);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: REPEAT && Boolean(login),
    };
    const result = await lighthouse(url, flags, preset.config, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    lastTrace = result.artifacts.Trace;
    return result.lhr;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/**
 * The visit before a repeat visit: the page until the service worker controls it (a reload after its
 * install) and the sync indicator is idle (the replica holds the organization).
 */
async function firstVisit(page: PuppeteerPage, url: string) {
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(
    `navigator.serviceWorker.controller !== null && document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-tone') === 'ok'`,
    { timeout: 120_000, polling: 250 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

function toRow(page: Page, preset: Preset, runs: Result[]): Row {
  // The run with the median performance score stands for the page (its metrics come from the same run).
  const byPerf = [...runs].sort(
    (a, b) => (a.categories.performance!.score ?? 0) - (b.categories.performance!.score ?? 0),
  );
  const lhr = byPerf[Math.floor(byPerf.length / 2)]!;
  const score = (id: (typeof CATEGORIES)[number]) =>
    Math.round(median(runs.map((r) => (r.categories[id]!.score ?? 0) * 100)));
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const notes: string[] = [];
  const me = meStatus(lhr);
  if (page.signedIn && me !== 200) notes.push(`/api/auth/me answered ${me ?? 'nothing'}: not signed in?`);
  if (lhr.runtimeError) notes.push(`runtime error: ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) notes.push(`warning: ${warning}`);
  return {
    page: page.label,
    preset,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    tti: numeric('interactive'),
    benchmark: median(runs.map((r) => r.environment.benchmarkIndex)),
    failing: failingAudits(lhr),
    notes,
    js: pageScripts(lhr),
  };
}

function printTable(rows: Row[]) {
  const header = [
    'page',
    'preset',
    'perf',
    'a11y',
    'best-pr.',
    'LCP ms',
    'TBT ms',
    'CLS',
    'TTI ms',
    'CPU bench',
    'JS kB gz',
    'JS files',
  ];
  const lines = rows.map((r) => [
    r.page,
    r.preset,
    r.scores.performance.toFixed(0),
    r.scores.accessibility.toFixed(0),
    r.scores['best-practices'].toFixed(0),
    r.lcp.toFixed(0),
    r.tbt.toFixed(0),
    r.cls.toFixed(3),
    r.tti.toFixed(0),
    r.benchmark.toFixed(0),
    (r.js.gzip / 1000).toFixed(1),
    String(r.js.files),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error('web/dist/index.html is missing: build the web app first with `pnpm build`.');
  process.exit(1);
}
printInitialJs();

let db: BenchDatabase | undefined;
let server: BenchServer | undefined;
try {
  db = await benchDatabase('sqlite', 'casa_bench_lighthouse');
  await (await seedBenchData(db.config, 0)).destroy();
  server = await startServer(db.config, WEB_DIST);
  const login = await loginOverHttp(server.url, 'agente@demo.pt', DEMO_PASSWORD);
  if (SAVE) mkdirSync(SAVE, { recursive: true });
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`Lighthouse ${RUNS} run(s) per page and preset; load average before: ${load()}`);
  const rows: Row[] = [];
  const pages = PAGES.filter(
    (p) => (!ONLY_PAGE || ONLY_PAGE.split(',').includes(p.path)) && (!REPEAT || p.signedIn),
  );
  for (const preset of PRESETS.filter((p) => !ONLY_PRESET || p.name === ONLY_PRESET)) {
    for (const page of pages) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await runOnce(`${server.url}${page.path}`, preset, page.signedIn ? login : undefined));
      }
      const row = toRow(page, preset.name, runs);
      rows.push(row);
      console.log(
        `  ${row.page} ${row.preset}: perf ${row.scores.performance} a11y ${row.scores.accessibility} best ${row.scores['best-practices']}`,
      );
      if (SAVE) {
        const name = `${REPEAT ? 'repeat-' : ''}${preset.name}-${page.signedIn ? 'in' : 'out'}-${page.path.replace(/\W/g, '') || 'root'}.json`;
        writeFileSync(path.join(SAVE, name), JSON.stringify(runs.at(-1), null, 1));
        writeFileSync(path.join(SAVE, name.replace(/\.json$/, '.trace.json')), JSON.stringify(lastTrace));
      }
    }
  }
  console.log(`\nload average after: ${load()}\n`);
  printTable(rows);
  const flagged = rows.filter((r) => r.failing.length || r.notes.length);
  if (flagged.length) console.log('\nBelow the target of 95 (audits that cost points) and notes:');
  for (const r of flagged) {
    console.log(`  ${r.page} (${r.preset})`);
    for (const line of [...r.notes, ...r.failing]) console.log(`    ${line}`);
  }
} finally {
  await server?.stop();
  await db?.drop();
}
