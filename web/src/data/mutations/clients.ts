import {
  clientCreateSchema,
  clientTagsSetSchema,
  clientUpdateSchema,
  errorMessages,
  fieldErrorsOf,
  findTagByName,
  parseClientCustomFields,
  tagCreateSchema,
  validationMessages,
  type ClientType,
} from '@casa/shared-schema';
import {
  argsRecord,
  assertCanWrite,
  MutationRejection,
  notFound,
  parseArgs,
  parseClientArgs,
  requireRow,
  syncColumnsOf,
  update,
  type ApplyCtx,
} from './core';
import type { Row } from '../db';

/** Same rules as the server's createClient: replay-safe by id; the tag name list is setClientTags' job. */
export async function createClient(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const input = parseClientArgs(clientCreateSchema, args);
  const id = input.id ?? ctx.newId();
  if (await ctx.store.get('clients', id)) return;
  await ctx.store.put('clients', {
    ...syncColumnsOf(ctx, id),
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    type: input.type,
    rating: input.rating,
    birthday: input.birthday ?? null,
    notes: input.notes ?? null,
    tags: [],
    customFields: input.customFields,
    agentId: ctx.userId,
    createdBy: ctx.userId,
  });
}

/** {id, ...changed fields}; customFields are checked again against the merged row. */
export async function updateClient(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const { id, ...rawPatch } = argsRecord(args);
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
  await update(ctx, 'clients', current, { ...changes, customFields: fields.data });
}

/** Deletes the client with its tag links, follow-ups and interactions; cold calls stay. */
export async function deleteClient(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const client = await requireRow(ctx, 'clients', argsRecord(args).id, errorMessages.clientNotFound);
  for (const table of ['clientTags', 'followUps', 'interactions'] as const) {
    for (const row of await ctx.store.where(table, 'clientId', client.id)) {
      await ctx.store.remove(table, row.id);
    }
  }
  await ctx.store.remove('clients', client.id);
}

/** {clientId, tagIds}: the client's tags become exactly these; clients.tags follows (names, pt-PT order). */
export async function setClientTags(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const client = await requireRow(ctx, 'clients', argsRecord(args).clientId, errorMessages.clientNotFound);
  const { tagIds } = parseArgs(clientTagsSetSchema, args);
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
  const names = tags.map((t) => String(t.name)).sort((a, b) => a.localeCompare(b, 'pt-PT'));
  await update(ctx, 'clients', client, { tags: names });
}

/** A live tag with the same name (case-insensitive) is reused, as on the server. */
export async function createTag(ctx: ApplyCtx, args: unknown) {
  assertCanWrite(ctx);
  const input = parseArgs(tagCreateSchema, args);
  const id = input.id ?? ctx.newId();
  if (await ctx.store.get('tags', id)) return;
  if (findTagByName((await ctx.store.all('tags')) as Array<Row & { name: string }>, input.name)) return;
  await ctx.store.put('tags', { ...syncColumnsOf(ctx, id), name: input.name, color: input.color });
}
