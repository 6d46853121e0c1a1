import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDayAndTime, formatUptime } from './system';

describe('system figures', () => {
  it('formats bytes in pt-PT with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(47_290_000)).toBe('45,1 MB');
    expect(formatBytes(2.3 * 1024 ** 3)).toBe('2,3 GB');
  });

  it('groups counts the pt-PT way', () => {
    expect(formatCount(15427).replace(/\s/g, ' ')).toBe('15 427');
  });

  it('formats uptime from seconds', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(12 * 60 + 5)).toBe('12 min');
    expect(formatUptime(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatUptime(4 * 86400 + 2 * 3600 + 59)).toBe('4 d 2 h');
  });

  it('says Hoje/Ontem in Lisbon time, else the long date', () => {
    const now = '2026-11-23T10:00:00Z';
    expect(formatDayAndTime('2026-11-23T03:00:00Z', now)).toBe('Hoje às 03:00');
    expect(formatDayAndTime('2026-11-22T03:00:00Z', now)).toBe('Ontem às 03:00');
    expect(formatDayAndTime('2026-11-20T03:00:00Z', now)).toBe('20 de novembro às 03:00');
  });
});
