import {
  birthdayMonthDaysOn,
  clientListQuerySchema,
  clientSchema,
  daysSinceLisbon,
  errorMessages,
  isBirthdayToday,
  type ClientListItem,
  type ClientListQuery,
  type ClientWithLastContact,
  type LastInteraction,
  type TagRef,
  validationMessages,
} from '@casa/shared-schema';
import type { DomainCtx } from '../../http/context';
import { notFound, validationError } from '../../http/errors';
import { camelToSnake, toIso } from '../../db/rows';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { PageSizer, yieldToEventLoop } from '../../lib/bounded-pages';
import { seqCached } from '../../db/seq-cache';
import { CLIENT_ANSWERS, CLIENT_LIST_TABLES, jsonBytes } from './client-answers.policy';
import { clientIdOf, toClient, toClientListItem } from './clients.policy';

type Row = Record<string, unknown>;

/** The columns of the client wire shape (never the server-only search_text). */
const CLIENT_COLUMNS = Object.keys(clientSchema.shape).map((key) => `clients.${camelToSnake(key)}`);

/** clients.* plus the agent's name, through the organization scope. */
function clientsWithAgent(scope: OrganizationScope) {
  return scope
    .table('clients')
    .leftJoin('users as agent', 'agent.id', 'clients.agent_id')
    .select(...CLIENT_COLUMNS, 'agent.first_name as agent_first_name', 'agent.last_name as agent_last_name');
}

function agentNameOf(row: Row): string | null {
  const name = [row.agent_first_name, row.agent_last_name]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ');
  return name === '' ? null : name;
}

/** The live tags of the given clients (or of every client of the organization), keyed by client id. */
async function tagsByClient(scope: OrganizationScope, clientIds?: string[]): Promise<Map<string, TagRef[]>> {
  let query = scope
    .table('client_tags')
    .join('tags', 'tags.id', 'client_tags.tag_id')
    .whereNull('tags.deleted_at')
    .select('client_tags.client_id', 'tags.id', 'tags.name', 'tags.color')
    .orderBy('tags.name');
  if (clientIds) query = query.whereIn('client_tags.client_id', clientIds);
  const out = new Map<string, TagRef[]>();
  for (const row of (await query) as Row[]) {
    const clientId = String(row.client_id);
    const list = out.get(clientId) ?? [];
    list.push({ id: String(row.id), name: String(row.name), color: String(row.color) });
    out.set(clientId, list);
  }
  return out;
}

/**
 * GET /api/clients: the organization's live clients, newest first (created_at, then id), with tags and
 * agent name. `after` (keyset) starts below the given client of the organization — found even when it
 * was deleted since, so a page boundary survives a delete; unknown → 400.
 */
export async function listClients(ctx: DomainCtx, query: unknown = {}): Promise<ClientListItem[]> {
  const { limit, offset, after } = clientListQuerySchema.parse(query);
  const scope = forOrganization(ctx.db, ctx.auth);
  let q = clientsWithAgent(scope).orderBy('clients.created_at', 'desc').orderBy('clients.id', 'desc');
  // Scoped by hand rather than scope.find(): a tombstone is a valid cursor too.
  const cursor = after
    ? ctx
        .db('clients')
        .where('organization_id', scope.organizationId)
        .where('id', after)
        .select('created_at', 'id')
    : undefined;
  // Row-value comparison in SQL (not the created_at read back): Postgres keeps microseconds a JS Date drops.
  // An unknown cursor compares as NULL, so its page is empty: only then is the cursor looked up (400 when
  // unknown), which spares a statement on every other page (issue 19).
  if (cursor) q = q.whereRaw('(clients.created_at, clients.id) < ?', [cursor]);
  if (limit !== undefined) q = q.limit(limit);
  if (offset) q = q.offset(offset);
  const rows = (await q) as Row[];
  if (cursor && rows.length === 0 && !(await cursor.clone().first())) {
    throw validationError(validationMessages.invalidValue, { after: validationMessages.invalidValue });
  }
  // A page's tags by id; a long list (bound-variable limits) reads all of the organization's tags.
  const tags = await tagsByClient(scope, rows.length <= 1000 ? rows.map((r) => String(r.id)) : undefined);
  return rows.map((row) => toClientListItem(row, tags.get(String(row.id)) ?? [], agentNameOf(row)));
}

/**
 * GET /api/clients with `limit`, `after` or `offset`: `listClients`'s answer as the JSON bytes the route
 * sends, from the answer cache while no write reached the tables a page reads (client-answers.policy.ts). The
 * page is the same for every member of the organization (no role or user filter in listClients) and
 * depends on no clock, so its key is the page's parameters alone.
 */
export function clientListPageJson(ctx: DomainCtx, query: ClientListQuery): Promise<Buffer> {
  const { limit, offset, after } = query;
  const key = `list\u0000${limit ?? ''}\u0000${offset ?? ''}\u0000${after ?? ''}`;
  return seqCached(ctx, CLIENT_ANSWERS, key, CLIENT_LIST_TABLES, async () =>
    jsonBytes(await listClients(ctx, { limit, offset, after })),
  );
}

/** At most this many clients per keyset page when GET /api/clients without `limit` streams every client. */
export const CLIENT_STREAM_PAGE = 1000;

/**
 * GET /api/clients without paging: the same JSON array as `listClients(ctx)`, built and sent one keyset
 * page at a time, so the server never holds every client (50,000 → ~200 MB of rows and a 31 MB string)
 * and the event loop is free between pages. The first page is read before anything is yielded (an error
 * there is still a JSON error answer). Not one snapshot: a client written while the list is sent may be
 * in it or not, as if the list had been read a moment earlier or later.
 */
export async function streamClientListJson(
  ctx: DomainCtx,
  pageSize = CLIENT_STREAM_PAGE,
): Promise<AsyncGenerator<string>> {
  // Pages sized by what they weigh (bounded-pages.ts): clients at the customFields bounds are 30× heavier.
  const sizer = new PageSizer(pageSize);
  let limit = sizer.rows;
  let page = await listClients(ctx, { limit });
  return (async function* () {
    let first = true;
    yield '[';
    for (;;) {
      const text = page.map((c) => JSON.stringify(c)).join(',');
      if (page.length) yield (first ? '' : ',') + text;
      first = false;
      if (page.length < limit) break;
      sizer.record(page.length, text.length);
      limit = sizer.rows;
      await yieldToEventLoop();
      page = await listClients(ctx, { limit, after: page[page.length - 1]!.id });
    }
    yield ']';
  })();
}

/** GET /api/clients/{id}: 404 'Cliente não encontrado' for an unknown id or another organization's. */
export async function getClient(ctx: DomainCtx, id: unknown): Promise<ClientListItem> {
  const clientId = clientIdOf(id);
  const scope = forOrganization(ctx.db, ctx.auth);
  const row = (await clientsWithAgent(scope).where('clients.id', clientId).first()) as Row | undefined;
  if (!row) throw notFound(errorMessages.clientNotFound);
  const tags = await tagsByClient(scope, [clientId]);
  return toClientListItem(row, tags.get(clientId) ?? [], agentNameOf(row));
}

/**
 * The latest contact of every client that has one, in ONE query: live interactions and cold calls
 * (as type 'Cold Call') ranked per client with a window function (SQLite ≥ 3.25 and Postgres).
 */
async function lastContacts(ctx: DomainCtx, scope: OrganizationScope): Promise<Map<string, LastInteraction>> {
  const interactions = scope
    .table('client_interactions')
    .select(
      'client_interactions.client_id as client_id',
      'client_interactions.type as type',
      'client_interactions.result as result',
      'client_interactions.created_at as at',
    );
  const calls = scope
    .table('cold_calls')
    .whereNotNull('cold_calls.client_id')
    .select(
      'cold_calls.client_id as client_id',
      ctx.db.raw("'Cold Call' as type"),
      'cold_calls.result as result',
      'cold_calls.called_at as at',
    );
  const ranked = ctx.db
    .select(
      'u.client_id',
      'u.type',
      'u.result',
      'u.at',
      ctx.db.raw('row_number() over (partition by u.client_id order by u.at desc) as rn'),
    )
    .from(interactions.unionAll(calls).as('u'));
  const rows = (await ctx.db.select('r.*').from(ranked.as('r')).where('r.rn', 1)) as Row[];
  const out = new Map<string, LastInteraction>();
  for (const row of rows) {
    const createdAt = toIso(row.at);
    if (!createdAt) continue;
    out.set(String(row.client_id), {
      type: String(row.type),
      result: typeof row.result === 'string' ? row.result : null,
      createdAt,
    });
  }
  return out;
}

/**
 * GET /api/clients-with-interactions: every live client with the Lisbon calendar days since its latest
 * interaction or cold call (null if never) and that contact. Two queries, whatever the client count.
 */
export async function clientsWithInteractions(ctx: DomainCtx): Promise<ClientWithLastContact[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const [rows, last] = await Promise.all([
    scope
      .table('clients')
      .select(...CLIENT_COLUMNS)
      .orderBy('clients.created_at', 'desc') as Promise<Row[]>,
    lastContacts(ctx, scope),
  ]);
  return rows.map((row) => {
    const client = toClient(row);
    const contact = last.get(client.id) ?? null;
    return {
      ...client,
      daysSinceLastContact: contact ? daysSinceLisbon(contact.createdAt, ctx.now) : null,
      lastInteraction: contact,
      lastContactDate: contact?.createdAt ?? null,
    };
  });
}

/** GET /api/clients/birthdays/today: filtered in SQL by month-day (substr works on both dialects). */
export async function birthdaysToday(ctx: DomainCtx): Promise<ClientListItem[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const keys = birthdayMonthDaysOn(ctx.now);
  const rows = (await clientsWithAgent(scope)
    .whereNotNull('clients.birthday')
    .whereIn(ctx.db.raw('substr(clients.birthday, 6, 5)') as unknown as string, keys)
    .orderBy('clients.name')) as Row[];
  const matching = rows.filter((row) => isBirthdayToday(row.birthday, ctx.now));
  const tags = await tagsByClient(
    scope,
    matching.map((r) => String(r.id)),
  );
  return matching.map((row) => toClientListItem(row, tags.get(String(row.id)) ?? [], agentNameOf(row)));
}
