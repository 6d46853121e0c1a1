import type { Client } from '@casa/shared-schema';
import type { Row } from '@casa/shared-schema/mutators';
import type { DomainCtx } from '../../http/context';
import { runMutator } from '../sync/mutators.service';
import { toClient } from './clients.policy';

/**
 * POST /api/clients and 'client.create': the shared mutator (shared-schema/src/mutators/clients.ts) over
 * the organization scope. organizationId, agentId and createdBy come from the session. Replay-safe: an id
 * that already exists in the organization answers the existing row.
 */
export async function createClient(ctx: DomainCtx, args: unknown): Promise<Client> {
  return runMutator<Row, Client>(ctx, 'createClient', args, ({ value, store }) =>
    toClient(store.dbRow('clients', value.id)),
  );
}

/**
 * PUT /api/clients/{id} and 'client.update' (args {id, ...patch}): only the fields sent change; the
 * custom fields are checked again against the merged row (type and customFields, sent or stored).
 * A sent customFields object replaces the stored one.
 */
export async function updateClient(ctx: DomainCtx, args: unknown): Promise<Client> {
  return runMutator<Row, Client>(ctx, 'updateClient', args, ({ value, store }) =>
    toClient(store.dbRow('clients', value.id)),
  );
}

/**
 * DELETE /api/clients/{id} and 'client.delete': soft-deletes the client with its tag links, follow-ups
 * and interactions in one transaction. Cold calls keep their history (their client row is just gone).
 */
export async function deleteClient(ctx: DomainCtx, args: unknown): Promise<void> {
  await runMutator(ctx, 'deleteClient', args, () => undefined);
}
