import { describe, expect, it } from 'vitest';
import { validationMessages, type FollowUp } from '@casa/shared-schema';
import {
  emptyFollowUpForm,
  followUpFormSchema,
  followUpToForm,
  followUpTypeOptions,
  formToFollowUpPayload,
} from './follow-up-form.logic';
import { completionArgs, EMPTY_COMPLETION } from './complete-follow-up.logic';

const CLIENT = '55555555-5555-4555-8555-555555555555';
const followUp = (over: Partial<FollowUp> = {}) =>
  ({
    id: '66666666-6666-4666-8666-666666666666',
    clientId: CLIENT,
    title: 'Ligar ao Zeca',
    type: 'Reunião',
    scheduledDate: '2026-07-01T09:30:00.000Z',
    description: null,
    notes: 'Levar dossier',
    completed: false,
    ...over,
  }) as FollowUp;

describe('follow-up form mapping', () => {
  it('shows the scheduled instant as Lisbon date and time, in summer and in winter', () => {
    expect(followUpToForm(followUp())).toMatchObject({ date: '2026-07-01', time: '10:30' });
    expect(followUpToForm(followUp({ scheduledDate: '2026-12-31T23:30:00.000Z' }))).toMatchObject({
      date: '2026-12-31',
      time: '23:30',
    });
    // 23:30 UTC in summer is already the next day in Lisbon.
    expect(followUpToForm(followUp({ scheduledDate: '2026-06-30T23:30:00.000Z' }))).toMatchObject({
      date: '2026-07-01',
      time: '00:30',
    });
  });

  it('round-trips a follow-up through the form', () => {
    const f = followUp();
    const values = followUpToForm(f);
    expect(values).toEqual({
      clientId: CLIENT,
      type: 'Reunião',
      title: 'Ligar ao Zeca',
      date: '2026-07-01',
      time: '10:30',
      description: '',
      notes: 'Levar dossier',
    });
    expect(formToFollowUpPayload(values)).toEqual({
      clientId: CLIENT,
      type: 'Reunião',
      title: 'Ligar ao Zeca',
      scheduledDate: f.scheduledDate,
      description: null,
      notes: 'Levar dossier',
    });
  });

  it('validates with the shared schema, the date-time message on the date field', () => {
    const schema = followUpFormSchema('create');
    const result = schema.safeParse(emptyFollowUpForm());
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      clientId: validationMessages.followUpClientRequired,
      title: validationMessages.followUpTitleRequired,
      date: validationMessages.followUpDateRequired,
    });
    const filled = { ...emptyFollowUpForm(CLIENT), title: 'Visita', date: '2026-07-01', time: '10:00' };
    expect(schema.safeParse(filled).success).toBe(true);
    expect(followUpFormSchema('edit').safeParse({ ...filled, time: '' }).success).toBe(false);
    expect(emptyFollowUpForm(CLIENT)).toMatchObject({ clientId: CLIENT, type: 'Telefonar' });
  });

  it('keeps a next-follow-up type in the options of an existing one', () => {
    expect(followUpTypeOptions()).toEqual([
      'Telefonar',
      'Reunião',
      'Enviar Proposta',
      'Email',
      'Visita',
      'Contrato',
      'Outros',
    ]);
    expect(followUpTypeOptions('Proposta').at(-1)).toBe('Proposta');
    expect(followUpTypeOptions('Email')).toHaveLength(7);
  });
});

describe('completion dialog args', () => {
  const id = followUp().id;
  it('sends a trimmed comment or null, and no next follow-up when the switch is off', () => {
    expect(completionArgs(id, { ...EMPTY_COMPLETION, comment: '  ' })).toEqual({
      ok: true,
      args: { id, completionComment: null, nextFollowUp: null },
    });
    expect(
      completionArgs(id, { ...EMPTY_COMPLETION, comment: ' Cliente interessado ', nextDate: 'x' }),
    ).toEqual({
      ok: true,
      args: { id, completionComment: 'Cliente interessado', nextFollowUp: null },
    });
  });

  it('needs the date and time of the next one, entered in Lisbon time', () => {
    const on = { ...EMPTY_COMPLETION, scheduleNext: true };
    const error = { ok: false, error: 'Data e hora são obrigatórias para o novo follow-up' };
    expect(completionArgs(id, on)).toEqual(error);
    expect(completionArgs(id, { ...on, nextDate: '2026-07-02' })).toEqual(error);
    expect(completionArgs(id, { ...on, nextTime: '10:00' })).toEqual(error);
    expect(completionArgs(id, { ...on, nextDate: '2026-07-02', nextTime: '10:00' })).toEqual({
      ok: true,
      args: {
        id,
        completionComment: null,
        nextFollowUp: { type: 'Telefonar', title: null, scheduledDate: '2026-07-02T09:00:00.000Z' },
      },
    });
    const winter = completionArgs(id, {
      ...on,
      nextType: 'Visita',
      nextTitle: ' Visita ao T2 ',
      nextDate: '2026-01-15',
      nextTime: '10:00',
    });
    expect(winter).toMatchObject({
      args: {
        nextFollowUp: { type: 'Visita', title: 'Visita ao T2', scheduledDate: '2026-01-15T10:00:00.000Z' },
      },
    });
  });
});
