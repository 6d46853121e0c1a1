import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
  // What the web build's compress plugin writes beside a text file.
  const app = 'console.log("casa");'.repeat(50);
  writeFileSync(join(dist, 'assets', 'app-Cz34efgH.js'), app);
  writeFileSync(join(dist, 'assets', 'app-Cz34efgH.js.br'), brotliCompressSync(app));
  writeFileSync(join(dist, 'assets', 'app-Cz34efgH.js.gz'), gzipSync(app));
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

  it('sends the precompressed brotli or gzip sibling the client accepts, the plain file otherwise', async () => {
    const plain = 'console.log("casa");'.repeat(50);
    const get = (encoding: string) =>
      server.client().get('/assets/app-Cz34efgH.js', { headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.text).toBe(plain); // fetch decodes it
    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.text).toBe(plain);
    const identity = await get('identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('content-length')).toBe(String(plain.length));
    expect(identity.text).toBe(plain);
    // No sibling: the plain file, whatever the client accepts.
    const index = await server
      .client()
      .get('/assets/index-Bx12abcD.js', { headers: { 'accept-encoding': 'br' } });
    expect(index.headers.get('content-encoding')).toBeNull();
    expect(index.text).toBe('console.log(1)');
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
