import type { MutationName } from '@casa/shared-schema/values';
import { loadMutationEffects } from './mutation-effects';
import { LocalStore, writeTables } from './local-store';
import { applyCtx } from './rebase';
import { getMeta, setMeta } from './meta';
import { withReopen } from './reopen';
import type { ReplicaDb } from './db';
import type { ReplicaSession } from './session';

type Args = Record<string, unknown>;

export type MutationReceipt = { mutationId: number; id?: string };

export type MutatorDeps = {
  db: ReplicaDb;
  session: () => ReplicaSession;
  /** Called after every queued write (the engine's debounced sync). */
  onQueued?: () => void;
  now?: () => Date;
  newId?: () => string;
};

/**
 * The optimistic write and its outbox entry, in ONE Dexie transaction: either both are stored or
 * neither. The effect validates the args with the shared schemas and refuses (MutationRejection)
 * with the server's pt-PT message, a viewer's write included.
 */
export async function queueMutation(deps: MutatorDeps, name: MutationName, args: Args): Promise<number> {
  const { db } = deps;
  const effects = await loadMutationEffects();
  const mutationId = await withReopen(db, () =>
    db.transaction('rw', writeTables(db), async () => {
      const id = (await getMeta<number>(db, 'nextMutationId')) ?? 1;
      const entry = { mutationId: id, createdAt: (deps.now?.() ?? new Date()).toISOString() };
      const store = new LocalStore(db);
      await effects[name](applyCtx(store, deps.session(), entry), args);
      await db.outbox.add({ ...entry, name, args, keys: store.keys() });
      await setMeta(db, 'nextMutationId', id + 1);
      return id;
    }),
  );
  deps.onQueued?.();
  return mutationId;
}

const stable = (v: unknown) => JSON.stringify(v ?? null);

/** One function per MUTATION_NAMES entry. Creates get a client-generated id the server keeps. */
export function createMutators(deps: MutatorDeps) {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const run =
    (name: MutationName) =>
    async (args: Args = {}) => ({
      mutationId: await queueMutation(deps, name, args),
    });
  const create =
    (name: MutationName) =>
    async (args: Args): Promise<MutationReceipt> => {
      const id = typeof args.id === 'string' ? args.id : newId();
      return { mutationId: await queueMutation(deps, name, { ...args, id }), id };
    };
  return {
    createClient: create('createClient'),
    /** Sends only the fields that differ from the replica's row. */
    async updateClient(args: Args & { id: string }): Promise<MutationReceipt> {
      const current = (await deps.db.clients.get(args.id)) as Args | undefined;
      const changed = Object.fromEntries(
        Object.entries(args).filter(([k, v]) => k === 'id' || !current || stable(current[k]) !== stable(v)),
      );
      return { mutationId: await queueMutation(deps, 'updateClient', changed), id: args.id };
    },
    deleteClient: run('deleteClient'),
    setClientTags: run('setClientTags'),
    createTag: create('createTag'),
    addInteraction: create('addInteraction'),
    createFollowUp: create('createFollowUp'),
    updateFollowUp: run('updateFollowUp'),
    deleteFollowUp: run('deleteFollowUp'),
    /**
     * With an optional next follow-up, whose id is generated here and kept by the server
     * (docs/decisions.md).
     */
    async completeFollowUp(args: Args & { id: string }): Promise<MutationReceipt> {
      const next = args.nextFollowUp as Args | null | undefined;
      const withId = next ? { ...args, nextFollowUp: { ...next, id: next.id ?? newId() } } : args;
      return { mutationId: await queueMutation(deps, 'completeFollowUp', withId), id: args.id };
    },
    /** With an optional follow-up (`followUp`), which keeps its client id on the server. */
    async logColdCall(args: Args): Promise<MutationReceipt> {
      const id = typeof args.id === 'string' ? args.id : newId();
      const followUp = args.followUp as Args | null | undefined;
      const full = {
        ...args,
        id,
        ...(followUp ? { followUp: { ...followUp, id: followUp.id ?? newId() } } : {}),
      };
      return { mutationId: await queueMutation(deps, 'logColdCall', full), id };
    },
    createCampaign: create('createCampaign'),
    deleteCampaign: run('deleteCampaign'),
    addCampaignClient: create('addCampaignClient'),
    removeCampaignClient: run('removeCampaignClient'),
    markNotificationRead: run('markNotificationRead'),
    markAllNotificationsRead: run('markAllNotificationsRead'),
    updateSettings: run('updateSettings'),
    updateNotificationPreferences: run('updateNotificationPreferences'),
    updateProfile: run('updateProfile'),
    createProperty: create('createProperty'),
    updateProperty: run('updateProperty'),
    deleteProperty: run('deleteProperty'),
    recordVisitFeedback: run('recordVisitFeedback'),
    reorderPropertyPhotos: run('reorderPropertyPhotos'),
    setPropertyPhotoCover: run('setPropertyPhotoCover'),
    deletePropertyPhoto: run('deletePropertyPhoto'),
  } satisfies Record<MutationName, (args: never) => Promise<MutationReceipt>>;
}

export type Mutators = ReturnType<typeof createMutators>;
