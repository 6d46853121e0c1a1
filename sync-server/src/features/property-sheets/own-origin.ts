import type { AppContext } from '../../http/types';

/** This server's public origin (proxy-aware with TRUST_PROXY); Koa 3's ctx.origin echoes the Origin header. */
export const ownOrigin = (ctx: AppContext): string => `${ctx.protocol}://${ctx.host}`;
