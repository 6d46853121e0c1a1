/**
 * Loads ICU's data for what the start formats and compares, off the main thread (warm-up-icu.ts): the
 * renderer process keeps that data for every thread, so the page's own first formatters find it loaded.
 * The same kinds of formatter the start builds: numbers, euros, Lisbon's wall clock (shared-schema's
 * format/), month names and pt-PT's collation.
 */
new Intl.NumberFormat('pt-PT').format(1234.5);
new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' }).format(1);
new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Lisbon',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
}).format(0);
new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: 'numeric', month: 'long' }).format(0);
new Intl.Collator('pt-PT').compare('a', 'b');
postMessage('ready');
