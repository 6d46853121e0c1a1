import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplicaDb } from './db';
import { AGENT, ORG } from './testing/fixtures';

const session = { userId: AGENT, organizationId: ORG, role: 'agent' as const };
let db: ReplicaDb | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

// A reload is modelled by vi.resetModules(): the next imports start with nothing loaded.
describe('the mutations effects, loaded when a write or a replay needs them (issue 19)', () => {
  it('are not loaded at start; once loaded, the transaction that replays reads them', async () => {
    vi.resetModules();
    const effects = await import('./mutation-effects');
    expect(() => effects.loadedMutationEffects()).toThrow(effects.MutationEffectsLoading);
    const { MUTATION_EFFECTS } = await import('@casa/shared-schema/mutators');
    expect(await effects.loadMutationEffects()).toBe(MUTATION_EFFECTS);
    expect(effects.loadedMutationEffects()).toBe(MUTATION_EFFECTS);
  });

  it('a pull after a reload replays the writes queued before it, loading their effects first', async () => {
    const { ReplicaDb } = await import('./db');
    db = new ReplicaDb(`effects-${Math.random()}`);
    const { queueMutation } = await import('./mutators');
    const id = crypto.randomUUID();
    await queueMutation({ db, session: () => session }, 'createTag', {
      id,
      name: 'Investidor',
      color: '#ef4444',
    });

    vi.resetModules(); // without the pre-load, the replay inside the page's transaction would fail it whole
    const { applyPullPage } = await import('./pull-apply');
    // The head of the log, without the tag yet: the queued create is replayed on top of the server's rows.
    await applyPullPage(db, session, { cursor: '1', hasMore: false, reset: false, changes: [] });
    expect(await db.tags.get(id)).toMatchObject({ name: 'Investidor' });
    expect(await db.outbox.count()).toBe(1);
  });
});
