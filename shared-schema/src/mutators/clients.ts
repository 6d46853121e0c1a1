import {
  clientCreateSchema,
  clientSchema,
  clientTagsSetSchema,
  clientUpdateSchema,
  errorMessages,
  fieldErrorsOf,
  findTagByName,
  parseClientCustomFields,
  tagCreateSchema,
  tagSchema,
  validationMessages,
  type ClientType,
} from '../index';
import {
  argsRecord,
  assertCanWrite,
  createEntity,
  entityRow,
  isUuid,
  MutationRejection,
  notFound,
  parseArgs,
  parseClientArgs,
  requireRow,
  syncColumnsOf,
  update,
  type ApplyCtx,
  type Row,
} from './core';

/**
 * Replay-safe by id (an existing id answers the stored row). Every field of the parsed input reaches the
 * row; the tag name list is setClientTags' job, the agent is the session's user.
 */
export async function createClient(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const input = parseClientArgs(clientCreateSchema, args);
  return createEntity(ctx, 'clients', clientSchema.shape, input, () => ({
    tags: [],
    agentId: ctx.userId,
    createdBy: ctx.userId,
  }));
}

/** {id, ...changed fields}; customFields are checked again against the merged row. */
export async function updateClient(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const { id, ...rawPatch } = argsRecord(args);
  if (!isUuid(id)) throw notFound(errorMessages.clientNotFound);
  const patch = parseClientArgs(clientUpdateSchema, rawPatch);
  const current = await requireRow(ctx, 'clients', id, errorMessages.clientNotFound);
  const type = (patch.type ?? current.type) as ClientType;
  const fields = parseClientCustomFields(type, patch.customFields ?? current.customFields);
  if (!fields.success) {
    // As the server: each custom field's message under `customFields.<key>`.
    const fieldErrors = Object.fromEntries(
      Object.entries(fieldErrorsOf(fields.error)).map(([k, v]) => [`customFields.${k}`, v]),
    );
    throw new MutationRejection(400, 'validation', validationMessages.checkRequiredFields, fieldErrors);
  }
  const { agentId: _agent, tags: _tags, ...changes } = patch;
  return update(ctx, 'clients', current, { ...changes, customFields: fields.data });
}

/**
 * Deletes the client with its tag links, follow-ups and interactions; cold calls stay, and the properties
 * they owned stay without an owner.
 */
export async function deleteClient(ctx: ApplyCtx, args: unknown): Promise<void> {
  assertCanWrite(ctx);
  const client = await requireRow(ctx, 'clients', argsRecord(args).id, errorMessages.clientNotFound);
  for (const table of ['clientTags', 'followUps', 'interactions'] as const) {
    await ctx.store.removeWhere(table, 'clientId', client.id);
  }
  for (const property of await ctx.store.where('properties', 'ownerClientId', client.id))
    await update(ctx, 'properties', property, { ownerClientId: null });
  await ctx.store.remove('clients', client.id);
}

/**
 * {clientId, tagIds}: the client's tags become exactly these; clients.tags follows (names, pt-PT order).
 * Answers the tags in that order.
 */
export async function setClientTags(ctx: ApplyCtx, args: unknown): Promise<Row[]> {
  assertCanWrite(ctx);
  const { clientId } = argsRecord(args);
  if (!isUuid(clientId)) throw notFound(errorMessages.clientNotFound);
  const { tagIds } = parseArgs(clientTagsSetSchema, args);
  const client = await requireRow(ctx, 'clients', clientId, errorMessages.clientNotFound);
  const tags: Row[] = [];
  for (const tagId of tagIds) {
    const tag = await ctx.store.get('tags', tagId);
    if (!tag) throw notFound();
    tags.push(tag);
  }
  const links = await ctx.store.where('clientTags', 'clientId', client.id);
  const wanted = new Set(tagIds);
  const linked = new Set(links.map((l) => String(l.tagId)));
  for (const link of links)
    if (!wanted.has(String(link.tagId))) await ctx.store.remove('clientTags', link.id);
  for (const tagId of tagIds) {
    if (linked.has(tagId)) continue;
    await ctx.store.put('clientTags', { ...syncColumnsOf(ctx, ctx.newId()), clientId: client.id, tagId });
  }
  const sorted = [...tags].sort((a, b) => String(a.name).localeCompare(String(b.name), 'pt-PT'));
  await update(ctx, 'clients', client, { tags: sorted.map((t) => String(t.name)) });
  return sorted;
}

/** Replay-safe by id; a live tag with the same name (case-insensitive) is reused and answered. */
export async function createTag(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const input = parseArgs(tagCreateSchema, args);
  const id = input.id ?? ctx.newId();
  const existing = await ctx.store.get('tags', id);
  if (existing) return existing;
  const same = findTagByName((await ctx.store.all('tags')) as Array<Row & { name: string }>, input.name);
  if (same) return same;
  const row = entityRow(tagSchema.shape, { ...input, ...syncColumnsOf(ctx, id) });
  await ctx.store.put('tags', row);
  return row;
}
