import { clientSchema, SYNC_TABLES, type Client, type SyncTable } from '@casa/shared-schema';
import { blankRow } from '@casa/shared-schema/generators';
import { ReplicaDb, type Row } from '../db';

export const ORG = '11111111-1111-4111-8111-111111111111';
export const AGENT = '22222222-2222-4222-8222-222222222222';
export const VIEWER = '33333333-3333-4333-8333-333333333333';
export const AGENT2 = '44444444-4444-4444-8444-444444444444';

export const buyer = (name: string) => ({ name, type: 'Comprador', customFields: { budget: 250000 } });
export const seller = (name: string) => ({ name, type: 'Vendedor', phone: '912345678' });

let clientSeq = 0;
/** A whole client row of the replica ('Cliente N', a Comprador of ORG with nothing filled in), plus `over`. */
export function clientRow(over: Partial<Client> = {}): Client {
  clientSeq += 1;
  // blankRow: every field this fixture does not name is blank (null, [] or {}) as the schema allows.
  return blankRow(clientSchema, {
    id: `00000000-0000-4000-8000-${String(clientSeq).padStart(12, '0')}`,
    organizationId: ORG,
    name: `Cliente ${clientSeq}`,
    type: 'Comprador',
    rating: 0,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...over,
  });
}

/**
 * A fresh replica holding Compradores with these names (ids c0, c1, … in the given order), for the index's
 * ordering tests; delete it when done.
 */
export async function replicaWithClientsNamed(names: readonly string[], label: string): Promise<ReplicaDb> {
  const db = new ReplicaDb(`${label}-${Math.random()}`);
  await db.clients.bulkPut(names.map((name, i) => clientRow({ id: `c${i}`, name })));
  return db;
}

/** Every replicated table of a replica, rows sorted by id (to compare with the server's state). */
export async function replicaState(db: ReplicaDb): Promise<Record<SyncTable, Row[]>> {
  const entries = await Promise.all(
    SYNC_TABLES.map(async (t) => [
      t,
      (await db.replicated(t).toArray()).sort((a, b) => (a.id < b.id ? -1 : 1)),
    ]),
  );
  return Object.fromEntries(entries) as Record<SyncTable, Row[]>;
}
