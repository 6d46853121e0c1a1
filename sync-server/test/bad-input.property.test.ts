import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_RESULTS,
  FOLLOW_UP_TYPES,
  INTERACTION_TYPES,
  MUTATION_NAMES,
  type MutationName,
} from '@casa/shared-schema';
import { apiRoutes } from '../src/app';
import { DEMO_IDS, DEMO_PASSWORD, seedDemo } from '../src/db/seed/seed';
import {
  isPortuguese,
  materialize,
  bodyText,
  poisonBody,
  poisonParam,
  poisonValue,
  snapshotQuery,
  type Poison,
} from './bad-input';
import { startTestServer, type TestClient, type TestResponse, type TestServer } from './server';

/**
 * Issue 17: no request can make the server answer 500 by its shape alone. For EVERY write route of the
 * router (POST/PUT/PATCH/DELETE under /api; a new route fails 'has a base body for every write route'
 * until it is listed below) and EVERY sync mutation, random bad input — one field of a valid body
 * replaced by a deep, wide, long or odd-unicode value; a whole body too deep or holding U+0000; a path
 * parameter long or odd — must answer 4xx with a Portuguese message, and nothing may be written
 * (row counts and latest updated_at of every data table, and the change log, unchanged). Mutations are
 * pushed one per new device and must come back rejected with a 4xx status and a Portuguese message.
 * Runs on SQLite and on Postgres (server-sqlite and server-pg projects).
 */

const CASES_PER_ROUTE = 12;
const CASES_PER_MUTATION = 10;

type As = 'admin' | 'super' | 'anon';
type Base = { as: As; body?: Record<string, unknown> };

let server: TestServer;
let sessions: Record<As, TestClient>;
let snapshot: () => Promise<string>;
let ids: {
  client: string;
  followUp: string;
  campaign: string;
  tag: string;
  notification: string;
  package: string;
  property: string;
  seller: string;
};
const soon = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

/** A valid body of each write route (checked against the route's documented schema below). */
function baseOf(route: string): Base | undefined {
  const client = { name: 'Ana Base', type: 'Comprador', customFields: { budget: 100_000, zone: 'Lisboa' } };
  const person = { firstName: 'Rui', lastName: 'Base', phone: '912345678', bio: 'Texto' };
  const bases: Record<string, Base> = {
    'POST /api/auth/register': {
      as: 'anon',
      body: { email: 'novo.base@exemplo.pt', password: 'Segredo#2026', fullName: 'Novo Base' },
    },
    'POST /api/auth/login': { as: 'anon', body: { email: 'admin@demo.pt', password: 'Outra#2026' } },
    'POST /api/auth/logout': { as: 'admin' },
    'PUT /api/profile': { as: 'admin', body: { firstName: 'Ana', email: 'admin@demo.pt', bio: 'Olá' } },
    'PUT /api/profile/password': {
      as: 'admin',
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Novo#20261', confirmPassword: 'Novo#20261' },
    },
    'POST /api/profile/photo': { as: 'admin' },
    'DELETE /api/profile/photo': { as: 'admin' },
    'PUT /api/user/settings': {
      as: 'admin',
      body: {
        appearance: { theme: 'dark' },
        notifications: { email: true },
        privacy: { dataSharing: false },
      },
    },
    'PUT /api/user/profile': { as: 'admin', body: { firstName: 'Ana', phone: '912345678', bio: 'Olá' } },
    'DELETE /api/account': { as: 'admin' },
    'POST /api/clients': {
      as: 'admin',
      body: {
        ...client,
        email: 'ana.base@exemplo.pt',
        phone: '912',
        notes: 'Notas',
        tags: ['VIP'],
        rating: 3,
      },
    },
    'PUT /api/clients/:id': { as: 'admin', body: { ...client, notes: 'Notas' } },
    'POST /api/properties': {
      as: 'admin',
      body: {
        title: 'T2 com varanda',
        business: 'Venda',
        propertyType: 'Apartamento',
        typology: 'T2',
        priceCents: 25_000_000,
        usableArea: 85.5,
        concelho: 'Lisboa',
        postalCode: '1100-148',
        features: ['Elevador'],
        ownerClientId: ids.seller,
        mediationStart: '2026-11-01',
        notes: 'Notas',
      },
    },
    'PUT /api/properties/:id': { as: 'admin', body: { title: 'T2 renovado', priceCents: 24_000_000 } },
    'DELETE /api/properties/:id': { as: 'admin' },
    'DELETE /api/clients/:id': { as: 'admin' },
    'POST /api/tags': { as: 'admin', body: { name: 'Etiqueta Base', color: '#112233' } },
    // Property photos: the upload is multipart (a JSON body is refused before the bytes are judged); the
    // property ids are random until the properties entity and its seed are merged (CONNECT: a seeded one).
    'POST /api/properties/:propertyId/photos': { as: 'admin' },
    'PUT /api/properties/:propertyId/photos/order': { as: 'admin', body: { photoIds: [randomUUID()] } },
    'PUT /api/properties/:propertyId/photos/:photoId/cover': { as: 'admin' },
    'DELETE /api/properties/:propertyId/photos/:photoId': { as: 'admin' },
    // Sheet links take no body: only the bounded-input refusals and the ids are judged.
    'POST /api/properties/:id/sheet-links': { as: 'admin' },
    'DELETE /api/sheet-links/:id': { as: 'admin' },
    'POST /api/clients/:id/tags': { as: 'admin', body: { tagIds: [ids.tag] } },
    'POST /api/clients/:id/interactions': {
      as: 'admin',
      body: { type: INTERACTION_TYPES[0], summary: 'Resumo', notes: 'Notas', duration: 2 },
    },
    'POST /api/followups': {
      as: 'admin',
      body: {
        clientId: ids.client,
        title: 'Ligar',
        type: FOLLOW_UP_TYPES[0],
        scheduledDate: soon(),
        notes: 'n',
      },
    },
    'PUT /api/followups/complete': {
      as: 'admin',
      body: {
        id: ids.followUp,
        completionComment: 'Feito',
        nextFollowUp: { title: 'Outra', scheduledDate: soon() },
      },
    },
    'PUT /api/followups/:id/complete': {
      as: 'admin',
      body: { completionComment: 'Feito', nextFollowUp: { title: 'Outra', scheduledDate: soon() } },
    },
    'PUT /api/followups/:id/visit-feedback': {
      as: 'admin',
      body: { visitInterest: 4, visitPriceOpinion: 'Adequado', visitFeedback: 'Gostou da cozinha' },
    },
    'PUT /api/followups/:id': { as: 'admin', body: { title: 'Ligar de novo', description: 'Descrição' } },
    'DELETE /api/followups/:id': { as: 'admin' },
    'POST /api/coldcalls': {
      as: 'admin',
      body: {
        clientId: ids.client,
        campaignId: ids.campaign,
        result: CALL_RESULTS[0],
        notes: 'n',
        duration: 3,
      },
    },
    'POST /api/campaigns': {
      as: 'admin',
      body: { name: 'Campanha', description: 'd', filters: { zone: 'Lisboa', minRating: 1 }, targetCount: 5 },
    },
    'DELETE /api/campaigns/:id': { as: 'admin' },
    'POST /api/campaigns/:campaignId/clients/:clientId': { as: 'admin' },
    'DELETE /api/campaigns/:campaignId/clients/:clientId': { as: 'admin' },
    'PUT /api/notifications/read-all': { as: 'admin' },
    'PUT /api/notifications/preferences': {
      as: 'admin',
      body: { follow_ups: false, notification_time: '09:30' },
    },
    'POST /api/notifications/register': {
      as: 'admin',
      body: { token: 'token-base', deviceInfo: { userAgent: 'UA', platform: 'web', language: 'pt' } },
    },
    'POST /api/notifications/unregister': { as: 'admin', body: { endpoint: 'token-base' } },
    'PUT /api/notifications/:id/read': { as: 'admin' },
    'POST /api/organization/users': {
      as: 'admin',
      body: { ...person, email: 'rui.base@exemplo.pt', role: 'agent', password: 'Segredo#2026' },
    },
    'PUT /api/organization/users/:id': { as: 'admin', body: person },
    'DELETE /api/organization/users/:id': { as: 'admin' },
    'POST /api/packages': {
      as: 'super',
      body: {
        name: 'pacote-base',
        displayName: 'Pacote',
        description: 'd',
        price: '10.00',
        features: ['A'],
        limitations: { storage: 5 },
      },
    },
    'PUT /api/packages/:id': {
      as: 'super',
      body: { displayName: 'Pacote', description: 'd', features: ['A'], limitations: { storage: 5 } },
    },
    'DELETE /api/packages/:id': { as: 'super' },
    'POST /api/saas/organizations': {
      as: 'super',
      body: { name: 'Organização Base', email: 'org.base@exemplo.pt', settings: { theme: 'azul' } },
    },
    'PUT /api/saas/organizations/:id': {
      as: 'super',
      body: { name: 'Organização', settings: { theme: 'azul' } },
    },
    'PUT /api/saas/organizations/:id/status': { as: 'super', body: { status: 'active' } },
    'DELETE /api/saas/organizations/:id': { as: 'super' },
    'POST /api/saas/users': {
      as: 'super',
      body: {
        ...person,
        email: 'saas.base@exemplo.pt',
        role: 'agent',
        organizationId: DEMO_IDS.otherOrganization,
      },
    },
    'PUT /api/saas/users/:id': { as: 'super', body: person },
    'PUT /api/saas/users/:id/status': { as: 'super', body: { status: 'active' } },
    'DELETE /api/saas/users/:id': { as: 'super' },
    'PUT /api/organizations/:id/registration-settings': {
      as: 'super', // saved by the SaaS administrator only
      body: {
        enabled: true,
        allowedDomains: ['demo.pt'],
        customFields: [{ id: 'nif', label: 'NIF', type: 'text', options: ['a'] }],
        maxUsersPerRole: { agent: 10 },
      },
    },
    'POST /api/organizations': { as: 'anon', body: { name: 'Organização Nova' } },
    'POST /api/subscriptions/register': {
      as: 'anon',
      body: { packageId: 'org-starter', billingCycle: 'monthly' },
    },
    'POST /api/import/clients': { as: 'admin', body: { csvData: 'Nome;Tipo\nAna Importada;Vendedor\n' } },
    'POST /api/import/properties': {
      as: 'admin',
      body: { csvData: 'Título;Negócio;Tipo de Imóvel\nLoja no centro;Venda;Loja\n' },
    },
    'POST /api/sync/push': {
      as: 'admin',
      body: {
        clientId: randomUUID(),
        mutations: [{ mutationId: 1, name: 'createTag', args: { name: 'Sync' } }],
      },
    },
    'PUT /api/system/settings': {
      as: 'super',
      body: { maintenance: { message: 'Em manutenção' }, backup: { autoDaily: false } },
    },
    'POST /api/system/backups': { as: 'super' },
  };
  return bases[route];
}

/** Valid args of each mutation (the device's shapes). */
function argsOf(name: MutationName): Record<string, unknown> {
  const all: Record<MutationName, Record<string, unknown>> = {
    createClient: {
      id: randomUUID(),
      name: 'Ana Sync',
      type: 'Vendedor',
      notes: 'n',
      customFields: { location: 'Faro' },
    },
    updateClient: { id: ids.client, name: 'Ana', notes: 'n' },
    deleteClient: { id: ids.client },
    setClientTags: { clientId: ids.client, tagIds: [ids.tag] },
    createTag: { id: randomUUID(), name: 'Tag Sync', color: '#112233' },
    addInteraction: { clientId: ids.client, type: INTERACTION_TYPES[0], summary: 'Resumo' },
    createFollowUp: { clientId: ids.client, title: 'Ligar', type: FOLLOW_UP_TYPES[0], scheduledDate: soon() },
    updateFollowUp: { id: ids.followUp, title: 'Ligar' },
    completeFollowUp: { id: ids.followUp, completionComment: 'Feito' },
    deleteFollowUp: { id: ids.followUp },
    logColdCall: { clientId: ids.client, campaignId: ids.campaign, result: CALL_RESULTS[0], notes: 'n' },
    createCampaign: { name: 'Campanha', filters: { zone: 'Lisboa' }, targetCount: 3 },
    deleteCampaign: { id: ids.campaign },
    addCampaignClient: { campaignId: ids.campaign, clientId: ids.client },
    removeCampaignClient: { campaignId: ids.campaign, clientId: ids.client },
    markNotificationRead: { id: ids.notification },
    markAllNotificationsRead: {},
    updateSettings: { appearance: { theme: 'dark' } },
    updateNotificationPreferences: { birthdays: false, notification_time: '08:30' },
    updateProfile: { firstName: 'Ana', bio: 'Olá' },
    createProperty: { id: randomUUID(), title: 'Moradia', business: 'Venda', propertyType: 'Moradia' },
    updateProperty: { id: ids.property, title: 'Moradia T3', concelho: 'Porto' },
    deleteProperty: { id: ids.property },
    recordVisitFeedback: { id: ids.followUp, visitInterest: 4, visitPriceOpinion: 'Adequado' },
    // The seed's photos are not known here: an unknown photo id is refused alike (404), never a 500.
    reorderPropertyPhotos: { propertyId: ids.property, photoIds: [randomUUID()] },
    setPropertyPhotoCover: { propertyId: ids.property, photoId: randomUUID() },
    deletePropertyPhoto: { propertyId: ids.property, photoId: randomUUID() },
  };
  return all[name];
}

const writeRoutes = apiRoutes()
  .filter((r) => r.method !== 'GET')
  // Routes that end the walking session run last.
  .sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));

function endsSession(r: { method: string; path: string }): boolean {
  return ['POST /api/auth/logout', 'DELETE /api/account'].includes(`${r.method} ${r.path}`);
}

function paramValue(name: string, segmentBefore: string): string {
  if (name === 'campaignId') return ids.campaign;
  if (name === 'clientId') return ids.client;
  const byCollection: Record<string, string> = {
    clients: ids.client,
    properties: ids.property,
    followups: ids.followUp,
    campaigns: ids.campaign,
    notifications: ids.notification,
    users: DEMO_IDS.demoAgent,
    packages: ids.package,
    organizations: DEMO_IDS.demoOrganization,
  };
  return byCollection[segmentBefore] ?? randomUUID();
}

function urlOf(path: string, poisoned?: { index: number; value: string }): string {
  const segments = path.split('/');
  let param = -1;
  return segments
    .map((s, i) => {
      if (!s.startsWith(':')) return s;
      param++;
      if (poisoned && poisoned.index % countParams(path) === param) return encodeParam(poisoned.value);
      return paramValue(s.slice(1), segments[i - 1] ?? '');
    })
    .join('/');
}
/** URL-encoded; a lone surrogate has no UTF-8 form, so it is sent as the bytes of one (invalid UTF-8). */
function encodeParam(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}
const countParams = (path: string) => path.split('/').filter((s) => s.startsWith(':')).length;

type Case =
  | { kind: 'field'; key: string; value: Poison }
  | { kind: 'body'; body: Parameters<typeof bodyText>[0] }
  | { kind: 'param'; index: number; value: string };

function caseArb(route: { path: string }, base: Base): fc.Arbitrary<Case> {
  const options: fc.Arbitrary<Case>[] = [poisonBody.map((body) => ({ kind: 'body' as const, body }))];
  const keys = Object.keys(base.body ?? {});
  if (keys.length > 0) {
    const field = fc
      .record({ key: fc.constantFrom(...keys), value: poisonValue })
      .map((c) => ({ kind: 'field' as const, ...c }));
    options.push(field, field); // field poisons twice as often
  }
  if (countParams(route.path) > 0) {
    options.push(
      fc.record({ index: fc.nat(), value: poisonParam }).map((c) => ({ kind: 'param' as const, ...c })),
    );
  }
  return fc.oneof(...options);
}

const describeCase = (c: Case) =>
  c.kind === 'field'
    ? `${c.key} = ${JSON.stringify(c.value).slice(0, 80)}`
    : c.kind === 'body'
      ? `body ${JSON.stringify(c.body).slice(0, 80)}`
      : `param ${JSON.stringify(c.value).slice(0, 80)}`;

function refusalProblems(res: TestResponse): string[] {
  const problems: string[] = [];
  if (res.status < 400 || res.status >= 500)
    problems.push(`answered ${res.status}: ${res.text.slice(0, 200)}`);
  else {
    if (!isPortuguese(res.json?.message)) problems.push(`message not Portuguese: ${res.text.slice(0, 200)}`);
    for (const [k, v] of Object.entries((res.json?.fieldErrors ?? {}) as Record<string, unknown>)) {
      if (!isPortuguese(v)) problems.push(`field message of ${k} not Portuguese: ${String(v)}`);
    }
  }
  return problems;
}

/**
 * The CSV import answers a file it cannot read with 200, nothing imported and a pt-PT reason per line (its
 * documented contract, docs/product.md#reports): that is a refusal too. (h-csv may turn a headerless file into a 400.)
 */
function importRefusal(route: string, res: TestResponse): boolean {
  if (!['POST /api/import/clients', 'POST /api/import/properties'].includes(route) || res.status !== 200)
    return false;
  const errors = (res.json?.errors ?? []) as Array<{ message: unknown }>;
  return res.json?.imported === 0 && errors.length > 0 && errors.every((e) => isPortuguese(e.message));
}

const counts: Record<string, Record<string, number>> = {};
function count(route: string, status: number) {
  const byStatus = (counts[route] ??= {});
  byStatus[status] = (byStatus[status] ?? 0) + 1;
}

describe(`bad input on every write route and every mutation (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    await seedDemo(server.knex);
    const { knex } = server;
    const firstId = async (table: string, where: Record<string, unknown> = {}) =>
      (
        (await knex(table)
          .where({ organization_id: DEMO_IDS.demoOrganization, ...where })
          .whereNull('deleted_at')
          .orderBy('id')
          .first('id')) as { id: string }
      ).id;
    const member = (await knex('campaign_clients')
      .where({ organization_id: DEMO_IDS.demoOrganization })
      .whereNull('deleted_at')
      .first('campaign_id', 'client_id')) as { campaign_id: string; client_id: string };
    ids = {
      client: member.client_id,
      campaign: member.campaign_id,
      followUp: await firstId('follow_ups', { completed: false }),
      tag: await firstId('tags'),
      notification: await firstId('notifications'),
      package: ((await knex('packages').orderBy('sort_order').first('id')) as { id: string }).id,
      property: await firstId('properties'),
      seller: await firstId('clients', { type: 'Vendedor' }),
    };
    sessions = {
      admin: await server.loginAs('admin@demo.pt', DEMO_PASSWORD),
      super: await server.loginAs('super@demo.pt', DEMO_PASSWORD),
      anon: server.client(),
    };
    snapshot = await snapshotQuery(knex);
  }, 120_000);

  afterAll(async () => {
    const lines = Object.entries(counts).map(
      ([route, byStatus]) =>
        `${route}: ${Object.values(byStatus).reduce((a, b) => a + b, 0)} cases (${Object.entries(byStatus)
          .map(([s, n]) => `${s}×${n}`)
          .join(', ')})`,
    );
    // The case count per route and database (issue 17 asks for it): printed, not asserted.
    process.stdout.write(`bad-input cases on ${process.env.TEST_DB ?? 'sqlite'}:\n${lines.join('\n')}\n`);
    await server?.close();
  });

  it('has a base body for every write route, valid for its documented schema', () => {
    expect(writeRoutes.length).toBeGreaterThan(45);
    const missing = writeRoutes
      .filter((r) => !baseOf(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const invalid: string[] = [];
    for (const r of writeRoutes) {
      const base = baseOf(`${r.method} ${r.path}`);
      if (!r.body || !base?.body) continue;
      const parsed = r.body.safeParse(base.body);
      if (!parsed.success) invalid.push(`${r.method} ${r.path}: ${parsed.error.message.slice(0, 200)}`);
    }
    expect(invalid).toEqual([]);
  });

  it.each(writeRoutes)(
    '$method $path refuses bad input with a Portuguese 4xx and writes nothing',
    async (route) => {
      const name = `${route.method} ${route.path}`;
      const base = baseOf(name)!;
      const problems: string[] = [];
      await fc.assert(
        fc.asyncProperty(caseArb(route, base), async (c) => {
          const before = await snapshot();
          const body = c.kind === 'field' ? { ...base.body, [c.key]: materialize(c.value) } : base.body;
          const url = urlOf(route.path, c.kind === 'param' ? c : undefined);
          const res = await sessions[base.as].request(
            route.method,
            url,
            c.kind === 'body'
              ? { raw: bodyText(c.body), headers: { 'content-type': 'application/json' } }
              : { body },
          );
          count(name, res.status);
          const found = importRefusal(name, res) ? [] : refusalProblems(res);
          if ((await snapshot()) !== before) found.push('something was written');
          if (found.length > 0) problems.push(`${describeCase(c)}: ${found.join('; ')}`);
        }),
        { numRuns: CASES_PER_ROUTE },
      );
      expect(problems.slice(0, 5)).toEqual([]);
      if (!endsSession(route)) expect((await sessions.admin.get('/api/auth/me')).status).toBe(200);
    },
  );

  it.each([...MUTATION_NAMES])(
    'mutation %s rejects bad args with a Portuguese 4xx and writes nothing',
    async (name) => {
      const problems: string[] = [];
      const argsCase = fc.oneof(
        fc.record({ key: fc.constantFrom(...Object.keys(argsOf(name)), '*'), value: poisonValue }),
        fc.record({ key: fc.constant('*'), value: poisonValue }),
      );
      await fc.assert(
        fc.asyncProperty(argsCase, async ({ key, value }) => {
          const before = await snapshot();
          const args = key === '*' ? materialize(value) : { ...argsOf(name), [key]: materialize(value) };
          const res = await sessions.admin.post('/api/sync/push', {
            clientId: randomUUID(),
            mutations: [{ mutationId: 1, name, args }],
          });
          const result = res.json?.results?.[0];
          const status = res.status === 200 ? Number(result?.error?.status ?? 200) : res.status;
          count(`mutation ${name}`, status);
          const found: string[] = [];
          if (res.status !== 200) found.push(...refusalProblems(res));
          else if (result?.status !== 'rejected' || !(status >= 400 && status < 500)) {
            found.push(`answered ${JSON.stringify(result).slice(0, 200)}`);
          } else {
            if (!isPortuguese(result.error.message))
              found.push(`message not Portuguese: ${result.error.message}`);
            for (const [k, v] of Object.entries(
              (result.error.fieldErrors ?? {}) as Record<string, unknown>,
            )) {
              if (!isPortuguese(v)) found.push(`field message of ${k} not Portuguese: ${String(v)}`);
            }
          }
          if ((await snapshot()) !== before) found.push('something was written');
          if (found.length > 0)
            problems.push(`${key} = ${JSON.stringify(value).slice(0, 80)}: ${found.join('; ')}`);
        }),
        { numRuns: CASES_PER_MUTATION },
      );
      expect(problems.slice(0, 5)).toEqual([]);
    },
  );
});
