import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import {
  clientSchema,
  compareCampaignCandidates,
  daysSinceLisbon,
  errorMessages,
  type Campaign,
  type CampaignClient,
  type CampaignClientsResponse,
  type CampaignFilters,
  type Client,
} from '@casa/shared-schema';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { fromDbRow, toIso, toNumber } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { idOf } from '../../http/path-id';
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

/**
 * POST /api/campaigns and the sync push: the shared mutator (shared-schema/src/mutators/campaigns.ts)
 * creates the campaign and its members in one transaction (the previewed clientIds, or the matching
 * clients ranked by rankCampaignCandidates with the last contacts the store aggregates in SQL); answers
 * the campaign with its computed totals.
 */
export async function createCampaign(ctx: DomainCtx, args: unknown): Promise<Campaign> {
  return runMutator<MutatorRow, Campaign>(ctx, 'createCampaign', args, async ({ value, store, tx }) => {
    const scope = forOrganization(tx.db, tx.auth);
    return toCampaign(store.dbRow('campaigns', value.id), await campaignTotals(scope, [value.id]));
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
