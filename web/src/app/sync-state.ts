import { formatCount, formatRelativeShort } from '@casa/shared-schema/values';
import type { RejectionView } from './rejected-mutations';

/** What the header's sync indicator shows; the sync engine's `useSyncState()` answers this shape. */
export type SyncState = {
  online: boolean;
  syncing: boolean;
  pending: number;
  lastSyncedAt: string | null;
  error: string | null;
  needsLogin: boolean;
  /** Queued changes the server refused, until the user dismisses them. */
  rejected: RejectionView[];
  /** The server's live stream is held: changes made elsewhere arrive within seconds, not at the 30 s poll. */
  live?: boolean;
  /** A snapshot is being pulled (first sync): rows received so far of its total. */
  progress?: { done: number; total: number } | null;
};

export type SyncTone = 'ok' | 'busy' | 'pending' | 'offline' | 'error';

export const syncTexts = {
  online: 'Online',
  live: 'Sincronização em tempo real',
  offline: 'Sem ligação',
  syncing: 'A sincronizar…',
  /** 'A sincronizar… 12 300 de 51 000' (pt-PT grouping, as every figure of the app). */
  syncingProgress: (done: number, total: number) =>
    `A sincronizar… ${formatCount(done)} de ${formatCount(total)}`,
  synced: 'Tudo sincronizado',
  pending: (n: number) => (n === 1 ? '1 alteração por enviar' : `${n} alterações por enviar`),
  lastSynced: (relative: string) => `Última sincronização: ${relative}`,
  neverSynced: 'Ainda não sincronizado',
  needsLogin: 'Inicie sessão novamente para sincronizar',
  error: (message: string) => `Erro de sincronização: ${message}`,
  buttonLabel: (summary: string) => `Estado da sincronização: ${summary}`,
  rejected: (n: number) =>
    n === 1 ? '1 alteração recusada pelo servidor' : `${n} alterações recusadas pelo servidor`,
  rejectedShort: (n: number) => (n === 1 ? '1 recusada' : `${n} recusadas`),
  dismiss: 'Dispensar',
} as const;

/** The one-word tone the icon takes; errors and a lost session outrank everything else. */
export function syncTone(state: SyncState): SyncTone {
  if (state.error || state.needsLogin || state.rejected.length > 0) return 'error';
  if (!state.online) return 'offline';
  if (state.syncing) return 'busy';
  if (state.pending > 0) return 'pending';
  return 'ok';
}

/** Lines for the indicator's popover, most important first. */
export function syncLines(state: SyncState, now: Date = new Date()): string[] {
  const lines: string[] = [state.online ? syncTexts.online : syncTexts.offline];
  if (state.online && state.live) lines.push(syncTexts.live);
  if (state.needsLogin) lines.push(syncTexts.needsLogin);
  if (state.error) lines.push(syncTexts.error(state.error));
  if (state.rejected.length > 0) lines.push(syncTexts.rejected(state.rejected.length));
  if (state.syncing) lines.push(syncingText(state));
  lines.push(state.pending > 0 ? syncTexts.pending(state.pending) : syncTexts.synced);
  lines.push(
    state.lastSyncedAt
      ? syncTexts.lastSynced(formatRelativeShort(state.lastSyncedAt, now))
      : syncTexts.neverSynced,
  );
  return lines;
}

/** The short summary in the button's accessible name. */
export function syncSummary(state: SyncState): string {
  const tone = syncTone(state);
  if (tone === 'error') {
    if (state.needsLogin) return syncTexts.needsLogin;
    if (state.error) return syncTexts.error(state.error);
    return syncTexts.rejected(state.rejected.length);
  }
  if (tone === 'offline')
    return state.pending > 0
      ? `${syncTexts.offline}, ${syncTexts.pending(state.pending)}`
      : syncTexts.offline;
  if (tone === 'busy') return syncingText(state);
  if (tone === 'pending') return syncTexts.pending(state.pending);
  return state.live ? `${syncTexts.synced}, ${syncTexts.live.toLowerCase()}` : syncTexts.synced;
}

/** 'A sincronizar…', with the snapshot's progress while one is pulled. */
export function syncingText(state: Pick<SyncState, 'progress'>): string {
  const { progress } = state;
  return progress ? syncTexts.syncingProgress(progress.done, progress.total) : syncTexts.syncing;
}
