import { randomUUID } from 'node:crypto';
import type { ErrorCode, MutationName } from '@casa/shared-schema';
import { MUTATION_EFFECTS, MutationRejection } from '@casa/shared-schema/mutators';
import { forOrganization, type OrganizationScope } from '../../db/scope';
import { inTransaction, type TxCtx } from '../../db/transaction';
import { canWrite } from '../../http/auth';
import { actedAt, type DomainCtx } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { errorMessages } from '@casa/shared-schema';
import { isUniqueViolation } from '../accounts/user.views';
import { scopeStore, type ScopeStore } from './mutation-store';

/** What a server write gets back from its shared mutator: the mutator's answer and the rows it touched. */
export type MutatorRun<T> = { value: T; store: ScopeStore; tx: TxCtx };

/** A shared mutator's refusal, as the server answers it (same status, code, pt-PT message, fieldErrors). */
export function toAppErrorOf(rejection: MutationRejection): AppError {
  return new AppError(rejection.code as ErrorCode, rejection.message, {
    status: rejection.status,
    ...(rejection.fieldErrors ? { fieldErrors: rejection.fieldErrors } : {}),
  });
}

/**
 * Mutations that may run without an organization (a super admin): the account ones, on the user's own
 * rows (own-rows.ts), and createCampaign, whose permission and validation answers come before the 403
 * of its first organization row, as they always did. The others answer that 403 first.
 */
const WITHOUT_ORGANIZATION: ReadonlySet<MutationName> = new Set([
  'markNotificationRead',
  'markAllNotificationsRead',
  'updateSettings',
  'updateNotificationPreferences',
  'updateProfile',
  'createCampaign',
]);

export type RunOptions = {
  /** A server-only step that must precede the mutator (a row lock), in the same transaction. */
  before?: (tx: TxCtx, scope: OrganizationScope) => Promise<void>;
  /** PUT /api/profile checked the current password: the mutator may write a new email (ApplyCtx). */
  emailChangeConfirmed?: boolean;
};

/**
 * Runs the shared mutator `name` (shared-schema/src/mutators, docs/sync.md "Mutations") authoritatively:
 * in one transaction (a savepoint inside a sync push), over the organization scope and the user's own
 * rows (mutation-store.ts), with the server's clock and the bounded acted-at time. `answer` builds the
 * server's answer from the store's database rows inside the same transaction (and may add the
 * server-only steps that follow the write).
 */
export async function runMutator<T, R>(
  ctx: DomainCtx,
  name: MutationName,
  args: unknown,
  answer: (run: MutatorRun<T>) => R | Promise<R>,
  options: RunOptions = {},
): Promise<R> {
  return inTransaction(ctx, async (tx) => {
    const scope = WITHOUT_ORGANIZATION.has(name) ? undefined : forOrganization(tx.db, tx.auth);
    const store = scopeStore(tx.db, tx.auth, tx.now);
    try {
      if (options.before) await options.before(tx, scope ?? forOrganization(tx.db, tx.auth));
      const value = (await MUTATION_EFFECTS[name](
        {
          store,
          userId: tx.auth.userId,
          organizationId: tx.auth.organizationId,
          canWrite: canWrite(tx.auth),
          now: tx.now,
          actedAt: actedAt(tx),
          newId: randomUUID,
          emailChangeConfirmed: options.emailChangeConfirmed === true,
        },
        args,
      )) as T;
      return await answer({ value, store, tx });
    } catch (err) {
      if (err instanceof MutationRejection) throw toAppErrorOf(err);
      // A client-generated id taken meanwhile (a deleted row, another organization's): never overwritten.
      if (isUniqueViolation(err)) throw conflict(errorMessages.conflict);
      throw err;
    }
  });
}
