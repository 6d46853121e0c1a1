import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  pullResponseSchema,
  pushResponseSchema,
  type MutationName,
  type PullResponse,
  type PushMutation,
  type PushResponse,
  type SyncTable,
} from '@casa/shared-schema';
import type { TestClient } from '../../../test/server';

type Row = Record<string, unknown>;

/** A device's replica: collection → id → row, kept the way the web client applies pull pages. */
export class Replica {
  readonly tables = new Map<SyncTable, Map<string, Row>>();
  cursor: string | undefined;
  pages = 0;
  resets = 0;

  constructor(readonly http: TestClient) {}

  rows(table: SyncTable): Map<string, Row> {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    return rows;
  }

  apply(page: PullResponse): void {
    if (page.reset) {
      this.tables.clear();
      this.resets += 1;
    }
    for (const change of page.changes) {
      if (change.op === 'put') this.rows(change.table).set(change.id, change.row);
      else this.rows(change.table).delete(change.id);
    }
    this.cursor = page.cursor;
    this.pages += 1;
  }

  /** Pulls until hasMore is false; answers every page. */
  async sync(limit?: number): Promise<PullResponse[]> {
    const pages: PullResponse[] = [];
    for (let i = 0; i < 10_000; i++) {
      const page = await pullPage(this.http, this.cursor, limit);
      this.apply(page);
      pages.push(page);
      if (!page.hasMore) return pages;
    }
    throw new Error('pull never ended');
  }
}

export async function pullPage(http: TestClient, cursor?: string, limit?: number): Promise<PullResponse> {
  const query = new URLSearchParams();
  if (cursor !== undefined) query.set('cursor', cursor);
  if (limit !== undefined) query.set('limit', String(limit));
  const res = await http.get(`/api/sync/pull?${query}`);
  expect(res.status, res.text).toBe(200);
  return pullResponseSchema.parse(res.json);
}

/** A device's outbox: numbers its mutations 1, 2, 3 … like the web client. */
export class Device {
  readonly clientId = randomUUID();
  next = 1;

  constructor(public http: TestClient) {}

  mutation(name: MutationName, args: unknown): PushMutation {
    return { mutationId: this.next++, name, args };
  }

  async push(mutations: PushMutation[]): Promise<PushResponse> {
    const res = await this.http.post('/api/sync/push', { clientId: this.clientId, mutations });
    expect(res.status, res.text).toBe(200);
    return pushResponseSchema.parse(res.json);
  }
}

/** The session cookies of a TestClient, used by the app's own fetch helper (web/src/lib/api). */
export function cookieFetch(base: string, jar: () => TestClient): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookies = jar().cookieHeader();
    if (cookies) headers.set('cookie', cookies);
    const res = await fetch(`${base}${String(input)}`, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value) jar().cookies.set(pair.slice(0, eq).trim(), value);
      else jar().cookies.delete(pair.slice(0, eq).trim());
    }
    return res;
  };
}
