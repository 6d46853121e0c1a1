import { ZodError } from 'zod';
import {
  clientCreateSchema,
  clientSearchText,
  clientUpdateSchema,
  errorMessages,
  fieldErrorsOf,
  parseClientCustomFields,
  validationMessages,
  type Client,
  type ClientType,
} from '@casa/shared-schema';
import { actedAt, type DomainCtx } from '../../http/context';
import { conflict, notFound, validationError } from '../../http/errors';
import { toDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../accounts/user-views';
import { assertCanWrite, clientIdOf, toClient } from './clients.policy';

type Row = Record<string, unknown>;

/** Client form failures answer 400 'Verifique os campos obrigatórios' with the per-field messages. */
function parseClientInput<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof ZodError) {
      throw validationError(validationMessages.checkRequiredFields, fieldErrorsOf(err));
    }
    throw err;
  }
}

/**
 * POST /api/clients and 'client.create'. organizationId, agentId and createdBy come from the session
 * (the spec gives no way to assign another agent). Replay-safe: an id that already exists in the
 * organization answers the existing row.
 */
export async function createClient(ctx: DomainCtx, args: unknown): Promise<Client> {
  assertCanWrite(ctx.auth);
  const input = parseClientInput(() => clientCreateSchema.parse(args));
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    if (input.id) {
      const existing = await scope.find('clients', input.id);
      if (existing) return toClient(existing);
    }
    const data = {
      ...(input.id ? { id: input.id } : {}),
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      type: input.type,
      rating: input.rating,
      birthday: input.birthday ?? null,
      notes: input.notes ?? null,
      tags: [], // the name list mirrors client_tags: only setClientTags writes it
      customFields: input.customFields,
      agentId: tx.auth.userId,
      createdBy: tx.auth.userId,
    };
    const row = { ...toDbRow('clients', data), search_text: clientSearchText(data), created_at: actedAt(tx) };
    try {
      return toClient(await scope.insert('clients', row, tx.now));
    } catch (err) {
      // The id belongs to a deleted client or to another organization: never overwrite it.
      if (isUniqueViolation(err)) throw conflict(errorMessages.conflict);
      throw err;
    }
  });
}

/**
 * PUT /api/clients/{id} and 'client.update' (args {id, ...patch}): only the fields sent change; the
 * custom fields are checked again against the merged row (type and customFields, sent or stored).
 * A sent customFields object replaces the stored one.
 */
export async function updateClient(ctx: DomainCtx, args: unknown): Promise<Client> {
  assertCanWrite(ctx.auth);
  const { id: rawId, ...rawPatch } = (args ?? {}) as Row;
  const id = clientIdOf(rawId);
  const patch = parseClientInput(() => clientUpdateSchema.parse(rawPatch));
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const stored = await scope.find('clients', id);
    if (!stored) throw notFound(errorMessages.clientNotFound);
    const current = toClient(stored);
    const type: ClientType = patch.type ?? current.type;
    const fields = parseClientCustomFields(type, patch.customFields ?? current.customFields);
    if (!fields.success) {
      const fieldErrors = Object.fromEntries(
        Object.entries(fieldErrorsOf(fields.error)).map(([k, v]) => [`customFields.${k}`, v]),
      );
      throw validationError(validationMessages.checkRequiredFields, fieldErrors);
    }
    const { agentId: _agent, tags: _tags, ...changes } = patch;
    const next = { ...changes, customFields: fields.data as Record<string, unknown> };
    const searchText = clientSearchText({ ...current, ...next }, current.tags);
    const row = { ...toDbRow('clients', next), search_text: searchText };
    return toClient(await scope.update('clients', id, row, tx.now));
  });
}

/**
 * DELETE /api/clients/{id} and 'client.delete': soft-deletes the client with its tag links, follow-ups
 * and interactions in one transaction. Cold calls keep their history (their client row is just gone).
 */
export async function deleteClient(ctx: DomainCtx, args: unknown): Promise<void> {
  assertCanWrite(ctx.auth);
  const id = clientIdOf((args as Row | undefined)?.id);
  await inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    if (!(await scope.find('clients', id))) throw notFound(errorMessages.clientNotFound);
    for (const table of ['client_tags', 'follow_ups', 'client_interactions'] as const) {
      await scope.softDeleteWhere(table, { client_id: id }, tx.now);
    }
    await scope.softDelete('clients', id, tx.now);
  });
}
