/**
 * Loads ICU's data for what the start formats and compares, off the main thread (warm-up-icu.ts): the
 * renderer process keeps that data for every thread, so the page's own first formatters find it loaded.
 * shared-schema's formatters (euros, Lisbon's wall clock, month names) are built and used here as the page
 * builds them; plain pt-PT numbers (MUI's locale, the cards) and pt-PT collation beside them.
 */
import { formatCurrency, formatLongDateTime, formatPriceCents, monthName } from '@casa/shared-schema/values';

formatCurrency(1234.5);
formatPriceCents(123_456);
formatLongDateTime(Date.now());
monthName(1);
new Intl.NumberFormat('pt-PT').format(1234.5);
new Intl.Collator('pt-PT').compare('a', 'b');
postMessage('ready');
