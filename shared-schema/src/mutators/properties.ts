import {
  distritoOf,
  errorMessages,
  nextPropertyReference,
  propertyCreateSchema,
  propertyCrossFieldIssues,
  propertySchema,
  propertyUpdateSchema,
  sameReference,
  validationMessages as m,
} from '../index';
import {
  argsRecord,
  assertCanWrite,
  createEntity,
  isUuid,
  MutationRejection,
  notFound,
  parseClientArgs,
  requireRow,
  update,
  type ApplyCtx,
  type Row,
} from './core';

const invalid = (field: string, message: string) =>
  new MutationRejection(400, 'validation', m.checkRequiredFields, { [field]: message });

/** The owner must be a live Vendedor client of the organization. */
async function checkOwner(ctx: ApplyCtx, ownerClientId: string | null | undefined) {
  if (!ownerClientId) return;
  const owner = await ctx.store.get('clients', ownerClientId);
  if (!owner) throw invalid('ownerClientId', m.ownerNotFound);
  if (owner.type !== 'Vendedor') throw invalid('ownerClientId', m.ownerMustBeSeller);
}

/** The responsible agent must be a member of the organization (the device's replica lists them all). */
async function checkAgent(ctx: ApplyCtx, agentId: string | null | undefined) {
  if (!agentId || agentId === ctx.userId) return;
  const member = await ctx.store.get('users', agentId);
  if (!member || member.organizationId !== ctx.organizationId) throw invalid('agentId', m.agentNotMember);
}

/** A reference given by hand must be free among the organization's live properties (except `selfId`). */
async function checkReferenceFree(ctx: ApplyCtx, reference: string, selfId?: string) {
  const taken = (await ctx.store.all('properties')).some(
    (p) => p.id !== selfId && sameReference(p.reference, reference),
  );
  if (taken) throw new MutationRejection(409, 'conflict', m.referenceTaken, { reference: m.referenceTaken });
}

/**
 * Replay-safe by id. Without a reference, the next CASA-number of the organization's live properties
 * (the device's is provisional: the server runs this again and its value is the one pulled back,
 * docs/decisions.md). The agent defaults to the author, createdBy is the author.
 */
export async function createProperty(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const input = parseClientArgs(propertyCreateSchema, args);
  return createEntity(ctx, 'properties', propertySchema.shape, input, async () => {
    await checkOwner(ctx, input.ownerClientId);
    await checkAgent(ctx, input.agentId);
    if (input.reference) await checkReferenceFree(ctx, input.reference);
    const taken = input.reference ? [] : (await ctx.store.all('properties')).map((p) => p.reference);
    return {
      reference: input.reference || nextPropertyReference(taken),
      agentId: input.agentId ?? ctx.userId,
      createdBy: ctx.userId,
    };
  });
}

/** {id, ...changed fields}: the cross-field rules (concelho in distrito, contract dates) on the merged row. */
export async function updateProperty(ctx: ApplyCtx, args: unknown): Promise<Row> {
  assertCanWrite(ctx);
  const { id, ...rawPatch } = argsRecord(args);
  if (!isUuid(id)) throw notFound(errorMessages.propertyNotFound);
  const patch = parseClientArgs(propertyUpdateSchema, rawPatch);
  const current = await requireRow(ctx, 'properties', id, errorMessages.propertyNotFound);
  const changes: Record<string, unknown> = { ...patch };
  // A blank reference keeps the stored one (a property always has one).
  if (!patch.reference) delete changes.reference;
  else if (!sameReference(patch.reference, current.reference))
    await checkReferenceFree(ctx, patch.reference, current.id);
  if (patch.ownerClientId !== undefined && patch.ownerClientId !== current.ownerClientId)
    await checkOwner(ctx, patch.ownerClientId);
  if (patch.agentId !== undefined && patch.agentId !== current.agentId) await checkAgent(ctx, patch.agentId);
  // A new concelho without a distrito brings its own distrito.
  if (patch.concelho && patch.distrito === undefined)
    changes.distrito = distritoOf(patch.concelho) ?? current.distrito;
  const merged = { ...current, ...changes } as Record<string, string | null | undefined>;
  const issues = propertyCrossFieldIssues(merged);
  if (Object.keys(issues).length > 0)
    throw new MutationRejection(400, 'validation', m.checkRequiredFields, issues);
  return update(ctx, 'properties', current, changes);
}

/** Soft delete (a tombstone on the devices). */
export async function deleteProperty(ctx: ApplyCtx, args: unknown): Promise<void> {
  assertCanWrite(ctx);
  const row = await requireRow(ctx, 'properties', argsRecord(args).id, errorMessages.propertyNotFound);
  // Its photos go with it (the server also drops their bytes: features/properties/properties.domain.ts).
  await ctx.store.removeWhere('propertyPhotos', 'propertyId', row.id);
  await ctx.store.remove('properties', row.id);
}
