// Buyer ↔ property matching in Chromium (issue 20, docs/product.md#matching): `matching-page.ts` is bundled
// with esbuild and run in a blank page of Debian's Chromium (no server: the matching is pure and runs on the
// device's replica). It generates 50,000 clients with the seed's builders and 5,000 properties, prepares the
// indexes once, and times one property against every client and one buyer against every property.
// Run: `pnpm bench:matching [--clients 50000] [--properties 5000] [--runs 200] [--warmup 20]`.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM } from './setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const options = {
  clients: arg('--clients', 50_000),
  properties: arg('--properties', 5_000),
  runs: arg('--runs', 200),
  warmup: arg('--warmup', 20),
};
const LIMITS = { propertyToBuyers: 100, buyerToProperties: 50 };

type Esbuild = {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
};
type Page = {
  setContent(html: string): Promise<unknown>;
  addScriptTag(options: { content: string }): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  on(event: 'pageerror', fn: (err: unknown) => void): void;
};
type Browser = { newPage(): Promise<Page>; close(): Promise<void> };
type Chromium = { launch(options: Record<string, unknown>): Promise<Browser> };
type Timing = { p50: number; p95: number; max: number; meanMatches: number };
type Result = {
  userAgent: string;
  generateMs: number;
  buyers: number;
  distinctZones: number;
  matchableProperties: number;
  prepareBuyersMs: number;
  preparePropertiesMs: number;
  prepareBuyersWarmMs: number;
  preparePropertiesWarmMs: number;
  propertyToBuyers: Timing;
  buyerToProperties: Timing;
};

// esbuild comes with tsx (sync-server); playwright-core through web's @playwright/test.
const requireFrom = (from: string, id: string) => createRequire(from).resolve(id);
const tsxEntry = requireFrom(path.join(root, 'sync-server/package.json'), 'tsx');
const esbuild = (await import(pathToFileURL(requireFrom(tsxEntry, 'esbuild')).href)) as { default: Esbuild };
const playwrightTest = requireFrom(path.join(root, 'web/package.json'), '@playwright/test');
const playwrightCore = requireFrom(requireFrom(playwrightTest, 'playwright'), 'playwright-core');
const pw = (await import(pathToFileURL(playwrightCore).href)) as {
  chromium?: Chromium;
  default?: { chromium: Chromium };
};
const chromium = (pw.chromium ?? pw.default?.chromium)!;

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const ms = (n: number) => `${n.toFixed(1)} ms`;

const bundle = await esbuild.default.build({
  entryPoints: [path.join(here, 'matching-page.ts')],
  bundle: true,
  // shared-schema's `sideEffects` list made esbuild drop the init of a module reached both statically and
  // through a dynamic import (left undefined at load: 'reading map'); the app's build (Vite) is not affected.
  ignoreAnnotations: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  write: false,
  absWorkingDir: root,
  logLevel: 'warning',
});
const browser = await chromium.launch({ executablePath: CHROMIUM.path, args: CHROMIUM.args });
try {
  const page = await browser.newPage();
  page.on('pageerror', (err) => console.error('page error:', err));
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  console.log(`load before: ${uptime()}`);
  const r = await page.evaluate<Result>(`globalThis.casaMatchBench(${JSON.stringify(options)})`);
  console.log(`load after:  ${uptime()}`);
  console.log(`\n${r.userAgent}`);
  console.log(
    `${options.clients} clients generated in ${ms(r.generateMs)}: ${r.buyers} buyers (Comprador, Investidor), ${r.distinctZones} distinct zones`,
  );
  console.log(
    `${options.properties} properties: ${r.matchableProperties} can match (for sale, Disponível or Em angariação)`,
  );
  console.log(
    `prepareBuyers ${ms(r.prepareBuyersMs)} cold, ${ms(r.prepareBuyersWarmMs)} warm; prepareProperties ${ms(r.preparePropertiesMs)} cold, ${ms(r.preparePropertiesWarmMs)} warm (once per replica change)`,
  );
  const line = (label: string, t: Timing, limit: number) =>
    console.log(
      `${label}: p50 ${ms(t.p50)}  p95 ${ms(t.p95)}  max ${ms(t.max)}  (limit p95 < ${limit} ms, ratio ${(t.p95 / limit).toFixed(3)}); ${t.meanMatches} matches on average`,
    );
  console.log(`\n${options.runs} runs each after ${options.warmup} warm-up runs:`);
  line(`one property → ${r.buyers} buyers`, r.propertyToBuyers, LIMITS.propertyToBuyers);
  line(`one buyer → ${r.matchableProperties} properties`, r.buyerToProperties, LIMITS.buyerToProperties);
  const ok =
    r.propertyToBuyers.p95 < LIMITS.propertyToBuyers && r.buyerToProperties.p95 < LIMITS.buyerToProperties;
  console.log(ok ? '\nBoth within their limits.' : '\nOVER A LIMIT.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
}
