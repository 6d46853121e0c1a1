import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import {
  campaignCreateSchema,
  chosenCampaignMembers,
  clientSchema,
  compareCampaignCandidates,
  daysSinceLisbon,
  errorMessages,
  rankCampaignCandidates,
  type Campaign,
  type CampaignClient,
  type CampaignClientsResponse,
  type CampaignFilters,
  type Client,
} from '@casa/shared-schema';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { fromDbRow, toDbRow, toIso, toNumber } from '../../db/rows';
import { inTransaction, type TxCtx } from '../../db/transaction';
import { actedAt, type DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { assertCanWrite, idOf, insertReplaySafe } from '../follow-ups/follow-ups.domain';
import { runMutator } from '../sync/mutators.service';

type Row = Record<string, unknown>;

const CLIENT_KEYS = Object.keys(clientSchema.shape);

/** The client's wire shape (columns outside the shared schema, such as search helpers, stay in the server). */
function toClient(row: Row): Client {
  const all = fromDbRow<Record<string, unknown>>('clients', row);
  return Object.fromEntries(CLIENT_KEYS.filter((k) => k in all).map((k) => [k, all[k]])) as Client;
}

export async function requireCampaign(scope: OrganizationScope, campaignId: unknown): Promise<Row> {
  const id = idOf(campaignId, errorMessages.campaignNotFound);
  const campaign = await scope.find('cold_call_campaigns', id);
  if (!campaign) throw notFound(errorMessages.campaignNotFound);
  return campaign;
}

/**
 * Last contact per client: the latest interaction or cold call (live rows), as ISO text.
 * `clientIds` limits the lookup; undefined means every client of the organization.
 */
export async function lastContacts(
  scope: OrganizationScope,
  clientIds?: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const sources = [
    { table: 'client_interactions' as const, column: 'created_at' },
    { table: 'cold_calls' as const, column: 'called_at' },
  ];
  const chunks: (string[] | undefined)[] = [];
  if (clientIds === undefined) chunks.push(undefined);
  else for (let i = 0; i < clientIds.length; i += 500) chunks.push(clientIds.slice(i, i + 500));
  for (const { table, column } of sources) {
    for (const chunk of chunks) {
      const query = scope
        .table(table)
        .whereNotNull(`${table}.client_id`)
        .select(`${table}.client_id as client_id`)
        .max({ last: `${table}.${column}` })
        .groupBy(`${table}.client_id`);
      if (chunk) query.whereIn(`${table}.client_id`, chunk);
      for (const row of (await query) as Row[]) {
        const last = toIso(row.last);
        const id = row.client_id as string;
        if (!last) continue;
        const current = out.get(id);
        if (!current || Date.parse(last) > Date.parse(current)) out.set(id, last);
      }
    }
  }
  return out;
}

export type CampaignCandidate = Client & {
  daysSinceLastContact: number | null;
  lastContactDate: string | null;
};

/**
 * The list generator (docs/product.md#cold-calls): the organization's clients matching `filters` by the shared rule
 * `clientMatchesCampaignFilters`, never-contacted first then most days since last contact (ties by id),
 * capped at `limit`.
 */
export async function matchingClients(
  scope: OrganizationScope,
  filters: CampaignFilters,
  now: string,
  limit: number,
): Promise<CampaignCandidate[]> {
  const query = scope
    .table('clients')
    .whereNotNull('clients.phone')
    .whereRaw("trim(clients.phone) <> ''")
    .select('clients.*');
  // Exact SQL equivalents of two of the rules, to load fewer rows; the shared rule decides.
  if (filters.clientType) query.where('clients.type', filters.clientType);
  if (filters.minRating != null) query.whereRaw('coalesce(clients.rating, 0) >= ?', [filters.minRating]);
  const clients = ((await query) as Row[]).map(toClient);
  const contacts = await lastContacts(scope);
  // The same ranking the device runs for its optimistic members (web createCampaign effect).
  return rankCampaignCandidates(clients, filters, (id) => contacts.get(id), now, limit).map(
    ({ client, daysSinceLastContact, lastContactDate }) => ({
      ...client,
      daysSinceLastContact,
      lastContactDate,
    }),
  );
}

/**
 * completedCount = the number of distinct live clients of the campaign with at least one live call
 * logged in that campaign (docs/decisions.md). Written only when it changed.
 */
export async function recomputeCompletedCount(tx: TxCtx, campaignId: string): Promise<number> {
  const scope = forOrganization(tx.db, tx.auth);
  const [row] = (await scope
    .table('campaign_clients')
    .where('campaign_clients.campaign_id', campaignId)
    .whereExists(
      (q) =>
        void q
          .select(tx.db.raw('1'))
          .from('cold_calls')
          .whereRaw('cold_calls.campaign_id = campaign_clients.campaign_id')
          .whereRaw('cold_calls.client_id = campaign_clients.client_id')
          .whereNull('cold_calls.deleted_at'),
    )
    .count({ n: '*' })) as Row[];
  const count = toNumber(row?.n);
  const campaign = await scope.find('cold_call_campaigns', campaignId);
  if (campaign && toNumber(campaign.completed_count) !== count) {
    await scope.update('cold_call_campaigns', campaignId, { completed_count: count }, tx.now);
  }
  return count;
}

/**
 * Makes `clientId` a live member of the campaign: answers the live membership, revives a removed one
 * (the pair is unique, tombstone included) or inserts a new one. `created` is false when it was live.
 */
export async function ensureMembership(
  tx: TxCtx,
  campaignId: string,
  clientId: string,
  id?: string,
): Promise<{ row: Row; created: boolean }> {
  const scope = forOrganization(tx.db, tx.auth);
  const live = (await scope
    .table('campaign_clients')
    .where({ 'campaign_clients.campaign_id': campaignId, 'campaign_clients.client_id': clientId })
    .first()) as Row | undefined;
  if (live) return { row: live, created: false };
  // A removed membership stays a tombstone for sync; adding the client again is a new live row
  // (uniqueness holds among live rows only, migration 006).
  return insertReplaySafe(tx, scope, 'campaign_clients', {
    ...(id ? { id } : {}),
    campaign_id: campaignId,
    client_id: clientId,
  });
}

/**
 * Per campaign: its live members (memberships whose client is live, as GET …/clients lists them), those
 * of them contacted (a live call logged in the campaign), and its calls. The member lists, totalClients
 * and completedCount all count the same members, so progress never reads '0/5' with 6 members.
 */
async function campaignTotals(scope: OrganizationScope, campaignIds?: string[]) {
  const liveMembers = () =>
    scope
      .table('campaign_clients')
      .join('clients', 'clients.id', 'campaign_clients.client_id')
      .whereNull('clients.deleted_at')
      .select('campaign_clients.campaign_id as id')
      .count({ n: '*' });
  const clients = liveMembers();
  const contacted = liveMembers().whereExists(
    (q) =>
      void q
        .select('cold_calls.id')
        .from('cold_calls')
        .whereRaw('cold_calls.campaign_id = campaign_clients.campaign_id')
        .whereRaw('cold_calls.client_id = campaign_clients.client_id')
        .whereNull('cold_calls.deleted_at'),
  );
  const calls = scope
    .table('cold_calls')
    .whereNotNull('cold_calls.campaign_id')
    .select('cold_calls.campaign_id as id')
    .count({ n: '*' });
  if (campaignIds) {
    clients.whereIn('campaign_clients.campaign_id', campaignIds);
    contacted.whereIn('campaign_clients.campaign_id', campaignIds);
    calls.whereIn('cold_calls.campaign_id', campaignIds);
  }
  const toMap = (rows: Row[]) => new Map(rows.map((r) => [r.id as string, toNumber(r.n)]));
  return {
    clients: toMap((await clients.groupBy('campaign_clients.campaign_id')) as Row[]),
    contacted: toMap((await contacted.groupBy('campaign_clients.campaign_id')) as Row[]),
    calls: toMap((await calls.groupBy('cold_calls.campaign_id')) as Row[]),
  };
}

function toCampaign(row: Row, totals: Awaited<ReturnType<typeof campaignTotals>>): Campaign {
  const campaign = fromDbRow<Campaign>('cold_call_campaigns', row);
  return {
    ...campaign,
    filters: (campaign.filters ?? {}) as CampaignFilters,
    totalClients: totals.clients.get(campaign.id) ?? 0,
    totalCalls: totals.calls.get(campaign.id) ?? 0,
    // Counted live: the stored column is not rewritten when a member's client is deleted.
    completedCount: totals.contacted.get(campaign.id) ?? 0,
  };
}

export async function listCampaigns(ctx: DomainCtx): Promise<Campaign[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const rows = (await scope
    .table('cold_call_campaigns')
    .orderBy('cold_call_campaigns.created_at', 'desc')
    .orderBy('cold_call_campaigns.id', 'asc')) as Row[];
  const totals = await campaignTotals(scope);
  return rows.map((row) => toCampaign(row, totals));
}

/** Creates the campaign and adds the matching clients (capped at targetCount) in one transaction. */
/** The ids of `ids` that are live clients of the organization, in the given order. */
async function liveClientIds(scope: OrganizationScope, ids: string[]): Promise<string[]> {
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await scope
      .table('clients')
      .whereIn('clients.id', ids.slice(i, i + 500))
      .select('clients.id')) as Row[];
    for (const r of rows) live.add(String(r.id));
  }
  return ids.filter((id) => live.has(id));
}

/**
 * Not the shared mutator (shared-schema/src/mutators/campaigns.ts createCampaign), on purpose: the server
 * ranks the candidates in SQL over the whole organization (matchingClients) and inserts the members with
 * one insertMany, where the mutator reads every client through the store; and it answers the computed
 * totals. The rules are the same (rankCampaignCandidates, chosenCampaignMembers); the device's members
 * are replaced by the server's with the pull.
 */
export async function createCampaign(ctx: DomainCtx, args: unknown): Promise<Campaign> {
  assertCanWrite(ctx);
  const input = campaignCreateSchema.parse(args);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const { row, created } = await insertReplaySafe(
      tx,
      scope,
      'cold_call_campaigns',
      toDbRow('cold_call_campaigns', {
        id: input.id,
        name: input.name,
        description: input.description ?? null,
        filters: input.filters,
        targetCount: input.targetCount,
        completedCount: 0,
        status: input.status,
        agentId: tx.auth.userId,
        createdBy: tx.auth.userId,
      }),
    );
    if (created) {
      const memberIds = input.clientIds
        ? chosenCampaignMembers(await liveClientIds(scope, input.clientIds), input.targetCount)
        : (await matchingClients(scope, input.filters, tx.now, input.targetCount)).map((c) => c.id);
      await scope.insertMany(
        'campaign_clients',
        memberIds.map((clientId) => ({ campaign_id: row.id, client_id: clientId, created_at: actedAt(tx) })),
        tx.now,
      );
    }
    return toCampaign(row, await campaignTotals(scope, [row.id as string]));
  });
}

/** Soft-deletes the campaign and its memberships; its calls stay in the history (shared mutator). */
export async function deleteCampaign(ctx: DomainCtx, args: unknown): Promise<void> {
  await runMutator(ctx, 'deleteCampaign', args, () => undefined);
}

export async function getCampaignClients(
  ctx: DomainCtx,
  campaignId: unknown,
): Promise<CampaignClientsResponse> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const campaign = await requireCampaign(scope, campaignId);
  const rows = (await scope
    .table('campaign_clients')
    .join('clients', 'clients.id', 'campaign_clients.client_id')
    .whereNull('clients.deleted_at')
    .where('campaign_clients.campaign_id', campaign.id as string)
    .select('clients.*')) as Row[];
  const clients = rows.map(toClient);
  const contactedIds = new Set(
    (
      (await scope
        .table('cold_calls')
        .where('cold_calls.campaign_id', campaign.id as string)
        .whereNotNull('cold_calls.client_id')
        .distinct('cold_calls.client_id as client_id')) as Row[]
    ).map((r) => r.client_id as string),
  );
  const contacts = await lastContacts(
    scope,
    clients.map((c) => c.id),
  );
  const withDates = clients.map((c) => {
    const lastContactDate = contacts.get(c.id) ?? null;
    return {
      ...c,
      lastContactDate,
      daysSinceLastContact: lastContactDate ? daysSinceLisbon(lastContactDate, ctx.now) : null,
    };
  });
  withDates.sort(compareCampaignCandidates);
  const strip = ({ daysSinceLastContact: _days, ...c }: (typeof withDates)[number]) => c;
  return {
    available: withDates.filter((c) => !contactedIds.has(c.id)).map(strip),
    contacted: withDates.filter((c) => contactedIds.has(c.id)).map(strip),
  };
}

/** The shared mutator (shared-schema/src/mutators/campaigns.ts); a client already in the campaign is 409. */
export async function addCampaignClient(ctx: DomainCtx, args: unknown): Promise<CampaignClient> {
  return runMutator<MutatorRow, CampaignClient>(ctx, 'addCampaignClient', args, ({ value, store }) =>
    fromDbRow<CampaignClient>('campaign_clients', store.dbRow('campaignClients', value.id)),
  );
}

/** The shared mutator: soft-deletes the live membership and recomputes completedCount. */
export async function removeCampaignClient(ctx: DomainCtx, args: unknown): Promise<void> {
  await runMutator(ctx, 'removeCampaignClient', args, () => undefined);
}
