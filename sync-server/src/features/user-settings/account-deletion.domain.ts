import { errorMessages } from '@casa/shared-schema';
import { recordAccountChange } from '../../db/change-log';
import { toNumber } from '../../db/rows';
import type { DomainCtx } from '../../http/context';
import { conflict } from '../../http/errors';

export const LAST_ADMIN_MESSAGE = errorMessages.lastAdminCannotDelete;

/**
 * DELETE /api/account (rules in docs/decisions.md):
 * - the last super admin cannot delete themself (409);
 * - the only member of an organization takes the organization (and all its data) with them;
 * - the last active admin of an organization that still has other users cannot leave it headless (409);
 * - otherwise only the user goes; their business rows stay with agent_id/created_by set to null.
 * The caller destroys the session.
 */
export async function deleteAccount(ctx: DomainCtx): Promise<{ organizationDeleted: boolean }> {
  const { userId, organizationId, isSuperAdmin, role } = ctx.auth;
  return ctx.db.transaction(async (trx) => {
    if (isSuperAdmin) {
      const [{ count }] = (await trx('users')
        .where((q) => void q.where('is_super_admin', true).orWhere('role', 'super_admin'))
        .count({ count: '*' })) as [{ count: unknown }];
      if (toNumber(count) <= 1) throw conflict(errorMessages.cannotSuspendSuperAdmin);
    }
    if (!organizationId) {
      await trx('users').where('id', userId).delete();
      return { organizationDeleted: false };
    }
    const others = (await trx('users')
      .where('organization_id', organizationId)
      .whereNot('id', userId)
      .select('role', 'status')) as { role: string; status: string }[];
    if (others.length === 0) {
      // Cascades to every organization table and to the user.
      await trx('organizations').where('id', organizationId).delete();
      ctx.log.info({ userId, organizationId }, 'account and its organization deleted');
      return { organizationDeleted: true };
    }
    if (role === 'admin' && !others.some((u) => u.role === 'admin' && u.status === 'active')) {
      throw conflict(LAST_ADMIN_MESSAGE);
    }
    await trx('users').where('id', userId).delete();
    await recordAccountChange(trx, { table: 'users', userId, organizationId, op: 'delete' }, ctx.now);
    ctx.log.info({ userId, organizationId }, 'account deleted');
    return { organizationDeleted: false };
  });
}
