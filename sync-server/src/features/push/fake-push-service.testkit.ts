import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/** Test helper: a local HTTPS push service (self-signed) recording every request web-push makes. */
export type RecordedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type FakePushService = {
  /** An https.Agent trusting the service's certificate, for webPushTransport({agent}). */
  agent: Agent;
  requests: RecordedPush[];
  /** A new browser-like subscription on this service answering `status` (default 201). */
  subscribe(status?: number): { token: string; endpoint: string; decrypt(body: Buffer): string };
  close(): Promise<void>;
};

function selfSignedCert(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casa-push-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'] //
        .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
        .concat(['-keyout', keyFile, '-out', certFile]),
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Ece = { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };
// http_ece is web-push's own dependency: load the copy web-push uses.
const requireFromWebPush = createRequire(createRequire(import.meta.url).resolve('web-push'));
const ece = requireFromWebPush('http_ece') as Ece;

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = selfSignedCert();
  const statuses = new Map<string, number>();
  const requests: RecordedPush[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(req.url ?? '') ?? 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    agent,
    requests,
    subscribe(status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const urlPath = `/push/${randomUUID()}`;
      statuses.set(urlPath, status);
      const endpoint = base + urlPath;
      const token = JSON.stringify({
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      });
      return {
        token,
        endpoint,
        decrypt: (body) =>
          ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
      };
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
