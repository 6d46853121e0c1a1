/**
 * Loads ICU's data for what the start formats and compares, off the main thread (warm-up-icu.ts): the
 * renderer process keeps that data for every thread, so the page's own first formatters find it loaded.
 * The same kinds of formatter the start builds: numbers, euros, Lisbon's wall clock (shared-schema's
 * format/), month names and pt-PT's collation.
 */
import { LISBON_DAY_MONTH, LISBON_WALL_CLOCK } from '@casa/shared-schema/values';

new Intl.NumberFormat('pt-PT').format(1234.5);
new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' }).format(1);
new Intl.DateTimeFormat('en-US', LISBON_WALL_CLOCK).format(0);
new Intl.DateTimeFormat('pt-PT', LISBON_DAY_MONTH).format(0);
new Intl.Collator('pt-PT').compare('a', 'b');
postMessage('ready');
