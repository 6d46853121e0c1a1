import { useCallback } from 'react';
import { useTransitionSelect, useTransitionStore } from '../lib/transition-store';
import { SYNC_TABLES, type SyncTable } from '@casa/shared-schema/values';
import type { RejectedMutation } from './db';
import type { SnapshotProgress } from './pull-apply';

export type SyncState = {
  online: boolean;
  syncing: boolean;
  /** Mutations in the outbox. */
  pending: number;
  lastSyncedAt: string | null;
  /** pt-PT text of the last failure, null once a sync succeeded. */
  error: string | null;
  /** A 401: the outbox is kept; sync resumes after `resumeAfterLogin()`. */
  needsLogin: boolean;
  rejected: RejectedMutation[];
  /** The server's live stream is held: changes made elsewhere arrive within seconds (live-pokes.ts). */
  live: boolean;
  /** A snapshot is being pulled: rows received so far of its total ('A sincronizar… 12 300 de 51 000'). */
  progress: SnapshotProgress | null;
};

export const INITIAL_SYNC_STATE: SyncState = {
  online: true,
  syncing: false,
  pending: 0,
  lastSyncedAt: null,
  error: null,
  needsLogin: false,
  rejected: [],
  live: false,
  progress: null,
};

const sameRejected = (a: readonly RejectedMutation[], b: readonly RejectedMutation[]) =>
  a.length === b.length &&
  a.every((r, i) => r.mutationId === b[i]!.mutationId && r.rejectedAt === b[i]!.rejectedAt);

/** A tiny observable for the shell (plain subscribe, or the React hook below). */
export class SyncStateStore {
  private state: SyncState;
  private readonly listeners = new Set<() => void>();

  constructor(initial: Partial<SyncState> = {}) {
    this.state = { ...INITIAL_SYNC_STATE, ...initial };
  }

  get = (): SyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<SyncState>): void {
    // The rejected list is read afresh at every refresh: the same list is no change (no render).
    if (patch.rejected && sameRejected(patch.rejected, this.state.rejected)) {
      const { rejected: _same, ...rest } = patch;
      patch = rest;
    }
    const changed = (Object.keys(patch) as (keyof SyncState)[]).some((k) => patch[k] !== this.state[k]);
    if (!changed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/**
 * The engine's state as React reads it. Its changes come from the network and timers, never from what the
 * user types, so they render in transitions (lib/transition-store.ts): a pull's start or end no longer
 * renders the shell synchronously and restarts the list a transition was drawing (issue 19).
 */
export function useSyncState(store: SyncStateStore): SyncState {
  return useTransitionStore(store.subscribe, store.get);
}

const noSubscription = () => () => undefined;
const noEngineState = () => INITIAL_SYNC_STATE;

/** The running engine's state, or INITIAL_SYNC_STATE while there is no client (super admin, replica opening). */
export function useEngineState(
  client: { state: Pick<SyncStateStore, 'subscribe' | 'get'> } | null,
): SyncState {
  return useTransitionStore(client?.state.subscribe ?? noSubscription, client?.state.get ?? noEngineState);
}

/**
 * True once the replica can be trusted to say "absent" or "none": a sync has finished, or none can run
 * now (offline, failing, logged out). Before the first sync an empty table may simply not have arrived.
 */
export function replicaSettled(
  state: Pick<SyncState, 'lastSyncedAt' | 'online' | 'error' | 'needsLogin'>,
): boolean {
  return state.lastSyncedAt !== null || !state.online || state.error !== null || state.needsLogin;
}

/**
 * True once every row of `collection` can be in the replica: the replica is settled, or the first snapshot
 * has gone past that collection (the server sends one collection after the other). A list ordered by
 * something other than the snapshot's order (follow-ups by date, notifications newest first) waits for it:
 * drawn page by page, rows arriving later sorted in above the ones on screen and pushed them away (a layout
 * shift of 0.55 on /followups in a first visit, issue 19).
 */
export function collectionArrived(
  state: Pick<SyncState, 'lastSyncedAt' | 'online' | 'error' | 'needsLogin' | 'progress'>,
  collection: SyncTable,
): boolean {
  if (replicaSettled(state)) return true;
  const reached = state.progress?.reached;
  return reached != null && SYNC_TABLES.indexOf(reached) > SYNC_TABLES.indexOf(collection);
}

/**
 * One value derived from the running engine's state (INITIAL_SYNC_STATE while there is no client): the
 * component renders again only when that value changes, not at every page of a first sync (issue 19: each
 * page's progress re-rendered every screen that asked whether the replica was settled). `select` is stable
 * (a module function, or `useCallback` over what it reads).
 */
export function useEngineSelect<T>(
  client: { state: Pick<SyncStateStore, 'subscribe' | 'get'> } | null,
  select: (state: SyncState) => T,
): T {
  return useTransitionSelect(
    client?.state.subscribe ?? noSubscription,
    client?.state.get ?? noEngineState,
    select,
  );
}

/** replicaSettled for the running engine's state. */
export function useReplicaSettled(
  client: { state: Pick<SyncStateStore, 'subscribe' | 'get'> } | null,
): boolean {
  return useEngineSelect(client, replicaSettled);
}

/** collectionArrived for the running engine's state (false while there is no client). */
export function useCollectionArrived(
  client: { state: Pick<SyncStateStore, 'subscribe' | 'get'> } | null,
  collection: SyncTable,
): boolean {
  const arrived = useCallback(
    (state: SyncState) => client !== null && collectionArrived(state, collection),
    [client, collection],
  );
  return useEngineSelect(client, arrived);
}
