import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ClientType } from '@casa/shared-schema';
import { toDbRow } from '../../db/rows';
import { clientSearchText } from './search-text.service';

/** Test fixture (not used by the server): a client row as the clients domain should write it. */
export type FixtureClient = {
  id?: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  type?: ClientType;
  rating?: number;
  birthday?: string | null;
  notes?: string | null;
  tags?: string[];
  customFields?: Record<string, unknown>;
  agentId?: string | null;
  createdAt?: string;
  deletedAt?: string | null;
};

/**
 * Inserts clients with search_text computed by clientSearchText, and their tags (reused by name,
 * case-insensitively) with client_tags links. Returns the ids in order.
 */
export async function insertSearchableClients(
  knex: Knex,
  organizationId: string,
  clients: readonly FixtureClient[],
): Promise<string[]> {
  const now = new Date().toISOString();
  const tagIds = new Map<string, string>();
  for (const row of (await knex('tags')
    .where('organization_id', organizationId)
    .select('id', 'name')) as Array<{
    id: string;
    name: string;
  }>) {
    tagIds.set(row.name.toLowerCase(), row.id);
  }
  const ids: string[] = [];
  for (const c of clients) {
    const id = c.id ?? randomUUID();
    ids.push(id);
    const tags = c.tags ?? [];
    const record = {
      id,
      organizationId,
      agentId: c.agentId ?? null,
      name: c.name,
      email: c.email ?? null,
      phone: c.phone ?? null,
      type: c.type ?? 'Comprador',
      rating: c.rating ?? 0,
      birthday: c.birthday ?? null,
      notes: c.notes ?? null,
      tags,
      customFields: c.customFields ?? {},
      createdAt: c.createdAt ?? now,
      updatedAt: c.createdAt ?? now,
      deletedAt: c.deletedAt ?? null,
    };
    await knex('clients').insert({
      ...toDbRow('clients', record),
      search_text: clientSearchText(record, tags),
    });
    for (const name of tags) {
      let tagId = tagIds.get(name.toLowerCase());
      if (!tagId) {
        tagId = randomUUID();
        tagIds.set(name.toLowerCase(), tagId);
        await knex('tags').insert({
          id: tagId,
          organization_id: organizationId,
          name,
          created_at: now,
          updated_at: now,
        });
      }
      await knex('client_tags').insert({
        id: randomUUID(),
        organization_id: organizationId,
        client_id: id,
        tag_id: tagId,
        created_at: now,
        updated_at: now,
      });
    }
  }
  return ids;
}
