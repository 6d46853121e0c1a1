import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/** A package row for tests (unique technical name). */
export async function createPackageRow(
  knex: Knex,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    name: `pkg-${randomUUID().slice(0, 8)}`,
    display_name: 'Pacote',
    price: '49.90',
    max_users: 7,
    max_clients: 700,
    features: JSON.stringify(['Tudo']),
    limitations: '{}',
    is_active: true,
    sort_order: 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await knex('packages').insert(row);
  return { id: row.id, name: row.name };
}
