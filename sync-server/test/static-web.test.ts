import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'casa-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Casa CRM</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-Bx12abcD.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(tmpdir(), 'casa-secret.txt'), 'segredo');
  server = await startTestServer({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web client serving', () => {
  it('serves index.html with no-cache and issues the CSRF cookie', async () => {
    const res = await server.client().get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('csrf_token='))).toBe(true);
  });

  it('falls back to index.html for client routes', async () => {
    const res = await server.client().get('/clients/123');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Casa CRM');
  });

  it('caches hashed assets for a year and sw.js not at all', async () => {
    const asset = await server.client().get('/assets/index-Bx12abcD.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const sw = await server.client().get('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file with an extension and never leaves the folder', async () => {
    expect((await server.client().get('/assets/missing-12345678.js')).status).toBe(404);
    const escape = await server.client().get('/..%2fcasa-secret.txt');
    expect(escape.text).not.toContain('segredo');
  });

  it('keeps /api JSON', async () => {
    const res = await server.client().get('/api/nada');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
  });
});
