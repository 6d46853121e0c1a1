import { describe, expect, it } from 'vitest';
import { createRandom } from './random';
import { inputShape } from './round-trip';
import { ROUND_TRIP_CASES, roundTripRefs, roundTripValue, type RoundTripRefIds } from './round-trip-cases';
import { MUTATION_NAMES } from '../sync/contract';
import { campaignFiltersSchema } from '../entities/campaign';

const USER = '0192f0e4-0000-7000-8000-000000000001';
const rng = createRandom('round-trip-cases');

function refIds(c: (typeof ROUND_TRIP_CASES)[number]): RoundTripRefIds {
  const ids: RoundTripRefIds = {};
  for (const [key, , n] of roundTripRefs(c))
    ids[key] = n === undefined ? rng.uuid() : Array.from({ length: n }, () => rng.uuid());
  return ids;
}

describe('ROUND_TRIP_CASES', () => {
  it.each(ROUND_TRIP_CASES)('$name: a valid value with every argument given', (c) => {
    expect(MUTATION_NAMES).toContain(c.mutation);
    const v = roundTripValue(c, rng, USER, refIds(c));
    expect(c.schema.safeParse(v.args).success).toBe(true);
    const missing = Object.keys(inputShape(c.schema)).filter(
      (k) => v.args[k] === undefined && !c.notStored?.includes(k),
    );
    expect(missing).toEqual([]);
  });

  it("differs from the row's values before the write, so a dropped field shows", () => {
    for (const c of ROUND_TRIP_CASES.filter((x) => x.before)) {
      const v = roundTripValue(c, rng, USER, refIds(c));
      for (const [group, values] of Object.entries(v.expected)) {
        const before = (c.before as Record<string, unknown>)[group];
        if (values && typeof values === 'object') {
          for (const [k, value] of Object.entries(values)) {
            expect(value, `${c.name}: ${group}.${k}`).not.toEqual((before as Record<string, unknown>)[k]);
          }
        } else expect(values, `${c.name}: ${group}`).not.toEqual(before);
      }
    }
  });

  it('fills nested objects key by key (campaign filters)', () => {
    const c = ROUND_TRIP_CASES.find((x) => x.mutation === 'createCampaign')!;
    const filters = roundTripValue(c, rng, USER, {}).args.filters as Record<string, unknown>;
    expect(Object.keys(filters).sort()).toEqual(Object.keys(campaignFiltersSchema.shape).sort());
    expect(Object.values(filters)).not.toContain(undefined);
  });
});
