import { z } from 'zod';
import { okSchema } from './answers';
import { domainCtx, type DomainCtx } from './context';
import { route, type Audience, type Handler, type RouteContract } from './route';
import type { AppContext } from './types';

type Declared = RouteContract & { handler: Handler };
type Operation = { summary: string; errors?: number[] };

/**
 * The usual routes of a collection at `path` (list, one, create, update, delete: `${path}/:id`), declared
 * once here instead of five near-identical route() blocks per feature (docs/api.md "Routes"). Each
 * operation is optional; its `run` is the domain call, given the request's DomainCtx. Routes that are not
 * plain CRUD (a status toggle, a CSV) stay ordinary route() declarations beside these.
 */
export type CrudSpec = {
  path: string;
  /** Who lists and reads, and who creates, updates and deletes. */
  read: Audience;
  write: Audience;
  /** One item, as the list (an array of it), the read, the create and the update answer. */
  answer: z.ZodType;
  /** The 400's message when a create or update body is refused, where the domain words it. */
  invalidMessage?: string;
  list?: Operation & { query?: z.ZodType; run: (ctx: DomainCtx, query: unknown) => Promise<unknown> };
  get?: Operation & { run: (ctx: DomainCtx, id: string) => Promise<unknown> };
  create?: Operation & { body: z.ZodType; run: (ctx: DomainCtx, body: unknown) => Promise<unknown> };
  update?: Operation & {
    body: z.ZodType;
    run: (ctx: DomainCtx, id: string, body: unknown) => Promise<unknown>;
    /** After the update, on the HTTP context (e.g. keep the session of a user who changed their password). */
    then?: (ctx: AppContext) => Promise<void>;
  };
  /** `answers`: `{ok: true}` (200) or nothing (204). */
  remove?: Operation & { answers: 'ok' | 'nothing'; run: (ctx: DomainCtx, id: string) => Promise<unknown> };
};

const idOf = (ctx: { params: Record<string, string | undefined> }) => ctx.params.id ?? '';

export function crudRoutes(spec: CrudSpec): Declared[] {
  const one = `${spec.path}/:id`;
  const invalid = spec.invalidMessage ? { invalidMessage: spec.invalidMessage } : {};
  const routes: Declared[] = [];
  const { list, get, create, update, remove } = spec;
  if (list)
    routes.push(
      route(
        {
          method: 'GET',
          path: spec.path,
          summary: list.summary,
          audience: spec.read,
          ...(list.query ? { query: list.query } : {}),
          answer: z.array(spec.answer),
          errors: list.errors ?? [401, 403],
        },
        async (ctx) => {
          ctx.body = await list.run(domainCtx(ctx), ctx.query);
        },
      ),
    );
  if (get)
    routes.push(
      route(
        {
          method: 'GET',
          path: one,
          summary: get.summary,
          audience: spec.read,
          answer: spec.answer,
          errors: get.errors ?? [404],
        },
        async (ctx) => {
          ctx.body = await get.run(domainCtx(ctx), idOf(ctx));
        },
      ),
    );
  if (create)
    routes.push(
      route(
        {
          method: 'POST',
          path: spec.path,
          summary: create.summary,
          audience: spec.write,
          body: create.body,
          ...invalid,
          answer: spec.answer,
          status: 201,
          errors: create.errors ?? [400, 409],
        },
        async (ctx) => {
          ctx.status = 201;
          ctx.body = await create.run(domainCtx(ctx), ctx.request.body);
        },
      ),
    );
  if (update)
    routes.push(
      route(
        {
          method: 'PUT',
          path: one,
          summary: update.summary,
          audience: spec.write,
          body: update.body,
          ...invalid,
          answer: spec.answer,
          errors: update.errors ?? [400, 404, 409],
        },
        async (ctx) => {
          ctx.body = await update.run(domainCtx(ctx), idOf(ctx), ctx.request.body);
          await update.then?.(ctx);
        },
      ),
    );
  if (remove)
    routes.push(
      route(
        {
          method: 'DELETE',
          path: one,
          summary: remove.summary,
          audience: spec.write,
          ...(remove.answers === 'ok' ? { answer: okSchema } : { status: 204 as const }),
          errors: remove.errors ?? [404],
        },
        async (ctx) => {
          await remove.run(domainCtx(ctx), idOf(ctx));
          if (remove.answers === 'ok') ctx.body = { ok: true };
          else ctx.status = 204;
        },
      ),
    );
  return routes;
}
