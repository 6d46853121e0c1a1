import Router from '@koa/router';
import { errorMessages, SIGNUP_TOKEN_HEADER } from '@casa/shared-schema';
import { publicCtx } from '../../http/context';
import { unauthenticated } from '../../http/errors';
import type { AppContext, AppContextExt, AppState } from '../../http/types';
import { nameSignupOrganization, registerSubscription, type SignupCtx } from './signup.domain';
import { verifySignupToken } from './signup-token';

/** Steps 2 and 3 need the token step 1 returned; without a valid one they answer 401. */
function signupCtx(ctx: AppContext): SignupCtx {
  const identity = verifySignupToken(ctx.deps.env.SESSION_SECRET, ctx.get(SIGNUP_TOKEN_HEADER) || undefined);
  if (!identity) throw unauthenticated(errorMessages.signupTokenInvalid);
  return { ...publicCtx(ctx), signup: identity };
}

/** Public sign-up, steps 2 and 3 (docs/product.md#sign-up); step 1 is POST /api/auth/register. */
export function signupRoutes() {
  const router = new Router<AppState, AppContextExt>();

  router.post('/api/organizations', async (ctx) => {
    const { organization, created } = await nameSignupOrganization(signupCtx(ctx), ctx.request.body);
    ctx.status = created ? 201 : 200;
    ctx.body = organization;
  });

  router.post('/api/subscriptions/register', async (ctx) => {
    const { subscription, created } = await registerSubscription(signupCtx(ctx), ctx.request.body);
    ctx.status = created ? 201 : 200;
    ctx.body = subscription;
  });

  return router;
}
