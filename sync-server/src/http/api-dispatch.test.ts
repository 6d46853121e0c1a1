import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiDispatch, apiSegmentOf } from './api-dispatch';
import { defineRoutes, route } from './route';
import type { AppContextExt, AppState } from './types';

const table = (tag: string, path: string) =>
  defineRoutes(tag, [
    route(
      { method: 'GET', path, summary: tag, audience: 'public', answer: z.string() },
      async (ctx, next) => {
        if (ctx.params.id === 'skip') return next(); // falls through, as a non-uuid :id does
        ctx.body = tag;
      },
    ),
  ]);

let server: Server;
let base = '';
beforeAll(async () => {
  const app = new Koa<AppState, AppContextExt>();
  app.context.deps = { env: { NODE_ENV: 'test' } } as AppContextExt['deps']; // route.ts checks answers under test
  app.use(
    apiDispatch([table('a', '/api/things/:id'), table('b', '/api/other'), table('c', '/api/things/:id')]),
  );
  app.use((ctx) => {
    ctx.body = 'fell through';
  });
  const handle = app.callback();
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const answer = async (path: string) => (await fetch(base + path)).text();

describe('apiDispatch', () => {
  it('takes the segment after /api, lower-cased', () => {
    expect(apiSegmentOf('/api/coldcalls')).toBe('coldcalls');
    expect(apiSegmentOf('/api/Clients/1/tags')).toBe('clients');
    expect(apiSegmentOf('/api/')).toBe('');
  });

  it('answers with the first table that declares the route, and falls through to later ones in order', async () => {
    expect(await answer('/api/things/1')).toBe('a');
    expect(await answer('/api/other')).toBe('b');
    expect(await answer('/API/Other')).toBe('b'); // @koa/router matches paths case-insensitively
    expect(await answer('/api/things/skip')).toBe('fell through');
  });

  it('passes on a path no table declares', async () => {
    expect(await answer('/api/nothing')).toBe('fell through');
    expect(await answer('/ficha/abc')).toBe('fell through');
  });
});
