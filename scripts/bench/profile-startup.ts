// Where a reload of a signed-in screen spends its time (issue 19, start-up): the built app in Chromium with
// the 50,000-client organization, after its first sync; then `--runs` reloads of each `--page`, each with
// the page-clock milestones from the navigation on (the HTML's answer, every script's fetch, the first
// paint, the first DOM node in #root, the shell, the first card, the full count), the main thread's long
// tasks and the service worker's control. `--dist A,B` serves each build from its own server (its own
// origin, so its own replica and first sync) so two builds compare in the same minutes; `--cpu N` throttles
// the page's CPU N× (CDP), as Lighthouse's mobile preset does. Run:
// `pnpm exec tsx scripts/bench/profile-startup.ts [--extra 50000] [--runs 3] [--page /clients,/] [--dist web/dist] [--cpu 1]`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, median, ms, type Page } from './screens-list';
import { forEachSignedInBuild } from './signed-in-builds';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const EXTRA = Number(option('--extra') ?? 50_000);
const RUNS = Number(option('--runs') ?? 3);
const PAGES = (option('--page') ?? '/clients,/').split(',');
const DISTS = (option('--dist') ?? 'web/dist').split(',').map((d) => path.resolve(root, d));
const CPU = Number(option('--cpu') ?? 1);
const PROFILE = process.argv.includes('--profile');

type Browser = {
  newContext(options: Record<string, unknown>): Promise<{ newPage(): Promise<Page>; close(): Promise<void> }>;
  close(): Promise<void>;
};

/** Page-clock milestones, recorded by a MutationObserver from the document's start. */
const OBSERVE = `(() => {
  const at = (globalThis.__startup = { longTasks: [] });
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) at.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  const seen = (name, ok) => { if (at[name] === undefined && ok()) at[name] = Math.round(performance.now()); };
  const check = () => {
    const root = document.getElementById('root');
    // The static loading screen of index.html is not React's first render.
    seen('rootChild', () => root && root.childElementCount > 0 && !root.querySelector(':scope > [data-static-loading]'));
    seen('spinner', () => document.querySelector('[role="progressbar"]'));
    seen('shell', () => document.querySelector('nav'));
    seen('card', () => document.querySelector('[data-testid="client-card"]'));
    seen('statCard', () => document.querySelector('[data-testid="stat-card"]'));
    seen('count', () => /\\d[\\d\\s.\\u00a0\\u202f]{3,} cliente\\(s\\) encontrado/.test(document.querySelector('[data-testid="clients-count"]')?.textContent ?? ''));
    seen('stats4', () => [...document.querySelectorAll('[data-testid="stat-card"]')].filter((c) => /\\d/.test(c.textContent ?? '')).length >= 4);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

const REPORT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paints = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]));
  const scripts = performance.getEntriesByType('resource')
    .filter((r) => /\\.(js|css)$|\\/api\\//.test(r.name))
    .map((r) => [new URL(r.name).pathname.replace('/assets/', ''), Math.round(r.startTime), Math.round(r.responseEnd)]);
  const marks = performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]);
  return { html: [Math.round(nav.requestStart), Math.round(nav.responseEnd)], dcl: Math.round(nav.domContentLoadedEventEnd),
    sw: navigator.serviceWorker.controller !== null, paints, scripts, marks, at: globalThis.__startup };
})()`;

type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
};

/** Self time per script and the 15 heaviest functions (the whole profile: the navigation to `end`). */
function summarize(profile: CpuProfile, end: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number | undefined) => {
    const f = id === undefined ? undefined : byId.get(id);
    return f ? `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}` : '-';
  };
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const script = frame.url ? frame.url.replace(/^.*\//, '') : `(${frame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + dt);
    // Natives (no script) are named with their caller's chain, which says who asked for them.
    const chain = [
      parent.get(id),
      parent.get(parent.get(id) ?? -1),
      parent.get(parent.get(parent.get(id) ?? -1) ?? -1),
    ];
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}${frame.url ? '' : ` ← ${chain.map(name).join(' ← ')}`}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(5)} ms  ${k}`);
  return [
    `  until ${end.toFixed(0)} ms; scripts:`,
    ...top(byScript, 12),
    '  functions:',
    ...top(byFunction, 20),
  ].join('\n');
}

await forEachSignedInBuild<Page, Browser>(
  { database: 'casa_bench_startup', extra: EXTRA, dists: DISTS },
  async (page, server, dist) => {
    await page.context().addInitScript(OBSERVE);
    await page.setViewportSize({ width: 1280, height: 800 });
    // With --profile the first sync is profiled too (where its main-thread time goes, issue 19).
    const syncCdp = PROFILE ? await page.context().newCDPSession(page) : undefined;
    if (syncCdp) {
      await syncCdp.send('Profiler.enable');
      await syncCdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await syncCdp.send('Profiler.start');
    }
    const started = performance.now();
    await page.goto(`${server.url}/clients`, { timeout: 120_000 });
    await page.waitForFunction(
      `document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-tone') === 'ok' && globalThis.__startup.count !== undefined`,
      undefined,
      { timeout: 600_000, polling: 250 },
    );
    if (syncCdp) {
      const { profile } = (await syncCdp.send('Profiler.stop')) as { profile: CpuProfile };
      const end = await page.evaluate<number>('performance.now()');
      const longTasks = await page.evaluate<number[][]>('globalThis.__startup.longTasks');
      console.log(
        `first sync: long tasks ${JSON.stringify(longTasks)}; main-thread self time by script and top functions:`,
      );
      console.log(summarize(profile, end));
      await syncCdp.detach();
    }
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    console.log(
      `\n${path.relative(root, dist)}: first sync ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()})`,
    );
    if (CPU > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    }
    for (const target of PAGES) {
      const done: number[] = [];
      for (let run = 0; run < RUNS + 1; run += 1) {
        const cdp = PROFILE && run > 0 ? await page.context().newCDPSession(page) : undefined;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await page.goto(`${server.url}${target}`);
        await page.waitForFunction(
          target === '/'
            ? 'globalThis.__startup.stats4 !== undefined'
            : 'globalThis.__startup.count !== undefined',
          undefined,
          { timeout: 60_000, polling: 50 },
        );
        if (cdp) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
          const end = await page.evaluate<number>('performance.now()');
          console.log(`${target} reload ${run}: main-thread self time by script and top functions:`);
          console.log(summarize(profile, end));
          await cdp.detach();
        }
        await new Promise((r) => setTimeout(r, 1500));
        const report = await page.evaluate<Record<string, unknown> & { at: Record<string, number> }>(REPORT);
        if (run === 0) continue; // the first reload after the first sync also installs the worker's cache
        done.push(target === '/' ? report.at.stats4! : report.at.count!);
        console.log(`${target} reload ${run} (load ${load()}):`, JSON.stringify(report));
      }
      console.log(`${target}: median ${ms(median(done))} [${done.map(ms).join(', ')}]`);
    }
  },
);
