import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import pino from 'pino';
import { createApp, type AppOptions } from '../src/app';
import { requestListener } from '../src/http/listener';
import { parseEnv, type Env } from '../src/env';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/http/csrf';
import { LogRing } from '../src/lib/log-ring';
import type { DbConfig } from '../src/db/knex';
import { createTestDb } from './db';

export type TestResponse = {
  status: number;
  headers: Headers;
  text: string;
  buffer: Buffer;
  /** Parsed JSON body (undefined when the body is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
};

type RequestOptions = {
  body?: unknown;
  /** Sent as is (FormData, Buffer, string) instead of JSON. */
  raw?: RequestInit['body'];
  headers?: Record<string, string>;
  /** false: do not add the X-CSRF-Token header. */
  csrf?: boolean;
};

/** A fetch client with a cookie jar that plays the web client's part of the CSRF protocol. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private storeCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expires = attrs.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      const expired = expires ? Date.parse(expires.slice(8)) <= Date.now() : false;
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && opts.csrf !== false && !this.cookies.has(CSRF_COOKIE)) await this.get('/api/health');
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (unsafe && opts.csrf !== false) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    let body: RequestInit['body'] = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    this.storeCookies(res);
    const buffer = Buffer.from(await res.arrayBuffer());
    const text = buffer.toString('utf8');
    let json: unknown;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: res.status, headers: res.headers, text, buffer, json };
  }

  get = (path: string, opts?: RequestOptions) => this.request('GET', path, opts);
  post = (path: string, body?: unknown, opts?: RequestOptions) =>
    this.request('POST', path, { ...opts, body });
  put = (path: string, body?: unknown, opts?: RequestOptions) => this.request('PUT', path, { ...opts, body });
  delete = (path: string, opts?: RequestOptions) => this.request('DELETE', path, opts);
}

export type TestServer = {
  url: string;
  knex: Knex;
  /** The database's config: a second Knex over it plays another server process. */
  config: DbConfig;
  env: Env;
  /** Every pino line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  client(): TestClient;
  /** A client logged in through POST /api/auth/login (fails the test if login does not answer 200). */
  loginAs(email: string, password: string): Promise<TestClient>;
  close(): Promise<void>;
};

export const TEST_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

/** A real HTTP server on port 0 over a fresh migrated database of the dialect chosen by TEST_DB. */
export async function startTestServer(
  options: AppOptions & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const db = await createTestDb();
  const env = parseEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SECRET,
    WEB_DIST: '/nonexistent/casa-web-dist',
    BACKUP_DIR: path.join(os.tmpdir(), `casa-test-backups-${process.pid}-${randomBytes(6).toString('hex')}`),
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const logRing = new LogRing();
  const logger = pino(
    { level: env.LOG_LEVEL },
    {
      write: (line: string) => {
        logs.push(JSON.parse(line));
        logRing.write(line);
      },
    },
  );
  const app = createApp({ knex: db.knex, env, logger, logRing }, options);
  const server: Server = createServer(requestListener(app));
  // As main.ts: fetch (undici) keeps an idle socket 4 s; Node's default 5 s lets a loaded machine close a
  // socket undici is about to reuse (ECONNRESET on the next request).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    knex: db.knex,
    config: db.config,
    env,
    logs,
    client: () => new TestClient(url),
    async loginAs(email, password) {
      const client = new TestClient(url);
      const res = await client.post('/api/auth/login', { email, password });
      if (res.status !== 200) throw new Error(`loginAs(${email}) answered ${res.status}: ${res.text}`);
      return client;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      app.dispose();
      await db.destroy();
      fs.rmSync(env.BACKUP_DIR, { recursive: true, force: true });
    },
  };
}
