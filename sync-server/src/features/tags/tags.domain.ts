import { errorMessages, type Tag, type TagRef } from '@casa/shared-schema';
import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import type { DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { fromDbRow, fromDbRows } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { clientIdOf } from '../clients/clients.policy';
import { runMutator } from '../sync/mutators.service';

type Row = Record<string, unknown>;

const tagRef = (tag: Row): TagRef => ({
  id: String(tag.id),
  name: String(tag.name),
  color: String(tag.color),
});

/** GET /api/tags: the organization's live tags by name. */
export async function listTags(ctx: DomainCtx): Promise<Tag[]> {
  const rows = (await forOrganization(ctx.db, ctx.auth).table('tags').orderBy('tags.name')) as Row[];
  return fromDbRows<Tag>('tags', rows);
}

/**
 * POST /api/tags and 'tag.create', the shared mutator: a live tag with the same name, compared
 * case-insensitively in JavaScript (SQLite's lower() folds ASCII only), is reused: `created` is then
 * false. Replay-safe by id as well.
 */
export async function createTag(ctx: DomainCtx, args: unknown): Promise<{ tag: Tag; created: boolean }> {
  return runMutator<MutatorRow, { tag: Tag; created: boolean }>(
    ctx,
    'createTag',
    args,
    ({ value, store }) => ({
      tag: fromDbRow<Tag>('tags', store.dbRow('tags', value.id)),
      created: store.inserted('tags', value.id),
    }),
  );
}

/** GET /api/clients/{id}/tags. */
export async function listClientTags(ctx: DomainCtx, clientId: unknown): Promise<TagRef[]> {
  const id = clientIdOf(clientId);
  const scope = forOrganization(ctx.db, ctx.auth);
  if (!(await scope.find('clients', id))) throw notFound(errorMessages.clientNotFound);
  const rows = (await scope
    .table('client_tags')
    .join('tags', 'tags.id', 'client_tags.tag_id')
    .whereNull('tags.deleted_at')
    .where('client_tags.client_id', id)
    .orderBy('tags.name')
    .select('tags.id', 'tags.name', 'tags.color')) as Row[];
  return rows.map(tagRef);
}

/**
 * POST /api/clients/{id}/tags and 'client.setTags', the shared mutator: the client's tags become exactly
 * `tagIds`. Removed links are soft-deleted, new ones inserted, and the clients.tags name list and search
 * text follow. A tag id of another organization is a 404.
 */
export async function setClientTags(ctx: DomainCtx, args: unknown): Promise<TagRef[]> {
  return runMutator<MutatorRow[], TagRef[]>(ctx, 'setClientTags', args, ({ value }) => value.map(tagRef));
}
