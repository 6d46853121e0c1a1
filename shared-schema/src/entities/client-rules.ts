// A client's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.

/** Days-since-contact colour: 0 green, up to 7 yellow, else red (docs/product.md#clients). */
export function contactAgeColor(days: number | null | undefined): 'green' | 'yellow' | 'red' {
  if (days === 0) return 'green';
  if (typeof days === 'number' && days > 0 && days <= 7) return 'yellow';
  return 'red';
}

/** The 100-character notes preview of a client card. */
export function notesPreview(notes: string | null | undefined, max = 100): string {
  const clean = (notes ?? '').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
