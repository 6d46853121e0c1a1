import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/http/compress-answers';
import { createClient, createMember, TEST_PASSWORD } from './factories';
import { startTestServer, type TestClient, type TestServer } from './server';

/**
 * The /api JSON answers travel compressed when the client accepts it (http/compress-answers.ts, issue 19):
 * a first sync's pages cross a phone's slow signal. Read with node:http, which (unlike fetch) leaves the
 * bytes as they came.
 */
type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer };

function rawGet(
  server: TestServer,
  client: TestClient,
  path: string,
  acceptEncoding?: string,
): Promise<RawAnswer> {
  const headers: Record<string, string> = { cookie: client.cookieHeader() };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = httpRequest(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let server: TestServer;
let agent: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  const { organization, user } = await createMember(server.knex);
  for (let i = 0; i < 60; i++)
    await createClient(server.knex, organization.id, { name: `Cliente Comprimido ${i}` });
  agent = await server.loginAs(user.email, TEST_PASSWORD);
});
afterAll(async () => {
  await server.close();
});

const PAGE = '/api/sync/pull?limit=500';

describe('compressed /api answers', () => {
  it('a first-sync page goes as brotli or gzip when accepted, the same JSON as uncompressed, several times smaller', async () => {
    const plain = await rawGet(server, agent, PAGE, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES * 5);
    const json = JSON.parse(plain.bytes.toString('utf8')) as { changes: unknown[] };
    expect(json.changes.length).toBeGreaterThan(60);

    const br = await rawGet(server, agent, PAGE, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.bytes.length * 4).toBeLessThan(plain.bytes.length);
    // The snapshot's cursor and the rows' order do not change between two reads of the same data.
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json);

    const gzip = await rawGet(server, agent, PAGE, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.bytes.length * 4).toBeLessThan(plain.bytes.length);
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json);
  });

  it('a client that names no encoding gets the JSON as it is', async () => {
    const answer = await rawGet(server, agent, PAGE);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
    expect(JSON.parse(answer.bytes.toString('utf8'))).toHaveProperty('changes');
  });

  it('small answers and error answers are not compressed', async () => {
    const me = await rawGet(server, agent, '/api/auth/me', 'gzip, br');
    expect(me.status).toBe(200);
    expect(me.bytes.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(me.bytes.toString('utf8'))).toHaveProperty('email');

    const missing = await rawGet(server, agent, '/api/nao-existe', 'gzip, br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.bytes.toString('utf8'))).toHaveProperty('error');
  });

  it('the app’s own fetch reads the compressed answers (the TestClient accepts gzip, deflate and br)', async () => {
    const page = await agent.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect((page.json as { changes: unknown[] }).changes.length).toBeGreaterThan(60);
  });
});

describe('answers that are not JSON', () => {
  it('the live stream goes uncompressed, as written, even to a client that accepts compression', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/sync/live`, {
      headers: { cookie: agent.cookieHeader(), accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
    } finally {
      controller.abort();
      await res.body?.cancel().catch(() => undefined);
    }
  });
});
