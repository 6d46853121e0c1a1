// Bench helper: runs the real server (`sync-server/src/main.ts` through tsx) in its own process, so the
// load generator (autocannon, in the bench process) and the server do not share one event loop. The
// database is prepared by the bench beforehand; the server only migrates (nothing to do) and listens.
// Also measures the server from outside: RSS from /proc, and "idle" (no CPU spent) to detect a backlog.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbConfig } from '../../sync-server/src/db/knex';

const SYNC_SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sync-server');
const TSX = path.join(SYNC_SERVER, 'node_modules/.bin/tsx');
export const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret';

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released for the server to take). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * The process that runs main.ts: the spawned tsx CLI (`node …/tsx/dist/cli.mjs src/main.ts`) runs it in a
 * child `node --import …/tsx/dist/loader.mjs src/main.ts`; answers the deepest descendant whose command line
 * names main.ts (an esbuild service it may start is skipped).
 */
function serverPid(root: number): number {
  let found = root;
  let level = [root];
  while (level.length) {
    level = level.flatMap(childrenOf);
    const runner = level.find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts');
      } catch {
        return false;
      }
    });
    if (runner) found = runner;
  }
  return found;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** utime + stime of the process (all its threads), in clock ticks. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** USER_HZ: the unit of /proc/<pid>/stat times (100 on Linux for x86 and arm). */
const CLOCK_TICKS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => (kb / 1024).toFixed(0);

export type BenchServer = {
  url: string;
  /** Pid of the node process that runs main.ts (not the tsx launcher). */
  pid: number;
  /** Waits until the server spent (almost) no CPU for 250 ms: it has answered its backlog. Answers ms waited. */
  idle: (limitMs?: number) => Promise<number>;
  /** Runs `fn` while sampling the server's RSS every 50 ms (and its kernel peak, VmHWM, reset first). */
  measure: (fn: () => Promise<void>) => Promise<{ ms: string; base: string; peak: string; growth: string }>;
  /** CPU time the server process has used so far (user + system, all threads), in ms. */
  cpuMs: () => number;
  /** SIGTERM, then waits for the process to exit (SIGKILL after 15 s). */
  stop: () => Promise<void>;
};

/** Spawns the server on `config` (already migrated and seeded) and waits for `/api/health`. */
export async function startServer(config: DbConfig, webDist: string): Promise<BenchServer> {
  const port = await freePort();
  const db: Record<string, string> =
    config.client === 'pg'
      ? { DB_CLIENT: 'pg', DATABASE_URL: config.connectionString }
      : { DB_CLIENT: 'sqlite', SQLITE_FILE: config.filename };
  // A clean environment: nothing from the caller's shell (DATABASE_URL, VAPID keys …) leaks into the server.
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SESSION_SECRET,
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    ...db,
  };
  // BENCH_SERVER_CPU_PROF=<dir>: a CPU profile of the server under the bench's load (written when it stops);
  // node refuses --cpu-prof in NODE_OPTIONS, so the server is then started by node with tsx as its loader.
  const profDir = process.env.BENCH_SERVER_CPU_PROF;
  const child: ChildProcess = profDir
    ? spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--import', 'tsx', 'src/main.ts'], {
        cwd: SYNC_SERVER,
        env,
        stdio: 'inherit',
      })
    : spawn(TSX, ['src/main.ts'], { cwd: SYNC_SERVER, env, stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let dead = false;
  void exited.then(() => (dead = true));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (dead) throw new Error(`server exited with ${child.exitCode} before answering /api/health`);
    if (performance.now() - started > 60_000) {
      process.kill(serverPid(child.pid!), 'SIGKILL'); // the node child of tsx, then tsx itself
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/health within 60 s');
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  const pid = serverPid(child.pid!);

  const stop = async () => {
    if (dead) return;
    process.kill(pid, 'SIGTERM'); // main.ts closes the server, the scheduler and knex, then exits 0
    const killer = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
      child.kill('SIGKILL');
    }, 15_000);
    await exited;
    clearTimeout(killer);
  };

  const idle = async (limitMs = 120_000) => {
    const t = performance.now();
    let ticks = cpuTicks(pid);
    for (;;) {
      await sleep(250);
      const now = cpuTicks(pid);
      // ≤ 2 ticks (20 ms of CPU) in 250 ms: idle, bar timers and the scheduler.
      if (now - ticks <= 2 || performance.now() - t > limitMs) return performance.now() - t - 250;
      ticks = now;
    }
  };

  const measure = async (fn: () => Promise<void>) => {
    let hwm = true;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    } catch {
      hwm = false;
    }
    const base = statusKb(pid, 'VmRSS');
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, statusKb(pid, 'VmRSS'))), 50);
    const t = performance.now();
    await fn();
    clearInterval(timer);
    peak = Math.max(peak, statusKb(pid, 'VmRSS'), hwm ? statusKb(pid, 'VmHWM') : 0);
    return {
      ms: (performance.now() - t).toFixed(0),
      base: mb(base),
      peak: mb(peak),
      growth: mb(peak - base),
    };
  };

  const cpuMs = () => (cpuTicks(pid) * 1000) / CLOCK_TICKS;

  return { url, pid, idle, measure, cpuMs, stop };
}
