import Router from '@koa/router';
import { requireAuth } from '../../http/auth';
import { domainCtx, publicCtx } from '../../http/context';
import type { AppContext, AppContextExt, AppState } from '../../http/types';
import { liveOf } from '../live/live-service';
import { sessionIdOf } from '../live/live.routes';
import { issueSignupToken } from '../signup/signup-token';
import { currentUser, login, register } from './accounts.domain';

function endSession(ctx: AppContext): void {
  ctx.session = null;
}

export function accountsRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.post('/api/auth/register', async (ctx) => {
    const result = await register(publicCtx(ctx), ctx.request.body);
    const { user, outcome } = result;
    ctx.status = outcome === 'resumed' ? 200 : 201;
    if (outcome === 'joined') {
      // Someone else's organization: no token, so steps 2 and 3 can never touch it.
      const { organization, role, pendingApproval } = result;
      ctx.body = { ...user, outcome, joinedOrganization: { ...organization, role, pendingApproval } };
      return;
    }
    // Sign-up steps 2 and 3 (POST /api/organizations, /api/subscriptions/register) send it back.
    const signupToken = user.organizationId
      ? issueSignupToken(ctx.deps.env.SESSION_SECRET, {
          userId: user.id,
          organizationId: user.organizationId,
        })
      : undefined;
    ctx.body = { ...user, outcome, signupToken };
  });

  router.post('/api/auth/login', async (ctx) => {
    const { user, sessionGeneration } = await login(publicCtx(ctx), ctx.request.body);
    const session = ctx.session;
    if (!session) throw new Error('session middleware missing');
    session.userId = user.id;
    session.generation = sessionGeneration;
    session.loginAt = new Date().toISOString();
    // A new id at login: a session id planted before login (fixation) is worthless afterwards.
    await session.regenerate();
    ctx.body = user;
  });

  router.post('/api/auth/logout', async (ctx) => {
    const sid = sessionIdOf(ctx);
    if (sid) await liveOf(ctx.deps).endSession(sid); // its live streams end on every process
    endSession(ctx);
    ctx.body = { ok: true };
  });

  router.get('/api/auth/me', requireAuth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await currentUser(domainCtx(ctx));
  });

  return router;
}
