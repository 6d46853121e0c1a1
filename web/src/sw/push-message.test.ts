import { describe, expect, it } from 'vitest';
import { notificationTarget, pushTitleAndOptions } from './push-message';

describe('push message → notification', () => {
  it('uses the payload title and body, tagged by id', () => {
    const text = JSON.stringify({
      id: 'n1',
      type: 'follow_up',
      title: 'Follow-up dentro de 30 minutos: Visita',
      body: 'Com Ana às 10:00.',
      data: { followUpId: 'f1' },
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    const { title, options } = pushTitleAndOptions(text);
    expect(title).toBe('Follow-up dentro de 30 minutos: Visita');
    expect(options.body).toBe('Com Ana às 10:00.');
    expect(options.tag).toBe('n1');
    expect(notificationTarget(options.data)).toBe('/followup/f1');
  });

  it('a message that is not the payload still shows something', () => {
    expect(pushTitleAndOptions('olá').title).toBe('Casa CRM');
    expect(pushTitleAndOptions(null).options.body).toBeUndefined();
  });

  it('click targets: url, client, else the notifications page', () => {
    expect(notificationTarget({ url: '/clients?view=c9' })).toBe('/clients?view=c9');
    expect(notificationTarget({ url: 'https://evil.example' })).toBe('/notifications');
    expect(notificationTarget({ clientId: 'c2' })).toBe('/clients?view=c2');
    expect(notificationTarget(null)).toBe('/notifications');
  });
});
