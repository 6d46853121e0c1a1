import { describe, expect, it } from 'vitest';
import { interactionCreateSchema, interactionUpdateSchema } from './interaction';

const ID = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';

describe('interactionCreateSchema', () => {
  it('takes the marathon payload: Chamada, saída, blanks as null', () => {
    const i = interactionCreateSchema.parse({
      organizationId: ID,
      createdBy: ID,
      clientId: ID,
      type: 'Chamada',
      direction: 'saída',
      result: 'Atendeu',
      summary: '',
      notes: '',
      duration: 2,
      followUpRequired: false,
      relatedId: '',
      followUpDate: '',
    });
    expect(i).toEqual({
      clientId: ID,
      type: 'Chamada',
      direction: 'outgoing',
      result: 'Atendeu',
      summary: null,
      notes: null,
      duration: 2,
      followUpRequired: false,
      relatedId: null,
      followUpDate: null,
    });
  });

  it('requires a type with the form wording', () => {
    expect(interactionCreateSchema.safeParse({ clientId: ID, type: '' }).error?.issues[0]?.message).toBe(
      'Tipo de Interação é obrigatório',
    );
  });

  it('defaults direction and follow-up flag, accepts a date-only follow-up date', () => {
    const i = interactionCreateSchema.parse({ clientId: ID, type: 'Email', followUpDate: '2026-12-01' });
    expect(i).toMatchObject({ direction: 'outgoing', followUpRequired: false, followUpDate: '2026-12-01' });
  });

  it('wants whole minutes', () => {
    expect(
      interactionCreateSchema.safeParse({ clientId: ID, type: 'Email', duration: 1.5 }).error?.issues[0]
        ?.message,
    ).toBe('Deve ser um número inteiro');
    expect(interactionCreateSchema.parse({ clientId: ID, type: 'Email', duration: '' }).duration).toBeNull();
  });

  it('update adds no defaults', () => {
    expect(interactionUpdateSchema.parse({ notes: 'x' })).toEqual({ notes: 'x' });
  });
});
