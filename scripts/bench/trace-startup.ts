// What each long task of a signed-in reload is made of (issue 19): the built app in Chromium with the
// demo organization plus `--extra` clients, after its first sync and with the service worker in control;
// then `--runs` reloads of `--page` under `--cpu N` CPU throttling (4 = Lighthouse's mobile preset), each
// traced (Chromium's timeline). Prints every main-thread task over 50 ms with what ran inside it: script
// evaluation and compilation by file, function calls and events by source, timers, microtasks, style,
// layout, paint and GC. `--dist A,B` compares builds in the same minutes, each on its own server.
// `--profile` also samples the CPU and names, through the build's source maps, where each long task's time
// went: by package or app folder (self time) and by the innermost app module on the stack (inclusive). Run:
// `--first-visit` traces a first visit instead (no service worker, no replica, no HTTP cache, no user cached;
// the session cookie kept), as `bench:screens` counts its long tasks (`--cpu 1` for its figures).
// `--milestones` also prints the first paints and each script evaluation in time order.
// `pnpm exec tsx scripts/bench/trace-startup.ts [--extra 2000] [--runs 2] [--page /] [--cpu 4] [--dist web/dist] [--profile] [--profile-ms 3000] [--first-visit] [--milestones] [--window-ms 4000] [--long-ms 50] [--save-trace PREFIX] [--categories a,b]`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { load } from './screens-list';
import type { BrowserCookie } from './setup';
import { forEachSignedInBuild } from './signed-in-builds';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const EXTRA = Number(option('--extra') ?? 2_000);
const RUNS = Number(option('--runs') ?? 2);
const PAGE = option('--page') ?? '/';
const DISTS = (option('--dist') ?? 'web/dist').split(',').map((d) => path.resolve(root, d));
const CPU = Number(option('--cpu') ?? 4);
const PROFILE = process.argv.includes('--profile');
const FIRST_VISIT = process.argv.includes('--first-visit');
/** How long after the navigation `--profile` names the long tasks (the profiler's own start and stop are tasks too). */
const PROFILE_MS = Number(option('--profile-ms') ?? 3_000);
/** How long each visit is traced after its navigation (a first visit's first sync can outlast the default). */
const WINDOW_MS = Number(option('--window-ms') ?? 4_000);
// source-map-js comes with the build tools (postcss), not as a dependency of the root.
type SourceMapConsumer = {
  originalPositionFor(p: { line: number; column: number }): { source: string | null };
};
const { SourceMapConsumer } = (await import(
  pathToFileURL(
    createRequire(path.join(root, 'node_modules/.pnpm/node_modules/x.js')).resolve('source-map-js'),
  ).href
)) as { SourceMapConsumer: new (map: unknown) => SourceMapConsumer };
/** A long task's threshold: `--long-ms 12.5` at 1× CPU lists what a 4× CPU (Lighthouse's simulation) makes long. */
const LONG_MS = Number(option('--long-ms') ?? 50);
/** `--milestones`: also print when the first paints came and when each script was evaluated. */
const MILESTONES = process.argv.includes('--milestones');
/**
 * `--save-trace PREFIX`: each visit's raw trace in PREFIX-<build>-<run>.json (for a look at tasks the summary
 * cannot name); `--categories a,b` adds trace categories (`*,toplevel` shows the loader's and IndexedDB's work).
 */
const SAVE_TRACE = option('--save-trace');
const MORE_CATEGORIES = option('--categories')?.split(',') ?? [];

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};
type Page = {
  goto(url: string, o?: Record<string, unknown>): Promise<unknown>;
  waitForFunction(fn: string, arg?: unknown, o?: Record<string, unknown>): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  context(): {
    addCookies(c: BrowserCookie[]): Promise<void>;
    newCDPSession(p: Page): Promise<{ send(m: string, p?: unknown): Promise<unknown> }>;
  };
  setViewportSize(s: { width: number; height: number }): Promise<void>;
};
type Browser = {
  newContext(o: Record<string, unknown>): Promise<{ newPage(): Promise<Page>; close(): Promise<void> }>;
  startTracing(page: Page, o: { categories: string[] }): Promise<void>;
  stopTracing(): Promise<Buffer>;
  close(): Promise<void>;
};
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
];

const short = (url: unknown) => (typeof url === 'string' ? (url.split('/').pop() ?? url) : '');

/** A child event's label: what ran, and from which file. */
function label(e: TraceEvent): string | undefined {
  const data = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'v8.compileModule':
    case 'v8.compile':
      return `${e.name} ${short(data.url ?? data.fileName ?? (e.args as Record<string, unknown>)?.fileName)}`;
    case 'FunctionCall':
      return `FunctionCall ${short(data.url)}:${String(data.lineNumber ?? '')} ${String(data.functionName ?? '')}`;
    case 'EventDispatch':
      return `EventDispatch ${String(data.type ?? '')}`;
    // With the count of elements restyled: a whole list restyled for a few new rows shows here.
    case 'UpdateLayoutTree':
      return `UpdateLayoutTree(${String((e.args as Record<string, unknown>)?.elementCount ?? '?')} elements)`;
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'Layout':
    case 'Paint':
    case 'ParseHTML':
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
    case 'ParseAuthorStyleSheet':
    case 'XHRReadyStateChange':
    case 'ResourceReceivedData':
    case 'FireIdleCallback':
      return e.name;
    default:
      return undefined;
  }
}

/**
 * The order of a start's first frames and script evaluations (why Lighthouse's simulated first paint counts a
 * script: it was evaluated before the observed first contentful paint, docs/decisions.md).
 */
function milestones(events: TraceEvent[], own: TraceEvent[], t0: number): string[] {
  const at = (ts: number) => `${((ts - t0) / 1000).toFixed(0)} ms`;
  const marks = events
    .filter(
      (e) =>
        e.pid === own[0]?.pid && ['firstPaint', 'firstContentfulPaint', 'MarkDOMContent'].includes(e.name),
    )
    .map((e) => ({ ts: e.ts, text: e.name }));
  const evaluations = own
    .filter((e) => e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
    .map((e) => ({ ts: e.ts, text: `${label(e)} (${(e.dur! / 1000).toFixed(0)} ms)` }));
  const frames = own
    .filter((e) => e.name === 'Paint')
    .slice(0, 3)
    .map((e) => ({ ts: e.ts, text: 'Paint' }));
  return [...marks, ...evaluations, ...frames]
    .filter((m) => m.ts >= t0)
    .sort((a, b) => a.ts - b.ts)
    .map((m) => `    ${at(m.ts)} ${m.text}`);
}

/** The main thread's tasks over LONG_MS and, per task, the time of each labelled event nested in it. */
function longTasks(events: TraceEvent[]): { lines: string[]; windows: { from: number; to: number }[] } {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // Several renderers: take the one whose main thread ran the most tasks.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busiest = mains
    .map((m) => ({
      m,
      n: events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length,
    }))
    .sort((a, b) => b.n - a.n)[0]?.m;
  const thread = busiest ?? main;
  if (!thread) return { lines: ['  (no renderer main thread in the trace)'], windows: [] };
  const own = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart');
  const t0 = nav?.ts ?? own[0]?.ts ?? 0;
  const tasks = own.filter((e) => e.name === 'RunTask' && e.dur! / 1000 > LONG_MS);
  const out: string[] = [];
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    // Top-most labelled events only: a FunctionCall inside an EvaluateScript counts once, for the script.
    let coveredUntil = -1;
    for (const e of own) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue;
      const name = label(e);
      if (!name || e.ts < coveredUntil) continue;
      coveredUntil = e.ts + e.dur!;
      parts.set(name, (parts.get(name) ?? 0) + e.dur! / 1000);
    }
    const top = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${v.toFixed(0)} ms ${k}`);
    out.push(
      `  at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms — ${top.join('; ')}`,
    );
  }
  if (MILESTONES) out.push(...milestones(events, own, t0));
  const blocking = tasks.reduce((sum, t) => sum + t.dur! / 1000 - LONG_MS, 0);
  out.push(`  ${tasks.length} task(s) over ${LONG_MS} ms, ${blocking.toFixed(0)} ms over the limit in all`);
  // Style recalculation over the whole window, long tasks or not: a list drawn in steps whose every step
  // restyles all its rows shows as many elements per recalculation (docs/decisions.md, stop 38).
  const styles = own.filter((e) => e.name === 'UpdateLayoutTree' && e.ts >= t0);
  const styled = styles.reduce(
    (n, e) => n + Number((e.args as Record<string, unknown>)?.elementCount ?? 0),
    0,
  );
  const styleMs = styles.reduce((n, e) => n + e.dur! / 1000, 0);
  out.push(`  style recalculations: ${styles.length}, ${styled} elements, ${styleMs.toFixed(0)} ms`);
  // The app's own: after the navigation and before the page settles (the profiler's start and stop are tasks too).
  const windows = tasks
    .filter((t) => t.ts >= t0 && t.ts < t0 + PROFILE_MS * 1000)
    .map((t) => ({ from: t.ts, to: t.ts + t.dur! }));
  return { lines: out, windows };
}

type CpuProfile = {
  nodes: {
    id: number;
    parent?: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

const consumers = new Map<string, SourceMapConsumer | null>();
/** The original source of a frame in a built script (`web/dist/assets/x.js` + its `.map`), else the script. */
function sourceOf(dist: string, frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = frame.url.split('/').pop() ?? '';
  if (!file.endsWith('.js')) return frame.url ? file : frame.functionName;
  if (frame.lineNumber < 0) return `${file} (top level)`;
  let consumer = consumers.get(file);
  if (consumer === undefined) {
    const map = path.join(dist, 'assets', `${file}.map`);
    consumer = existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null;
    consumers.set(file, consumer);
  }
  const source = consumer?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  }).source;
  if (!source) return file;
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (pkg)
    return pkg[1] === '@mui' || pkg[1]!.startsWith('@mui/') ? `${pkg[1]}/${pkg[2]!.split('/')[0]}` : pkg[1]!;
  return source.replace(/^(\.\.\/)+/, '');
}

/** Self time by package or file, and inclusive time by the innermost app module (web/src) on the stack. */
/** Where the long tasks' time went, for one task or several together. */
function profileWindows(
  dist: string,
  profile: CpuProfile,
  windows: { from: number; to: number }[],
): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const natives = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i] ?? 0;
    if (!windows.some((w) => t >= w.from && t <= w.to)) return;
    const leaf = byId.get(id)!;
    const leafSource = sourceOf(dist, leaf.callFrame);
    self.set(leafSource, (self.get(leafSource) ?? 0) + dt / 1000);
    if (!leaf.callFrame.url && leaf.callFrame.functionName) {
      // A native call (layout read, style insertion): who called it.
      const callers: string[] = [];
      for (let at = parentOf.get(id); at !== undefined && callers.length < 4; at = parentOf.get(at)) {
        const f = byId.get(at)!.callFrame;
        if (f.url) callers.push(`${sourceOf(dist, f)}`);
      }
      const key = `${leaf.callFrame.functionName} ← ${callers.join(' ← ')}`;
      natives.set(key, (natives.get(key) ?? 0) + dt / 1000);
    }
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at)!;
      const source = node.callFrame.url ? sourceOf(dist, node.callFrame) : '';
      if (source.startsWith('src/') || source.includes('/src/')) {
        const key = `${source} ${node.callFrame.functionName}`;
        inclusive.set(key, (inclusive.get(key) ?? 0) + dt / 1000);
        break;
      }
    }
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, v]) => `      ${v.toFixed(0).padStart(4)} ms  ${k}`);
  return [
    '    self time by source:',
    ...top(self),
    '    by the innermost app module on the stack:',
    ...top(inclusive),
    '    native calls by caller:',
    ...top(natives),
  ];
}

await forEachSignedInBuild<Page, Browser>(
  { database: 'casa_bench_trace', extra: EXTRA, dists: DISTS },
  async (page, server, dist, browser) => {
    await page.setViewportSize({ width: 390, height: 844 });
    if (!FIRST_VISIT) {
      await page.goto(`${server.url}/`, { timeout: 120_000 });
      await page.waitForFunction(
        `document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-tone') === 'ok'`,
        undefined,
        { timeout: 600_000, polling: 250 },
      );
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      await page.goto(`${server.url}${PAGE}`); // the worker's precache and the page's chunks in place
      await new Promise((r) => setTimeout(r, 2000));
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    const visit = FIRST_VISIT ? 'first visit' : 'reload';
    console.log(`\n${path.relative(root, dist) || dist}: ${PAGE} ${visit}s at ${CPU}× CPU (load ${load()})`);
    for (let run = 0; run < RUNS; run += 1) {
      if (FIRST_VISIT) {
        // Everything of the origin but its cookies (the session stays), and the HTTP cache.
        await page.goto('about:blank');
        await cdp.send('Storage.clearDataForOrigin', {
          origin: server.url,
          storageTypes: 'indexeddb,local_storage,service_workers,cache_storage',
        });
        await cdp.send('Network.clearBrowserCache');
      }
      await browser.startTracing(page, { categories: [...CATEGORIES, ...MORE_CATEGORIES] });
      if (PROFILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(`${server.url}${PAGE}`);
      await new Promise((r) => setTimeout(r, WINDOW_MS));
      const profile = PROFILE
        ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile
        : undefined;
      const rawTrace = (await browser.stopTracing()).toString();
      if (SAVE_TRACE) writeFileSync(`${SAVE_TRACE}-${path.basename(dist)}-${run + 1}.json`, rawTrace);
      const { traceEvents } = JSON.parse(rawTrace) as {
        traceEvents: TraceEvent[];
      };
      const { lines, windows } = longTasks(traceEvents);
      console.log(`${visit} ${run + 1}:`);
      console.log(lines.join('\n'));
      if (profile && windows.length > 1) {
        console.log(`  all ${windows.length} long tasks together:`);
        console.log(profileWindows(dist, profile, windows).join('\n'));
      }
      for (const window of profile ? windows : []) {
        console.log(
          `  the task at ${((window.from - windows[0]!.from) / 1000).toFixed(0)} ms after the first:`,
        );
        console.log(profileWindows(dist, profile!, [window]).join('\n'));
      }
    }
  },
);
