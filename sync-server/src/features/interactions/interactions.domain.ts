import {
  errorMessages,
  RECENT_INTERACTIONS_LIMIT,
  type Interaction,
  type RecentInteraction,
} from '@casa/shared-schema';
import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import type { DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { fromDbRow, fromDbRows } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { clientIdOf } from '../clients/clients.policy';
import { runMutator } from '../sync/mutators.service';

type Row = Record<string, unknown>;

/** GET /api/clients/{id}/interactions: newest first. */
export async function listClientInteractions(ctx: DomainCtx, clientId: unknown): Promise<Interaction[]> {
  const id = clientIdOf(clientId);
  const scope = forOrganization(ctx.db, ctx.auth);
  if (!(await scope.find('clients', id))) throw notFound(errorMessages.clientNotFound);
  const rows = (await scope
    .table('client_interactions')
    .where('client_interactions.client_id', id)
    .orderBy('client_interactions.created_at', 'desc')
    .orderBy('client_interactions.id', 'desc')) as Row[];
  return fromDbRows<Interaction>('client_interactions', rows);
}

/** GET /api/interactions/recent: the organization's latest interactions with the client's name. */
export async function recentInteractions(ctx: DomainCtx): Promise<RecentInteraction[]> {
  const rows = (await forOrganization(ctx.db, ctx.auth)
    .table('client_interactions')
    .leftJoin('clients', 'clients.id', 'client_interactions.client_id')
    .select('client_interactions.*', 'clients.name as client_name')
    .orderBy('client_interactions.created_at', 'desc')
    .orderBy('client_interactions.id', 'desc')
    .limit(RECENT_INTERACTIONS_LIMIT)) as Row[];
  return fromDbRows<RecentInteraction>('client_interactions', rows);
}

/**
 * POST /api/clients/{id}/interactions and 'interaction.create', the shared mutator
 * (shared-schema/src/mutators/follow-ups.ts). Organization, agent and createdBy come from the session;
 * 'saída'/'entrada' are stored as outgoing/incoming; empty texts become null; a bare follow-up date
 * means 10:00 Lisbon time. Replay-safe by id.
 */
export async function addInteraction(ctx: DomainCtx, args: unknown): Promise<Interaction> {
  return runMutator<MutatorRow, Interaction>(ctx, 'addInteraction', args, ({ value, store }) =>
    fromDbRow<Interaction>('client_interactions', store.dbRow('interactions', value.id)),
  );
}
