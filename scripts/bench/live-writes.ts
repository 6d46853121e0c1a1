// A long list under live writes (issue 19): the built app in Chromium, the demo agent with `--follow-ups`
// more pending follow-ups, /followups at `--cpu` CPU throttling (4 = a phone) with every card loaded through
// 'Carregar mais', while "another device" (the server's API, which pokes the page live) creates a follow-up
// every `--every-ms` for `--write-ms`. Each new one is scheduled before all others, so it is the list's
// first card. Prints how long loading every card took while the writes ran, and for each write the time from
// the server's answer to its card on screen (median, p95, max, and how many never showed before the writes
// stopped). A read of a list this long outlasts the time between two writes on a slow CPU: Dexie's live
// query dropped each such read (data/use-live-answer.ts). `--dist A,B` compares builds in the same minutes.
// `pnpm exec tsx scripts/bench/live-writes.ts [--follow-ups 1200] [--cpu 4] [--every-ms 400] [--write-ms 30000] [--dist web/dist]`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserCookie } from './setup';
import { forEachSignedInBuild } from './signed-in-builds';
import { loginOverHttp } from './setup';
import { DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const FOLLOW_UPS = Number(option('--follow-ups') ?? 1_200);
const CPU = Number(option('--cpu') ?? 4);
const EVERY_MS = Number(option('--every-ms') ?? 400);
const WRITE_MS = Number(option('--write-ms') ?? 30_000);
const DISTS = (option('--dist') ?? 'web/dist').split(',').map((d) => path.resolve(root, d));
/** After the writes stop: how long the last ones may take to show. */
const SETTLE_MS = 20_000;

type Page = {
  context(): {
    addCookies(cookies: BrowserCookie[]): Promise<void>;
    newCDPSession(page: Page): Promise<{ send(method: string, params?: unknown): Promise<unknown> }>;
  };
  goto(url: string, options?: { timeout?: number }): Promise<unknown>;
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  waitForFunction(
    fn: string,
    arg?: unknown,
    options?: { timeout?: number; polling?: number },
  ): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
};
type Browser = {
  newContext(options: Record<string, unknown>): Promise<{ newPage(): Promise<Page>; close(): Promise<void> }>;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ id: string }> {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** The first cards' titles and the list's 'Carregar mais' state, read in the page. */
const READ_LIST = `(() => {
  const titles = [...document.querySelectorAll('[data-testid="follow-up-card"] h2')].slice(0, 20).map((h) => h.textContent);
  const more = [...document.querySelectorAll('[data-testid="follow-ups-list"] button')].find((b) => /^Carregar mais/.test(b.textContent ?? ''));
  return { titles, more: more ? more.textContent : null, cards: document.querySelectorAll('[data-testid="follow-up-card"]').length };
})()`;
const CLICK_MORE = `(() => {
  const more = [...document.querySelectorAll('[data-testid="follow-ups-list"] button')].find((b) => /^Carregar mais/.test(b.textContent ?? ''));
  more?.click();
  return Boolean(more);
})()`;

console.log(
  `live writes: ${FOLLOW_UPS} more pending follow-ups, CPU ${CPU}×, a write every ${EVERY_MS} ms for ${WRITE_MS} ms`,
);
await forEachSignedInBuild<Page, Browser>(
  { database: 'casa_bench_live', extra: 0, dists: DISTS },
  async (page, server, dist) => {
    const login = await loginOverHttp(server.url, 'agente@demo.pt', DEMO_PASSWORD);
    const headers = { ...login.headers, cookie: login.session };
    const answer = (await (await fetch(`${server.url}/api/clients?limit=1`, { headers })).json()) as unknown;
    const first = (
      Array.isArray(answer) ? answer : Object.values(answer as object).find(Array.isArray)
    )?.[0] as { id: string } | undefined;
    const clientId = first?.id;
    if (!clientId) throw new Error('the demo agent has no client');
    // The database is shared by the builds: the first one seeds it, and each removes its live writes after.
    if (dist === DISTS[0])
      for (let i = 0; i < FOLLOW_UPS; i += 1) {
        await post(`${server.url}/api/followups`, headers, {
          type: 'Reunião',
          clientId,
          title: `Pendente ${i}`,
          scheduledDate: new Date(Date.UTC(2031, 0, 1) + i * 60_000).toISOString(),
        });
      }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/followups`, { timeout: 120_000 });
    // Synced, and live: the writes below reach the page by the server's pokes, not the 30 s poll.
    const indicator = `document.querySelector('[data-testid="sync-indicator"]')`;
    await page
      .waitForFunction(
        `${indicator}?.getAttribute('data-tone') === 'ok' && ${indicator}?.getAttribute('data-live') === 'true'`,
        undefined,
        { timeout: 120_000, polling: 250 },
      )
      .catch(async (failure: unknown) => {
        const seen = await page.evaluate<string>(`${indicator}?.outerHTML.slice(0, 300) ?? 'no indicator'`);
        throw new Error(`the page did not get synced and live: ${seen}`, { cause: failure });
      });
    await page.waitForFunction(
      `document.querySelectorAll('[data-testid="follow-up-card"]').length > 0`,
      undefined,
      {
        timeout: 120_000,
      },
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });

    // The writer: each follow-up scheduled before every other, so it becomes the first card.
    const written: { id: string; title: string; answeredAt: number; shownAt?: number }[] = [];
    let writing = true;
    const writer = (async () => {
      const start = Date.now();
      for (let i = 0; Date.now() - start < WRITE_MS; i += 1) {
        const title = `Ao vivo ${i}`;
        const { id } = await post(`${server.url}/api/followups`, headers, {
          type: 'Reunião',
          clientId,
          title,
          scheduledDate: new Date(Date.UTC(2020, 0, 1) - i * 60_000).toISOString(),
        });
        written.push({ id, title, answeredAt: Date.now() });
        await sleep(EVERY_MS);
      }
      writing = false;
    })();

    // LIVE_WRITES_PROFILE=file: the page's CPU profile of the writes' time (a look at what holds the list).
    const profileTo = process.env.LIVE_WRITES_PROFILE;
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // Meanwhile: tap 'Carregar mais' until every card is in, and note when each written title shows.
    const started = Date.now();
    let allLoadedMs: number | null = null;
    let lastMore: string | null = null;
    let tappedAt: string | null = null;
    while (writing || Date.now() - started < WRITE_MS + SETTLE_MS) {
      const list = await page.evaluate<{ titles: string[]; more: string | null; cards: number }>(READ_LIST);
      const now = Date.now();
      for (const w of written) if (w.shownAt === undefined && list.titles.includes(w.title)) w.shownAt = now;
      lastMore = list.more;
      if (process.env.LIVE_WRITES_DEBUG)
        console.log(now - started, list.cards, list.more, list.titles.slice(0, 3).join(' / '));
      if (allLoadedMs === null) {
        if (list.more === null && list.cards >= FOLLOW_UPS) allLoadedMs = now - started;
        // As a person does: tap, then again once the list has grown ('Carregar mais (150 de …)').
        else if (list.more !== null && list.more.split(' de ')[0] !== tappedAt?.split(' de ')[0]) {
          tappedAt = list.more;
          await page.evaluate(CLICK_MORE);
        }
      }
      if (!writing && written.every((w) => w.shownAt !== undefined) && allLoadedMs !== null) break;
      await sleep(100);
    }
    await writer;
    if (profileTo) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      (await import('node:fs')).writeFileSync(profileTo, JSON.stringify(profile));
    }

    for (const { id } of written) {
      const res = await fetch(`${server.url}/api/followups/${id}`, { method: 'DELETE', headers });
      if (!res.ok) throw new Error(`DELETE /api/followups/${id} answered ${res.status}`);
    }
    const late = written.filter((w) => w.shownAt === undefined);
    const delays = written
      .filter((w): w is typeof w & { shownAt: number } => w.shownAt !== undefined)
      .map((w) => w.shownAt - w.answeredAt)
      .sort((a, b) => a - b);
    const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
    console.log(`\n${path.relative(root, dist)} (load ${load})`);
    console.log(
      `  every card loaded: ${allLoadedMs === null ? `not within ${(WRITE_MS + SETTLE_MS) / 1000} s (${lastMore})` : `${(allLoadedMs / 1000).toFixed(1)} s`}`,
    );
    console.log(
      `  ${written.length} writes; write → card on screen: median ${quantile(delays, 0.5)} ms, p95 ${quantile(delays, 0.95)} ms, max ${delays.at(-1) ?? NaN} ms; never shown: ${late.length}`,
    );
  },
);
