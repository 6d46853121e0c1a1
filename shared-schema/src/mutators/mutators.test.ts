import { describe, expect, it } from 'vitest';
import { clientCreateSchema, errorMessages, validationMessages } from '../index';
import { MUTATION_EFFECTS, MutationRejection, type Row } from './index';
import { ctxOf, memoryStore, uuid } from './memory-store.testkit';
import { createRandom, fillEveryField } from '../generators';

async function rejection(run: Promise<unknown>): Promise<MutationRejection> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof MutationRejection)) throw new Error('expected a MutationRejection');
  return err;
}

describe('shared mutators', () => {
  it('createClient keeps every field of the input (none is listed by hand) and answers the row', async () => {
    const store = memoryStore();
    // Every field of the create schema filled (generated from it, so a new field is in the input by itself);
    // tags and agentId are setClientTags' and the session's own.
    const input = fillEveryField(
      clientCreateSchema,
      { id: uuid(), type: 'Vendedor', customFields: { propertyType: 'Apartamento', location: 'Porto' } },
      createRandom('shared-create-client'),
      ['tags', 'agentId'],
    );
    const covered = Object.keys(clientCreateSchema.in.shape).filter((k) => k !== 'tags' && k !== 'agentId');
    expect(Object.keys(input).sort()).toEqual(covered.sort());
    const row = (await MUTATION_EFFECTS.createClient(ctxOf(store), input)) as Row;
    for (const [key, value] of Object.entries(input)) expect(row[key], key).toEqual(value);
    expect(store.rows.get(`clients/${input.id}`)).toEqual(row);
  });

  it('updateClient refuses custom fields that no longer fit with per-field errors, as the server', async () => {
    const store = memoryStore();
    const ctx = ctxOf(store);
    const { id } = (await MUTATION_EFFECTS.createClient(ctx, { name: 'Rui', type: 'Vendedor' })) as Row;
    const err = await rejection(MUTATION_EFFECTS.updateClient(ctx, { id, type: 'Comprador' }));
    expect(err.status).toBe(400);
    expect(err.message).toBe(validationMessages.checkRequiredFields);
    expect(err.fieldErrors).toEqual({ 'customFields.budget': validationMessages.budgetRequired });
  });

  it("completeFollowUp creates the next follow-up with the device's id", async () => {
    const store = memoryStore();
    const ctx = ctxOf(store);
    const client = (await MUTATION_EFFECTS.createClient(ctx, { name: 'Rui', type: 'Vendedor' })) as Row;
    const followUp = (await MUTATION_EFFECTS.createFollowUp(ctx, {
      clientId: client.id,
      type: 'Telefonar',
      title: 'Ligar',
      scheduledDate: '2026-11-26T10:00:00.000Z',
    })) as Row;
    const nextId = uuid();
    const done = (await MUTATION_EFFECTS.completeFollowUp(ctx, {
      id: followUp.id,
      nextFollowUp: { id: nextId, scheduledDate: '2026-12-01T10:00:00.000Z' },
    })) as { followUp: Row; nextFollowUp: Row };
    expect(done.followUp.completed).toBe(true);
    expect(done.nextFollowUp.id).toBe(nextId);
    expect(store.rows.get(`followUps/${nextId}`)?.title).toBe(`${String(done.nextFollowUp.type)} - Rui`);
  });

  // The device's side of the edge cases the server answers alike
  // (sync-server/src/features/sync/account-mutations.routes.test.ts).
  it('setClientTags with a tag id given twice links it once', async () => {
    const store = memoryStore();
    const ctx = ctxOf(store);
    const client = (await MUTATION_EFFECTS.createClient(ctx, { name: 'Rui', type: 'Vendedor' })) as Row;
    const a = (await MUTATION_EFFECTS.createTag(ctx, { name: 'Repetida A' })) as Row;
    const b = (await MUTATION_EFFECTS.createTag(ctx, { name: 'Repetida B' })) as Row;
    const tags = (await MUTATION_EFFECTS.setClientTags(ctx, {
      clientId: client.id,
      tagIds: [b.id, a.id, b.id],
    })) as Row[];
    expect(tags.map((t) => t.id)).toEqual([a.id, b.id]);
    await MUTATION_EFFECTS.setClientTags(ctx, { clientId: client.id, tagIds: [a.id, a.id] });
    const links = [...store.rows.keys()].filter((k) => k.startsWith('clientTags/'));
    expect(links).toHaveLength(1);
    expect(store.rows.get(`clients/${client.id}`)?.tags).toEqual(['Repetida A']);
  });

  it("addCampaignClient with another client's live membership id is the server's 409", async () => {
    const store = memoryStore();
    const ctx = ctxOf(store);
    const ana = (await MUTATION_EFFECTS.createClient(ctx, { name: 'Ana', type: 'Vendedor' })) as Row;
    const rui = (await MUTATION_EFFECTS.createClient(ctx, { name: 'Rui', type: 'Vendedor' })) as Row;
    const campaign = (await MUTATION_EFFECTS.createCampaign(ctx, { name: 'Ids', clientIds: [] })) as Row;
    const id = uuid();
    await MUTATION_EFFECTS.addCampaignClient(ctx, { id, campaignId: campaign.id, clientId: ana.id });
    const err = await rejection(
      MUTATION_EFFECTS.addCampaignClient(ctx, { id, campaignId: campaign.id, clientId: rui.id }),
    );
    expect([err.status, err.message]).toEqual([409, errorMessages.conflict]);
    expect(store.rows.get(`campaignClients/${id}`)?.clientId).toBe(ana.id);
  });

  it('updateProfile moves the email only when the server checked the password', async () => {
    const store = memoryStore();
    const ctx = ctxOf(store);
    const me = {
      id: ctx.userId,
      email: 'ana@exemplo.pt',
      firstName: 'Ana',
      lastName: null,
      phone: null,
      bio: null,
    };
    await store.put('users', me);
    const form = { firstName: 'Ana', email: 'nova@exemplo.pt', phone: '912345678' };
    const err = await rejection(MUTATION_EFFECTS.updateProfile(ctx, form));
    expect(err.fieldErrors).toEqual({ currentPassword: validationMessages.emailChangeNeedsPassword });
    await MUTATION_EFFECTS.updateProfile(ctx, { ...form, email: me.email, bio: 'Lisboa' });
    expect(store.rows.get(`users/${ctx.userId}`)).toMatchObject({ phone: '912345678', bio: 'Lisboa' });
    await MUTATION_EFFECTS.updateProfile({ ...ctx, emailChangeConfirmed: true }, form);
    expect(store.rows.get(`users/${ctx.userId}`)).toMatchObject({ email: 'nova@exemplo.pt', bio: null });
  });
});
