// Bench helper shared by api.ts, auth.ts, profile-clients.ts, sync.ts, sync-chromium.ts and lighthouse.ts: a throw-away database (SQLite file in a temp
// folder, or a Postgres database created on TEST_DATABASE_URL) and a login over HTTP that plays the web
// client's part of the CSRF protocol.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CurrentUser } from '../../shared-schema/src/index';
import { createKnex, type DbConfig } from '../../sync-server/src/db/knex';
import { migrateLatest } from '../../sync-server/src/db/migrate';
import { DEMO_IDS, seedDemo } from '../../sync-server/src/db/seed/seed';
import { parseEnv } from '../../sync-server/src/env';
import type { DomainCtx } from '../../sync-server/src/http/context';
import { createLogger } from '../../sync-server/src/logger';
import { SESSION_SECRET } from './server';

type Knex = ReturnType<typeof createKnex>;

export type Dialect = 'sqlite' | 'pg';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type BenchDatabase = {
  config: DbConfig;
  /** A temp folder of this run (also holds an empty `web-dist` for the server). */
  dir: string;
  webDist: string;
  /** Drops the Postgres database and removes the temp folder. */
  drop: () => Promise<void>;
};

/** A fresh, empty database for one bench run (`prefix` names the temp folder and the Postgres database). */
export async function benchDatabase(dialect: Dialect, prefix: string): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const webDist = path.join(dir, 'web-dist'); // empty: no web app to serve
  mkdirSync(webDist);
  if (dialect === 'sqlite') {
    return {
      config: { client: 'sqlite', filename: path.join(dir, 'bench.sqlite') },
      dir,
      webDist,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = createKnex({ client: 'pg', connectionString: PG_URL });
  const name = `${prefix}_${Date.now()}`;
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    config: { client: 'pg', connectionString: url.toString() },
    dir,
    webDist,
    drop: async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Migrates `config`, seeds the demo, `extra` clients and `properties` properties with 1–2 drawn photos
 * each (then VACUUM ANALYZE on Postgres, as autovacuum would).
 */
export async function seedBenchData(
  config: DbConfig,
  extra: number,
  { properties = 0 }: { properties?: number } = {},
): Promise<Knex> {
  const knex = createKnex(config);
  await migrateLatest(knex);
  await seedDemo(knex, { extraClients: extra, extraProperties: properties, extraPropertyPhotos: 2 });
  if (config.client === 'pg') await knex.raw('VACUUM ANALYZE');
  return knex;
}

/** The demo agent (agente@demo.pt) as a domain context, for the bench's direct domain calls. */
export function demoAgentCtx(knex: Knex): DomainCtx {
  return {
    db: knex,
    auth: {
      userId: DEMO_IDS.demoAgent,
      organizationId: DEMO_IDS.demoOrganization,
      role: 'agent',
      isSuperAdmin: false,
    },
    now: new Date().toISOString(),
    log: createLogger(parseEnv({ NODE_ENV: 'production', SESSION_SECRET, LOG_LEVEL: 'warn' })),
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export type BenchLogin = {
  /** Cookie header with the CSRF cookie and the session. */
  session: string;
  /** Headers for an unsafe request: JSON, the CSRF cookie and its X-CSRF-Token echo (add the session cookie). */
  headers: Record<string, string>;
  /** The login request itself (method, headers, body), for benchmarking POST /api/auth/login. */
  login: { method: 'POST'; headers: Record<string, string>; body: string };
  /** The signed-in user the login answered. */
  user: CurrentUser;
};

/** Debian's Chromium and the flags the browser benches launch it with (headless, quiet, no sandbox). */
export const CHROMIUM = {
  path: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export type BrowserCookie = { name: string; value: string; url: string; httpOnly: boolean; sameSite: 'Lax' };

/** The login's cookies for a browser's jar (Playwright addCookies, puppeteer setCookie) on `url`'s origin. */
export function browserCookies(login: BenchLogin, url: string): BrowserCookie[] {
  return login.session.split('; ').map((pair) => {
    const [name = '', value = ''] = pair.split('=');
    // casa.sid and its signature are httpOnly on the server; the page reads csrf_token and the signed-in hint.
    return { name, value, url, httpOnly: name.startsWith('casa.sid'), sameSite: 'Lax' };
  });
}

/** Gets a CSRF cookie from /api/health, then logs in; throws unless the login answers 200. */
export async function loginOverHttp(url: string, email: string, password: string): Promise<BenchLogin> {
  const csrfCookie = cookiesOf(await fetch(`${url}/api/health`));
  const csrf = /csrf_token=([^;]+)/.exec(csrfCookie)?.[1] ?? '';
  const headers = { 'content-type': 'application/json', cookie: csrfCookie, 'x-csrf-token': csrf };
  const body = JSON.stringify({ email, password });
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return {
    session: `${csrfCookie}; ${cookiesOf(res)}`,
    headers,
    login: { method: 'POST', headers, body },
    user: (await res.json()) as CurrentUser,
  };
}
