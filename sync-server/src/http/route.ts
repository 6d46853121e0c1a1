import Router, { type RouterMiddleware } from '@koa/router';
import { can, errorMessages, fieldErrorsOf } from '@casa/shared-schema';
import type { z } from 'zod';
import { authOf, canWrite } from './auth';
import { forbidden, validationError } from './errors';
import { checkAnswer } from './route-answer';
import type { AppContext, AppContextExt, AppMiddleware, AppState } from './types';

/**
 * Routes are declared once, contract beside handler (docs/api.md "Routes"): the audience check, the
 * request validation, the OpenAPI document, the route list of docs/api.md, the tenancy walk and the
 * bad-input test all read these declarations.
 */
export type Audience = 'public' | 'member' | 'writer' | 'admin' | 'super_admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteContract = {
  method: HttpMethod;
  /** Koa form: '/api/clients/:id'. */
  path: string;
  summary: string;
  /** The feature's tag by default (defineRoutes). */
  tags?: string[];
  audience: Audience;
  /** JSON body, validated before the handler runs (a refusal answers 400 like a domain parse would). */
  body?: z.ZodType;
  /** The 400's message when the body is refused, where the domain words it (fieldErrors stay per field). */
  invalidMessage?: string;
  /** Why the body is documented but judged by the handler alone (e.g. per-mutation refusals). */
  bodyJudgedByHandler?: string;
  /** Non-JSON request body (multipart upload), described by media type only. */
  bodyType?: string;
  query?: z.ZodType;
  /** The success answer; in tests every JSON answer is parsed with it (http/route-answer.ts). */
  answer?: z.ZodType;
  /** Non-JSON answer (CSV, image, attachment): its media type; no schema. */
  answerType?: string;
  /** Success status; 200 by default. */
  status?: 200 | 201 | 204 | 302;
  /** Error statuses besides those of the audience (401, 403), which are added by the document. */
  errors?: number[];
};

export type Handler = RouterMiddleware<AppState, AppContextExt>;
export type DeclaredRoute = RouteContract & { tags: string[]; handler: Handler };
export type RouteTable = { routes: DeclaredRoute[]; router(): Router<AppState, AppContextExt> };

export const route = (contract: RouteContract, handler: Handler): RouteContract & { handler: Handler } => ({
  ...contract,
  handler,
});

/** One feature's routes: `tag` is the OpenAPI tag and the docs/api.md section of each of them. */
export function defineRoutes(tag: string, list: Array<RouteContract & { handler: Handler }>): RouteTable {
  const routes = list.map((r) => ({ ...r, tags: r.tags ?? [tag] }));
  return {
    routes,
    router() {
      const router = new Router<AppState, AppContextExt>();
      for (const r of routes)
        router.register(
          r.path,
          [r.method],
          [audienceGuard(r.audience), validateInput(r), checkAnswer(r), r.handler],
        );
      return router;
    },
  };
}

/** Statuses, messages and order are the ones the domain checks used (docs/api.md "Errors"). */
export function audienceGuard(audience: Audience): AppMiddleware {
  return async (ctx, next) => {
    if (audience !== 'public') {
      const auth = authOf(ctx); // 401, or 403 'suspensa'
      const allowed =
        audience === 'member' ||
        (audience === 'writer' && canWrite(auth)) ||
        (audience === 'admin' && (can(auth, 'administerOrganization') || can(auth, 'administerSaas'))) ||
        (audience === 'super_admin' && can(auth, 'administerSaas'));
      if (!allowed) throw forbidden(errorMessages.forbidden);
    }
    await next();
  };
}

/**
 * The request's query parsed by `schema`: the value validateInput kept when the route declared that schema,
 * so a handler does not parse it a second time (issue 19: a cached answer costs well under a millisecond).
 */
export function queryOf<S extends z.ZodType>(ctx: AppContext, schema: S): z.infer<S> {
  const kept = ctx.state.query;
  return kept?.schema === schema ? (kept.value as z.infer<S>) : schema.parse(ctx.query);
}

/**
 * Parses query and JSON body with the declared schemas before the handler: a refusal answers 400 with
 * fieldErrors, worded as the error handler words a ZodError unless the route names its message. A
 * multipart body (file upload) is the handler's to read.
 */
function validateInput(r: RouteContract): AppMiddleware {
  return async (ctx, next) => {
    if (r.query) ctx.state.query = { schema: r.query, value: r.query.parse(ctx.query) };
    if (r.body && !r.bodyJudgedByHandler && !ctx.is('multipart')) {
      const parsed = r.body.safeParse(ctx.request.body ?? {});
      if (!parsed.success && r.invalidMessage)
        throw validationError(r.invalidMessage, fieldErrorsOf(parsed.error));
      if (!parsed.success) throw parsed.error;
    }
    await next();
  };
}
