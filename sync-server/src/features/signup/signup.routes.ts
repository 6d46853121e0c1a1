import { defineRoutes, route } from '../../http/route';
import {
  SIGNUP_TOKEN_HEADER,
  errorMessages,
  organizationSchema,
  organizationSignupCreateSchema,
  subscriptionCreateSchema,
  subscriptionSchema,
} from '@casa/shared-schema';
import { publicCtx } from '../../http/context';
import { unauthenticated } from '../../http/errors';
import type { AppContext } from '../../http/types';
import { nameSignupOrganization, registerSubscription, type SignupCtx } from './signup.domain';
import { verifySignupToken } from './signup-token.service';

/** Steps 2 and 3 need the token step 1 returned; without a valid one they answer 401. */
function signupCtx(ctx: AppContext): SignupCtx {
  const identity = verifySignupToken(ctx.deps.env.SESSION_SECRET, ctx.get(SIGNUP_TOKEN_HEADER) || undefined);
  if (!identity) throw unauthenticated(errorMessages.signupTokenInvalid);
  return { ...publicCtx(ctx), signup: identity };
}

/** Public sign-up, steps 2 and 3 (docs/product.md#sign-up); step 1 is POST /api/auth/register. */
export function signupRoutes() {
  return defineRoutes('signup', [
    route(
      {
        method: 'POST',
        path: '/api/organizations',
        summary: 'Sign-up step 2: name the organization (needs the X-Signup-Token header)',
        audience: 'public',
        body: organizationSignupCreateSchema,
        bodyJudgedByHandler: 'the sign-up token is checked first (401 without it)',
        answer: organizationSchema,
        status: 201,
        errors: [400, 401, 409],
      },
      async (ctx) => {
        const { organization, created } = await nameSignupOrganization(signupCtx(ctx), ctx.request.body);
        ctx.status = created ? 201 : 200;
        ctx.body = organization;
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/subscriptions/register',
        summary: 'Sign-up step 3: choose a package (needs the X-Signup-Token header)',
        audience: 'public',
        body: subscriptionCreateSchema,
        bodyJudgedByHandler: 'the sign-up token is checked first (401 without it)',
        answer: subscriptionSchema,
        status: 201,
        errors: [400, 401, 404, 409],
      },
      async (ctx) => {
        const { subscription, created } = await registerSubscription(signupCtx(ctx), ctx.request.body);
        ctx.status = created ? 201 : 200;
        ctx.body = subscription;
      },
    ),
  ]);
}
