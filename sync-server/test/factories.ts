import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { clientSearchText, type Role, type UserStatus } from '@casa/shared-schema';
import { hashPassword } from '../src/lib/password';

/** Every fixture user shares this password and one hash computed once per worker (argon2 is slow on purpose). */
export const TEST_PASSWORD = 'Segredo#2026';
let sharedHash: Promise<string> | undefined;
export const testPasswordHash = () => (sharedHash ??= hashPassword(TEST_PASSWORD));

let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++seq}@exemplo.pt`;

export type OrganizationFixture = { id: string; name: string };

export async function createOrganization(
  knex: Knex,
  overrides: { name?: string; status?: string; id?: string } = {},
): Promise<OrganizationFixture> {
  const now = new Date().toISOString();
  const row = {
    id: overrides.id ?? randomUUID(),
    name: overrides.name ?? `Imobiliária ${++seq}`,
    status: overrides.status ?? 'active',
    created_at: now,
    updated_at: now,
  };
  await knex('organizations').insert(row);
  return { id: row.id, name: row.name };
}

export type UserFixture = {
  id: string;
  email: string;
  password: string;
  organizationId: string | null;
  role: Role;
};

export async function createUser(
  knex: Knex,
  overrides: {
    organizationId?: string | null;
    email?: string;
    role?: Role;
    status?: UserStatus;
    isSuperAdmin?: boolean;
    firstName?: string;
    lastName?: string | null;
  } = {},
): Promise<UserFixture> {
  const now = new Date().toISOString();
  const isSuperAdmin = overrides.isSuperAdmin ?? overrides.role === 'super_admin';
  const role: Role = overrides.role ?? (isSuperAdmin ? 'super_admin' : 'agent');
  const row = {
    id: randomUUID(),
    organization_id: isSuperAdmin ? null : (overrides.organizationId ?? null),
    email: (overrides.email ?? uniqueEmail(role)).toLowerCase(),
    first_name: overrides.firstName ?? 'Ana',
    last_name: overrides.lastName === undefined ? 'Silva' : overrides.lastName,
    password_hash: await testPasswordHash(),
    role,
    status: overrides.status ?? 'active',
    is_super_admin: isSuperAdmin,
    created_at: now,
    updated_at: now,
  };
  await knex('users').insert(row);
  return { id: row.id, email: row.email, password: TEST_PASSWORD, organizationId: row.organization_id, role };
}

/** An organization with one user of the given role: the usual starting point of a route test. */
export async function createMember(knex: Knex, role: Role = 'agent', orgOverrides: { name?: string } = {}) {
  const organization = await createOrganization(knex, orgOverrides);
  const user = await createUser(knex, { organizationId: organization.id, role });
  return { organization, user };
}

export async function createClient(
  knex: Knex,
  organizationId: string,
  overrides: { agentId?: string | null; name?: string; deletedAt?: string | null } = {},
): Promise<string> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const name = overrides.name ?? `Cliente ${++seq}`;
  await knex('clients').insert({
    id,
    organization_id: organizationId,
    agent_id: overrides.agentId ?? null,
    name,
    search_text: clientSearchText({ name }),
    type: 'Comprador',
    created_at: now,
    updated_at: now,
    deleted_at: overrides.deletedAt ?? null,
  });
  return id;
}
