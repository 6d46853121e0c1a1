import { daysSinceLisbon, formatLongDateTime, formatTime, toDate } from './dates';

const ONE_DECIMAL = new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const INTEGER = new Intl.NumberFormat('pt-PT');
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** '512 B', '45,1 MB', '2,3 GB' (pt-PT, one decimal, 1024-based). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${ONE_DECIMAL.format(value)} ${UNITS[unit]}`;
}

/** '15 427' (pt-PT grouping). */
export function formatCount(n: number): string {
  return INTEGER.format(n);
}

/** An uptime: '45 s', '12 min', '3 h 5 min', '4 d 2 h'. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** 'Hoje às 03:00', 'Ontem às 03:00', else '20 de novembro às 03:00' (Lisbon). */
export function formatDayAndTime(value: unknown, now: unknown = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const days = daysSinceLisbon(d, now);
  if (days === 0) return `Hoje às ${formatTime(d)}`;
  if (days === 1) return `Ontem às ${formatTime(d)}`;
  return formatLongDateTime(d);
}
