// The frame of the start-up benches (profile-startup.ts, trace-startup.ts): a SQLite bench database with the
// demo organization and `extra` clients, Chromium, and for each build a server of its own (its own origin,
// so its own replica and first sync) with a page signed in as the demo agent. The page's context bypasses
// the CSP, so the benches can wait with string predicates.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { startServer, type BenchServer } from './server';
import type { BrowserCookie } from './setup';
import { benchDatabase, browserCookies, CHROMIUM, loginOverHttp, seedBenchData } from './setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the frame needs of a page and a browser; each bench names the rest it uses. */
type SignedInPage = { context(): { addCookies(cookies: BrowserCookie[]): Promise<void> } };
type Browser<P> = {
  newContext(options: Record<string, unknown>): Promise<{ newPage(): Promise<P>; close(): Promise<void> }>;
  close(): Promise<void>;
};

export async function forEachSignedInBuild<P extends SignedInPage, B extends Browser<P>>(
  options: { database: string; extra: number; dists: readonly string[] },
  each: (page: P, server: BenchServer, dist: string, browser: B) => Promise<void>,
): Promise<void> {
  const playwright = (await import(
    pathToFileURL(createRequire(path.join(root, 'web/package.json')).resolve('@playwright/test')).href
  )) as { chromium?: { launch(o: Record<string, unknown>): Promise<B> }; default?: { chromium: never } };
  const chromium = (playwright.chromium ?? playwright.default?.chromium)!;
  const db = await benchDatabase('sqlite', options.database);
  const servers: BenchServer[] = [];
  let browser: B | undefined;
  try {
    const knex = await seedBenchData(db.config, options.extra);
    await knex.destroy();
    browser = await chromium.launch({ executablePath: CHROMIUM.path, args: CHROMIUM.args });
    for (const dist of options.dists) {
      const server = await startServer(db.config, dist);
      servers.push(server);
      const login = await loginOverHttp(server.url, 'agente@demo.pt', DEMO_PASSWORD);
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await page.context().addCookies(browserCookies(login, server.url));
      await each(page, server, dist, browser);
      // Closed before the next build: a page left open keeps syncing, polling and holding its search
      // worker, and its server keeps running, which slowed every later build of an A/B (stop 31).
      await context.close();
      await server.stop();
      servers.splice(servers.indexOf(server), 1);
    }
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
    await db.drop();
  }
}
