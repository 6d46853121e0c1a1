import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { clientSearchText } from '@casa/shared-schema';

/**
 * The bounds issue 17 puts on a client's customFields (the shared schema enforces them; the h-bounds
 * change): at most 5 levels deep, 200 keys, 16 KiB serialized. The export load test and
 * `scripts/bench/export.ts` fill clients up to them.
 */
export const CUSTOM_FIELDS_LIMITS = { depth: 5, keys: 200, bytes: 16 * 1024 } as const;

/**
 * customFields as large as the bounds allow: 200 keys in all (one branch 5 levels deep), strings with
 * accents (2 UTF-8 bytes each) filling the serialized size to just under 16 KiB.
 */
export function largestCustomFields(i: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    budget: 250_000 + i,
    morada: { rua: { numero: { andar: { porta: `Porta ${i}` } } } }, // 5 keys, 5 levels
  };
  const filler = (n: number) => 'Informação adicional — ç '.repeat(Math.ceil(n / 25)).slice(0, n);
  const rest = CUSTOM_FIELDS_LIMITS.keys - 6;
  for (let k = 0; k < rest; k++) fields[`campo${String(k).padStart(3, '0')}`] = filler(40);
  const size = () => Buffer.byteLength(JSON.stringify(fields));
  const last = `campo${String(rest - 1).padStart(3, '0')}`;
  // Grow (or shrink) the last value until the whole is within 8 bytes under the bound.
  let length = 40;
  while (size() < CUSTOM_FIELDS_LIMITS.bytes - 8) fields[last] = filler(++length);
  while (size() > CUSTOM_FIELDS_LIMITS.bytes) fields[last] = filler(--length);
  return fields;
}

/** Inserts `count` clients of `agentId` with the largest customFields, directly (fast), in chunks. */
export async function insertLargestClients(
  knex: Knex,
  { organizationId, agentId, count }: { organizationId: string; agentId: string; count: number },
): Promise<void> {
  const now = new Date().toISOString();
  const fields = largestCustomFields(0);
  const text = JSON.stringify(fields);
  for (let start = 0; start < count; start += 100) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 100); i++) {
      const name = `Cliente Grande ${i}`;
      rows.push({
        id: randomUUID(),
        organization_id: organizationId,
        agent_id: agentId,
        name,
        search_text: clientSearchText({ name }),
        type: 'Comprador',
        custom_fields: text,
        created_at: now,
        updated_at: now,
      });
    }
    await knex('clients').insert(rows);
  }
}
