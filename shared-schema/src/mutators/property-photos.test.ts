import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../index';
import { MUTATION_EFFECTS, MutationRejection, type Row } from './index';
import { ctxOf, memoryStore, uuid } from './memory-store.testkit';

type Step =
  | { op: 'reorder'; picks: number[]; unknown: boolean }
  | { op: 'cover'; pick: number }
  | { op: 'delete'; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('reorder' as const),
    picks: fc.uniqueArray(fc.nat({ max: 7 }), { maxLength: 8 }),
    unknown: fc.boolean(),
  }),
  fc.record({ op: fc.constant('cover' as const), pick: fc.nat({ max: 7 }) }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat({ max: 7 }) }),
);

/** The gallery as a plain list of ids, cover first: what each step must leave (the reference). */
function reference(gallery: string[], step: Step, ids: string[]): string[] {
  if (step.op === 'reorder') {
    const named = step.picks.map((i) => ids[i]!).filter((id) => gallery.includes(id));
    return [...named, ...gallery.filter((id) => !named.includes(id))];
  }
  const id = ids[step.pick]!;
  if (!gallery.includes(id)) return gallery;
  return step.op === 'cover' ? [id, ...gallery.filter((g) => g !== id)] : gallery.filter((g) => g !== id);
}

async function setUp(count: number) {
  const store = memoryStore();
  const ctx = ctxOf(store);
  const propertyId = uuid();
  await store.put('properties', { id: propertyId, title: 'T2 Almada' });
  const ids = Array.from({ length: count }, () => uuid());
  for (const [position, id] of ids.entries())
    await store.put('propertyPhotos', { id, propertyId, position, isCover: position === 0, createdAt: '' });
  return { store, ctx, propertyId, ids };
}

const gallery = async (store: ReturnType<typeof memoryStore>, propertyId: string) =>
  (await store.where('propertyPhotos', 'propertyId', propertyId)).sort(
    (a, b) => Number(a.position) - Number(b.position),
  );

describe('the gallery mutators (reorder, cover, delete)', () => {
  it('match a plain list after any steps: positions 0…n-1, the first and only it the cover', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(stepArb, { maxLength: 12 }),
        async (n, steps) => {
          const { store, ctx, propertyId, ids } = await setUp(n);
          let expected = ids.slice();
          for (const step of steps) {
            const photoId = ids[step.op === 'reorder' ? 0 : step.pick];
            const live = expected.includes(photoId ?? '');
            const run =
              step.op === 'reorder'
                ? MUTATION_EFFECTS.reorderPropertyPhotos(ctx, {
                    propertyId,
                    photoIds: [...step.picks.map((i) => ids[i] ?? uuid()), ...(step.unknown ? [uuid()] : [])],
                  })
                : MUTATION_EFFECTS[step.op === 'cover' ? 'setPropertyPhotoCover' : 'deletePropertyPhoto'](
                    ctx,
                    {
                      propertyId,
                      photoId: photoId ?? uuid(),
                    },
                  );
            if (step.op !== 'reorder' && !live) {
              await expect(run).rejects.toMatchObject({
                status: 404,
                message: errorMessages.propertyPhotoNotFound,
              });
              continue;
            }
            if (step.op === 'reorder' && step.picks.length === 0 && !step.unknown) {
              await expect(run).rejects.toBeInstanceOf(MutationRejection); // at least one id
              continue;
            }
            await run;
            expected = reference(expected, step, ids);
          }
          const rows = await gallery(store, propertyId);
          expect(rows.map((r) => r.id)).toEqual(expected);
          expect(rows.map((r) => r.position)).toEqual(expected.map((_, i) => i));
          expect(rows.map((r) => r.isCover)).toEqual(expected.map((_, i) => i === 0));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes only the photos whose place or cover changed', async () => {
    const { store, ctx, propertyId, ids } = await setUp(4);
    const [a, b, c, d] = ids as [string, string, string, string];
    const before = new Map((await gallery(store, propertyId)).map((r) => [r.id, r]));
    await MUTATION_EFFECTS.reorderPropertyPhotos(ctx, { propertyId, photoIds: [a, c, b] });
    const after = await gallery(store, propertyId);
    expect(after.map((r) => r.id)).toEqual([a, c, b, d]);
    const touched = after.filter((r: Row) => r.updatedAt === ctx.now).map((r) => r.id);
    expect(touched.sort()).toEqual([b, c].sort());
    expect(after.find((r) => r.id === d)).toEqual(before.get(d));
  });

  it('refuses a viewer (403), an unknown property (404) and a photo named twice (400)', async () => {
    const { store, ctx, propertyId, ids } = await setUp(2);
    await expect(
      MUTATION_EFFECTS.setPropertyPhotoCover({ ...ctx, canWrite: false }, { propertyId, photoId: ids[1] }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      MUTATION_EFFECTS.deletePropertyPhoto(ctx, { propertyId: uuid(), photoId: ids[1] }),
    ).rejects.toMatchObject({ status: 404, message: errorMessages.propertyPhotoPropertyNotFound });
    await expect(
      MUTATION_EFFECTS.reorderPropertyPhotos(ctx, { propertyId, photoIds: [ids[1], ids[1]] }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await gallery(store, propertyId)).map((r) => r.id)).toEqual(ids);
  });
});
