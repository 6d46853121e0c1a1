import Dexie from 'dexie';
import {
  compareCampaignCandidates,
  lisbonDaysSinceCounter,
  type Campaign,
  type Client,
} from '@casa/shared-schema';
import type { ReplicaDb } from '../../data/db';
import { coldCallFigures, type ColdCallFigures, type RankedClient } from './cold-calls.logic';

/** Up to this many clients, last contacts are read per client; above, from the whole index once. */
const POINT_LOOKUP_LIMIT = 300;

const later = (a: string | undefined, b: string) => (!a || Date.parse(b) > Date.parse(a) ? b : a);

/**
 * Each client's last contact: its latest interaction (createdAt) or cold call (calledAt), as the
 * server's list generator sees it. Without `clientIds`, every client (interaction index keys only).
 */
export async function lastContactMap(
  db: ReplicaDb,
  clientIds?: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const note = (clientId: unknown, at: unknown) => {
    if (typeof clientId === 'string' && typeof at === 'string')
      out.set(clientId, later(out.get(clientId), at));
  };
  if (clientIds && clientIds.length <= POINT_LOOKUP_LIMIT) {
    await Promise.all(
      clientIds.map(async (id) => {
        const last = await db.interactions
          .where('[clientId+createdAt]')
          .between([id, Dexie.minKey], [id, Dexie.maxKey])
          .last();
        if (last) note(id, last.createdAt);
        for (const call of await db.coldCalls.where('clientId').equals(id).toArray()) note(id, call.calledAt);
      }),
    );
    return out;
  }
  const keys = (await db.interactions.orderBy('[clientId+createdAt]').keys()) as unknown as [
    string,
    string,
  ][];
  for (const [clientId, createdAt] of keys) note(clientId, createdAt);
  await db.coldCalls.each((call) => note(call.clientId, call.calledAt));
  return out;
}

/** The four stat cards of /coldcalls. */
export async function coldCallStats(db: ReplicaDb, now: Date = new Date()): Promise<ColdCallFigures> {
  const [calls, campaigns] = await Promise.all([db.coldCalls.toArray(), db.campaigns.toArray()]);
  return coldCallFigures(calls, campaigns, now);
}

/** memberCount: live members; contactedCount: those with a call logged in the campaign (its progress). */
export type CampaignSummary = Campaign & { memberCount: number; contactedCount: number };

/**
 * Every campaign, newest first (as GET /api/campaigns), with its progress counted from the same member
 * set the detail lists show: members whose client is live, contacted when a call was logged in the
 * campaign. The target the campaign was created with is not the denominator: members are added by hand
 * and by calls, and leave with their deleted client.
 */
export async function campaignSummaries(db: ReplicaDb): Promise<CampaignSummary[]> {
  const [campaigns, memberships, calls] = await Promise.all([
    db.campaigns.toArray(),
    db.campaignClients.toArray(),
    db.coldCalls.where('campaignId').above('').toArray(),
  ]);
  const memberClientIds = [...new Set(memberships.map((m) => m.clientId))];
  const live = new Set(
    (await db.clients.where(':id').anyOf(memberClientIds).primaryKeys()) as unknown as string[],
  );
  const called = new Set(calls.map((c) => `${c.campaignId}|${c.clientId}`));
  const members = new Map<string, Set<string>>();
  for (const m of memberships) {
    if (!live.has(m.clientId)) continue;
    const set = members.get(m.campaignId) ?? new Set<string>();
    set.add(m.clientId);
    members.set(m.campaignId, set);
  }
  return campaigns
    .sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt > b.createdAt ? -1 : 1,
    )
    .map((c) => {
      const ids = [...(members.get(c.id) ?? [])];
      const contactedCount = ids.filter((id) => called.has(`${c.id}|${id}`)).length;
      return { ...c, memberCount: ids.length, contactedCount };
    });
}

export type CampaignLists = { available: RankedClient[]; contacted: RankedClient[] };

/**
 * GET /api/campaigns/{id}/clients from the replica: the live members, 'contacted' when they have a
 * call logged in this campaign, each with the last contact date, in the list generator's order.
 */
export async function campaignLists(
  db: ReplicaDb,
  campaignId: string,
  now: Date = new Date(),
): Promise<CampaignLists> {
  const members = await db.campaignClients.where('campaignId').equals(campaignId).toArray();
  const ids = [...new Set(members.map((m) => m.clientId))];
  const clients = (await db.clients.bulkGet(ids)).filter((c): c is Client => Boolean(c));
  const calls = await db.coldCalls.where('campaignId').equals(campaignId).toArray();
  const called = new Set(calls.map((c) => c.clientId));
  const contacts = await lastContactMap(
    db,
    clients.map((c) => c.id),
  );
  const daysSince = lisbonDaysSinceCounter(now);
  const ranked = clients
    .map((client) => {
      const lastContactDate = contacts.get(client.id) ?? null;
      return {
        client,
        id: client.id,
        lastContactDate,
        daysSinceLastContact: lastContactDate ? daysSince(lastContactDate) : null,
      };
    })
    .sort(compareCampaignCandidates);
  return {
    available: ranked.filter((r) => !called.has(r.id)),
    contacted: ranked.filter((r) => called.has(r.id)),
  };
}
