import { describe, expect, it } from 'vitest';
import { validationMessages } from '@casa/shared-schema';
import {
  canRecordFeedback,
  EMPTY_FEEDBACK,
  feedbackTouched,
  formatAverageInterest,
  visitStats,
  visitTitle,
} from './visits.logic';
import { feedbackArgs, scheduleVisitArgs } from './visit-forms.logic';

const PROPERTY = { id: '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10', reference: 'CASA-000123' };
const BUYER = '1c4e3b59-9a54-4c1e-8e0b-3f5f2f1c9a11';

describe('visitStats', () => {
  it('counts every visit and averages only the recorded interests, to one decimal', () => {
    expect(visitStats([])).toEqual({ count: 0, averageInterest: null, rated: 0 });
    expect(
      visitStats([
        { visitInterest: 4 },
        { visitInterest: 5 },
        { visitInterest: 4 },
        { visitInterest: null },
        {},
      ]),
    ).toEqual({ count: 5, averageInterest: 4.3, rated: 3 });
    expect(visitStats([{ visitInterest: 1 }, { visitInterest: 2 }]).averageInterest).toBe(1.5);
    expect(
      visitStats([{ visitInterest: 2 }, { visitInterest: 2 }, { visitInterest: 3 }]).averageInterest,
    ).toBe(2.3);
    expect(
      visitStats([{ visitInterest: 5 }, { visitInterest: 4 }, { visitInterest: 4 }]).averageInterest,
    ).toBe(4.3);
  });

  it('shows the average with a decimal comma', () => {
    expect(formatAverageInterest(4.3)).toBe('4,3');
    expect(formatAverageInterest(4)).toBe('4');
    expect(formatAverageInterest(null)).toBe('—');
  });
});

describe('canRecordFeedback', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('is offered once the visit is done or its time has come', () => {
    expect(canRecordFeedback({ completed: false, scheduledDate: '2026-11-27T11:00:00Z' }, now)).toBe(true);
    expect(canRecordFeedback({ completed: false, scheduledDate: '2026-11-27T13:00:00Z' }, now)).toBe(false);
    expect(canRecordFeedback({ completed: true, scheduledDate: '2026-11-28T13:00:00Z' }, now)).toBe(true);
  });
});

describe('feedbackArgs', () => {
  it('needs an interest of 1 to 5 (pt-PT)', () => {
    expect(feedbackArgs(EMPTY_FEEDBACK)).toEqual({
      ok: false,
      errors: { visitInterest: validationMessages.visitInterestRequired },
    });
    expect(feedbackArgs({ ...EMPTY_FEEDBACK, interest: 6 })).toEqual({
      ok: false,
      errors: { visitInterest: validationMessages.visitInterestRange },
    });
  });

  it('sends blanks as null', () => {
    expect(feedbackArgs({ interest: 3, priceOpinion: '', comments: '  ' })).toEqual({
      ok: true,
      args: { visitInterest: 3, visitPriceOpinion: null, visitFeedback: null },
    });
    expect(feedbackArgs({ interest: 5, priceOpinion: 'Adequado', comments: ' Gostou ' })).toEqual({
      ok: true,
      args: { visitInterest: 5, visitPriceOpinion: 'Adequado', visitFeedback: 'Gostou' },
    });
    expect(feedbackTouched(EMPTY_FEEDBACK)).toBe(false);
    expect(feedbackTouched({ ...EMPTY_FEEDBACK, comments: 'x' })).toBe(true);
  });
});

describe('scheduleVisitArgs', () => {
  it('builds a Visita of the property titled with its reference and the buyer', () => {
    const r = scheduleVisitArgs(
      { clientId: BUYER, date: '2026-12-01', time: '10:30', notes: '' },
      PROPERTY,
      'Marta Reis',
    );
    expect(r).toEqual({
      ok: true,
      args: {
        clientId: BUYER,
        propertyId: PROPERTY.id,
        type: 'Visita',
        title: 'Visita CASA-000123 – Marta Reis',
        scheduledDate: '2026-12-01T10:30:00.000Z',
        notes: null,
      },
    });
    expect(visitTitle('CASA-000001', null)).toBe('Visita CASA-000001');
  });

  it('names the missing buyer and date with the shared messages', () => {
    const r = scheduleVisitArgs({ clientId: '', date: '', time: '', notes: '' }, PROPERTY, null);
    expect(r).toEqual({
      ok: false,
      errors: {
        clientId: validationMessages.followUpClientRequired,
        date: validationMessages.followUpDateRequired,
      },
    });
  });
});
