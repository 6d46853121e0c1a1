import {
  errorMessages,
  isFollowUpOverdue,
  lisbonDayBounds,
  uuidSchema,
  type FollowUp,
  type FollowUpListItem,
} from '@casa/shared-schema';
import type { Row as MutatorRow } from '@casa/shared-schema/mutators';
import { dialectOf } from '../../db/knex';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { fromDbRow } from '../../db/rows';
import type { LoggedTable } from '../../db/change-log';
import { seqCached, type SeqCacheSpec } from '../../db/seq-cache';
import { canWrite } from '../../http/auth';
import type { DomainCtx } from '../../http/context';
import { runMutator } from '../sync/mutators.service';
import { notFound } from '../../http/errors';
import { idOf } from '../../http/path-id';

type Row = Record<string, unknown>;

/** The client must be a live client of the session's organization; another organization's id is a 404. */
export async function requireClient(scope: OrganizationScope, clientId: string): Promise<Row> {
  const client = await scope.find('clients', clientId);
  if (!client) throw notFound(errorMessages.clientNotFound);
  return client;
}

const toFollowUp = (row: Row): FollowUp => fromDbRow<FollowUp>('follow_ups', row);

type Named = FollowUp & { clientName: string | null };

function named(row: Row): Named {
  const followUp = fromDbRow<FollowUp & { clientName?: string | null }>('follow_ups', row);
  return { ...followUp, clientName: followUp.clientName ?? null };
}

/** `overdue` depends on the moment asked: computed per answer, never kept in a cached row. */
const withOverdue = (followUp: Named, now: Date): FollowUpListItem => ({
  ...followUp,
  overdue: isFollowUpOverdue(followUp, now),
});

function listItem(row: Row, now: Date): FollowUpListItem {
  return withOverdue(named(row), now);
}

/**
 * Today's follow-ups as rows without `overdue`, kept per organization and Lisbon day until the change log
 * shows a write to follow_ups or clients (the client's name): db/seq-cache.ts, docs/sync.md "Read caches".
 * Every dashboard load asks for them (issue 19: p99 over 50 ms at 50 connections, one statement each).
 */
const TODAY_ANSWERS: SeqCacheSpec = { maxEntries: 1000 };
const TODAY_TABLES = ['follow_ups', 'clients'] as const satisfies readonly LoggedTable[];

function withClientName(scope: OrganizationScope) {
  return scope
    .table('follow_ups')
    .leftJoin('clients', 'clients.id', 'follow_ups.client_id')
    .select('follow_ups.*', 'clients.name as client_name');
}

export async function listFollowUps(ctx: DomainCtx): Promise<FollowUpListItem[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const rows = (await withClientName(scope)
    .orderBy('follow_ups.scheduled_date', 'asc')
    .orderBy('follow_ups.id', 'asc')) as Row[];
  const now = new Date(ctx.now);
  return rows.map((row) => listItem(row, now));
}

/** Not completed and scheduled within today's Lisbon calendar day (23, 24 or 25 hours long). */
export async function todayFollowUps(ctx: DomainCtx): Promise<FollowUpListItem[]> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const { start, end } = lisbonDayBounds(ctx.now);
  const rows = await seqCached(
    ctx,
    TODAY_ANSWERS,
    `today\u0000${start.toISOString()}`,
    TODAY_TABLES,
    async () =>
      (
        (await withClientName(scope)
          .where('follow_ups.completed', false)
          .where('follow_ups.scheduled_date', '>=', start.toISOString())
          .where('follow_ups.scheduled_date', '<', end.toISOString())
          .orderBy('follow_ups.scheduled_date', 'asc')
          .orderBy('follow_ups.id', 'asc')) as Row[]
      ).map(named),
  );
  const now = new Date(ctx.now);
  return rows.map((followUp) => withOverdue(followUp, now));
}

export async function getFollowUp(ctx: DomainCtx, id: unknown): Promise<FollowUpListItem> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const followUpId = idOf(id, errorMessages.followUpNotFound);
  const row = (await withClientName(scope).where('follow_ups.id', followUpId).first()) as Row | undefined;
  if (!row) throw notFound(errorMessages.followUpNotFound);
  return listItem(row, new Date(ctx.now));
}

/** POST /api/followups and 'followUp.create': the shared mutator (shared-schema/src/mutators/follow-ups.ts). */
export async function createFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUp> {
  return runMutator<MutatorRow, FollowUp>(ctx, 'createFollowUp', args, ({ value, store }) =>
    toFollowUp(store.dbRow('followUps', value.id)),
  );
}

/** PUT /api/followups/{id} and 'followUp.update'; reopening a completed follow-up is refused. */
export async function updateFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUp> {
  return runMutator<MutatorRow, FollowUp>(ctx, 'updateFollowUp', args, ({ value, store }) =>
    toFollowUp(store.dbRow('followUps', value.id)),
  );
}

/** PUT /api/followups/{id}/visit-feedback and 'recordVisitFeedback': only a Visita takes feedback. */
export async function recordVisitFeedback(ctx: DomainCtx, args: unknown): Promise<FollowUp> {
  return runMutator<MutatorRow, FollowUp>(ctx, 'recordVisitFeedback', args, ({ value, store }) =>
    toFollowUp(store.dbRow('followUps', value.id)),
  );
}

export async function deleteFollowUp(ctx: DomainCtx, args: unknown): Promise<void> {
  await runMutator(ctx, 'deleteFollowUp', args, () => undefined);
}

export type FollowUpCompletion = { followUp: FollowUp; nextFollowUp: FollowUp | null };

/**
 * Completes a follow-up once: a second completion is 409 'already_completed' and keeps the first
 * (completedAt and comment unchanged). The optional next follow-up is created in the same transaction.
 * Server-only: on Postgres the row is locked first (SQLite serialises writers), so two concurrent
 * completions cannot both win.
 */
export async function completeFollowUp(ctx: DomainCtx, args: unknown): Promise<FollowUpCompletion> {
  type Completion = { followUp: MutatorRow; nextFollowUp: MutatorRow | null };
  const id = (args as { id?: unknown } | null)?.id;
  return runMutator<Completion, FollowUpCompletion>(
    ctx,
    'completeFollowUp',
    args,
    ({ value, store }) => ({
      followUp: toFollowUp(store.dbRow('followUps', value.followUp.id)),
      nextFollowUp: value.nextFollowUp ? toFollowUp(store.dbRow('followUps', value.nextFollowUp.id)) : null,
    }),
    {
      before: async (tx, scope) => {
        const lockId = uuidSchema.safeParse(id);
        if (dialectOf(tx.db) !== 'pg' || !lockId.success || !canWrite(tx.auth)) return;
        await scope
          .table('follow_ups')
          .where('follow_ups.id', lockId.data)
          .first('follow_ups.id')
          .forUpdate();
      },
    },
  );
}
