import { describe, expect, it } from 'vitest';
import {
  followUpCompleteBodySchema,
  followUpCompleteSchema,
  followUpCreateSchema,
  followUpUpdateSchema,
} from './follow-up';
import { isFollowUpOverdue } from './follow-up-rules';

const ID = '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10';

describe('followUpCreateSchema', () => {
  it('parses the POST payload, dropping server-set fields', () => {
    const f = followUpCreateSchema.parse({
      organizationId: ID,
      agentId: ID,
      completedAt: 'x',
      clientId: ID,
      title: ' Ligar ',
      type: 'Telefonar',
      scheduledDate: '2026-11-22T10:00:00+00:00',
      description: '',
    });
    expect(f).toEqual({
      clientId: ID,
      title: 'Ligar',
      type: 'Telefonar',
      scheduledDate: '2026-11-22T10:00:00.000Z',
      description: null,
      completed: false,
    });
  });

  it('requires client, title, type and date', () => {
    const r = followUpCreateSchema.safeParse({ clientId: '', title: '', scheduledDate: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['clientId', 'Cliente é obrigatório'],
      ['title', 'Título é obrigatório'],
      ['type', 'Tipo é obrigatório'],
      ['scheduledDate', 'Data e hora são obrigatórias'],
    ]);
  });

  it('update is partial without defaults', () => {
    expect(followUpUpdateSchema.parse({ title: 'Nova' })).toEqual({ title: 'Nova' });
  });
});

describe('followUpCompleteSchema', () => {
  it('accepts a bare completion and blank comments', () => {
    expect(followUpCompleteSchema.parse({ id: ID, completionComment: '' })).toEqual({
      id: ID,
      completionComment: null,
    });
    expect(followUpCompleteBodySchema.parse({})).toEqual({});
  });

  it('needs a date for the next follow-up, defaulting its type', () => {
    const r = followUpCompleteSchema.safeParse({ id: ID, nextFollowUp: { scheduledDate: '' } });
    expect(r.error?.issues[0]?.message).toBe('Data e hora são obrigatórias para o novo follow-up');
    const ok = followUpCompleteSchema.parse({
      id: ID,
      nextFollowUp: { scheduledDate: '2026-11-23T09:00:00.000Z' },
    });
    expect(ok.nextFollowUp?.type).toBe('Telefonar');
    expect(
      followUpCompleteSchema.safeParse({
        id: ID,
        nextFollowUp: { type: 'Contrato', scheduledDate: '2026-11-23T09:00:00Z' },
      }).success,
    ).toBe(false);
  });
});

describe('isFollowUpOverdue', () => {
  it('is pending and in the past', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isFollowUpOverdue({ completed: false, scheduledDate: '2026-11-22T11:59:00Z' }, now)).toBe(true);
    expect(isFollowUpOverdue({ completed: true, scheduledDate: '2026-11-22T11:59:00Z' }, now)).toBe(false);
    expect(isFollowUpOverdue({ completed: false, scheduledDate: '2026-11-22T12:01:00Z' }, now)).toBe(false);
  });
});
