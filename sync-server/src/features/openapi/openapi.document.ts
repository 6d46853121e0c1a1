import { ERROR_CODES, isoDateTimeSchema } from '@casa/shared-schema';
import { z } from 'zod';
import { APP_VERSION } from '../../version';
import type { Audience, DeclaredRoute } from '../../http/route';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';
type Pipe = { _zod: { def: { type: string } } };

export const SESSION_COOKIE = 'casa.sid';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request (code validation carries fieldErrors)',
  401: 'No session, or a wrong login',
  403: 'Forbidden, suspended or missing CSRF token',
  404: 'Not found (also for ids of another organization)',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported media type',
  429: 'Too many attempts (Retry-After)',
  503: 'Database unavailable',
};

/**
 * Wire shape of every error answer (`ErrorBody` in shared-schema/src/errors.ts, written by
 * src/http/error-handler.ts). Built here only as the zod twin of that type, for the document.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  code: z.enum(ERROR_CODES as unknown as [string, ...string[]]),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

/** A declared route as the document reads it: OpenAPI path form, audience statuses added. */
type RouteDoc = Omit<DeclaredRoute, 'handler' | 'errors'> & { errors: number[] };

const AUDIENCE_ERRORS: Record<Audience, number[]> = {
  public: [],
  member: [401],
  writer: [401, 403],
  admin: [401, 403],
  super_admin: [401, 403],
};

function docOf(r: DeclaredRoute): RouteDoc {
  const { handler: _handler, ...contract } = r;
  const errors = [...new Set([...AUDIENCE_ERRORS[r.audience], ...(r.errors ?? [])])].sort((a, b) => a - b);
  return { ...contract, path: toOpenApiPath(r.path), errors };
}

/** Express path '/api/x/:id' → OpenAPI path '/api/x/{id}'. */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * zod → JSON Schema (2020-12, the dialect of OpenAPI 3.1). Transforms are unrepresentable on output;
 * the only one on the wire, isoDateTimeSchema, is an ISO 8601 string, so it is written as such.
 */
export function jsonSchemaOf(schema: z.ZodType, io: Io, name: string, defs: Json): Json {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const replace = (json: Json) => {
        for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Json)[key];
        Object.assign(ctx.jsonSchema, json);
      };
      if (ctx.zodSchema === (isoDateTimeSchema as unknown))
        return replace({ type: 'string', format: 'date-time' });
      // z.preprocess(fn, schema) on input: the value the client sends is described by `schema`.
      const def = (
        ctx.zodSchema as unknown as { _zod: { def: { type: string; in?: Pipe; out?: z.ZodType } } }
      )._zod.def;
      if (io === 'input' && def.type === 'pipe' && def.in?._zod.def.type === 'transform' && def.out)
        replace(jsonSchemaOf(def.out, io, name, defs));
    },
  }) as Json;
  delete out.$schema;
  // Hoist local definitions (recursive schemas) to components so that every $ref resolves in the document.
  const local = (out.$defs ?? {}) as Record<string, Json>;
  delete out.$defs;
  const rename = (key: string) => `${name}_${key}`;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const copy: Json = {};
    for (const [k, v] of Object.entries(node)) {
      copy[k] =
        k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
          ? `#/components/schemas/${rename(v.slice('#/$defs/'.length))}`
          : rewrite(v);
    }
    return copy;
  };
  for (const [key, def] of Object.entries(local)) defs[rename(key)] = rewrite(def);
  return rewrite(out) as Json;
}

const operationId = (r: RouteDoc) =>
  r.method.toLowerCase() +
  r.path
    .replace(/^\/api/, '')
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());

function security(r: RouteDoc): Json[] {
  const csrf = UNSAFE.has(r.method);
  if (r.audience === 'public') return csrf ? [{ csrfToken: [] }] : [];
  return [csrf ? { sessionCookie: [], csrfToken: [] } : { sessionCookie: [] }];
}

function operation(r: RouteDoc, defs: Json): Json {
  const id = operationId(r);
  const parameters: Json[] = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  }));
  if (r.query) {
    const q = jsonSchemaOf(r.query, 'input', `${id}_query`, defs);
    const required = new Set((q.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Json))
      parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  // Every signed-in write reads it (http/context.ts domainCtx): the moment the user acted, bounded.
  if (UNSAFE.has(r.method) && r.audience !== 'public')
    parameters.push({
      name: 'Acted-At',
      in: 'header',
      required: false,
      description:
        'When the user acted, for a write sent later (ISO 8601): stored as the domain time (calledAt, completedAt, readAt, createdAt), never later than the server clock (docs/api.md).',
      schema: { type: 'string', format: 'date-time' },
    });
  const responses: Json = {};
  const status = r.status ?? 200;
  const ok: Json = { description: status === 302 ? 'Redirect' : 'Success' };
  if (r.answer)
    ok.content = {
      'application/json': { schema: jsonSchemaOf(r.answer, 'output', `${id}_response`, defs) },
    };
  else if (r.answerType) ok.content = { [r.answerType]: {} };
  responses[String(status)] = ok;
  for (const code of new Set([...r.errors, ...(UNSAFE.has(r.method) ? [403] : [])]))
    responses[String(code)] = { $ref: `#/components/responses/Error${code}` };
  const op: Json = {
    operationId: id,
    summary: r.summary,
    tags: r.tags,
    'x-audience': r.audience,
    security: security(r),
    responses,
  };
  if (parameters.length) op.parameters = parameters;
  if (r.body)
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(r.body, 'input', `${id}_body`, defs) } },
    };
  else if (r.bodyType) op.requestBody = { required: true, content: { [r.bodyType]: {} } };
  return op;
}

/** The OpenAPI 3.1 document of every /api route, generated from the declared routes (http/route.ts) and the shared zod schemas. */
export function buildOpenApiDocument(declared: DeclaredRoute[]): Json {
  const routes = declared.map(docOf);
  const defs: Json = {};
  const paths: Record<string, Json> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r, defs);
  const errorCodes = [
    ...new Set(routes.flatMap((r) => [...r.errors, ...(UNSAFE.has(r.method) ? [403] : [])])),
  ];
  const errorResponses = Object.fromEntries(
    errorCodes
      .sort((a, b) => a - b)
      .map((code) => [
        `Error${code}`,
        {
          description: STATUS_TEXT[code] ?? `Error ${code}`,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Casa CRM API',
      version: APP_VERSION,
      description:
        'Generated from the zod schemas of @casa/shared-schema. Conventions (errors, CSRF, sessions): docs/api.md.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.flatMap((r) => r.tags))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema, 'output', 'ErrorBody', defs), ...defs },
      responses: errorResponses,
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRF-Token',
          description: 'Value of the csrf_token cookie, on every POST/PUT/PATCH/DELETE (docs/api.md).',
        },
      },
    },
  };
}
