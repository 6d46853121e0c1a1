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
 * Runs the shared mutator `name` (shared-schema/src/mutators, docs/sync.md "Mutations") authoritatively:
 * in one transaction (a savepoint inside a sync push), over the organization scope, with the server's
 * clock and the bounded acted-at time. `answer` builds the server's answer from the store's database rows
 * inside the same transaction (and may add the server-only steps that follow the write); `before`, a
 * server-only step that must precede the mutator (a row lock), runs first in the same transaction.
 */
export async function runMutator<T, R>(
  ctx: DomainCtx,
  name: MutationName,
  args: unknown,
  answer: (run: MutatorRun<T>) => R | Promise<R>,
  before?: (tx: TxCtx, scope: OrganizationScope) => Promise<void>,
): Promise<R> {
  return inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const store = scopeStore(scope, tx.now);
    try {
      await before?.(tx, scope);
      const value = (await MUTATION_EFFECTS[name](
        {
          store,
          userId: tx.auth.userId,
          organizationId: scope.organizationId,
          canWrite: canWrite(tx.auth),
          now: tx.now,
          actedAt: actedAt(tx),
          newId: randomUUID,
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
