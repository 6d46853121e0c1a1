import type { MUTATION_EFFECTS } from '@casa/shared-schema/mutators';
import { errorMessages } from '@casa/shared-schema/values';

/** Every mutation's local effect (`@casa/shared-schema/mutators`): the shared schemas check their args. */
export type MutationEffects = typeof MUTATION_EFFECTS;

let loaded: MutationEffects | undefined;
let loading: Promise<MutationEffects> | undefined;

/**
 * Loads the mutations' effects (with zod and every schema they parse with) once. A reload needs them only
 * when it writes or has queued writes to replay, so a signed-in start evaluates none (issue 19,
 * docs/boundaries.md "The start's chunks"). Called before a Dexie transaction, never inside one: an
 * import awaited there would let IndexedDB commit it. A failed load is tried again by the next call.
 */
export function loadMutationEffects(): Promise<MutationEffects> {
  loading ??= import('@casa/shared-schema/mutators').then(
    (module) => (loaded = module.MUTATION_EFFECTS),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Thrown inside a replaying transaction when the effects are still loading: not a failure. The sync engine
 * waits for the load and syncs again at once, with no error shown (sync-engine.ts, fail()).
 */
export class MutationEffectsLoading extends Error {
  constructor() {
    super(errorMessages.syncEffectsLoading);
    this.name = 'MutationEffectsLoading';
  }
}

/**
 * The effects, for a transaction that replays queued writes; the caller loaded them before opening it
 * when the outbox was not empty. A write queued meanwhile by another tab of the same replica finds them
 * unloaded: the transaction fails (nothing half-written), the load starts, and the sync's retry replays.
 */
export function loadedMutationEffects(): MutationEffects {
  if (loaded) return loaded;
  void loadMutationEffects().catch(() => undefined);
  throw new MutationEffectsLoading();
}
