import {
  errorMessages,
  interactionCreateSchema,
  newInteractionFields,
  RECENT_INTERACTIONS_LIMIT,
  uuidSchema,
  validationMessages,
  type Interaction,
  type RecentInteraction,
} from '@casa/shared-schema';
import { actedAt, type DomainCtx } from '../../http/context';
import { conflict, notFound, validationError } from '../../http/errors';
import { fromDbRow, fromDbRows, toDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../accounts/user-views';
import { assertCanWrite, clientIdOf } from '../clients/clients.policy';

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
 * POST /api/clients/{id}/interactions and 'interaction.create'. Organization, agent and createdBy come
 * from the session; 'saída'/'entrada' are stored as outgoing/incoming; empty texts become null; a bare
 * follow-up date means 10:00 Lisbon time. Replay-safe by id.
 */
export async function addInteraction(ctx: DomainCtx, args: unknown): Promise<Interaction> {
  assertCanWrite(ctx.auth);
  const clientId = clientIdOf((args as Row | undefined)?.clientId);
  const input = interactionCreateSchema.parse(args);
  if (input.relatedId && !uuidSchema.safeParse(input.relatedId).success) {
    throw validationError(validationMessages.invalidId, { relatedId: validationMessages.invalidId });
  }
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    if (input.id) {
      const existing = await scope.find('client_interactions', input.id);
      if (existing) return fromDbRow<Interaction>('client_interactions', existing);
    }
    if (!(await scope.find('clients', clientId))) throw notFound(errorMessages.clientNotFound);
    const data = {
      ...(input.id ? { id: input.id } : {}),
      ...newInteractionFields(clientId, input, { userId: tx.auth.userId }),
    };
    try {
      const stamped = { ...toDbRow('client_interactions', data), created_at: actedAt(tx) };
      const row = await scope.insert('client_interactions', stamped, tx.now);
      return fromDbRow<Interaction>('client_interactions', row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(errorMessages.conflict);
      throw err;
    }
  });
}
