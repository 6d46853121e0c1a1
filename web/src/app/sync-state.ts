import { formatRelativeShort } from '@casa/shared-schema';

/** What the header's sync indicator shows; the sync engine's `useSyncState()` answers this shape. */
export type SyncState = {
  online: boolean;
  syncing: boolean;
  pending: number;
  lastSyncedAt: string | null;
  error: string | null;
  needsLogin: boolean;
};

export type SyncTone = 'ok' | 'busy' | 'pending' | 'offline' | 'error';

export const syncTexts = {
  online: 'Online',
  offline: 'Sem ligação',
  syncing: 'A sincronizar…',
  synced: 'Tudo sincronizado',
  pending: (n: number) => (n === 1 ? '1 alteração por enviar' : `${n} alterações por enviar`),
  lastSynced: (relative: string) => `Última sincronização: ${relative}`,
  neverSynced: 'Ainda não sincronizado',
  needsLogin: 'Inicie sessão novamente para sincronizar',
  error: (message: string) => `Erro de sincronização: ${message}`,
  buttonLabel: (summary: string) => `Estado da sincronização: ${summary}`,
} as const;

/** The one-word tone the icon takes; errors and a lost session outrank everything else. */
export function syncTone(state: SyncState): SyncTone {
  if (state.error || state.needsLogin) return 'error';
  if (!state.online) return 'offline';
  if (state.syncing) return 'busy';
  if (state.pending > 0) return 'pending';
  return 'ok';
}

/** Lines for the indicator's popover, most important first. */
export function syncLines(state: SyncState, now: Date = new Date()): string[] {
  const lines: string[] = [state.online ? syncTexts.online : syncTexts.offline];
  if (state.needsLogin) lines.push(syncTexts.needsLogin);
  if (state.error) lines.push(syncTexts.error(state.error));
  if (state.syncing) lines.push(syncTexts.syncing);
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
  if (tone === 'error') return state.needsLogin ? syncTexts.needsLogin : syncTexts.error(state.error ?? '');
  if (tone === 'offline')
    return state.pending > 0
      ? `${syncTexts.offline}, ${syncTexts.pending(state.pending)}`
      : syncTexts.offline;
  if (tone === 'busy') return syncTexts.syncing;
  if (tone === 'pending') return syncTexts.pending(state.pending);
  return syncTexts.synced;
}
