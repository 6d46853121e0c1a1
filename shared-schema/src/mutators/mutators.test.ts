import { describe, expect, it } from 'vitest';
import { clientCreateSchema, validationMessages, type SyncTable } from '../index';
import { MUTATION_EFFECTS, MutationRejection, type ApplyCtx, type MutationStore, type Row } from './index';
import { createRandom, fillEveryField } from '../generators';

/** The smallest MutationStore: live rows in memory (removed rows are gone, as on the device). */
function memoryStore(): MutationStore & { rows: Map<string, Row> } {
  const rows = new Map<string, Row>();
  const of = (table: SyncTable) =>
    [...rows.entries()].filter(([k]) => k.startsWith(`${table}/`)).map(([, row]) => row);
  const store = {
    rows,
    get: async (table: SyncTable, id: string) => rows.get(`${table}/${id}`),
    where: async (table: SyncTable, field: string, value: string) =>
      of(table).filter((row) => row[field] === value),
    all: async (table: SyncTable) => of(table),
    put: async (table: SyncTable, row: Row) => void rows.set(`${table}/${row.id}`, { ...row }),
    remove: async (table: SyncTable, id: string) => void rows.delete(`${table}/${id}`),
    removeWhere: async (table: SyncTable, field: string, value: string) => {
      for (const row of await store.where(table, field, value)) rows.delete(`${table}/${row.id}`);
    },
  };
  return store;
}

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${(++seq).toString(16).padStart(12, '0')}`;

function ctxOf(store: MutationStore): ApplyCtx {
  return {
    store,
    userId: uuid(),
    organizationId: uuid(),
    canWrite: true,
    now: '2026-11-25T10:00:00.000Z',
    actedAt: '2026-11-25T09:59:00.000Z',
    newId: uuid,
  };
}

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
});
