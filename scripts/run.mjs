#!/usr/bin/env node
// The two README commands: `npm start` (install, migrate, seed, build, serve) and `npm test` (install and
// run every check). Needs only Node 20 and npm: pnpm is taken from npx when it is not installed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const started = Date.now();
const pnpmCmd = hasCommand('pnpm') ? ['pnpm'] : ['npx', '-y', `pnpm@${PNPM_VERSION}`];
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function log(msg) {
  console.log(`\n\x1b[1m[casa] ${msg}\x1b[0m`);
}

function run(args, { env = {}, cwd = root, allowFail = false } = {}) {
  return new Promise((resolve, reject) => {
    const [cmd, ...rest] = args;
    const child = spawn(cmd, rest, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code === 0 || allowFail) resolve(code ?? 1);
      else reject(new Error(`${args.join(' ')} exited with ${code}`));
    });
  });
}

const pnpm = (args, opts) => run([...pnpmCmd, ...args], opts);

async function install() {
  log('install');
  await pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
}

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function ensurePostgres() {
  if (await portOpen(5432)) return;
  log('PostgreSQL is not answering: starting it');
  const versions = existsSync('/etc/postgresql')
    ? spawnSync('ls', ['/etc/postgresql']).stdout.toString().trim()
    : '';
  if (versions)
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions.split('\n')[0], 'main', 'start'], {
      stdio: 'inherit',
    });
  for (let i = 0; i < 30 && !(await portOpen(5432)); i++) await new Promise((r) => setTimeout(r, 500));
  if (!(await portOpen(5432))) throw new Error(`PostgreSQL is needed for the tests (${PG_URL})`);
}

function chromiumPath() {
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}

async function ensureChromium() {
  if (chromiumPath()) return;
  log('Chromium is missing: installing it from Debian packages');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  await run([...sudo, 'apt-get', 'update', '-qq']);
  await run([...sudo, 'apt-get', 'install', '-y', '-qq', 'chromium']);
  if (!chromiumPath())
    throw new Error('Chromium could not be installed; browser tests need /usr/bin/chromium');
}

function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () =>
      fetch(url)
        .then((r) => (r.ok ? resolve() : retry()))
        .catch(retry);
    const retry = () =>
      Date.now() > deadline ? reject(new Error(`${url} did not answer`)) : setTimeout(attempt, 300);
    attempt();
  });
}

/** The local instance's cookie-signing secret, made once and kept beside the database (git-ignored). */
function localSessionSecret() {
  const file = path.join(root, 'data', 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

async function start() {
  await install();
  const env = { SQLITE_FILE: process.env.SQLITE_FILE ?? path.join(root, 'data', 'casa.sqlite') };
  log('migrate');
  await pnpm(['--filter', '@casa/sync-server', 'db:migrate'], { env });
  log('seed demo data (only when the database is empty)');
  await pnpm(['--filter', '@casa/sync-server', 'db:seed'], { env });
  log('build web client');
  await pnpm(['--filter', '@casa/web', 'build']);
  log(`serving on http://localhost:${process.env.PORT ?? 3000}`);
  const secret = process.env.SESSION_SECRET ?? localSessionSecret();
  await pnpm(['--filter', '@casa/sync-server', 'serve'], {
    env: { ...env, NODE_ENV: process.env.NODE_ENV ?? 'production', SESSION_SECRET: secret },
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Seeds a fresh database and starts the server the browser tests run against; resolves once it answers. */
async function startE2eServer() {
  const port = 3100;
  const dir = path.join(root, '.tmp', 'e2e');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const env = {
    SQLITE_FILE: path.join(dir, 'e2e.sqlite'),
    PORT: String(port),
    NODE_ENV: 'production',
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    WEB_DIST: path.join(root, 'web', 'dist'),
    LOG_LEVEL: 'warn',
  };
  await pnpm(['--filter', '@casa/sync-server', 'db:seed'], { env });
  // tsx directly (not through pnpm) so that SIGTERM reaches the server's graceful shutdown.
  const server = spawn(path.join(root, 'sync-server', 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: path.join(root, 'sync-server'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, dir, stop };
}

async function e2e(results, serverStarted) {
  const server = await serverStarted;
  try {
    const report = path.join(server.dir, 'playwright.json');
    const code = await pnpm(['--filter', '@casa/web', 'exec', 'playwright', 'test', '--reporter=list,json'], {
      env: { E2E_BASE_URL: server.url, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      allowFail: true,
    });
    const stats = readJson(report)?.stats ?? {};
    results.e2eCounts = { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
    return code === 0;
  } finally {
    await server.stop();
  }
}

async function test() {
  await install();
  await ensurePostgres();
  await ensureChromium();
  const results = {};
  const step = async (name, fn) => {
    const t = Date.now();
    try {
      results[name] = { ok: (await fn()) !== false };
    } catch (error) {
      console.error(error);
      results[name] = { ok: false };
    }
    results[name].seconds = Math.round((Date.now() - t) / 1000);
  };
  const vitestReport = path.join(root, '.tmp', 'vitest.json');
  mkdirSync(path.dirname(vitestReport), { recursive: true });
  log('lint, typecheck and web build (in parallel)');
  await Promise.all([
    step('lint', () => pnpm(['run', 'lint'])),
    step('typecheck', () => pnpm(['run', 'typecheck'])),
    step('build', () => pnpm(['--filter', '@casa/web', 'build'])),
  ]);
  // The browser tests' server is seeded and started while the unit tests run (it needs only the build).
  const e2eServer = results.build.ok ? startE2eServer() : null;
  e2eServer?.catch(() => {}); // a failed start is reported by the e2e step
  log('unit and API tests (shared-schema, server on SQLite and on Postgres, web)');
  await step('vitest', async () => {
    const code = await pnpm(
      ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
      {
        env: { TEST_DATABASE_URL: PG_URL },
        allowFail: true,
      },
    );
    const r = readJson(vitestReport);
    Object.assign(results, {
      vitestCounts: { passed: r?.numPassedTests ?? 0, failed: r?.numFailedTests ?? 0 },
    });
    return code === 0 && r !== null;
  });
  log('browser tests (Playwright, Chromium)');
  if (e2eServer) await step('e2e', () => e2e(results, e2eServer));
  else results.e2e = { ok: false };
  // Two server processes behind HAProxy on PostgreSQL (docs/deploy.md); the cluster script installs
  // HAProxy from Debian's packages when it is missing. After the browser tests: it boots its own servers.
  log('cluster tests (two processes behind HAProxy)');
  await step('cluster', () => pnpm(['run', 'test:cluster'], { env: { TEST_DATABASE_URL: PG_URL } }));

  const names = ['lint', 'typecheck', 'build', 'vitest', 'e2e', 'cluster'];
  const allOk = names.every((n) => results[n]?.ok);
  const vc = results.vitestCounts ?? { passed: 0, failed: 0 };
  const ec = results.e2eCounts ?? { passed: 0, failed: 0 };
  const parts = names.map((n) => `${n} ${results[n]?.ok ? 'ok' : 'FAILED'}`).join(', ');
  console.log(
    `\nSUMMARY: ${allOk ? 'PASS' : 'FAIL'} — ${parts}; unit+API ${vc.passed} passed, ${vc.failed} failed; ` +
      `browser ${ec.passed} passed, ${ec.failed} failed; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exit(allOk ? 0 : 1);
}

const command = process.argv[2];
const main = command === 'start' ? start : command === 'test' ? test : null;
if (!main) {
  console.error('usage: node scripts/run.mjs start|test');
  process.exit(2);
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
