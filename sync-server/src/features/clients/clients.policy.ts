import { errorMessages, uuidSchema, type Client } from '@casa/shared-schema';
import { toIso } from '../../db/rows';
import { canWrite } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import type { Auth } from '../../http/types';

/**
 * canCreate, canEdit and canDelete are the same set of roles (docs/product.md#roles: super_admin, admin, agent);
 * viewers only look.
 */
export function assertCanWrite(auth: Auth): void {
  if (!canWrite(auth)) throw forbidden(errorMessages.forbidden);
}

/** A client id from a path or args: anything that is not a uuid is simply not found. */
export function clientIdOf(value: unknown): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw notFound(errorMessages.clientNotFound);
  return parsed.data;
}

/** Timestamps the server wrote are already canonical ISO text on SQLite: skip re-parsing them. */
function iso(value: unknown): string | null {
  return typeof value === 'string' && value.length === 24 && value.endsWith('Z') ? value : toIso(value);
}

function json<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return (value ?? fallback) as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/**
 * A clients row → the wire shape (the same as fromDbRow('clients', …), written out because the list
 * maps 50,000 rows); the server-only search_text column and joined columns are left out.
 */
export function toClient(row: Record<string, unknown>): Client {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    createdAt: iso(row.created_at) ?? '',
    updatedAt: iso(row.updated_at) ?? '',
    deletedAt: iso(row.deleted_at),
    agentId: str(row.agent_id),
    name: String(row.name),
    email: str(row.email),
    phone: str(row.phone),
    type: row.type as Client['type'],
    rating: Number(row.rating ?? 0),
    birthday: str(row.birthday),
    notes: str(row.notes),
    tags: json<string[]>(row.tags, []),
    customFields: json<Record<string, unknown>>(row.custom_fields, {}),
    createdBy: str(row.created_by),
  };
}
