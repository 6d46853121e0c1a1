import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * A live property of `organizationId` with only the columns the table requires (migration 103), for the
 * photo tests: the photo routes check that the property exists in the caller's organization.
 */
export async function insertProperty(knex: Knex, organizationId: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await knex('properties').insert({
    id,
    organization_id: organizationId,
    reference: `TESTE-${id.slice(0, 8)}`,
    title: 'Imóvel de teste',
    business: 'Venda',
    property_type: 'Apartamento',
    status: 'Disponível',
    features: '[]',
    created_at: now,
    updated_at: now,
  });
  return id;
}
