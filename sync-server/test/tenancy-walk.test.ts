import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_RESULTS, CLIENT_TYPES, FOLLOW_UP_TYPES, INTERACTION_TYPES } from '@casa/shared-schema';
import { apiRoutes } from '../src/app';
import type { Audience } from '../src/http/route';
import { DEMO_IDS, DEMO_PASSWORD, seedDemo } from '../src/db/seed/seed';
import { TABLE_NAMES } from '../src/db/tables';
import { startTestServer, type TestClient, type TestResponse, type TestServer } from './server';

/**
 * Tenant-isolation walker: the admin of 'Outra Imobiliária' calls EVERY registered /api route (new
 * routes are picked up automatically) with the ids of 'Imobiliária Demo' in the path, the query and the
 * body. No answer may contain an id or a client name of 'Imobiliária Demo', a foreign id in the path
 * answers 404 (or 400 when the body is refused first), super admin routes answer 403, nothing answers
 * 5xx, and at the end every 'Imobiliária Demo' row is exactly as it was.
 */

/** Not walked, with the reason. */
const NOT_WALKED = new Map([
  ['GET /api/health', 'public, no data'],
  ['POST /api/auth/register', 'public: creates a new account, takes no id'],
  ['POST /api/auth/login', 'public: starts a session, takes no id'],
  ['POST /api/auth/logout', 'would end the walking session'],
  ['DELETE /api/account', "would delete the walking admin's account (and organization)"],
]);

type Route = { method: string; path: string; audience: Audience };

/** Routes of the SaaS administrator (their declared audience): an organization admin gets 403. */
const isSuperAdminRoute = (route: Route) => route.audience === 'super_admin';

const routes: Route[] = apiRoutes()
  .map(({ method, path, audience }) => ({ method, path, audience }))
  .filter((r) => !NOT_WALKED.has(`${r.method} ${r.path}`));

type Entity =
  | 'client'
  | 'followUp'
  | 'campaign'
  | 'tag'
  | 'interaction'
  | 'coldCall'
  | 'notification'
  | 'user'
  | 'organization'
  | 'property'
  | 'photo'
  | 'sheetLink';

/** Route segment or param name (without Id) → the kind of Imobiliária Demo row whose id it takes. */
const ENTITY_BY_NAME: Record<string, Entity> = {
  client: 'client',
  clients: 'client',
  followup: 'followUp',
  followups: 'followUp',
  'follow-ups': 'followUp',
  campaign: 'campaign',
  campaigns: 'campaign',
  tag: 'tag',
  tags: 'tag',
  interaction: 'interaction',
  interactions: 'interaction',
  coldcall: 'coldCall',
  coldcalls: 'coldCall',
  'cold-calls': 'coldCall',
  notification: 'notification',
  notifications: 'notification',
  user: 'user',
  users: 'user',
  agent: 'user',
  organization: 'organization',
  organizations: 'organization',
  org: 'organization',
  property: 'property',
  properties: 'property',
  photo: 'photo',
  photos: 'photo',
  'sheet-link': 'sheetLink',
  'sheet-links': 'sheetLink',
};

/** Params that name global (not organization) things: packages, and the super admin's backup files. */
const GLOBAL_PARAMS = new Set(['packages', 'backups']);

let server: TestServer;
let packageId: string;
let admin: TestClient;
let demo: Record<Entity, string>;
/** Strings that must never appear in an answer to the other organization's admin. */
let secrets: string[];
let before: string;
const unmapped: string[] = [];

async function orgColumnsTables(knex: Knex) {
  const out: Array<{ table: string; by: 'organization_id' | 'user_id' | 'id' }> = [];
  for (const table of [...TABLE_NAMES, 'sync_changes']) {
    const columns = Object.keys(await knex(table).columnInfo());
    if (table === 'organizations') out.push({ table, by: 'id' });
    else if (columns.includes('organization_id')) out.push({ table, by: 'organization_id' });
    else if (columns.includes('user_id')) out.push({ table, by: 'user_id' });
  }
  return out;
}

/** Every row Imobiliária Demo owns (directly or through its users), as stable JSON per table. */
async function demoRows(knex: Knex): Promise<Record<string, Record<string, unknown>[]>> {
  const userIds = (await knex('users')
    .where('organization_id', DEMO_IDS.demoOrganization)
    .pluck('id')) as string[];
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const { table, by } of await orgColumnsTables(knex)) {
    const query = knex(table);
    if (by === 'user_id') query.whereIn('user_id', userIds);
    else query.where(by, DEMO_IDS.demoOrganization);
    const rows = (await query) as Record<string, unknown>[];
    out[table] = rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, Buffer.isBuffer(v) ? `<${v.length} bytes>` : v]),
      ),
    );
  }
  return out;
}

async function snapshot(knex: Knex): Promise<string> {
  const rows = await demoRows(knex);
  const stable = Object.fromEntries(
    Object.entries(rows).map(([table, list]) => [
      table,
      { count: list.length, rows: list.map((r) => JSON.stringify(r)).sort() },
    ]),
  );
  return JSON.stringify(stable, null, 1);
}

const first = async (knex: Knex, table: string, where: Record<string, unknown> = {}) => {
  const row = (await knex(table)
    .where({ organization_id: DEMO_IDS.demoOrganization, ...where })
    .whereNull('deleted_at')
    .orderBy('id')
    .first('id')) as { id: string } | undefined;
  if (!row) throw new Error(`the demo seed has no ${table}`);
  return row.id;
};

/**
 * A photo of an Imobiliária Demo property (CONNECT: once the properties entity and its seed are merged, take
 * a seeded property with photos instead of writing one here).
 */
async function demoPropertyPhoto(knex: Knex, property: string): Promise<{ property: string; photo: string }> {
  const photo = randomUUID();
  const image = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const org = { id: photo, organization_id: DEMO_IDS.demoOrganization };
  await knex('property_photos').insert({
    ...org,
    property_id: property,
    position: 0,
    is_cover: true,
    width: 8,
    height: 6,
    display_bytes: image.length,
    thumb_bytes: image.length,
  });
  await knex('property_photo_files').insert({
    ...org,
    display_mime: 'image/jpeg',
    display: image,
    thumb_mime: 'image/jpeg',
    thumb: image,
  });
  return { property, photo };
}

function entityOf(name: string): Entity | undefined {
  const key = name.toLowerCase().replace(/ids?$/, '');
  return ENTITY_BY_NAME[key] ?? ENTITY_BY_NAME[name.toLowerCase()];
}

/** Replaces each :param with an Imobiliária Demo id chosen by the param name (or, for :id, the segment before it). */
function resolvePath(path: string): { url: string; entities: Entity[] } {
  const segments = path.split('/');
  const entities: Entity[] = [];
  const url = segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const entity =
        name === 'id' ? entityOf(segments[i - 1] ?? '') : (entityOf(name) ?? entityOf(segments[i - 1] ?? ''));
      if (GLOBAL_PARAMS.has(segments[i - 1] ?? '')) return packageId; // not tenant data
      if (!entity) {
        unmapped.push(`${path} (${segment})`);
        return randomUUID();
      }
      entities.push(entity);
      return demo[entity];
    })
    .join('/');
  return { url, entities };
}

/** Business collections whose sub-routes (…/complete, …/today) act on that collection's rows. */
const COLLECTIONS = new Set([
  'clients',
  'followups',
  'campaigns',
  'coldcalls',
  'tags',
  'interactions',
  'notifications',
  'properties',
]);

const staticSegments = (path: string) =>
  path.split('/').filter((s) => s && s !== 'api' && !s.startsWith(':'));

/** A body a route of this resource would accept if the ids were the caller's own. */
function bodyFor(path: string): Record<string, unknown> {
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const segments = staticSegments(path);
  // The resource named last (…/clients/:id/tags → tag), else the business collection first named
  // (/api/followups/complete → followUp). Own-account routes (/api/profile, /api/user/…) get only the
  // id references: their fields (e-mail, password) would change the walking admin's own account.
  const collection = COLLECTIONS.has(segments[0] ?? '') ? entityOf(segments[0] ?? '') : undefined;
  const resource = entityOf(segments[segments.length - 1] ?? '') ?? collection;
  const fields: Record<Entity, Record<string, unknown>> = {
    client: {
      name: 'Sonda de Isolamento',
      type: CLIENT_TYPES[1], // Vendedor: no required custom field
      customFields: {},
      email: 'sonda.isolamento@exemplo.pt',
      phone: '+351910000001',
      rating: 3,
      notes: 'sonda',
    },
    followUp: {
      title: 'Sonda',
      description: 'sonda',
      type: FOLLOW_UP_TYPES[0],
      scheduledDate: soon,
      completed: false,
      completionComment: 'feito',
      nextFollowUp: null,
      visitInterest: 4,
      visitPriceOpinion: 'Adequado',
      visitFeedback: 'sonda',
    },
    campaign: { name: 'Campanha Sonda', description: 'sonda', filters: {}, targetCount: 1, status: 'active' },
    tag: { name: 'Sonda', color: '#ef4444' },
    interaction: {
      type: INTERACTION_TYPES[0],
      direction: 'outgoing',
      result: CALL_RESULTS[0],
      summary: 'sonda',
      notes: 'sonda',
      duration: 2,
      followUpRequired: false,
    },
    coldCall: {
      phoneNumber: '+351910000002',
      result: CALL_RESULTS[0],
      notes: 'sonda',
      duration: 3,
      calledAt: new Date().toISOString(),
    },
    notification: { read: true },
    user: {
      firstName: 'Sonda',
      lastName: 'Isolamento',
      email: 'sonda.utilizador@exemplo.pt',
      role: 'agent',
      status: 'active',
      password: 'Sonda#2026',
    },
    organization: { name: 'Organização Sonda', status: 'active', enabled: true },
    property: {
      title: 'Imóvel Sonda',
      business: 'Venda',
      propertyType: 'Apartamento',
      concelho: 'Lisboa',
      // An owner of Imobiliária Demo: refused (not a client of the caller's organization).
      ownerClientId: demo.client,
    },
    photo: { photoIds: [demo.photo] },
    sheetLink: {},
  };
  const own = resource ? fields[resource] : {};
  const id = demo[resource ?? 'client'];
  return {
    id,
    ids: [id],
    organizationId: DEMO_IDS.demoOrganization,
    agentId: DEMO_IDS.demoAgent,
    createdBy: DEMO_IDS.demoAdmin,
    userId: DEMO_IDS.demoAgent,
    clientId: demo.client,
    clientIds: [demo.client],
    campaignId: demo.campaign,
    tagId: demo.tag,
    tagIds: [demo.tag],
    followUpId: demo.followUp,
    relatedId: demo.followUp,
    propertyId: demo.property,
    // CSV import: a row carrying an Imobiliária Demo client's id must not touch that client.
    csvData: `ID;Nome;Email;Telefone;Tipo\n${demo.client};Sonda CSV;sonda.csv@exemplo.pt;+351910000003;Vendedor\n`,
    ...own,
  };
}

/** POST /api/sync/push: one mutation of every kind aimed at Imobiliária Demo's rows (each must be refused). */
function syncPushBody(): Record<string, unknown> {
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const args: Array<[string, Record<string, unknown>]> = [
    ['updateClient', { id: demo.client, name: 'Sonda' }],
    ['setClientTags', { clientId: demo.client, tagIds: [demo.tag] }],
    ['addInteraction', { clientId: demo.client, type: INTERACTION_TYPES[0], summary: 'sonda' }],
    [
      'createFollowUp',
      { clientId: demo.client, title: 'Sonda', type: FOLLOW_UP_TYPES[0], scheduledDate: soon },
    ],
    ['updateFollowUp', { id: demo.followUp, title: 'Sonda' }],
    ['completeFollowUp', { id: demo.followUp, completionComment: 'sonda' }],
    ['recordVisitFeedback', { id: demo.followUp, visitInterest: 4, visitFeedback: 'sonda' }],
    ['deleteFollowUp', { id: demo.followUp }],
    ['logColdCall', { clientId: demo.client, campaignId: demo.campaign, result: CALL_RESULTS[0] }],
    ['addCampaignClient', { campaignId: demo.campaign, clientId: demo.client }],
    ['removeCampaignClient', { campaignId: demo.campaign, clientId: demo.client }],
    ['deleteCampaign', { id: demo.campaign }],
    ['markNotificationRead', { id: demo.notification }],
    ['createClient', { id: demo.client, name: 'Sonda', type: CLIENT_TYPES[1] }],
    ['createTag', { id: demo.tag, name: 'Sonda Tag' }],
    ['deleteClient', { id: demo.client }],
    ['updateProperty', { id: demo.property, title: 'Sonda' }],
    ['deleteProperty', { id: demo.property }],
    ['createProperty', { id: demo.property, title: 'Sonda', business: 'Venda', propertyType: 'Loja' }],
    ['reorderPropertyPhotos', { propertyId: demo.property, photoIds: [demo.photo] }],
    ['setPropertyPhotoCover', { propertyId: demo.property, photoId: demo.photo }],
    ['deletePropertyPhoto', { propertyId: demo.property, photoId: demo.photo }],
  ];
  return {
    clientId: randomUUID(),
    mutations: args.map(([name, a], i) => ({ mutationId: i + 1, name, args: a })),
  };
}

function leaks(res: TestResponse): string[] {
  const text = `${res.text}\n${res.headers.get('location') ?? ''}`;
  return secrets.filter((s) => text.includes(s));
}

describe('tenant isolation walk (admin of Outra Imobiliária against Imobiliária Demo)', () => {
  beforeAll(async () => {
    server = await startTestServer();
    await seedDemo(server.knex);
    const { knex } = server;
    const campaignClient = (await knex('campaign_clients')
      .where({ organization_id: DEMO_IDS.demoOrganization })
      .whereNull('deleted_at')
      .first('campaign_id', 'client_id')) as { campaign_id: string; client_id: string } | undefined;
    const client = campaignClient?.client_id ?? (await first(knex, 'clients'));
    demo = {
      client,
      campaign: campaignClient?.campaign_id ?? (await first(knex, 'cold_call_campaigns')),
      followUp: await first(knex, 'follow_ups'),
      tag: await first(knex, 'tags'),
      interaction: await first(knex, 'client_interactions'),
      coldCall: await first(knex, 'cold_calls'),
      notification: await first(knex, 'notifications'),
      user: DEMO_IDS.demoAgent,
      organization: DEMO_IDS.demoOrganization,
      ...(await demoPropertyPhoto(knex, await first(knex, 'properties'))),
      sheetLink: randomUUID(),
    };
    // A share link of the demo property: the other organization may neither list nor revoke it.
    await knex('property_sheet_links').insert({
      id: demo.sheetLink,
      organization_id: DEMO_IDS.demoOrganization,
      property_id: demo.property,
      token_hash: 'f'.repeat(64),
    });

    // Secrets: every id Imobiliária Demo owns, its client names and its users' e-mails — minus any string
    // that also occurs in the other organization's own data (the generator may reuse a name).
    const rows = await demoRows(knex);
    const ids = new Set<string>([DEMO_IDS.demoOrganization]);
    for (const list of Object.values(rows)) for (const r of list) if (typeof r.id === 'string') ids.add(r.id);
    const names = (rows.clients ?? []).map((c) => c.name as string).filter((n) => n.length >= 5);
    const emails = (rows.users ?? []).map((u) => u.email as string);
    const otherText = JSON.stringify(
      await Promise.all(
        ['clients', 'users', 'notifications', 'tags'].map((t) =>
          knex(t).where('organization_id', DEMO_IDS.otherOrganization),
        ),
      ),
    );
    secrets = [...ids, ...names, ...emails].filter((s) => !otherText.includes(s));

    packageId = ((await knex('packages').orderBy('sort_order').first('id')) as { id: string }).id;
    before = await snapshot(knex);
    admin = await server.loginAs('admin@outra.pt', DEMO_PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('finds the routes and the Imobiliária Demo data to walk with', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(secrets.length).toBeGreaterThan(200);
    expect(Object.values(demo).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  });

  it.each(routes)('$method $path', async (route) => {
    const { method, path } = route;
    const { url, entities } = resolvePath(path);
    const query = new URLSearchParams({
      clientId: demo.client,
      agentId: DEMO_IDS.demoAgent,
      userId: DEMO_IDS.demoAgent,
      campaignId: demo.campaign,
      tagId: demo.tag,
      organizationId: DEMO_IDS.demoOrganization,
      search: secrets.find((s) => !/^[0-9a-f-]{36}$/.test(s)) ?? 'x',
    });
    const calls: Array<{ url: string; body?: Record<string, unknown> }> =
      method === 'GET'
        ? [{ url }, { url: `${url}?${query}` }]
        : [{ url, body: path === '/api/sync/push' ? syncPushBody() : bodyFor(path) }];

    const problems: string[] = [];
    for (const call of calls) {
      const logged = server.logs.length;
      const res = await admin.request(method, call.url, { body: call.body });
      const where = `${method} ${call.url} → ${res.status}`;
      const errors = server.logs
        .slice(logged)
        .filter((l) => Number(l.level) >= 50)
        .map((l) => JSON.stringify((l.err as { message?: string } | undefined)?.message ?? l.msg));
      const leaked = leaks(res);
      if (leaked.length)
        problems.push(`${where} leaks ${leaked.slice(0, 3).join(', ')}: ${res.text.slice(0, 300)}`);
      if (res.status >= 500) problems.push(`${where}: ${errors.join('; ') || res.text.slice(0, 300)}`);
      if (res.status === 401 && (await admin.get('/api/auth/me')).status !== 200) {
        problems.push(`${where}: the walking session was lost`);
        admin = await server.loginAs('admin@outra.pt', DEMO_PASSWORD);
      }
      if (path === '/api/sync/push') {
        const refused = (res.json?.results ?? []).filter((r: { status: string }) => r.status === 'rejected');
        if (res.status !== 200 || refused.length !== (syncPushBody().mutations as unknown[]).length)
          problems.push(`${where}: every mutation on another organization's rows must be rejected`);
      }
      if (isSuperAdminRoute(route)) {
        if (res.status !== 403) problems.push(`${where}: a super admin route must answer 403 to an admin`);
      } else if (entities.length > 0) {
        const allowed = entities.includes('organization') ? [400, 403, 404] : [400, 404];
        if (!allowed.includes(res.status))
          problems.push(
            `${where}: another organization's id must answer 404 (got ${res.text.slice(0, 200)})`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('names a demo id for every route param', () => {
    expect(unmapped).toEqual([]);
  });

  it('leaves every Imobiliária Demo row unchanged', async () => {
    const after = await snapshot(server.knex);
    expect(after).toBe(before);
  });

  it('still holds the walking session (the walk was not answered by 401s)', async () => {
    const me = await admin.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.json)).toContain(DEMO_IDS.otherOrganization);
  });
});
