// The measures bench:screens takes of a virtualized list screen (/clients, /imoveis) in Chromium on the
// built app: a navigation until the first card and the full count, the list's scroll frame rate, and the
// search box's keystroke-to-result latency; main-thread long tasks meanwhile (the page's `OBSERVE` init
// script of screens-chromium.ts records them in `globalThis.__longTasks`, from each navigation on).
import { loadavg } from 'node:os';
import type { BrowserCookie } from './setup';

export type Locator = {
  first(): Locator;
  waitFor(options?: { state?: string; timeout?: number }): Promise<void>;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
};
export type Page = {
  context(): {
    addCookies(cookies: BrowserCookie[]): Promise<void>;
    addInitScript(script: string): Promise<void>;
    newCDPSession(page: Page): Promise<Cdp>;
  };
  addScriptTag(options: { content: string; type?: string }): Promise<unknown>;
  goto(url: string, options?: { timeout?: number; waitUntil?: 'commit' | 'load' }): Promise<unknown>;
  reload(): Promise<unknown>;
  waitForFunction(
    fn: string,
    arg?: unknown,
    options?: { timeout?: number; polling?: number },
  ): Promise<{ jsonValue(): Promise<unknown> }>;
  evaluate<T>(fn: string): Promise<T>;
  locator(selector: string): Locator;
  getByRole(role: string, options?: { name?: string }): Locator;
  keyboard: { type(text: string, options?: { delay?: number }): Promise<void> };
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  on(event: 'pageerror', fn: (err: unknown) => void): void;
};

/** A Chrome DevTools Protocol session (the heap of the page and its workers). */
export type Cdp = {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  on(event: string, fn: (event: Record<string, unknown>) => void): void;
  detach(): Promise<void>;
};

export const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
export const p95 = (v: number[]) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(v.length * 0.95) - 1)] ?? NaN;
export const ms = (n: number) => `${n.toFixed(0)} ms`;
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export type LongTask = { start: number; duration: number };
export const longTaskLine = (tasks: LongTask[]) =>
  tasks.length === 0
    ? 'none'
    : `${tasks.length}, max ${ms(Math.max(...tasks.map((t) => t.duration)))}, total ${ms(tasks.reduce((n, t) => n + t.duration, 0))}`;

/** When each long task ran (page clock) and how long: where to look for them. */
export const longTaskTimes = (tasks: LongTask[]) =>
  tasks.length === 0 ? '' : ` [${tasks.map((t) => `${ms(t.start)}: ${ms(t.duration)}`).join(', ')}]`;

/** What tells the bench about one list screen. */
export type ListScreen = {
  path: string;
  card: string;
  /** The virtualized list (its own scroller, or the window when the list follows the page). */
  list: string;
  /** The count line: its `data-query` is the search text the count and the list answer. */
  countLine: string;
  /** A page expression: the count the screen shows, or -1. */
  count: string;
  /** The search box's accessible name. */
  searchbox: string;
  /** A page expression, true once searches answer (the clients' index); absent: with the count. */
  ready?: string;
};

/** The number before `words` in the count line's text (pt-PT thousands separators removed), or -1. */
export const countBefore = (countLine: string, words: string) => `(() => {
  const text = document.querySelector(${JSON.stringify(countLine)})?.textContent ?? '';
  const m = text.match(new RegExp('([\\\\d.\\\\s\\\\u00a0\\\\u202f]+) ' + ${JSON.stringify(words)}));
  return m ? Number(m[1].replace(/\\D/g, '')) : -1;
})()`;

export type Opened = { firstCard: number; fullCount: number; ready: number; longTasks: LongTask[] };

/** A navigation to the screen: page-clock times of its first card, its full count and (searches) ready. */
export async function openList(page: Page, url: string, screen: ListScreen, total: number): Promise<Opened> {
  await page.goto(`${url}${screen.path}`, { waitUntil: 'commit' });
  await shownAt(page, `document.querySelector(${JSON.stringify(screen.card)})`);
  await shownAt(page, `${screen.count} >= ${total}`);
  const ready = screen.ready ? await shownAt(page, screen.ready) : null;
  // The times the DOM first showed them, as the page's init script saw them (SHOWN_IN_PAGE), not when the
  // bench's polling got to see them: a CDP round trip per poll counts against a loaded page.
  const shown = await page.evaluate<{ card: number; counts: { at: number; n: number }[] }>(
    '(globalThis.__shownObserver?.disconnect(), globalThis.__shown)',
  );
  const fullCount = shown.counts.find((c) => c.n >= total)?.at ?? NaN;
  return {
    firstCard: shown.card,
    fullCount,
    ready: ready ?? fullCount,
    longTasks: await page.evaluate<LongTask[]>('globalThis.__longTasks'),
  };
}

/**
 * An init script: the page-clock time at which a list's first card, each figure of its count line and each
 * dashboard stat card's first figure first appear in the DOM (a MutationObserver from the document's start; openList disconnects it).
 */
export const SHOWN_IN_PAGE = `(() => {
  const shown = (globalThis.__shown = { card: null, counts: [], stats: {} });
  const note = () => {
    for (const card of document.querySelectorAll('[data-testid="stat-card"]')) {
      const name = card.getAttribute('aria-label');
      if (!(name in shown.stats) && /\\d/.test(card.textContent ?? '')) shown.stats[name] = performance.now();
    }
    if (shown.card === null && document.querySelector('[data-testid="client-card"], [data-testid="property-card"]')) shown.card = performance.now();
    const line = document.querySelector('[data-testid="clients-count"], [data-testid="properties-count"]');
    const m = (line?.textContent ?? '').match(/^([\\d.\\s\\u00a0\\u202f]+) /);
    const n = m ? Number(m[1].replace(/\\D/g, '')) : -1;
    if (n >= 0 && shown.counts[shown.counts.length - 1]?.n !== n) shown.counts.push({ at: performance.now(), n });
  };
  globalThis.__shownObserver = new MutationObserver(note);
  globalThis.__shownObserver.observe(document, { subtree: true, childList: true, characterData: true });
})()`;

/** The page-clock time of the first frame at which `condition` (a page expression) holds. */
export async function shownAt(page: Page, condition: string): Promise<number> {
  const raf = { timeout: 60_000, polling: 'raf' as unknown as number };
  const handle = await page.waitForFunction(`(${condition}) ? performance.now() : false`, undefined, raf);
  return Number(await handle.jsonValue());
}

export type Scrolled = { fps: number; longFrames: number; frames: number[]; longTasks: LongTask[] };

/** Scrolls the open screen's list 60 px per frame for `durationMs`: the frame times and long tasks. */
export async function scrollList(page: Page, screen: ListScreen, durationMs: number): Promise<Scrolled> {
  await page.evaluate('globalThis.__longTasks.length = 0');
  const frames = await page.evaluate<number[]>(`new Promise((resolve) => {
    const list = document.querySelector(${JSON.stringify(screen.list)});
    const scroller = list && list.scrollHeight > list.clientHeight + 10 ? list : document.scrollingElement;
    const deltas = [];
    let last = performance.now();
    const end = last + ${durationMs};
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
  return { fps, longFrames, frames, longTasks: await page.evaluate<LongTask[]>('globalThis.__longTasks') };
}

export type Typed = { latencies: number[]; matches: number; longTasks: LongTask[] };

/**
 * Search: the latency of each keystroke, from its input event to the frame after the list answered that
 * query or a later one. The count line carries the query its figure (and the list) answers
 * (`data-query`), so a keystroke whose result React skipped because the next one came first is timed
 * until the later result shows, and one whose result looks the same (same count) is still timed.
 */
export async function typeSearch(
  page: Page,
  url: string,
  screen: ListScreen,
  total: number,
  query: string,
): Promise<Typed> {
  await page.goto(`${url}${screen.path}`);
  await page.locator(screen.card).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(`${screen.count} >= ${total}`, undefined, { timeout: 60_000 });
  if (screen.ready) await page.waitForFunction(screen.ready, undefined, { timeout: 60_000 });
  await page.evaluate('globalThis.__shownObserver?.disconnect()');
  await page.evaluate(`(() => {
    globalThis.__latencies = [];
    const pending = [];
    document.addEventListener('input', (e) => { pending.push({ q: e.target.value, at: performance.now() }); }, true);
    const answered = () => document.querySelector(${JSON.stringify(screen.countLine)})?.getAttribute('data-query');
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
  await page.getByRole('searchbox', { name: screen.searchbox }).click();
  await page.evaluate('globalThis.__longTasks.length = 0');
  await page.keyboard.type(query, { delay: 150 });
  await new Promise((r) => setTimeout(r, 1000));
  return {
    latencies: await page.evaluate<number[]>('globalThis.__latencies'),
    matches: await page.evaluate<number>(screen.count),
    longTasks: await page.evaluate<LongTask[]>('globalThis.__longTasks'),
  };
}

export function scrollLine(scrolled: Scrolled, durationMs: number): string {
  const { fps, longFrames, frames } = scrolled;
  return `${durationMs} ms: ${fps.toFixed(1)} fps, ${longFrames} of ${frames.length} frames over 33 ms, p95 frame ${ms(p95(frames))}`;
}

export function typedLine(typed: Typed, query: string): string {
  const { latencies, matches } = typed;
  return `('${query}', ${latencies.length} keystrokes, ${matches} matches at the end): median ${ms(median(latencies))}, p95 ${ms(p95(latencies))}, max ${ms(Math.max(...latencies))}`;
}
