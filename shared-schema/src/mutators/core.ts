import { ZodError, type z } from 'zod';
import {
  ErrorCode,
  defaultMessageOf,
  errorMessages,
  fieldErrorsOf,
  validationErrorBody,
  validationMessages,
  type SyncTable,
} from '../index';

import { MutationRejection } from './rejection';

export { MutationRejection, rejectionMessage } from './rejection';

/** A replicated row in its wire shape (camelCase), as the device stores it and the server answers it. */
export type Row = Record<string, unknown> & { id: string };

/**
 * Rows as the mutators see them: only live rows are found; `remove` is a delete (a tombstone on the
 * server, gone on the device). The device implements it over Dexie (web/src/data/local-store.ts), the
 * server over its organization scope (sync-server/src/features/sync/mutation-store.ts).
 */
export interface MutationStore {
  get(table: SyncTable, id: string): Promise<Row | undefined>;
  where(table: SyncTable, field: string, value: string): Promise<Row[]>;
  all(table: SyncTable): Promise<Row[]>;
  put(table: SyncTable, row: Row): Promise<void>;
  remove(table: SyncTable, id: string): Promise<void>;
  /** Removes every live row whose `field` equals `value` (one statement on the server). */
  removeWhere(table: SyncTable, field: string, value: string): Promise<void>;
  /**
   * Optional: inserts many new rows at once (the server: one statement per chunk, a campaign's up to
   * 100,000 members); a store without it gets them one `put` at a time (insertRows).
   */
  insertMany?(table: SyncTable, rows: Row[]): Promise<void>;
  /**
   * Optional: the latest live interaction (createdAt) or cold call (calledAt) per client, which the
   * server aggregates in SQL instead of reading every row; a store without it is read row by row
   * (campaigns.ts lastContacts). Same rule either way.
   */
  lastContacts?(): Promise<Map<string, string>>;
}

export type ApplyCtx = {
  store: MutationStore;
  userId: string;
  /** Null only on the server for a super admin (no organization): the organization's rows answer 403 there. */
  organizationId: string | null;
  canWrite: boolean;
  /** ISO time of the write: the device's clock when queued, the server's when applied there. */
  now: string;
  /**
   * ISO time the user acted (shared-schema sync/acted-at.ts), for the domain's own times (calledAt,
   * completedAt, readAt, a new row's createdAt): the device's clock when queued, and on the server the
   * device's claim bounded by boundedActedAt — so the replica and the server store the same instant.
   */
  actedAt: string;
  /** Ids of rows the server would generate itself (tag links, memberships). */
  newId(): string;
  /**
   * A new login email may be written: set only by the server's PUT /api/profile after it checked the
   * current password (features/profile/profile.domain.ts). Never set from the queue (a queued mutation
   * carries no password), so the device and the sync push refuse a new email alike.
   */
  emailChangeConfirmed?: boolean;
};

export const notFound = (message: string = errorMessages.notFound) =>
  new MutationRejection(404, ErrorCode.NOT_FOUND, message);
export const conflict = (message: string = defaultMessageOf(ErrorCode.CONFLICT)) =>
  new MutationRejection(409, ErrorCode.CONFLICT, message);
export const forbidden = () => new MutationRejection(403, ErrorCode.FORBIDDEN, errorMessages.forbidden);

export function assertCanWrite(ctx: ApplyCtx): void {
  if (!ctx.canWrite) throw forbidden();
}

/** The server's answer to a failed parse: first issue's message and the field errors (400). */
export function parseArgs<S extends z.ZodType>(schema: S, args: unknown): z.infer<S> {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  const body = validationErrorBody(result.error);
  throw new MutationRejection(400, body.code, body.message, body.fieldErrors);
}

/** Client forms answer 'Verifique os campos obrigatórios' with the per-field messages. */
export function parseClientArgs<S extends z.ZodType>(schema: S, args: unknown): z.infer<S> {
  try {
    return schema.parse(args);
  } catch (err) {
    if (err instanceof ZodError) {
      throw new MutationRejection(
        400,
        ErrorCode.VALIDATION,
        validationMessages.checkRequiredFields,
        fieldErrorsOf(err),
      );
    }
    throw err;
  }
}

export const isUuid = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export function argsRecord(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
}

/** Server-set columns of a new replicated row: created when the user acted, updated by this write. */
export function syncColumnsOf(ctx: ApplyCtx, id: string) {
  return {
    id,
    organizationId: ctx.organizationId,
    createdAt: ctx.actedAt,
    updatedAt: ctx.now,
    deletedAt: null,
  };
}

export async function requireRow(
  ctx: ApplyCtx,
  table: SyncTable,
  id: unknown,
  message: string,
): Promise<Row> {
  const row = isUuid(id) ? await ctx.store.get(table, id) : undefined;
  if (!row) throw notFound(message);
  return row;
}

/**
 * A new row of an entity: every key of its schema (`shape`) is present, null where the input had none,
 * so the device stores what the server answers; the input is spread, never listed field by field.
 */
export function entityRow(shape: object, data: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) row[key] = null;
  for (const [key, value] of Object.entries(data)) if (value !== undefined) row[key] = value;
  return row as Row;
}

/**
 * The steps creates share: the row's id (the device's, so the replica keeps it, else a new one); an id
 * already applied answers the stored row (a replayed push applies once, and `extra`'s checks are not run
 * again); else the entity's full row (entityRow: the input spread, the server-set sync columns, then what
 * `extra` adds: owner, agent, reference…) is stored and answered.
 */
export async function createEntity(
  ctx: ApplyCtx,
  table: SyncTable,
  shape: object,
  input: { id?: string | undefined },
  extra: () => Record<string, unknown> | Promise<Record<string, unknown>> = () => ({}),
): Promise<Row> {
  const id = input.id ?? ctx.newId();
  const existing = await ctx.store.get(table, id);
  if (existing) return existing;
  const row = entityRow(shape, { ...input, ...syncColumnsOf(ctx, id), ...(await extra()) });
  await ctx.store.put(table, row);
  return row;
}

/** New rows, at once where the store can (MutationStore.insertMany). */
export async function insertRows(ctx: ApplyCtx, table: SyncTable, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  if (ctx.store.insertMany) return ctx.store.insertMany(table, rows);
  for (const row of rows) await ctx.store.put(table, row);
}

export async function update(ctx: ApplyCtx, table: SyncTable, row: Row, patch: Record<string, unknown>) {
  const next = { ...row, ...patch, updatedAt: ctx.now } as Row;
  await ctx.store.put(table, next);
  return next;
}
