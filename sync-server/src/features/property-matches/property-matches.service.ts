import type { Knex } from 'knex';
import {
  buyersPreparer,
  matchBuyersForProperty,
  notificationTexts as t,
  type Client,
  type PreparedBuyers,
  type Property,
} from '@casa/shared-schema';
import { fromDbRow, fromDbRows } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import type { TxCtx } from '../../db/transaction';
import { createNotification } from '../notifications/notifications.domain';

type Row = Record<string, unknown>;

/** A queued property_match_jobs row, as the scheduler reads it. */
export type PropertyMatchJob = { id: string; organization_id: string; property_id: string };

/** Buyer names listed in one notification's body; the rest are counted. */
const NAMES_SHOWN = 3;

/** The client types matching can read (the rest never match): fewer rows to load. */
const BUYER_TYPES = ['Comprador', 'Investidor'];

/** An organization's buyers, read and prepared once for every job of a tick (an import queues many). */
export type OrganizationBuyers = { byId: ReadonlyMap<string, Client>; prepared: PreparedBuyers };

/**
 * Buyers per keyset page. At 50,000 clients one statement and one preparation held the event loop for
 * seconds; a page of 1,000 is read and prepared in about as long as the final ranking takes (tens of ms,
 * scripts/bench/README.md), 2,000 in twice that.
 */
export const BUYERS_PAGE = 1_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the buyers in keyset pages by id (clients_live_id_index) and prepares each page as it comes,
 * yielding the event loop between pages: on SQLite every statement runs synchronously, and the scheduler
 * shares the process with the requests. Called before the claiming transactions (no lock is held meanwhile).
 */
export async function readBuyers(
  db: Knex | Knex.Transaction,
  organizationId: string,
  { pageSize = BUYERS_PAGE }: { pageSize?: number } = {},
): Promise<OrganizationBuyers> {
  const byId = new Map<string, Client>();
  const preparer = buyersPreparer();
  for (let after: string | null = null; ;) {
    let page = forOrganization(db, { organizationId })
      .table('clients')
      .whereIn('clients.type', BUYER_TYPES)
      .orderBy('clients.id')
      .limit(pageSize);
    if (after !== null) page = page.where('clients.id', '>', after);
    const clients = fromDbRows<Client>(
      'clients',
      (await page.select(
        'clients.id',
        'clients.name',
        'clients.type',
        'clients.custom_fields',
        'clients.agent_id',
        'clients.created_by',
      )) as Row[],
    );
    for (const c of clients) byId.set(c.id, c);
    preparer.add(clients);
    if (clients.length < pageSize) break;
    after = clients[clients.length - 1]!.id;
    await yieldToEventLoop();
  }
  return { byId, prepared: preparer.finish() };
}

/**
 * One claimed job, inside the claiming transaction: the organization's buyers that match the property
 * now and were never told about it, grouped by their responsible agent (else their creator), one
 * notification per agent ('3 compradores compatíveis com CASA-000123', linking to /imoveis/{id}). The
 * pairs are remembered even when the agent's preference is off: switching it on later does not replay.
 * Answers how many notifications were created.
 */
export async function notifyPropertyMatches(
  tx: TxCtx,
  job: PropertyMatchJob,
  buyers: OrganizationBuyers,
): Promise<number> {
  const scope = forOrganization(tx.db, { organizationId: job.organization_id });
  const row = (await scope.find('properties', job.property_id)) as Row | undefined;
  if (!row) return 0;
  const property = fromDbRow<Property>('properties', row);
  const matches = matchBuyersForProperty(property, buyers.prepared);
  if (matches.length === 0) return 0;

  const told = new Set(
    (await scope
      .table('property_match_notified')
      .where('property_match_notified.property_id', property.id)
      .pluck('property_match_notified.client_id')) as string[],
  );
  const fresh = matches.filter((m) => !told.has(m.clientId));
  if (fresh.length === 0) return 0;
  await scope.append(
    'property_match_notified',
    fresh.map((m) => ({ property_id: property.id, client_id: m.clientId, created_at: tx.now })),
  );

  const byAgent = new Map<string, Client[]>();
  for (const m of fresh) {
    const buyer = buyers.byId.get(m.clientId)!;
    const agentId = buyer.agentId ?? buyer.createdBy;
    if (agentId) byAgent.set(agentId, [...(byAgent.get(agentId) ?? []), buyer]);
  }
  // Only active members of this organization are told (a deactivated agent's buyers wait for reassignment).
  const active = new Set(
    (await tx
      .db('users')
      .where({ organization_id: job.organization_id, status: 'active' })
      .whereIn('id', [...byAgent.keys()])
      .pluck('id')) as string[],
  );
  let created = 0;
  for (const [agentId, buyers] of [...byAgent].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!active.has(agentId)) continue;
    const names = buyers.slice(0, NAMES_SHOWN).map((b) => b.name);
    if (buyers.length > NAMES_SHOWN) names.push(`mais ${buyers.length - NAMES_SHOWN}`);
    const n = await createNotification(tx, {
      userId: agentId,
      organizationId: job.organization_id,
      type: 'property_match',
      title: t.propertyMatchTitle(buyers.length, property.reference),
      body: t.propertyMatchBody(property.title, names),
      data: {
        url: `/imoveis/${property.id}`,
        propertyId: property.id,
        reference: property.reference,
        clientIds: buyers.slice(0, 100).map((b) => b.id),
        count: buyers.length,
      },
    });
    if (n) created++;
  }
  return created;
}
