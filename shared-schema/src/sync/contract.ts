import { z } from 'zod';
import { uuidSchema } from '../primitives';
import { SYNC_TABLES } from './collections';
import {
  MUTATION_NAMES,
  SYNC_PULL_DEFAULT_LIMIT,
  SYNC_PULL_MAX_LIMIT,
  SYNC_PUSH_MAX_MUTATIONS,
} from './contract-values';

/**
 * The wire contract of the offline sync engine (docs/sync.md): GET /api/sync/pull and
 * POST /api/sync/push. Rows travel in the same camelCase entity shapes as the REST answers. Its plain
 * values are in contract-values.ts; this module reaches no entity schema, so the device loads it (with zod)
 * on its own (`@casa/shared-schema/sync-contract`).
 */
export * from './contract-values';

/** A collection name (the registry's keys, sync/collections.ts). */
export const syncTableSchema = z.enum(SYNC_TABLES);

export const mutationNameSchema = z.enum(MUTATION_NAMES);

export const pullQuerySchema = z.object({
  /** Opaque; absent or empty on a device's first pull. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SYNC_PULL_MAX_LIMIT).default(SYNC_PULL_DEFAULT_LIMIT),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

export const syncChangeSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('put'),
    table: syncTableSchema,
    id: z.string(),
    row: z.record(z.string(), z.unknown()),
  }),
  z.object({ op: z.literal('delete'), table: syncTableSchema, id: z.string() }),
]);
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const pullResponseSchema = z.object({
  /** Apply this page, then store this cursor in the same local transaction. */
  cursor: z.string(),
  /** More pages are waiting: pull again at once. */
  hasMore: z.boolean(),
  /**
   * The device must clear every replicated table before applying this page (first page of a full
   * snapshot: new device, or a cursor the server no longer accepts).
   */
  reset: z.boolean(),
  changes: z.array(syncChangeSchema),
  /**
   * On the first page of a snapshot (`reset`): how many rows the whole snapshot brings, so the device
   * can show its progress ('A sincronizar… 12 300 de 51 000'). Absent on every other page.
   */
  total: z.number().int().min(0).optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

const isRowObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The device's check of a pull answer (web/src/data/http-transport.ts): `pullResponseSchema` with each row
 * checked to be an object, not key by key. Run jitless in the browser, the key-by-key record check took
 * ~200 ms of main thread per 2,000-row page on a loaded machine, 5× the JSON parse (issue 19); the rows
 * are the registry's shapes the server wrote (replicated-tables.ts).
 */
export const pullPageSchema = pullResponseSchema.extend({
  changes: z.array(
    z.discriminatedUnion('op', [
      syncChangeSchema.options[0].extend({ row: z.custom<Record<string, unknown>>(isRowObject) }),
      syncChangeSchema.options[1],
    ]),
  ),
});

/** Args of a mutation that takes none (markAllNotificationsRead): {} or nothing, never a payload. */
export const noMutationArgsSchema = z.strictObject({}).nullish();

export const pushMutationSchema = z.object({
  /** Per device: 1, 2, 3 … in the order the agent made them, never reused. */
  mutationId: z.number().int().positive(),
  name: mutationNameSchema,
  args: z.unknown(),
  /**
   * ISO time the user acted on the device (sync/acted-at.ts). Loose on purpose: an absent or unreadable
   * value (an older app's outbox) means the server's time, never a refusal that would jam the queue.
   */
  actedAt: z.string().max(40).optional(),
});
export type PushMutation = z.infer<typeof pushMutationSchema>;

export const pushRequestSchema = z.object({
  /** The device's (browser profile's) id, generated once and kept with the replica. */
  clientId: uuidSchema,
  mutations: z.array(pushMutationSchema).min(1).max(SYNC_PUSH_MAX_MUTATIONS),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const mutationErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  status: z.number().int(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type MutationError = z.infer<typeof mutationErrorSchema>;

export const mutationResultSchema = z.object({
  mutationId: z.number().int().positive(),
  status: z.enum(['applied', 'rejected']),
  /** What the domain function answered (applied only). */
  result: z.unknown().optional(),
  /** Why it was rejected, in Portuguese (rejected only). */
  error: mutationErrorSchema.optional(),
  /** Already processed by an earlier push: this is the recorded outcome, nothing was re-applied. */
  replayed: z.boolean().optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushResponseSchema = z.object({
  /** The last mutationId the server has processed for this device (applied or rejected). */
  lastMutationId: z.number().int().min(0),
  results: z.array(mutationResultSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;
