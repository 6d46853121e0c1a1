import { describe, expect, it } from 'vitest';
import type { Client } from '@casa/shared-schema';
import { indexClient } from '../../data/client-search/client-index';
import { clientRow } from '../../data/testing/fixtures';
import {
  ageTurningToday,
  birthdayNamesText,
  callGoalProgress,
  changeDisplay,
  birthdaysToday,
  contactAgeText,
  contactOverview,
  monthChange,
  monthWindows,
  rateChangeDisplay,
} from './dashboard.figures';

const client = clientRow;
const entries = (clients: Client[]) => clients.map(indexClient);

describe('month windows in Lisbon', () => {
  it('starts a summer month at 23:00 UTC of the day before and a winter month at midnight UTC', () => {
    const w = monthWindows(new Date('2026-07-15T12:00:00Z'));
    expect(new Date(w.current.start).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(new Date(w.current.end).toISOString()).toBe('2026-07-31T23:00:00.000Z');
    expect(new Date(w.previous.start).toISOString()).toBe('2026-05-31T23:00:00.000Z');
    const jan = monthWindows(new Date('2026-01-10T12:00:00Z'));
    expect(new Date(jan.current.start).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date(jan.previous.start).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  it('ends October at 00:00 UTC after the DST change and starts April at 23:00 UTC', () => {
    // DST ends 2026-10-25: 31 Oct 23:30 UTC is still 31 Oct 23:30 in Lisbon.
    const w = monthWindows(new Date('2026-10-31T23:30:00Z'));
    expect(new Date(w.current.start).toISOString()).toBe('2026-09-30T23:00:00.000Z');
    expect(new Date(w.current.end).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // 31 March 23:30 UTC is 1 April 00:30 in Lisbon (summer time): April.
    const april = monthWindows(new Date('2026-03-31T23:30:00Z'));
    expect(new Date(april.current.start).toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(new Date(april.previous.start).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('birthdays from the index', () => {
  it('lists today’s Lisbon birthdays, whatever the year of birth', () => {
    const now = new Date('2026-04-10T12:00:00Z');
    const clients = [
      client({ name: 'Abril 3', birthday: '1980-04-10' }),
      client({ name: 'Antigo', birthday: '1990-04-10' }),
      client({ name: 'Ontem anos', birthday: '1990-04-09' }),
      client({ name: 'Sem data' }),
    ];
    expect(birthdaysToday(entries(clients), now).map((c) => c.name)).toEqual(['Abril 3', 'Antigo']);
  });

  it('counts 29 February birthdays on 28 February of a common year', () => {
    const leap = entries([client({ birthday: '2000-02-29' })]);
    expect(birthdaysToday(leap, new Date('2027-02-28T12:00:00Z'))).toHaveLength(1);
    expect(birthdaysToday(leap, new Date('2027-03-01T12:00:00Z'))).toHaveLength(0);
  });

  it('uses the Lisbon day for birthdays: 23:30 UTC on 9 July is already 10 July', () => {
    const july = entries([client({ birthday: '1975-07-10' })]);
    expect(birthdaysToday(july, new Date('2026-07-09T23:30:00Z'))).toHaveLength(1);
  });
});

describe('texts', () => {
  it('lists the first 2 birthday names plus "e mais N"', () => {
    expect(birthdayNamesText([])).toBe('');
    expect(birthdayNamesText(['Ana'])).toBe('Ana');
    expect(birthdayNamesText(['Ana', 'Bruno'])).toBe('Ana e Bruno');
    expect(birthdayNamesText(['Ana', 'Bruno', 'Carla'])).toBe('Ana, Bruno e mais 1');
    expect(birthdayNamesText(['Ana', 'Bruno', 'Carla', 'Duarte', 'Eva'])).toBe('Ana, Bruno e mais 3');
  });

  it('shows the month change with a sign, or that there is nothing to compare with', () => {
    expect(changeDisplay(monthChange(112, 100))).toEqual({ text: '+12%', trend: 'up' });
    expect(changeDisplay(monthChange(20, 30))).toEqual({ text: '-33,3%', trend: 'down' });
    expect(changeDisplay(monthChange(15, 15))).toEqual({ text: '0%', trend: 'flat' });
    // A near-empty or empty previous month: the difference, not '-33,3%' from 3 or nothing from 0.
    expect(changeDisplay(monthChange(2, 3))).toEqual({ text: '-1', trend: 'down' });
    expect(changeDisplay(monthChange(5, 5))).toEqual({ text: '0', trend: 'flat' });
    expect(changeDisplay(monthChange(4, 0))).toEqual({ text: '+4', trend: 'up' });
    expect(changeDisplay(monthChange(0, 0))).toEqual({ text: 'sem dados do mês anterior', trend: 'none' });
    expect(rateChangeDisplay(25, 22)).toEqual({ text: '+3,0 p.p.', trend: 'up' });
    expect(rateChangeDisplay(10, 12.5)).toEqual({ text: '-2,5 p.p.', trend: 'down' });
    expect(rateChangeDisplay(10, null).trend).toBe('none');
  });

  it('measures the daily call goal and the days-since-contact badge', () => {
    expect(callGoalProgress(0)).toBe(0);
    expect(callGoalProgress(5)).toBe(25);
    expect(callGoalProgress(30)).toBe(100);
    expect(contactAgeText(null)).toBe('Sem contacto');
    expect(contactAgeText(0)).toBe('Hoje');
    expect(contactAgeText(1)).toBe('1 dia');
    expect(contactAgeText(12)).toBe('12 dias');
    expect(ageTurningToday('1980-04-10', new Date('2026-04-10T12:00:00Z'))).toBe(46);
    expect(ageTurningToday(null, new Date())).toBeNull();
  });
});

describe('contact overview', () => {
  it('splits the clients by last contact, counts long silences and picks the best-rated to contact', () => {
    const now = new Date('2026-05-20T12:00:00Z');
    const today = client({ name: 'Hoje' });
    const week = client({ name: 'Semana', rating: 5 });
    const old = client({ name: 'Antigo', rating: 3 });
    const fresh = client({ name: 'Novo', rating: 4, createdAt: '2026-05-19T10:00:00.000Z' });
    const top = client({ name: 'Top', rating: 5 });
    const contacts = new Map([
      [today.id, '2026-05-20T08:00:00.000Z'],
      [week.id, '2026-05-15T08:00:00.000Z'],
    ]);
    const o = contactOverview(entries([today, week, old, fresh, top]), contacts, now, 3);
    expect([o.today, o.week, o.older]).toEqual([1, 1, 3]);
    // 'Novo' was created yesterday: not a long silence.
    expect(o.longWithoutContact).toBe(2);
    expect(o.recentlyContacted.map((r) => r.client.name)).toEqual(['Hoje', 'Semana']);
    expect(o.toContact.map((c) => c.name)).toEqual(['Top', 'Novo', 'Antigo']);
  });

  it('counts 7 Lisbon calendar days as yellow across the DST change, the 8th as red', () => {
    const now = new Date('2026-04-02T12:00:00Z'); // summer time since 29 March
    const seven = client({ name: 'Sete' });
    const eight = client({ name: 'Oito' });
    const contacts = new Map([
      [seven.id, '2026-03-26T00:30:00.000Z'], // 26 March 00:30 in Lisbon (winter time)
      [eight.id, '2026-03-25T23:30:00.000Z'], // 25 March 23:30 in Lisbon
    ]);
    const o = contactOverview(entries([seven, eight]), contacts, now);
    expect([o.today, o.week, o.older]).toEqual([0, 1, 1]);
    expect(o.toContact.map((c) => c.name)).toEqual(['Oito']);
  });
});

describe('50,000 clients', () => {
  it('computes the client figures and the contact overview in one linear pass each', () => {
    const now = new Date('2026-06-14T12:00:00Z');
    const many = entries(
      Array.from({ length: 50_000 }, (_, i) =>
        client({
          rating: i % 6,
          birthday: `19${50 + (i % 50)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
          createdAt: new Date(now.getTime() - i * 3_600_000).toISOString(),
        }),
      ),
    );
    const contacts = new Map(
      many.slice(0, 5000).map((e, i) => [e.client.id, new Date(now.getTime() - i * 600_000).toISOString()]),
    );
    const started = performance.now();
    const birthdays = birthdaysToday(many, now);
    const overview = contactOverview(many, contacts, now);
    // Generous on a shared, loaded machine; a per-client time-zone conversion or sort would exceed it.
    expect(performance.now() - started).toBeLessThan(1500);
    expect(birthdays.length).toBeGreaterThan(0);
    expect(overview.today + overview.week + overview.older).toBe(50_000);
    expect(overview.toContact).toHaveLength(6);
  });
});
