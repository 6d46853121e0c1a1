import {
  clientSchema,
  errorMessages,
  uuidSchema,
  type Client,
  type ClientListItem,
  type TagRef,
} from '@casa/shared-schema';
import { camelToSnake, toIso } from '../../db/rows';
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

/** How a clients column becomes its wire value; every other column is text or null. */
const CONVERT: Partial<Record<keyof Client, (value: unknown) => unknown>> = {
  createdAt: (v) => iso(v) ?? '',
  updatedAt: (v) => iso(v) ?? '',
  deletedAt: iso,
  rating: (v) => Number(v ?? 0),
  tags: (v) => json<string[]>(v, []),
  customFields: (v) => json<Record<string, unknown>>(v, {}),
};

/** Per key of clientSchema, once: its column and conversion (the list maps 50,000 rows). */
const PLAN = Object.keys(clientSchema.shape).map(
  (key) => [key, camelToSnake(key), CONVERT[key as keyof Client] ?? str] as const,
);

/**
 * A clients row → the wire shape (the same as fromDbRow('clients', …), planned from clientSchema's keys
 * once because the list maps 50,000 rows); the server-only search_text column and joined columns are
 * left out.
 */
export function toClient(row: Record<string, unknown>): Client {
  const client: Record<string, unknown> = {};
  for (const [key, column, convert] of PLAN) client[key] = convert(row[column]);
  return client as Client;
}

/**
 * A clients row → a list item: the client, then its tags and agent's name, in that key order (as
 * `{ ...toClient(row), tagDetails, agentName }`, without copying every key of a page's rows a second time).
 */
export function toClientListItem(
  row: Record<string, unknown>,
  tagDetails: TagRef[],
  agentName: string | null,
): ClientListItem {
  const item = toClient(row) as Client & Partial<Pick<ClientListItem, 'tagDetails' | 'agentName'>>;
  item.tagDetails = tagDetails;
  item.agentName = agentName;
  return item as ClientListItem;
}
