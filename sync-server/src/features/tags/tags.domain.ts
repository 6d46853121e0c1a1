import {
  clientSearchText,
  clientTagsSetSchema,
  errorMessages,
  findTagByName,
  tagCreateSchema,
  type Tag,
  type TagRef,
} from '@casa/shared-schema';
import { actedAt, type DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { fromDbRow, fromDbRows, toDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import { assertCanWrite, clientIdOf, toClient } from '../clients/clients.policy';

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
 * POST /api/tags and 'tag.create'. A live tag with the same name, compared case-insensitively in
 * JavaScript (SQLite's lower() folds ASCII only), is reused: `created` is then false. Replay-safe
 * by id as well.
 */
export async function createTag(ctx: DomainCtx, args: unknown): Promise<{ tag: Tag; created: boolean }> {
  assertCanWrite(ctx.auth);
  const input = tagCreateSchema.parse(args);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    if (input.id) {
      const existing = await scope.find('tags', input.id);
      if (existing) return { tag: fromDbRow<Tag>('tags', existing), created: false };
    }
    const same = findTagByName(
      (await scope.table('tags').select('tags.*')) as Array<Row & { name: string }>,
      input.name,
    );
    if (same) return { tag: fromDbRow<Tag>('tags', same), created: false };
    const row = {
      ...(input.id ? { id: input.id } : {}),
      name: input.name,
      color: input.color,
      created_at: actedAt(tx),
    };
    return { tag: fromDbRow<Tag>('tags', await scope.insert('tags', row, tx.now)), created: true };
  });
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
 * POST /api/clients/{id}/tags and 'client.setTags': the client's tags become exactly `tagIds`.
 * Removed links are soft-deleted, new ones inserted, and
 * the clients.tags name list and search text follow. A tag id of another organization is a 404.
 */
export async function setClientTags(ctx: DomainCtx, args: unknown): Promise<TagRef[]> {
  assertCanWrite(ctx.auth);
  const clientId = clientIdOf((args as Row | undefined)?.clientId);
  const { tagIds } = clientTagsSetSchema.parse(args);
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const client = await scope.find('clients', clientId);
    if (!client) throw notFound(errorMessages.clientNotFound);
    const tags = tagIds.length ? ((await scope.table('tags').whereIn('tags.id', tagIds)) as Row[]) : [];
    if (tags.length !== tagIds.length) throw notFound();

    const links = (await scope.table('client_tags').where('client_tags.client_id', clientId)) as Row[];
    const linked = new Set(links.map((l) => String(l.tag_id)));
    const wanted = new Set(tagIds);
    const removed = [...linked].filter((id) => !wanted.has(id));
    if (removed.length) {
      await scope.softDeleteWhere(
        'client_tags',
        (q) => void q.where('client_tags.client_id', clientId).whereIn('client_tags.tag_id', removed),
        tx.now,
      );
    }
    const added = tagIds.filter((id) => !linked.has(id));
    if (added.length) {
      await scope.insertMany(
        'client_tags',
        added.map((tagId) => ({ client_id: clientId, tag_id: tagId, created_at: actedAt(tx) })),
        tx.now,
      );
    }

    const refs = tags.map(tagRef).sort((a, b) => a.name.localeCompare(b.name, 'pt-PT'));
    const names = refs.map((t) => t.name);
    const current = toClient(client);
    await scope.update(
      'clients',
      clientId,
      { ...toDbRow('clients', { tags: names }), search_text: clientSearchText(current, names) },
      tx.now,
    );
    return refs;
  });
}
