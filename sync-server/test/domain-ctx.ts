import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pino from 'pino';
import type { Role } from '@casa/shared-schema';
import type { DomainCtx } from '../src/lib/domain-context';

/** A domain context for calling domain functions (and db/ helpers such as seqCached) directly in tests. */
export function testDomainCtx(
  knex: Knex,
  organizationId: string | null,
  options: { userId?: string; role?: Role; now?: string } = {},
): DomainCtx {
  const role = options.role ?? 'agent';
  return {
    db: knex,
    auth: {
      userId: options.userId ?? randomUUID(),
      organizationId,
      role,
      isSuperAdmin: role === 'super_admin',
    },
    now: options.now ?? new Date().toISOString(),
    log: pino({ level: 'silent' }),
  };
}
