// `pnpm cluster`: N server processes (default 2) on one PostgreSQL behind HAProxy, round robin, serving the
// built client and /api (README "Deploy", docs/deploy.md). HAProxy is installed from Debian packages
// when missing, as scripts/run.mjs does for Chromium. Also imported by the cluster tests and benchmarks
// (startCluster), which start it on a database of their own.
//
//   pnpm cluster [--processes N] [--port 3000] [--database-url postgres://…] [--no-seed] [--build]
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'sync-server');
const tsx = path.join(serverDir, 'node_modules', '.bin', 'tsx');

const log = (msg: string) => console.log(`\x1b[1m[cluster] ${msg}\x1b[0m`);

function run(
  cmd: string,
  args: string[],
  { env = {}, cwd = root }: { env?: Record<string, string>; cwd?: string } = {},
) {
  const result = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${result.status}`);
}

export function haproxyPath(): string | undefined {
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));
}

/** HAProxy from Debian packages when it is missing (root, or sudo). */
export function ensureHaproxy(): string {
  const present = haproxyPath();
  if (present) return present;
  log('HAProxy is missing: installing it from Debian packages');
  const asRoot = process.getuid?.() === 0;
  const apt = (args: string[]) => (asRoot ? run('apt-get', args) : run('sudo', ['apt-get', ...args]));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'haproxy']);
  const found = haproxyPath();
  if (!found) throw new Error('HAProxy could not be installed (apt-get install haproxy)');
  return found;
}

/**
 * The proxy: round robin without stickiness; health checks take a dead process out within ~2 s and a
 * request that could not reach one is sent to another (redispatch). X-Forwarded-For is REPLACED (a client's
 * own header would otherwise be the address the login lockout counts: TRUST_PROXY trusts the first entry).
 * No buffering of responses (HAProxy streams), and the idle timeouts outlast the live stream's 20 s heartbeat.
 */
export function haproxyConfig({
  port,
  statsPort,
  servers,
}: {
  port: number;
  statsPort: number;
  servers: { port: number }[];
}): string {
  return `global
  maxconn 8000

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout http-keep-alive 10s
  timeout queue 10s
  retries 2
  option redispatch
  retry-on conn-failure empty-response 503

frontend casa
  bind 127.0.0.1:${port}
  http-request del-header X-Forwarded-For
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  default_backend servers

backend servers
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fall 2 rise 1
${servers.map((s, i) => `  server p${i + 1} 127.0.0.1:${s.port} check`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export async function waitForHttp(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function localSessionSecret() {
  const file = path.join(root, 'data', 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Starts the cluster and resolves once the proxy answers. `processes` server processes listen on
 * 127.0.0.1:port+1…port+N, HAProxy on `port` (stats on port+N+1, /stats;csv).
 */
export type ClusterOptions = {
  processes?: number;
  port?: number;
  databaseUrl?: string;
  /** Seed the demo data when the database is empty (as `npm start` does). */
  seed?: boolean;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'ignore';
  workDir?: string;
};

export type Cluster = {
  url: string;
  statsUrl: string;
  processUrls: string[];
  /** The server processes' pids (for RSS in the benchmarks). */
  pids(): number[];
  kill(i: number): Promise<void>;
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
};

type Server = { port: number; child: ChildProcess | null; exited: Promise<unknown> };

export async function startCluster({
  processes = 2,
  port = 3000,
  databaseUrl,
  seed = true,
  env: extraEnv = {},
  stdio = 'inherit',
  workDir = path.join(root, '.tmp', `cluster-${port}`),
}: ClusterOptions = {}): Promise<Cluster> {
  if (!databaseUrl) throw new Error('A PostgreSQL DATABASE_URL is needed (--database-url or DATABASE_URL)');
  const haproxy = ensureHaproxy();
  mkdirSync(workDir, { recursive: true });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DB_CLIENT: 'pg',
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root, 'web', 'dist'),
    SESSION_SECRET: process.env.SESSION_SECRET ?? localSessionSecret(),
    ...extraEnv,
  };
  // Once, before the processes: they would otherwise race for the migration lock at boot.
  run(tsx, ['src/db/migrate-cli.ts'], { env, cwd: serverDir });
  if (seed) run(tsx, ['src/db/seed/seed-cli.ts'], { env, cwd: serverDir });

  const servers: Server[] = Array.from({ length: processes }, (_, i) => ({
    port: port + 1 + i,
    child: null,
    exited: Promise.resolve(),
  }));
  const io: StdioOptions = ['ignore', stdio, stdio];
  const startServer = (server: Server) => {
    // Node itself with tsx as a loader (not the tsx CLI, which runs the server in a child process): a kill
    // (SIGKILL in the crash test, SIGTERM at stop) reaches the server process.
    server.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(server.port) },
      stdio: io,
    });
    const child = server.child;
    server.exited = new Promise((resolve) => child.once('exit', resolve));
    return waitForHttp(`http://127.0.0.1:${server.port}/api/health`);
  };
  await Promise.all(servers.map(startServer));

  const statsPort = port + processes + 1;
  const cfg = path.join(workDir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig({ port, statsPort, servers }));
  const proxy = spawn(haproxy, ['-f', cfg, '-db'], { stdio: io });
  const proxyExited = new Promise((resolve) => proxy.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 30_000);

  const stopServer = async (server: Server, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = server.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await server.exited;
    }
  };
  return {
    url,
    statsUrl: `http://127.0.0.1:${statsPort}/stats`,
    processUrls: servers.map((s) => `http://127.0.0.1:${s.port}`),
    pids: () => servers.map((s) => s.child?.pid ?? 0),
    /** Ends process i at once (SIGKILL: no graceful shutdown), as a crash would. */
    kill: (i) => stopServer(servers[i]!, 'SIGKILL'),
    /** Starts process i again (after kill) and resolves once it answers. */
    restart: (i) => startServer(servers[i]!),
    async stop() {
      proxy.kill('SIGTERM');
      await proxyExited;
      await Promise.all(servers.map((s) => stopServer(s)));
    },
  };
}

function parseArgs(argv: string[]) {
  const args: ClusterOptions & { processes: number; build: boolean } = {
    processes: 2,
    port: Number(process.env.PORT ?? 3000),
    seed: true,
    build: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--processes') args.processes = Number(argv[++i]);
    else if (a === '--port') args.port = Number(argv[++i]);
    else if (a === '--database-url') args.databaseUrl = argv[++i];
    else if (a === '--no-seed') args.seed = false;
    else if (a === '--build') args.build = true;
    else throw new Error(`Unknown option ${a}`);
  }
  if (!Number.isInteger(args.processes) || args.processes < 1) throw new Error('--processes must be ≥ 1');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const databaseUrl = args.databaseUrl ?? process.env.DATABASE_URL;
  if (args.build || !existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    log('build web client');
    run('npx', ['-y', 'pnpm@10', '--filter', '@casa/web', 'build']);
  }
  log(`${args.processes} processes on ${databaseUrl} behind HAProxy`);
  const cluster = await startCluster({ ...args, databaseUrl });
  log(`serving on ${cluster.url} (processes: ${cluster.processUrls.join(', ')}; stats ${cluster.statsUrl})`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
