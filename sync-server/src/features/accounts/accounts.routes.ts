import { defineRoutes, route } from '../../http/route';
import { okSchema } from '../../http/answers';
import { currentUserSchema, loginSchema, registerResponseSchema, registerSchema } from '@casa/shared-schema';
import { domainCtx, publicCtx } from '../../http/context';
import type { AppContext } from '../../http/types';
import { liveOf, sessionIdOf } from '../live/live.service';
import { issueSignupToken } from '../signup/signup-token.service';
import { currentUser, login, register } from './accounts.domain';

function endSession(ctx: AppContext): void {
  ctx.session = null;
}

export function accountsRoutes() {
  return defineRoutes('accounts', [
    route(
      {
        method: 'POST',
        path: '/api/auth/register',
        summary:
          "Create an account (sign-up step 1). `outcome: 'created'` (201): a new organization whose admin the user is, with `signupToken` for steps 2 and 3. `'joined'` (201): an organization whose registration settings (enabled, not invitation-only) list the email's domain takes the user with its `defaultRole`, inactive until an admin activates them when `requireApproval` (login then answers 403 'A sua conta aguarda a aprovação…'); `joinedOrganization` {id, name, role, pendingApproval}, no token; its plan's or the role's user limit reached → 409 `limit_reached`. `'resumed'` (200, sign-up payload only): the email of an unfinished sign-up (its organization has no subscription yet) with the right password answers the same account and a new token; a wrong password (counted as a failed login) or any other taken email → 409",
        audience: 'public',
        body: registerSchema,
        answer: registerResponseSchema,
        status: 201,
        errors: [400, 403, 409, 429],
      },
      async (ctx) => {
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
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/auth/login',
        summary: 'Start a session (sets casa.sid)',
        audience: 'public',
        body: loginSchema,
        answer: currentUserSchema,
        errors: [400, 401, 403, 429],
      },
      async (ctx) => {
        const { user, sessionGeneration } = await login(publicCtx(ctx), ctx.request.body);
        const session = ctx.session;
        if (!session) throw new Error('session middleware missing');
        session.userId = user.id;
        session.generation = sessionGeneration;
        session.loginAt = new Date().toISOString();
        // A new id at login: a session id planted before login (fixation) is worthless afterwards.
        await session.regenerate();
        ctx.body = user;
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/auth/logout',
        summary: 'End the session',
        audience: 'public',
        answer: okSchema,
        errors: [403],
      },
      async (ctx) => {
        const sid = sessionIdOf(ctx);
        if (sid) await liveOf(ctx.deps).endSession(sid); // its live streams end on every process
        endSession(ctx);
        ctx.body = { ok: true };
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/auth/me',
        summary: 'The logged-in user',
        audience: 'member',
        answer: currentUserSchema,
        errors: [401],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await currentUser(domainCtx(ctx));
      },
    ),
  ]);
}
