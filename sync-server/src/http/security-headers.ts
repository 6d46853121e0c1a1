import type { AppMiddleware } from './types';

// The web client is a same-origin SPA: scripts, styles and fetches come from 'self'; MUI injects
// styles at runtime (emotion), hence 'unsafe-inline' for styles only. Photos are served as blobs/data by the API.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(): AppMiddleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    ctx.set('Content-Security-Policy', CSP);
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    ctx.remove('X-Powered-By');
    await next();
  };
}
