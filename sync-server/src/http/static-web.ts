import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { AppContext, AppMiddleware } from './types';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

// Vite puts content-hashed files under assets/ (name-<hash>.ext): safe to cache forever.
const HASHED = /(^|\/)assets\/.+[-.][A-Za-z0-9_-]{8,}\.\w+$/;
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
// The web build writes `<file>.br` and `<file>.gz` beside its text files (web/build/compress-plugin.ts).
const PRECOMPRESSED: { encoding: 'br' | 'gzip'; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** The precompressed sibling of `file` the client accepts, brotli first; none for other clients. */
function precompressed(ctx: AppContext, file: string) {
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (ctx.acceptsEncodings(encoding, 'identity') === encoding && existsSync(file + suffix)) {
      return { encoding, path: file + suffix };
    }
  }
  return null;
}

function fileIn(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = resolve(root, `.${normalize(`/${decoded}`)}`);
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built web client outside /api, with SPA fallback to index.html for paths without an
 * extension. Does nothing when the folder does not exist (API-only deployments, tests).
 */
export function staticWeb(dist: string): AppMiddleware {
  const root = resolve(dist);
  const index = join(root, 'index.html');
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || !['GET', 'HEAD'].includes(ctx.method)) {
      return next();
    }
    if (!existsSync(index)) return next();
    const rel = ctx.path.replace(/^\/+/, '');
    let file = rel ? fileIn(root, rel) : index;
    if (!file) {
      if (extname(rel)) return next();
      file = index;
    }
    const relName = file
      .slice(root.length + 1)
      .split(sep)
      .join('/');
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    if (NO_CACHE.has(relName)) ctx.set('Cache-Control', 'no-cache');
    else if (HASHED.test(relName)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    else ctx.set('Cache-Control', 'public, max-age=3600');
    const stat = statSync(file);
    const encoded = precompressed(ctx, file);
    ctx.vary('Accept-Encoding');
    ctx.type = type;
    ctx.lastModified = stat.mtime;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (encoded) ctx.set('Content-Encoding', encoded.encoding);
    ctx.length = encoded ? statSync(encoded.path).size : stat.size;
    if (ctx.method === 'GET') ctx.body = createReadStream(encoded?.path ?? file);
  };
}
