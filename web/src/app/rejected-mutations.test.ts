import { describe, expect, it } from 'vitest';
import { MUTATION_NAMES } from '@casa/shared-schema';
import { newRejections, REJECTION_TITLES, rejectionView } from './rejected-mutations';

describe('rejected mutations', () => {
  it('has a Portuguese title for every mutation and shows the server message', () => {
    for (const name of MUTATION_NAMES) expect(REJECTION_TITLES[name]).toMatch(/^(Erro|Falha)/);
    expect(
      rejectionView({
        mutationId: 3,
        name: 'createClient',
        error: { message: 'Nome é obrigatório' },
        rejectedAt: 'T',
      }),
    ).toEqual({
      mutationId: 3,
      title: 'Erro ao criar cliente',
      message: 'Nome é obrigatório',
      rejectedAt: 'T',
    });
    expect(rejectionView({ mutationId: 4, name: 'logColdCall', error: {}, rejectedAt: 'T' }).message).toBe(
      'Erro desconhecido',
    );
  });

  it('announces each new rejection once, not those refused before the tab opened', () => {
    const at = (mutationId: number, rejectedAt: string) => ({ mutationId, rejectedAt });
    const current = [
      at(1, '2026-11-23T10:00:00Z'),
      at(2, '2026-11-23T12:00:00Z'),
      at(5, '2026-11-23T12:01:00Z'),
    ];
    expect(newRejections(current, new Set([2]), '2026-11-23T11:00:00Z')).toEqual([current[2]]);
  });
});
