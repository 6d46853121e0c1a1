import type { AppContext } from '../../http/types';

/**
 * This server's public origin, for the links it hands out: PUBLIC_URL when set (behind a proxy that does not
 * pass the public Host, or when a link must not depend on the address a member used), else the request's
 * protocol and Host (proxy-aware with TRUST_PROXY). Koa 3's ctx.origin echoes the Origin header.
 */
export const ownOrigin = (ctx: AppContext): string =>
  ctx.deps.env.PUBLIC_URL ?? `${ctx.protocol}://${ctx.host}`;
