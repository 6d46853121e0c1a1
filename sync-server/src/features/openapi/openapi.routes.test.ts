import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters, apiRoutes } from '../../app';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/seed';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { routeListMarkdown, withRouteList } from './api-doc';
import { buildOpenApiDocument, jsonSchemaOf, toOpenApiPath } from './openapi.document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every route the app really mounts, as 'METHOD /api/path/{param}'. */
const mounted = new Set(
  apiRouters().flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${toOpenApiPath(layer.path as string)}`),
    ),
  ),
);

const documented = (doc: Json) =>
  new Set(
    Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json)
        .filter((k) => METHODS.includes(k))
        .map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );

function resolveRef(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      doc,
    );
}

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  return out;
}

/**
 * Keys of `value` the JSON schema does not declare where it forbids extra keys (additionalProperties:
 * false) — zod's parse strips those silently, so this catches an answer wider than the document.
 */
function undeclaredKeys(value: unknown, schema: Json, at = '$'): string[] {
  if (schema.anyOf) {
    const options = (schema.anyOf as Json[]).map((s) => undeclaredKeys(value, s, at));
    return options.find((o) => o.length === 0) ?? options[0] ?? [];
  }
  if (Array.isArray(value) && schema.items)
    return value.flatMap((v, i) => undeclaredKeys(v, schema.items as Json, `${at}[${i}]`));
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    const props = schema.properties as Json;
    return Object.entries(value).flatMap(([k, v]) => {
      if (k in props) return undeclaredKeys(v, props[k] as Json, `${at}.${k}`);
      return schema.additionalProperties === false ? [`${at}.${k}`] : [];
    });
  }
  return [];
}

const ROUTES = apiRoutes();

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument(ROUTES) as Json;

  it('documents every mounted route and no other', () => {
    const inDoc = documented(doc);
    expect(mounted.size).toBeGreaterThan(50);
    expect([...mounted].filter((r) => !inDoc.has(r)).sort()).toEqual([]);
    expect([...inDoc].filter((r) => !mounted.has(r)).sort()).toEqual([]);
    expect(ROUTES.length).toBe(inDoc.size); // no route listed twice
  });

  it('docs/api.md holds the route list generated from the declarations', () => {
    const md = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
    const stale = withRouteList(md, routeListMarkdown(ROUTES)) !== md;
    expect(stale, 'docs/api.md is stale: run `pnpm docs:api`').toBe(false);
    expect([...mounted].filter((r) => !md.includes(`\`${r}\``)).sort()).toEqual([]);
  });

  it('is structurally valid OpenAPI 3', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(ROUTES.length);
    for (const ref of refs) expect(resolveRef(doc, ref), ref).toBeDefined();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      expect(path.startsWith('/api/')).toBe(true);
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item as Json)) {
        expect(METHODS).toContain(method);
        const params = (op.parameters ?? []) as Json[];
        const declared = params.filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath);
        for (const p of declared) expect(p.required).toBe(true);
        expect(Object.keys(op.responses as Json).length).toBeGreaterThan(0);
        for (const code of Object.keys(op.responses as Json)) expect(code).toMatch(/^[1-5]\d\d$/);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        for (const scheme of (op.security ?? []) as Json[])
          for (const name of Object.keys(scheme)) expect(doc.components.securitySchemes[name]).toBeDefined();
      }
    }
  });

  it('describes error answers with the shared ErrorBody and the session and CSRF schemes', () => {
    expect(doc.components.schemas.ErrorBody.required).toEqual(['message', 'code']);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ in: 'cookie', name: 'casa.sid' });
    expect(doc.components.securitySchemes.csrfToken).toMatchObject({ in: 'header', name: 'X-CSRF-Token' });
    const create = doc.paths['/api/clients'].post;
    expect(create.security).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    expect(create.responses['409']).toEqual({ $ref: '#/components/responses/Error409' });
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    // A signed-in write may say when the user acted; reads and public routes do not take it.
    const actedAt = (op: { parameters?: Array<{ name: string }> }) =>
      (op.parameters ?? []).some((p) => p.name === 'Acted-At');
    expect(actedAt(create)).toBe(true);
    expect(actedAt(doc.paths['/api/clients'].get)).toBe(false);
    expect(actedAt(doc.paths['/api/auth/login'].post)).toBe(false);
    // timestamps are ISO strings on the wire, not the transform's unrepresentable output
    expect(create.responses['201'].content['application/json'].schema.properties.createdAt).toEqual({
      type: 'string',
      format: 'date-time',
    });
    // request bodies are the input side: defaults make fields optional
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name', 'type']);
  });
});

describe('GET /api/openapi.json and real answers', () => {
  let server: TestServer;
  let agent: TestClient;
  let served: Json;

  beforeAll(async () => {
    server = await startTestServer();
    await seedDemo(server.knex);
    agent = await server.loginAs('agente@demo.pt', DEMO_PASSWORD);
    const res = await server.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    served = res.json as Json;
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the document without a session', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(documented(served)).toEqual(mounted);
  });

  const check = (method: string, path: string, status: string, body: unknown) => {
    const route = ROUTES.find((r) => r.method === method && toOpenApiPath(r.path) === path);
    expect(route?.answer, `${method} ${path}`).toBeDefined();
    const schema =
      served.paths[path][method.toLowerCase()].responses[status].content['application/json'].schema;
    // the served schema is the one generated from this zod schema …
    expect(schema).toEqual(jsonSchemaOf(route!.answer!, 'output', 'check', {}));
    // … and the real answer parses with it, with no key the document does not declare
    const parsed = route!.answer!.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(undeclaredKeys(body, schema)).toEqual([]);
  };

  it('POST /api/clients answers the documented Client', async () => {
    const res = await agent.post('/api/clients', {
      id: randomUUID(),
      name: 'Rita OpenAPI',
      type: 'Comprador',
      customFields: { budget: 250000 },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: 'Rita OpenAPI' });
    check('POST', '/api/clients', '201', res.json);
  });

  it('GET /api/followups answers documented follow-up list items', async () => {
    const res = await agent.get('/api/followups');
    expect(res.status).toBe(200);
    expect((res.json as unknown[]).length).toBeGreaterThan(0);
    check('GET', '/api/followups', '200', res.json);
  });

  it('POST /api/coldcalls answers the documented logged call', async () => {
    const client = await agent.post('/api/clients', { name: 'Carlos Chamada', type: 'Vendedor' });
    expect(client.status).toBe(201);
    const res = await agent.post('/api/coldcalls', {
      clientId: client.json.id,
      result: 'Agendar Follow-up',
      followUpNeeded: true,
      followUp: { scheduledDate: '2030-01-15T10:00:00.000Z', type: 'Telefonar' },
    });
    expect(res.status).toBe(201);
    expect(res.json.followUp).not.toBeNull();
    check('POST', '/api/coldcalls', '201', res.json);
  });

  it('GET /api/notifications answers the documented list', async () => {
    const res = await agent.get('/api/notifications');
    expect(res.status).toBe(200);
    check('GET', '/api/notifications', '200', res.json);
  });

  it('GET /api/sync/pull and POST /api/sync/push answer the documented shapes', async () => {
    const pull = await agent.get('/api/sync/pull?limit=50');
    expect(pull.status).toBe(200);
    expect(pull.json.changes).toHaveLength(50);
    check('GET', '/api/sync/pull', '200', pull.json);
    const push = await agent.post('/api/sync/push', {
      clientId: randomUUID(),
      mutations: [{ mutationId: 1, name: 'createTag', args: { name: 'OpenAPI Sync' } }],
    });
    expect(push.status).toBe(200);
    check('POST', '/api/sync/push', '200', push.json);
  });

  it('an error answer matches ErrorBody', async () => {
    const res = await agent.post('/api/clients', { name: '' });
    expect(res.status).toBe(400);
    expect(undeclaredKeys(res.json, served.components.schemas.ErrorBody)).toEqual([]);
    expect(res.json).toMatchObject({ code: 'validation', message: expect.any(String) });
  });
});
