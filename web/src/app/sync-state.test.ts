import { describe, expect, it } from 'vitest';
import { syncLines, syncSummary, syncTone, type SyncState } from './sync-state';

const base: SyncState = {
  online: true,
  syncing: false,
  pending: 0,
  lastSyncedAt: null,
  error: null,
  needsLogin: false,
  rejected: [],
};
const now = new Date('2026-11-22T12:00:00Z');

describe('sync indicator wording', () => {
  it('online with nothing pending is all synced', () => {
    expect(syncTone(base)).toBe('ok');
    expect(syncSummary(base)).toBe('Tudo sincronizado');
    expect(syncLines(base, now)).toEqual(['Online', 'Tudo sincronizado', 'Ainda não sincronizado']);
  });

  it('counts the rows of a first sync in pt-PT figures', () => {
    const pulling = { ...base, syncing: true, progress: { done: 12_300, total: 51_000 } };
    expect(syncSummary(pulling)).toMatch(/^A sincronizar… 12\s300 de 51\s000$/);
    expect(syncLines(pulling, now)).toContainEqual(
      expect.stringMatching(/^A sincronizar… 12\s300 de 51\s000$/),
    );
    expect(syncSummary({ ...pulling, progress: null })).toBe('A sincronizar…');
  });

  it('says when the device is live (the server pokes it at each change)', () => {
    const live = { ...base, live: true };
    expect(syncLines(live, now)).toEqual([
      'Online',
      'Sincronização em tempo real',
      'Tudo sincronizado',
      'Ainda não sincronizado',
    ]);
    expect(syncSummary(live)).toBe('Tudo sincronizado, sincronização em tempo real');
    expect(syncLines({ ...live, online: false }, now)).not.toContain('Sincronização em tempo real');
  });

  it('changes the server refused turn the indicator red until dismissed', () => {
    const refused = { mutationId: 7, title: 'Erro ao criar cliente', message: 'x', rejectedAt: 'T' };
    const state = { ...base, rejected: [refused] };
    expect(syncTone(state)).toBe('error');
    expect(syncSummary(state)).toBe('1 alteração recusada pelo servidor');
    expect(syncLines({ ...state, rejected: [refused, { ...refused, mutationId: 8 }] }, now)).toContain(
      '2 alterações recusadas pelo servidor',
    );
  });

  it('offline shows the pending changes and when it last synced', () => {
    const state = { ...base, online: false, pending: 3, lastSyncedAt: '2026-11-22T11:55:00Z' };
    expect(syncTone(state)).toBe('offline');
    expect(syncSummary(state)).toBe('Sem ligação, 3 alterações por enviar');
    expect(syncLines(state, now)).toEqual([
      'Sem ligação',
      '3 alterações por enviar',
      'Última sincronização: há 5m',
    ]);
  });

  it('one pending change is singular', () => {
    expect(syncSummary({ ...base, pending: 1 })).toBe('1 alteração por enviar');
    expect(syncTone({ ...base, pending: 1 })).toBe('pending');
  });

  it('syncing is busy', () => {
    expect(syncTone({ ...base, syncing: true })).toBe('busy');
    expect(syncLines({ ...base, syncing: true }, now)).toContain('A sincronizar…');
  });

  it('an error or a lost session outranks being offline', () => {
    expect(syncTone({ ...base, online: false, error: 'falhou' })).toBe('error');
    expect(syncSummary({ ...base, error: 'falhou' })).toBe('Erro de sincronização: falhou');
    expect(syncSummary({ ...base, needsLogin: true })).toBe('Inicie sessão novamente para sincronizar');
  });
});
